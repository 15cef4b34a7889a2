// Dialog: topics, which rule answers an input, and what answering changes
// (focus, scope, proposals said). The order rules are tried in (docs/dialog.md):
//   1. the subrules in scope (those of the rule or proposal that answered last),
//   2. the focused topic's rules (its ^private ones too),
//   3. the other active topics' rules, 4. every topic's `recover:` section,
//   5. topics marked ^fallback (even when one has the focus);
// within a tier, ^lessPriority last, then the rule that matched the most of
// its own words, then file and load order. The first whose answer can be
// said answers.
#include <algorithm>
#include <functional>

#include "lexicon.hpp"
#include "state.hpp"
#include "text.hpp"

namespace autolife::dialog {

namespace {

std::string location(const LoadedTopic& t, const Rule& r) {
  return t.topic.file + ":" + std::to_string(r.at.line);
}

void collectEvents(const PatternNode& p, std::vector<std::string>& out) {
  if (p.kind == PatternKind::Event) out.push_back(p.text);
  for (const auto& c : p.children) collectEvents(c, out);
}

struct Candidate {
  RuleRef ref;
  Match match;
  bool less = false;
};

}  // namespace

// ---- topics -------------------------------------------------------------------

Dialog::Dialog(Variables& variables, DialogOptions options)
    : impl_(std::make_unique<Impl>(variables, std::move(options))) {}
Dialog::~Dialog() = default;

LoadedTopic* Dialog::Impl::find(const std::string& name, const std::string& lang) {
  for (auto& t : topics)
    if (t && t->topic.name == name && t->topic.language == lang) return t.get();
  return nullptr;
}

std::optional<std::size_t> Dialog::Impl::indexOf(const std::string& name) const {
  std::string n = name;
  if (!n.empty() && n[0] == '~') n.erase(0, 1);
  for (std::size_t i = 0; i < topics.size(); ++i)
    if (topics[i] && topics[i]->topic.name == n && topics[i]->topic.language == language) return i;
  return std::nullopt;
}

bool Dialog::Impl::usable(std::size_t i) const {
  return i < topics.size() && topics[i] && topics[i]->active && topics[i]->topic.language == language;
}

Dialog::LoadResult Dialog::load(Topic topic) {
  if (impl_->find(topic.name, topic.language))
    return {topic.name, "a topic named ~" + topic.name + " is already loaded in " + topic.language};
  auto t = std::make_unique<LoadedTopic>();
  t->said.assign(topic.rules.size(), false);
  for (const Rule& r : topic.rules) {
    if (r.kind == RuleKind::Skin) t->skins.push_back(t->required.size());
    t->required.push_back(requiredWords(r.input));
    std::vector<std::string> events;
    collectEvents(r.input, events);
    t->events.emplace_back(events.begin(), events.end());
  }
  impl_->variables.learn(topic);
  t->topic = std::move(topic);
  impl_->conceptIndexValid = false;
  impl_->ruleIndexValid = false;
  const std::string name = t->topic.name;
  impl_->topics.push_back(std::move(t));
  return {name, {}};
}

bool Dialog::unload(const std::string& name) {
  bool any = false;
  for (std::size_t i = 0; i < impl_->topics.size(); ++i) {
    auto& t = impl_->topics[i];
    if (!t || t->topic.name != name) continue;
    if (impl_->focus == i) impl_->focus.reset();
    if (impl_->scope && impl_->scope->topic == i) impl_->scope.reset();
    if (impl_->lastTriggered && impl_->lastTriggered->topic == i) impl_->lastTriggered.reset();
    t.reset();
    impl_->conceptIndexValid = false;
    impl_->ruleIndexValid = false;
    any = true;
  }
  return any;
}

bool Dialog::activate(const std::string& name) {
  bool any = false;
  for (auto& t : impl_->topics)
    if (t && t->topic.name == name) any = t->active = true;
  return any;
}

bool Dialog::deactivate(const std::string& name) {
  bool any = false;
  for (std::size_t i = 0; i < impl_->topics.size(); ++i) {
    auto& t = impl_->topics[i];
    if (!t || t->topic.name != name) continue;
    t->active = false;
    any = true;
    if (impl_->focus == i) impl_->focus.reset();
    if (impl_->scope && impl_->scope->topic == i) impl_->scope.reset();
  }
  return any;
}

std::vector<std::string> Dialog::loadedTopics(const std::string& lang) const {
  const std::string l = languageName(lang).empty() ? lang : languageName(lang);
  std::vector<std::string> out;
  for (const auto& t : impl_->topics)
    if (t && t->topic.language == l) out.push_back(t->topic.name);
  return out;
}

std::vector<std::string> Dialog::allLoadedTopics() const {
  std::vector<std::string> out;
  for (const auto& t : impl_->topics)
    if (t && std::find(out.begin(), out.end(), t->topic.name) == out.end()) out.push_back(t->topic.name);
  return out;
}

std::vector<std::string> Dialog::activatedTopics() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < impl_->topics.size(); ++i)
    if (impl_->usable(i)) out.push_back(impl_->topics[i]->topic.name);
  return out;
}

