#include "autolife/engine/knowledge_service.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"
#include "autolife/naoqi/service_builder.hpp"
#include "stored_or_refused.hpp"

namespace autolife::engine {

namespace {

using service::Any;
using Triple = std::array<std::string, 3>;  // subject, predicate, object

constexpr std::size_t kMaxDomainBytes = 512;
constexpr std::size_t kMaxPartBytes = 4096;
constexpr std::size_t kMaxStoredBytes = 16 << 20;  // every triple of every domain

bool wildcard(const std::string& part) { return part == "*" || part == "?"; }

bool matches(const Triple& triple, const Triple& pattern) {
  for (std::size_t i = 0; i < 3; ++i)
    if (!wildcard(pattern[i]) && pattern[i] != triple[i]) return false;
  return true;
}

// What a triple costs against the budget: its text, its domain's, and a
// row's overhead on disk (the store keeps each row and its index entry).
std::size_t bytesOf(const std::string& domain, const Triple& t) {
  return domain.size() + t[0].size() + t[1].size() + t[2].size() + 64;
}

// A part as a box or a dialog passes it: text, or a number (a QiChat
// variable holding 42 arrives as an int) as its text.
std::string part(const Any& v, const char* what) {
  if (v.isString()) return v.asString();
  if (v.isInt() || v.isUInt() || v.isFloat()) return core::valueToJson(v).dump();
  service::refuse("bad-argument", std::string(what) + " is text or a number, got " + service::quote(v));
}

void checkDomain(const std::string& domain) {
  if (domain.empty() || domain.size() > kMaxDomainBytes) service::refuse("bad-argument", "a domain is 1 to 512 bytes long");
}

// A triple to store: no wildcard, no empty part, none over 4096 bytes.
void checkTriple(const Triple& t) {
  for (const auto& p : t) {
    if (wildcard(p)) service::refuse("bad-argument", "a triple added names no wildcard (\"*\", \"?\")");
    if (p.empty() || p.size() > kMaxPartBytes)
      service::refuse("bad-argument", "a subject, predicate or object is 1 to 4096 bytes long");
  }
}

class KnowledgeBase {
public:
  // Starts with the store's triples. A store that cannot be read is said
  // (`report`) and the triples live in memory this run: writing on would
  // bring the unread ones back beside the new at the next start.
  KnowledgeBase(store::Store* store, const std::function<void(const std::string&)>& report) : store_(store) {
    if (!store_) return;
    try {
      for (const auto& k : store_->knowledge()) insertLocked(k.domain, {k.subject, k.predicate, k.object});
    } catch (const core::StorageError& e) {
      store_ = nullptr;
      domains_.clear();
      stored_ = 0;
      if (report) report(std::string("ALKnowledge's triples could not be read; they are kept in memory this run: ") + e.what());
    }
  }
  void add(const std::string& domain, const Triple& t) {
    checkDomain(domain);
    checkTriple(t);
    std::lock_guard lock(mutex_);
    if (!matchingLocked(domain, t).empty()) return;
    checkRoom(stored_ + bytesOf(domain, t));
    change(domain, {}, t);
  }
  // The subject's triples with that predicate, replaced by this one: all or
  // nothing.
  void update(const std::string& domain, const Triple& t) {
    checkDomain(domain);
    checkTriple(t);
    std::lock_guard lock(mutex_);
    const auto old = matchingLocked(domain, {t[0], t[1], "*"});
    std::size_t freed = 0;
    for (const auto& o : old) freed += bytesOf(domain, o);
    checkRoom(stored_ - freed + bytesOf(domain, t));
    change(domain, old, t);
  }
  void remove(const std::string& domain, const Triple& pattern) {
    std::lock_guard lock(mutex_);
    change(domain, matchingLocked(domain, pattern), {});
  }
  bool contains(const std::string& domain, const Triple& pattern) const {
    std::lock_guard lock(mutex_);
    return !matchingLocked(domain, pattern).empty();
  }
  // The parts at `place` (0 subject, 1 predicate, 2 object) of the triples
  // matching, in the order they were added, each once.
  std::vector<std::string> values(const std::string& domain, const Triple& pattern, std::size_t place) const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto& t : matchingLocked(domain, pattern))
      if (seen.insert(t[place]).second) out.push_back(t[place]);
    return out;
  }
  void reset(const std::string& domain) { remove(domain, {"*", "*", "*"}); }

private:
  struct Domain {
    std::vector<Triple> inOrder;
    std::set<Triple> present;
  };

