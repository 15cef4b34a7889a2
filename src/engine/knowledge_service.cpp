#include "autolife/engine/knowledge_service.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "autolife/naoqi/service_builder.hpp"

namespace autolife::engine {

namespace {

using Triple = std::array<std::string, 3>;  // subject, predicate, object

constexpr std::size_t kMaxPartBytes = 4096;
constexpr std::size_t kMaxTriplesPerDomain = 100000;

bool wildcard(const std::string& part) { return part == "*" || part == "?"; }

bool matches(const Triple& triple, const Triple& pattern) {
  for (std::size_t i = 0; i < 3; ++i)
    if (!wildcard(pattern[i]) && pattern[i] != triple[i]) return false;
  return true;
}

void check(const std::string& domain, const Triple& t) {
  if (domain.empty()) service::refuse("bad-argument", "a domain must not be empty");
  for (const auto& part : t)
    if (part.size() > kMaxPartBytes) service::refuse("bad-argument", "a subject, predicate or object is at most 4096 bytes");
}

class KnowledgeBase {
public:
  void add(const std::string& domain, const Triple& t) {
    check(domain, t);
    if (std::any_of(t.begin(), t.end(), wildcard)) service::refuse("bad-argument", "a triple added names no wildcard");
    std::lock_guard lock(mutex_);
    auto& triples = domains_[domain];
    if (std::find(triples.begin(), triples.end(), t) != triples.end()) return;
    if (triples.size() >= kMaxTriplesPerDomain) service::refuse("bad-argument", "a domain holds at most 100000 triples");
    triples.push_back(t);
  }
  void remove(const std::string& domain, const Triple& pattern) {
    std::lock_guard lock(mutex_);
    if (auto d = domains_.find(domain); d != domains_.end())
      std::erase_if(d->second, [&](const Triple& t) { return matches(t, pattern); });
  }
  void update(const std::string& domain, const Triple& t) {
    remove(domain, {t[0], t[1], "*"});
    add(domain, t);
  }
  bool contains(const std::string& domain, const Triple& pattern) const { return !matching(domain, pattern).empty(); }
  // The parts at `place` (0 subject, 1 predicate, 2 object) of the triples
  // matching, in the order they were added, each once.
  std::vector<std::string> values(const std::string& domain, const Triple& pattern, std::size_t place) const {
    std::vector<std::string> out;
    for (const auto& t : matching(domain, pattern))
      if (std::find(out.begin(), out.end(), t[place]) == out.end()) out.push_back(t[place]);
    return out;
  }
  void reset(const std::string& domain) {
    std::lock_guard lock(mutex_);
    domains_.erase(domain);
  }

private:
  std::vector<Triple> matching(const std::string& domain, const Triple& pattern) const {
    std::lock_guard lock(mutex_);
    std::vector<Triple> out;
    if (auto d = domains_.find(domain); d != domains_.end())
      for (const auto& t : d->second)
        if (matches(t, pattern)) out.push_back(t);
    return out;
  }

  mutable std::mutex mutex_;
  std::map<std::string, std::vector<Triple>> domains_;
};

// query's "?": the one place asked for.
std::size_t askedPlace(const Triple& t) {
  const auto asked = std::count(t.begin(), t.end(), "?");
  if (asked != 1) service::refuse("bad-argument", "a query asks for one place with \"?\", not " + std::to_string(asked));
  return static_cast<std::size_t>(std::find(t.begin(), t.end(), "?") - t.begin());
}

}  // namespace

std::shared_ptr<service::Service> makeKnowledgeService() {
  auto base = std::make_shared<KnowledgeBase>();
  naoqi::ServiceBuilder b("ALKnowledge", "Triples (subject, predicate, object) by domain, kept for the engine's life");
  const std::vector<std::string> names{"domain", "subject", "predicate", "object"};
  b.bind("add", names, [base](const std::string& d, const std::string& s, const std::string& p, const std::string& o) {
    base->add(d, {s, p, o});
  }, "Adds a triple");
  b.bind("update", names, [base](const std::string& d, const std::string& s, const std::string& p, const std::string& o) {
    base->update(d, {s, p, o});
  }, "Removes the subject's triples with that predicate, then adds this one");
  b.bind("remove", names, [base](const std::string& d, const std::string& s, const std::string& p, const std::string& o) {
    base->remove(d, {s, p, o});
  }, "Removes the triples matching (\"*\" matches anything)");
  b.bind("contains", names, [base](const std::string& d, const std::string& s, const std::string& p, const std::string& o) {
    return base->contains(d, {s, p, o});
  }, "Whether a triple matches (\"*\" matches anything)");
  b.bind("query", names, [base](const std::string& d, const std::string& s, const std::string& p, const std::string& o) {
    const Triple t{s, p, o};
    return base->values(d, t, askedPlace(t));
  }, "The values at the \"?\" of the triples matching, in the order they were added");
  b.bind("getSubject", {"domain", "predicate", "object"}, [base](const std::string& d, const std::string& p, const std::string& o) {
    return base->values(d, {"*", p, o}, 0);
  }, "The subjects of the triples with that predicate and object");
  b.bind("getPredicate", {"domain", "subject", "object"}, [base](const std::string& d, const std::string& s, const std::string& o) {
    return base->values(d, {s, "*", o}, 1);
  }, "The predicates of the triples with that subject and object");
  b.bind("getObject", {"domain", "subject", "predicate"}, [base](const std::string& d, const std::string& s, const std::string& p) {
    return base->values(d, {s, p, "*"}, 2);
  }, "The objects of the triples with that subject and predicate");
  b.bind("resetKnowledge", {"domain"}, [base](const std::string& d) { base->reset(d); }, "Removes every triple of a domain");
  return b.build();
}

}  // namespace autolife::engine