bool Dialog::isLoaded(const std::string& name) const {
  return std::any_of(impl_->topics.begin(), impl_->topics.end(), [&](const auto& t) { return t && t->topic.name == name; });
}

void Dialog::setLanguage(const std::string& language) {
  const std::string name = languageName(language);
  impl_->language = name.empty() ? language : name;
  impl_->focus.reset();
  impl_->scope.reset();
}
const std::string& Dialog::language() const { return impl_->language; }

std::string Dialog::focus() const {
  return impl_->focus && impl_->topics[*impl_->focus] ? impl_->topics[*impl_->focus]->topic.name : "";
}

bool Dialog::setFocus(const std::string& topic) {
  auto i = impl_->indexOf(topic);
  if (!i || !impl_->usable(*i)) return false;
  impl_->focus = i;
  return true;
}

bool Dialog::activateTag(const std::string& tag, const std::string& topic) {
  auto i = impl_->indexOf(topic);
  if (!i) return false;
  impl_->topics[*i]->deactivatedTags.erase(tag);
  return true;
}

bool Dialog::deactivateTag(const std::string& tag, const std::string& topic) {
  auto i = impl_->indexOf(topic);
  if (!i) return false;
  impl_->topics[*i]->deactivatedTags.insert(tag);
  return true;
}

void Dialog::setConfidenceThreshold(double threshold) { impl_->threshold = std::clamp(threshold, 0.0, 1.0); }
double Dialog::confidenceThreshold() const { return impl_->threshold; }

void Dialog::setUserData(const std::string& name, const std::string& value, int user) {
  impl_->userData[user][name] = value;
}
std::optional<std::string> Dialog::userData(const std::string& name, int user) const {
  auto u = impl_->userData.find(user);
  if (u == impl_->userData.end()) return std::nullopt;
  auto it = u->second.find(name);
  return it == u->second.end() ? std::nullopt : std::optional(it->second);
}
std::vector<std::string> Dialog::userDataList(int user) const {
  std::vector<std::string> out;
  auto u = impl_->userData.find(user);
  if (u != impl_->userData.end())
    for (const auto& [k, v] : u->second) out.push_back(k);
  return out;
}

void Dialog::resetAll() {
  for (auto& t : impl_->topics) {
    if (!t) continue;
    t->said.assign(t->topic.rules.size(), false);
    t->deactivatedTags.clear();
    t->lastProposal.reset();
    t->proposalHistory.clear();
  }
  impl_->cursors.clear();
  impl_->scope.reset();
  impl_->focus.reset();
  impl_->lastTriggered.reset();
}