  static void checkRoom(std::size_t bytes) {
    if (bytes > kMaxStoredBytes) service::refuse("bad-argument", "ALKnowledge holds at most 16 MB of triples");
  }
  void insertLocked(const std::string& domain, const Triple& t) {
    Domain& d = domains_[domain];
    if (!d.present.insert(t).second) return;
    d.inOrder.push_back(t);
    stored_ += bytesOf(domain, t);
  }
  // `removed` out and `added` in, committed to the store first (lock held);
  // a domain left empty goes.
  void change(const std::string& domain, const std::vector<Triple>& removed, const std::optional<Triple>& added) {
    if (removed.empty() && !added) return;
    if (store_) {
      auto rows = [&](const std::vector<Triple>& triples) {
        std::vector<store::KnowledgeTriple> out;
        for (const auto& t : triples) out.push_back({domain, t[0], t[1], t[2]});
        return out;
      };
      storedOrRefused([&] { store_->writeKnowledge(rows(removed), added ? rows({*added}) : std::vector<store::KnowledgeTriple>{}); });
    }
    if (!removed.empty()) {
      Domain& d = domains_.at(domain);
      for (const auto& t : removed) {
        d.present.erase(t);
        stored_ -= bytesOf(domain, t);
      }
      std::erase_if(d.inOrder, [&](const Triple& t) { return !d.present.contains(t); });
    }
    if (added) insertLocked(domain, *added);
    if (auto d = domains_.find(domain); d != domains_.end() && d->second.inOrder.empty()) domains_.erase(d);
  }
  std::vector<Triple> matchingLocked(const std::string& domain, const Triple& pattern) const {
    std::vector<Triple> out;
    auto found = domains_.find(domain);
    if (found == domains_.end()) return out;
    const Domain& d = found->second;
    if (std::none_of(pattern.begin(), pattern.end(), wildcard)) {
      if (d.present.contains(pattern)) out.push_back(pattern);
      return out;
    }
    for (const auto& t : d.inOrder)
      if (matches(t, pattern)) out.push_back(t);
    return out;
  }

  store::Store* store_;
  mutable std::mutex mutex_;
  std::map<std::string, Domain> domains_;
  std::size_t stored_ = 0;
};

// query's "?": the one place asked for.
std::size_t askedPlace(const Triple& t) {
  const auto asked = std::count(t.begin(), t.end(), "?");
  if (asked != 1) service::refuse("bad-argument", "a query asks for one place with \"?\", not " + std::to_string(asked));
  return static_cast<std::size_t>(std::find(t.begin(), t.end(), "?") - t.begin());
}

Triple tripleOf(const Any& s, const Any& p, const Any& o) {
  return {part(s, "a subject"), part(p, "a predicate"), part(o, "an object")};
}

}  // namespace

std::shared_ptr<service::Service> makeKnowledgeService(store::Store* store, const std::function<void(const std::string&)>& report) {
  auto base = std::make_shared<KnowledgeBase>(store, report);
  naoqi::ServiceBuilder b("ALKnowledge", "Triples (subject, predicate, object) by domain; serve keeps them in its data folder");
  const std::vector<std::string> names{"domain", "subject", "predicate", "object"};
  b.bind("add", names, [base](const std::string& d, const Any& s, const Any& p, const Any& o) {
    base->add(d, tripleOf(s, p, o));
  }, "Adds a triple");
  b.bind("update", names, [base](const std::string& d, const Any& s, const Any& p, const Any& o) {
    base->update(d, tripleOf(s, p, o));
  }, "Replaces the subject's triples with that predicate by this one");
  b.bind("remove", names, [base](const std::string& d, const Any& s, const Any& p, const Any& o) {
    base->remove(d, tripleOf(s, p, o));
  }, "Removes the triples matching (\"*\" matches anything)");
  b.bind("contains", names, [base](const std::string& d, const Any& s, const Any& p, const Any& o) {
    return base->contains(d, tripleOf(s, p, o));
  }, "Whether a triple matches (\"*\" matches anything)");
  b.bind("query", names, [base](const std::string& d, const Any& s, const Any& p, const Any& o) {
    const Triple t = tripleOf(s, p, o);
    return base->values(d, t, askedPlace(t));
  }, "The values at the \"?\" of the triples matching, in the order they were added");
  b.bind("getSubject", {"domain", "predicate", "object"}, [base](const std::string& d, const Any& p, const Any& o) {
    return base->values(d, tripleOf(Any("*"), p, o), 0);
  }, "The subjects of the triples with that predicate and object");
  b.bind("getPredicate", {"domain", "subject", "object"}, [base](const std::string& d, const Any& s, const Any& o) {
    return base->values(d, tripleOf(s, Any("*"), o), 1);
  }, "The predicates of the triples with that subject and object");
  b.bind("getObject", {"domain", "subject", "predicate"}, [base](const std::string& d, const Any& s, const Any& p) {
    return base->values(d, tripleOf(s, p, Any("*")), 2);
  }, "The objects of the triples with that subject and predicate");
  b.bind("resetKnowledge", {"domain"}, [base](const std::string& d) { base->reset(d); }, "Removes every triple of a domain");
  return b.build();
}

}  // namespace autolife::engine
