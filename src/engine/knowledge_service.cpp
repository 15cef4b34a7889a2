#include "autolife/engine/knowledge_service.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"
#include "autolife/naoqi/service_builder.hpp"

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

std::size_t bytesOf(const Triple& t) { return t[0].size() + t[1].size() + t[2].size(); }

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

// A triple to store: no wildcard, no part over 4096 bytes.
void checkTriple(const Triple& t) {
  for (const auto& p : t) {
    if (wildcard(p)) service::refuse("bad-argument", "a triple added names no wildcard (\"*\", \"?\")");
    if (p.size() > kMaxPartBytes) service::refuse("bad-argument", "a subject, predicate or object is at most 4096 bytes");
  }
}

class KnowledgeBase {
public:
  void add(const std::string& domain, const Triple& t) {
    checkDomain(domain);
    checkTriple(t);
    std::lock_guard lock(mutex_);
    addLocked(domain, t);
  }
  // The subject's triples with that predicate, replaced by this one: all or
  // nothing.
  void update(const std::string& domain, const Triple& t) {
    checkDomain(domain);
    checkTriple(t);
    std::lock_guard lock(mutex_);
    Domain& d = domains_[domain];
    const Triple replaced{t[0], t[1], "*"};
    std::size_t freed = 0;
    for (const auto& old : d.inOrder)
      if (matches(old, replaced)) freed += bytesOf(old);
    checkRoom(stored_ - freed + bytesOf(t));
    removeLocked(d, replaced);
    addLocked(domain, t);
  }
  void remove(const std::string& domain, const Triple& pattern) {
    std::lock_guard lock(mutex_);
    if (auto d = domains_.find(domain); d != domains_.end()) removeLocked(d->second, pattern);
  }
  bool contains(const std::string& domain, const Triple& pattern) const { return !matching(domain, pattern).empty(); }
  // The parts at `place` (0 subject, 1 predicate, 2 object) of the triples
  // matching, in the order they were added, each once.
  std::vector<std::string> values(const std::string& domain, const Triple& pattern, std::size_t place) const {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto& t : matching(domain, pattern))
      if (seen.insert(t[place]).second) out.push_back(t[place]);
    return out;
  }
  void reset(const std::string& domain) {
    std::lock_guard lock(mutex_);
    if (auto d = domains_.find(domain); d != domains_.end()) {
      removeLocked(d->second, {"*", "*", "*"});
      domains_.erase(d);
    }
  }

private:
  struct Domain {
    std::vector<Triple> inOrder;
    std::set<Triple> present;
  };

  static void checkRoom(std::size_t bytes) {
    if (bytes > kMaxStoredBytes) service::refuse("bad-argument", "ALKnowledge holds at most 16 MB of triples");
  }
  void addLocked(const std::string& domain, const Triple& t) {
    Domain& d = domains_[domain];
    if (d.present.contains(t)) return;
    checkRoom(stored_ + bytesOf(t));
    d.present.insert(t);
    d.inOrder.push_back(t);
    stored_ += bytesOf(t);
  }
  std::size_t removeLocked(Domain& d, const Triple& pattern) {
    std::size_t freed = 0;
    std::erase_if(d.inOrder, [&](const Triple& t) {
      if (!matches(t, pattern)) return false;
      freed += bytesOf(t);
      d.present.erase(t);
      return true;
    });
    stored_ -= freed;
    return freed;
  }
  std::vector<Triple> matching(const std::string& domain, const Triple& pattern) const {
    std::lock_guard lock(mutex_);
    std::vector<Triple> out;
    auto d = domains_.find(domain);
    if (d == domains_.end()) return out;
    if (std::none_of(pattern.begin(), pattern.end(), wildcard)) {
      if (d->second.present.contains(pattern)) out.push_back(pattern);
      return out;
    }
    for (const auto& t : d->second.inOrder)
      if (matches(t, pattern)) out.push_back(t);
    return out;
  }

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

std::shared_ptr<service::Service> makeKnowledgeService() {
  auto base = std::make_shared<KnowledgeBase>();
  naoqi::ServiceBuilder b("ALKnowledge", "Triples (subject, predicate, object) by domain, kept for the engine's life");
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