std::vector<std::string> Dialog::eventKeys() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < impl_->topics.size(); ++i)
    if (impl_->usable(i))
      for (const Rule& r : impl_->topics[i]->topic.rules) collectEvents(r.input, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// ---- concepts -----------------------------------------------------------------

const ConceptEntry* Dialog::Impl::conceptEntry(const std::string& name, const std::string& lang) {
  auto d = dynamicConcepts.find({lang, text::lower(name)});
  if (d != dynamicConcepts.end()) return &d->second;
  return nullptr;
}

// The index holds every static concept of the loaded topics' languages
// (topics' first, then the lexicon's): a name it has not is defined nowhere,
// found so without going through every concept again (the matcher asks on
// every step it takes on a ~concept). A language no topic is in yet gets
// its lexicon's when first asked for.
const ConceptDefinition* Dialog::Impl::staticConcept(const std::string& name, const std::string& lang) {
  auto add = [this](const std::string& l, const Topic& t) {
    for (const auto& c : t.concepts)
      if (!c.dynamic) conceptIndex.emplace(std::pair(l, text::lower(c.name)), &c);
  };
  if (!conceptIndexValid) {
    ++work.conceptScans;
    conceptIndex.clear();
    indexedLanguages.clear();
    for (const auto& t : topics)
      if (t) {
        indexedLanguages.insert(t->topic.language);
        add(t->topic.language, t->topic);
      }
    for (const auto& l : indexedLanguages)
      if (const Topic* lex = lexicon(l)) add(l, *lex);
    conceptIndexValid = true;
  }
  if (indexedLanguages.insert(lang).second) {
    ++work.conceptScans;
    if (const Topic* lex = lexicon(lang)) add(lang, *lex);
  }
  auto it = conceptIndex.find(std::pair(lang, text::lower(name)));
  return it == conceptIndex.end() ? nullptr : it->second;
}

const PatternNode* Dialog::Impl::conceptPattern(const std::string& name, const std::string& lang) {
  if (const ConceptEntry* e = conceptEntry(name, lang)) return &e->pattern;
  const ConceptDefinition* c = staticConcept(name, lang);
  return c && !c->outputOnly ? &c->pattern : nullptr;
}

void Dialog::Impl::setConceptItems(const std::string& lang, const std::string& name,
                                   const std::vector<std::string>& items) {
  ConceptEntry& e = dynamicConcepts[{lang, text::lower(name)}];
  e = ConceptEntry{};
  e.dynamic = true;
  e.pattern.kind = PatternKind::Choice;
  const bool characters = matchesOnCharacters(lang);
  for (const auto& item : items) {
    auto ws = text::words(item, characters);
    if (ws.empty() || std::find(e.items.begin(), e.items.end(), item) != e.items.end()) continue;
    e.items.push_back(item);
    PatternNode phrase{PatternKind::Sequence, {}, {}, {}, {}, {}};
    for (auto& w : ws) phrase.children.push_back({PatternKind::Word, std::move(w), {}, {}, {}, {}});
    e.pattern.children.push_back(std::move(phrase));
  }
}

void Dialog::setConcept(const std::string& name, const std::string& language, const std::vector<std::string>& items) {
  const std::string lang = languageName(language).empty() ? language : languageName(language);
  impl_->setConceptItems(lang, name, items);
}

void Dialog::addToConcept(const std::string& name, const std::string& language, const std::vector<std::string>& items) {
  const std::string lang = languageName(language).empty() ? language : languageName(language);
  std::vector<std::string> all = getConcept(name, lang);
  all.insert(all.end(), items.begin(), items.end());
  impl_->setConceptItems(lang, name, all);
}

std::vector<std::string> Dialog::getConcept(const std::string& name, const std::string& language) const {
  const std::string lang = languageName(language).empty() ? language : languageName(language);
  auto d = impl_->dynamicConcepts.find({lang, text::lower(name)});
  return d == impl_->dynamicConcepts.end() ? std::vector<std::string>{} : d->second.items;
}

bool Dialog::hasConcept(const std::string& name, const std::string& language) const {
  const std::string lang = languageName(language).empty() ? language : languageName(language);
  return impl_->conceptPattern(name, lang) != nullptr || impl_->dynamicConcepts.contains({lang, text::lower(name)});
}

// The rule index: each user rule under its longest required word (the
// likeliest to be rare), or among those that have none.
std::vector<RuleRef> Dialog::Impl::candidates(const std::vector<std::string>& words) {
  if (!ruleIndexValid) {
    byKeyWord.clear();
    withoutKeyWord.clear();
    for (std::size_t ti = 0; ti < topics.size(); ++ti) {
      if (!topics[ti]) continue;
      const auto& rules = topics[ti]->topic.rules;
      for (std::size_t ri = 0; ri < rules.size(); ++ri) {
        if (rules[ri].kind != RuleKind::User) continue;
        const auto& required = topics[ti]->required[ri];
        if (required.empty()) {
          withoutKeyWord.push_back({ti, ri});
          continue;
        }
        const auto key = std::max_element(required.begin(), required.end(),
                                           [](const auto& a, const auto& b) { return a.size() < b.size(); });
        byKeyWord[*key].push_back({ti, ri});
      }
    }
    ruleIndexValid = true;
  }
  std::vector<RuleRef> out = withoutKeyWord;
  std::vector<std::string> unique = words;
  std::sort(unique.begin(), unique.end());
  unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
  for (const auto& w : unique) {
    auto it = byKeyWord.find(w);
    if (it != byKeyWord.end()) out.insert(out.end(), it->second.begin(), it->second.end());
  }
  std::sort(out.begin(), out.end(), [](const RuleRef& a, const RuleRef& b) {
    return std::pair(a.topic, a.rule) < std::pair(b.topic, b.rule);
  });
  return out;
}

MatchContext Dialog::Impl::context(const std::string& lang) {
  MatchContext cx;
  cx.findConcept = [this, lang](const std::string& name) { return conceptPattern(name, lang); };
  cx.variables = &variables;
  cx.characters = matchesOnCharacters(lang);
  cx.steps = &work.matchSteps;
  return cx;
}

// ---- inputs -------------------------------------------------------------------

Reply Dialog::hear(const std::string& utterance, double confidence) {
  MatchInput in;
  in.words = text::words(utterance, matchesOnCharacters(impl_->language));
  in.original = text::words(utterance, matchesOnCharacters(impl_->language), true);
  in.recentEvents = std::move(impl_->recentEvents);
  impl_->recentEvents.clear();
  if (confidence < impl_->threshold) {
    Reply r;
    r.explanation.input = utterance;
    r.explanation.outcome = "ignored";
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "below confidence: heard with %.2f, the threshold is %.2f", confidence,
                  impl_->threshold);
    r.explanation.reason = buffer;
    return r;
  }
  impl_->fellBack = false;
  impl_->work = {};
  Reply reply = impl_->respond(in, utterance);
  // A rule matched but its answer cannot be said: Dialog/SpeakFailure, not
  // Dialog/NotUnderstood (aldialog-api, deactivateTag).
  const bool matched = !reply.understood && !reply.explanation.notes.empty();
  // A fallback rule answered: one of a ^fallback topic, or the Dialog/Fallback
  // a ^keepFocus topic raised.
  const auto answering = reply.understood ? impl_->indexOf(reply.explanation.topic) : std::nullopt;
  const bool fellBack =
      impl_->fellBack || (answering && impl_->topics[*answering]->topic.hasProperty("fallback"));
  impl_->learn(in, reply);
  if (reply.understood) {
    impl_->notUnderstoodInARow = 0;
    impl_->sameRuleAgain(reply);
  } else if (matched) {
    impl_->notUnderstoodInARow = 0;
    impl_->lastTriggered.reset();
    reply.explanation.outcome = "speak-failure";
    impl_->answerEvent("Dialog/SpeakFailure", reply);
  } else {
    // Not understood: rules waiting for e:Dialog/NotUnderstood answer instead.
    ++impl_->notUnderstoodInARow;
    impl_->lastTriggered.reset();
    static constexpr std::pair<const char*, int> kFallbacks[] = {
        {"Dialog/NotUnderstood3", 3}, {"Dialog/NotUnderstood2", 2}, {"Dialog/NotUnderstood", 1}};
    for (const auto& [key, needed] : kFallbacks)
      if (impl_->notUnderstoodInARow >= needed && impl_->answerEvent(key, reply)) break;
  }
  impl_->countFailure(!matched && (!reply.understood || fellBack), reply);
  impl_->afterAnswer(reply);
  reply.explanation.work = impl_->work;
  return reply;
}

// Dialog/Failure: "raised when 3 Dialog/Fallback or 3 Dialog/NotUnderstood
// have been raised consecutively or a mix" (dialog-syntax, qiChat events).
// Its rules answer after the third; the count then starts again.
void Dialog::Impl::countFailure(bool failed, Reply& reply) {
  if (!failed) {
    failuresInARow = 0;
    return;
  }
  if (++failuresInARow < 3) return;
  failuresInARow = 0;
  answerEvent("Dialog/Failure", reply);
}

Reply Dialog::event(const std::string& key, const std::string& value) { return raised(key, value, ""); }

Reply Dialog::topicEvent(const std::string& topic, const std::string& key) { return raised(key, "", topic); }

Reply Dialog::raised(const std::string& key, const std::string& value, const std::string& topic) {
  MatchInput in;
  in.event = key;
  in.eventValue = value;
  in.onlyTopic = topic;
  impl_->work = {};
  Reply r = impl_->respond(in, topic.empty() ? "e:" + key + " = " + value : key + " (~" + topic + ")");
  if (r.understood) {
    // A topic's own event (its question asked again) is no repetition.
    if (topic.empty()) impl_->sameRuleAgain(r);
  } else if (!r.explanation.notes.empty()) {
    impl_->lastTriggered.reset();
    r.explanation.outcome = "speak-failure";
    impl_->answerEvent("Dialog/SpeakFailure", r);
  } else {
    r.explanation.outcome = "ignored";
    // The event may still complete a rule "e:Key sentence" with what comes
    // next. Each key once: a robot may raise events for days with nobody speaking.
    auto& recent = impl_->recentEvents;
    if (topic.empty() && std::find(recent.begin(), recent.end(), key) == recent.end()) recent.push_back(key);
  }
  impl_->afterAnswer(r);
  r.explanation.work = impl_->work;
  return r;
}

bool Dialog::Impl::answerEvent(const std::string& key, Reply& reply) {
  MatchInput ev;
  ev.event = key;
  Reply r = respond(ev, "e:" + key);
  if (!r.understood) return false;
  for (auto& a : r.answers) reply.answers.push_back(std::move(a));
  reply.explanation.notes.push_back("answered by " + r.explanation.rule + " (" + r.explanation.file + ":" +
                                    std::to_string(r.explanation.line) + "), which waits for e:" + key);
  return true;
}

// The rule that answered (commit set lastRule) answered the input or event
// before too: a rule waiting for e:Dialog/SameRule ("raised when a rule is
// triggered twice in a row. Allows you to avoid repetitions") answers
// instead of the repeated answer. The repeated rule stays the one to
// compare with, so a third time answers with e:Dialog/SameRule again.
void Dialog::Impl::sameRuleAgain(Reply& reply) {
  const std::optional<RuleRef> now = lastRule;
  const bool again = now && lastTriggered && now->topic == lastTriggered->topic && now->rule == lastTriggered->rule;
  lastTriggered = now;
  if (!again) return;
  // The repeated rule's subrules stay in scope unless the answer brings its own.
  const std::optional<Scope> repeatedScope = scope;
  Reply instead;
  if (!answerEvent("Dialog/SameRule", instead)) return;
  if (!scope) scope = repeatedScope;
  reply.answers.erase(reply.answers.begin());
  reply.answers.insert(reply.answers.begin(), std::make_move_iterator(instead.answers.begin()),
                       std::make_move_iterator(instead.answers.end()));
  for (auto& note : instead.explanation.notes) reply.explanation.notes.push_back(std::move(note));
}

// What an answer raises once it is chosen: Dialog/NothingToSay when its
// ^topicRandom or ^gotoRandom found no proposal.
void Dialog::Impl::afterAnswer(Reply& reply) {
  const bool nothing =
      std::any_of(reply.answers.begin(), reply.answers.end(), [](const Answer& a) { return a.nothingToSay; });
  if (nothing) answerEvent("Dialog/NothingToSay", reply);
}

Reply Dialog::Impl::respond(const MatchInput& input, const std::string& shown) {
  Reply reply;
  Explanation& ex = reply.explanation;
  ex.input = shown;
  ex.outcome = "not-understood";
  bool anyTopic = false;
  for (std::size_t i = 0; i < topics.size(); ++i) anyTopic = anyTopic || usable(i);
  if (!anyTopic) {
    ex.reason = "no active topic in " + language;
    return reply;
  }
  const MatchContext cx = context(language);
  std::vector<std::string> sortedWords = input.words;
  std::sort(sortedWords.begin(), sortedWords.end());
  auto consider = [&](std::size_t ti, std::size_t ri, std::vector<Candidate>& out) {
    const LoadedTopic& t = *topics[ti];
    const Rule& r = t.topic.rules[ri];
    if (r.kind != RuleKind::User) return;
    // An event answers only the rules that wait for it; silence answers none.
    if (!input.event.empty() ? !t.events[ri].contains(input.event) : input.words.empty()) return;
    if (!input.onlyTopic.empty() && t.topic.name != input.onlyTopic) return;
    for (const auto& tag : r.inputTags)
      if (t.deactivatedTags.contains(tag)) return;
    for (const auto& w : t.required[ri])
      if (!std::binary_search(sortedWords.begin(), sortedWords.end(), w)) return;
    if (auto m = match(r.input, input, cx)) out.push_back({{ti, ri}, std::move(*m), r.lessPriority});
  };
  auto tryTier = [&](std::vector<Candidate>& tier) {
    std::stable_sort(tier.begin(), tier.end(), [](const Candidate& a, const Candidate& b) {
      if (a.less != b.less) return !a.less;
      return a.match.score > b.match.score;
    });
    for (const auto& c : tier)
      if (tryRule(c.ref, c.match, reply)) return true;
    return false;
  };
  // 1. subrules in scope
  if (scope && usable(scope->topic)) {
    std::vector<Candidate> tier;
    for (std::size_t child : topics[scope->topic]->topic.rules[scope->rule].children) consider(scope->topic, child, tier);
    if (tryTier(tier)) return reply;
  }
  // 2-5. the focused topic, the others, every recover section, the
  // fallback topics (dialog.txt's "Priority among rules"). Only the rules
  // whose key word was said (or that have none) can match.
  const std::vector<RuleRef> possible = candidates(input.words);
  auto isFallback = [&](std::size_t ti) { return topics[ti]->topic.hasProperty("fallback"); };
  const std::function<bool(std::size_t, const Rule&)> tiers[] = {
      [&](std::size_t ti, const Rule& r) { return ti == focus && !r.recover && !isFallback(ti); },
      [&](std::size_t ti, const Rule& r) { return ti != focus && !r.recover && !isFallback(ti); },
      [&](std::size_t, const Rule& r) { return r.recover; },
      [&](std::size_t ti, const Rule& r) { return !r.recover && isFallback(ti); },
  };
  for (const auto& inTier : tiers) {
    std::vector<Candidate> tier;
    for (const RuleRef& ref : possible) {
      const Rule& r = topics[ref.topic]->topic.rules[ref.rule];
      if (r.level == 0 && usable(ref.topic) && inTier(ref.topic, r) && (!r.isPrivate || focus == ref.topic))
        consider(ref.topic, ref.rule, tier);
    }
    if (tryTier(tier)) return reply;
  }
  // Why nothing answered.
  if (!ex.failure.empty()) {
    ex.reason = "matched " + ex.rule + " in ~" + ex.topic + " (" + ex.file + ":" + std::to_string(ex.line) +
                ") but cannot answer: " + ex.failure;
    return reply;
  }
  for (const RuleRef& ref : possible) {
    if (!usable(ref.topic) || !ex.reason.empty()) continue;
    const std::size_t ti = ref.topic;
    const Rule& r = topics[ti]->topic.rules[ref.rule];
    const bool outOfScope = r.level > 0 && r.kind == RuleKind::User;
    const bool privateElsewhere = r.level == 0 && r.isPrivate && focus != ti;
    if ((!outOfScope && !privateElsewhere) || input.words.empty()) continue;
    const auto& required = topics[ti]->required[ref.rule];
    if (!std::all_of(required.begin(), required.end(),
                     [&](const auto& w) { return std::binary_search(sortedWords.begin(), sortedWords.end(), w); }) ||
        !match(r.input, input, cx))
      continue;
    ex.reason = outOfScope ? "rule out of scope: " + r.sourceLine + " (" + location(*topics[ti], r) +
                                 ") matches, but only right after its parent rule answers"
                           : "private rule: " + r.sourceLine + " (" + location(*topics[ti], r) +
                                 ") matches, but only while its topic has the focus";
  }
  if (ex.reason.empty()) ex.reason = "no rule of the active topics (" + [&] {
    std::string names;
    for (std::size_t ti = 0; ti < topics.size(); ++ti)
      if (usable(ti)) names += (names.empty() ? "~" : ", ~") + topics[ti]->topic.name;
    return names;
  }() + ") matches";
  return reply;
}

bool Dialog::Impl::tryRule(RuleRef ref, const Match& m, Reply& reply) {
  const LoadedTopic& t = *topics[ref.topic];
  const Rule& rule = t.topic.rules[ref.rule];
  Rendered r;
  for (const auto& [name, value] : m.assignments) r.assignments.emplace_back(variables.spelling(name), value);
  Frame f{ref.topic, ref.rule, &m.captures, nullptr, 0};
  newAnswer();
  if (focus != ref.topic) resetOnFocus(ref.topic);  // before its answer says a proposal
  if (!renderGroup(rule.output, f, r) || !withinRenderBudget(r)) {
    Explanation& ex = reply.explanation;
    ex.notes.push_back(rule.sourceLine + " (" + location(t, rule) + ") matches but cannot answer: " + r.failure);
    if (ex.failure.empty()) {  // the first rule that matched: the speak failure's cause
      ex.failure = r.failure;
      ex.topic = t.topic.name;
      ex.file = t.topic.file;
      ex.line = rule.at.line;
      ex.rule = rule.sourceLine;
    }
    return false;
  }
  Answer a = commit(ref, std::move(r));
  Explanation& ex = reply.explanation;
  ex.outcome = "answered";
  ex.failure.clear();
  ex.topic = t.topic.name;
  ex.file = t.topic.file;
  ex.line = rule.at.line;
  ex.rule = rule.sourceLine;
  ex.reason = "matched " + rule.sourceLine + " in ~" + t.topic.name + " (" + location(t, rule) + ")";
  reply.understood = true;
  reply.answers.push_back(std::move(a));
  if (keptFocus) {
    keptFocus = false;
    MatchInput fallback;
    fallback.event = "Dialog/Fallback";
    fellBack = true;
    Reply more = respond(fallback, "e:Dialog/Fallback");
    for (auto& answer : more.answers) reply.answers.push_back(std::move(answer));
  }
  return true;
}

// ^resetOnFocus: a topic that gets the focus with every proposal said may
// say them again.
void Dialog::Impl::resetOnFocus(std::size_t ti) {
  LoadedTopic& t = *topics[ti];
  if (!t.topic.hasProperty("resetOnFocus")) return;
  for (std::size_t ri = 0; ri < t.topic.rules.size(); ++ri)
    if (t.topic.rules[ri].kind == RuleKind::Proposal && !t.said[ri]) return;
  t.said.assign(t.topic.rules.size(), false);
  t.lastProposal.reset();
}

// l: rules match beside the others; what they set is applied, nothing is said.
void Dialog::Impl::learn(const MatchInput& input, Reply& reply) {
  if (input.words.empty()) return;
  const MatchContext cx = context(language);
  for (std::size_t ti = 0; ti < topics.size(); ++ti) {
    if (!usable(ti)) continue;
    const auto& rules = topics[ti]->topic.rules;
    for (std::size_t ri = 0; ri < rules.size(); ++ri) {
      if (rules[ri].kind != RuleKind::Learning) continue;
      auto m = match(rules[ri].input, input, cx);
      if (!m) continue;
      Rendered r;
      for (const auto& [name, value] : m->assignments) r.assignments.emplace_back(variables.spelling(name), value);
      newAnswer();
      if (!renderGroup(rules[ri].output, Frame{ti, ri, &m->captures, nullptr, 0}, r) || !withinRenderBudget(r)) continue;
      Answer a;
      a.topic = topics[ti]->topic.name;
      a.line = rules[ri].at.line;
      a.assignments = std::move(r.assignments);
      a.clears = std::move(r.clears);
      reply.answers.push_back(std::move(a));
      reply.explanation.notes.push_back("learned by " + rules[ri].sourceLine + " (" + location(*topics[ti], rules[ri]) + ")");
    }
  }
}

Answer Dialog::Impl::commit(RuleRef ref, Rendered&& r) {
  for (const RuleRef& p : r.proposalsSaid) {
    LoadedTopic& t = *topics[p.topic];
    t.said[p.rule] = true;
    t.lastProposal = p.rule;
    t.proposalHistory.push_back(p.rule);
  }
  for (const auto& [ti, tag, active] : r.tagChanges) {
    if (!topics[ti]) continue;
    if (active) topics[ti]->deactivatedTags.erase(tag);
    else topics[ti]->deactivatedTags.insert(tag);
  }
  const LoadedTopic& t = *topics[ref.topic];
  const std::optional<std::size_t> before = focus;
  // A ^keepFocus topic keeps it when another topic answers, and hears
  // e:Dialog/Fallback (tryRule raises it).
  keptFocus = focus && *focus != ref.topic && usable(*focus) && topics[*focus]->topic.hasProperty("keepFocus");
  if (keptFocus) {
  } else if (r.focus) {
    focus = r.focus;
  } else if (!t.topic.hasProperty("noStay")) {
    focus = ref.topic;
  }
  if (r.releaseFocus) focus.reset();
  if (focus && focus != before) resetOnFocus(*focus);
  if (!r.stayInScope) {
    const Scope next = r.scope ? *r.scope : Scope{ref.topic, ref.rule};
    if (topics[next.topic] && !topics[next.topic]->topic.rules[next.rule].children.empty()) scope = next;
    else scope.reset();
  }
  lastRule = ref;
  Answer a;
  a.topic = t.topic.name;
  a.line = t.topic.rules[ref.rule].at.line;
  a.said = text::squeeze(r.said);
  a.text = text::squeeze(r.text);
  a.actions = std::move(r.actions);
  a.assignments = std::move(r.assignments);
  a.clears = std::move(r.clears);
  a.bookmarks = std::move(r.bookmarks);
  a.nothingToSay = r.nothingToSay;
  applySkins(a);
  return a;
}

// ---- the robot speaking on its own ------------------------------------------------

Reply Dialog::Impl::speakOnOwn(const std::function<bool(Rendered&)>& renderIt, const std::string& what) {
  Reply reply;
  reply.explanation.input = what;
  reply.explanation.outcome = "not-understood";
  Rendered r;
  work = {};
  newAnswer();
  const bool rendered = renderIt(r) && withinRenderBudget(r);
  reply.explanation.work = work;
  if (!rendered || !r.scope) {
    reply.explanation.reason = r.failure.empty() ? "nothing to say" : r.failure;
    return reply;
  }
  const RuleRef ref{r.scope->topic, r.scope->rule};
  if (r.said.empty() && r.text.empty() && r.actions.empty() && r.assignments.empty()) {
    reply.explanation.reason = "nothing to say";
    return reply;
  }
  reply.answers.push_back(commit(ref, std::move(r)));
  reply.understood = true;
  reply.explanation.outcome = "answered";
  reply.explanation.topic = reply.answers.back().topic;
  reply.explanation.line = reply.answers.back().line;
  reply.explanation.reason = what;
  return reply;
}

Reply Dialog::gotoTag(const std::string& tag, const std::string& topic) {
  auto ti = impl_->indexOf(topic);
  return impl_->speakOnOwn(
      [&](Rendered& r) {
        if (!ti) return false;
        auto ref = impl_->findTag(*ti, tag, false);
        if (!ref) {
          r.failure = "no tag %" + tag + " in ~" + topic;
          return false;
        }
        r.focus = *ti;
        return impl_->sayRule(*ref, Frame{*ti, ref->rule, nullptr, nullptr, 0}, r, true);
      },
      "gotoTag(" + tag + ", " + topic + ")");
}

Reply Dialog::gotoTopic(const std::string& topic) {
  auto ti = impl_->indexOf(topic);
  if (ti) impl_->focus = ti;
  return nextProposal();
}

Reply Dialog::nextProposal() {
  return impl_->speakOnOwn(
      [&](Rendered& r) {
        if (!impl_->focus || !impl_->usable(*impl_->focus)) {
          r.failure = "no topic has the focus";
          return false;
        }
        auto p = impl_->nextProposalIn(*impl_->focus);
        if (!p) return false;
        return impl_->sayRule({*impl_->focus, *p}, Frame{*impl_->focus, *p, nullptr, nullptr, 0}, r, true);
      },
      "next proposal");
}

}  // namespace autolife::dialog
