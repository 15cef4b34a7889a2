// The ^functions of answers (dialog-syntax_full: rule functions, topic
// functions, concepts, time, calls, ALAnimatedSpeech annotations).
#include <algorithm>
#include <ctime>

#include <nlohmann/json.hpp>

#include "state.hpp"
#include "text.hpp"

namespace autolife::dialog {

namespace {

// Annotations ALAnimatedSpeech reads in the text it says: kept in `said`,
// reported as actions, not heard.
constexpr std::string_view kAnimations[] = {"start",     "stop",       "run",       "wait",     "startTag",
                                            "stopTag",   "runTag",     "waitTag",   "runSound", "startSound",
                                            "stopSound", "waitSound",  "mode",      "play"};
// Functions with no effect in simulation beyond being valid.
constexpr std::string_view kNoEffect[] = {"empty", "break", "frequency", "keepFocus", "noPick", "lessPriority", "exact"};

// The knowledge functions and the ALKnowledge method each calls ("" for any
// other name).
constexpr std::string_view kKnowledgeDomain = "com.aldebaran.learning";
std::string_view knowledgeMethod(std::string_view function) {
  static constexpr std::pair<std::string_view, std::string_view> kMethods[] = {
      {"addKnowledge", "add"},           {"updateKnowledge", "update"},          {"removeKnowledge", "remove"},
      {"containsKnowledge", "contains"}, {"notContainsKnowledge", "contains"}, {"queryKnowledge", "query"}};
  for (const auto& [name, method] : kMethods)
    if (name == function) return method;
  return {};
}

std::string stripTilde(std::string s) {
  if (!s.empty() && s[0] == '~') s.erase(0, 1);
  if (!s.empty() && s[0] == '$') s.erase(0, 1);
  return s;
}

std::string formatTime(std::chrono::system_clock::time_point t, const char* format) {
  const std::time_t tt = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, format, &tm);
  return buffer;
}

}  // namespace

bool Dialog::Impl::function(const OutputNode& n, const Frame& f, Rendered& out) {
  const std::string& name = n.text;
  // Arguments with their variables replaced.
  std::vector<std::string> args;
  for (std::size_t i = 0; i < n.children.size(); ++i) {
    if (n.args[i].starts_with("~")) {  // a concept named, not said
      args.push_back(n.args[i].substr(1));
      continue;
    }
    auto v = valueOf(n.children[i], f, out);
    if (!v) return false;
    args.push_back(*v);
  }
  auto arg = [&](std::size_t i) { return i < args.size() ? args[i] : std::string(); };
  auto rawArg = [&](std::size_t i) { return i < n.args.size() ? stripTilde(n.args[i]) : std::string(); };
  auto fail = [&](std::string why) {
    out.failure = std::move(why);
    return false;
  };
  const std::size_t here = f.topic;

  if (std::find(std::begin(kAnimations), std::end(kAnimations), name) != std::end(kAnimations)) {
    out.said += " " + actionText({name, args, {}}) + " ";
    out.actions.push_back({name, args, {}});
    return true;
  }
  if (std::find(std::begin(kNoEffect), std::end(kNoEffect), name) != std::end(kNoEffect)) return true;
  // Acted on by ALDialog as the answer is said (DialogService::speak).
  if (name == "switchFocus" || name == "runBehavior") {
    out.actions.push_back({name, args, {}});
    return true;
  }
  if (name == "pCall") {
    CallExpression call = callExpression(n, f, out);
    call.args.insert(call.args.begin(), std::move(call.method));
    out.actions.push_back({name, args, std::move(call.args)});
    return true;
  }

  if (name == "call" || name == "sCall") return callFunction(n, f, out);
  if (!knowledgeMethod(name).empty()) return knowledgeFunction(name, args, out);

  // Flow: proposals, tags, topics.
  if (name == "nextProposal") {
    if (auto p = nextProposalIn(here, &out)) return sayRule({here, *p}, f, out, true);
    return true;
  }
  if (name == "sameProposal" || name == "previousProposal") {
    const auto& h = topics[here]->proposalHistory;
    const std::size_t back = name == "sameProposal" ? 1 : 2;
    if (h.size() < back) return true;
    return sayRule({here, h[h.size() - back]}, f, out, false);
  }
  if (name == "goto" || name == "gotoReactivate" || name == "enableThenGoto") {
    const std::string tag = arg(0);  // ^goto($face): the variable's value
    if (name == "enableThenGoto") out.tagChanges.emplace_back(here, tag, true);
    // A tag no rule of the topic has: the answer cannot be said (`check`
    // warns); a proposal already said: ^goto has nothing to say.
    if (!findTag(here, tag, false)) return fail("^" + name + "(" + tag + "): no %" + tag + " in ~" + topics[here]->topic.name);
    auto ref = findTag(here, tag, name == "goto", &out);
    if (!ref) return true;
    return sayRule(*ref, f, out, true);
  }
  if (name == "gotoRandom") {
    std::vector<RuleRef> refs;
    const LoadedTopic& t = *topics[here];
    for (std::size_t ri = 0; ri < t.topic.rules.size(); ++ri) {
      const Rule& r = t.topic.rules[ri];
      if (std::any_of(r.tags.begin(), r.tags.end(), [&](const auto& own) { return text::sameName(own, arg(0)); }) &&
          !(r.kind == RuleKind::Proposal && t.said[ri]))
        refs.push_back({here, ri});
    }
    if (refs.empty()) return out.nothingToSay = true;
    return sayRule(refs[std::uniform_int_distribution<std::size_t>(0, refs.size() - 1)(rng)], f, out, true);
  }
  if (name == "topicTag" || name == "topicTagReactivate" || name == "topic") {
    auto ti = indexOf(rawArg(0));
    if (!ti || !usable(*ti)) return true;
    out.focus = *ti;
    if (name == "topic") {
      if (auto p = nextProposalIn(*ti, &out)) return sayRule({*ti, *p}, f, out, true);
      return true;
    }
    auto ref = findTag(*ti, rawArg(1), name == "topicTag", &out);
    return ref ? sayRule(*ref, f, out, true) : true;
  }
  if (name == "topicRandom") {
    std::vector<RuleRef> refs;
    for (std::size_t ti = 0; ti < topics.size(); ++ti)
      if (usable(ti) && !topics[ti]->topic.hasProperty("noPick"))
        if (auto p = nextProposalIn(ti, &out)) refs.push_back({ti, *p});
    if (refs.empty()) return out.nothingToSay = true;
    return sayRule(refs[std::uniform_int_distribution<std::size_t>(0, refs.size() - 1)(rng)], f, out, true);
  }
  if (name == "activate" || name == "deactivate") {
    out.tagChanges.emplace_back(here, arg(0), name == "activate");
    return true;
  }
  if (name == "stayInScope") return out.stayInScope = true;
  if (name == "releaseFocus") return out.releaseFocus = true;

  // Variables.
  if (name == "clear") return out.clears.push_back(variables.spelling(rawArg(0))), true;
  if (name == "exist" || name == "notExist") {
    const bool exists = variable(rawArg(0), f, &out).has_value();
    if (exists == (name == "exist")) return true;
    return fail("^" + name + "(" + rawArg(0) + ") is false");
  }
  if (name == "concatenate") {
    std::string joined;
    for (const auto& a : args) joined += a;
    append(out, joined, joined);
    return true;
  }

  // Concepts.
  if (name == "addToConcept" || name == "removeFromConcept" || name == "clearConcept") {
    const std::string conceptName = rawArg(0);
    std::vector<std::string> items;
    if (const ConceptEntry* e = conceptEntry(conceptName, language)) items = e->items;
    if (name == "clearConcept") items.clear();
    else if (name == "removeFromConcept") std::erase(items, arg(1));
    else items.push_back(arg(1));
    setConceptItems(language, conceptName, items);
    return true;
  }
  if (name == "isInConcept" || name == "size" || name == "enumerate") {
    std::vector<std::string> items;
    if (const ConceptEntry* e = conceptEntry(rawArg(0), language)) items = e->items;
    else if (const ConceptDefinition* c = staticConcept(rawArg(0), language);
             c && c->output.children.size() == 1 && c->output.children[0].kind == OutputKind::Choice)
      for (const auto& item : c->output.children[0].children) {
        Rendered s;
        if (render(item, f, s)) items.push_back(text::squeeze(s.text));
      }
    if (name == "size") {
      const std::string count = std::to_string(items.size());
      append(out, count, count);
      return true;
    }
    if (name == "isInConcept") {
      const std::string wanted = text::normalise(arg(1));
      if (std::any_of(items.begin(), items.end(), [&](const auto& i) { return text::normalise(i) == wanted; })) return true;
      return fail("^isInConcept: \"" + arg(1) + "\" is not in ~" + rawArg(0));
    }
    std::size_t limit = items.size();
    if (args.size() > 1) limit = std::min<std::size_t>(limit, std::strtoul(arg(1).c_str(), nullptr, 10));
    std::string joined;
    for (std::size_t i = 0; i < limit; ++i) joined += (i ? " " : "") + items[i];
    append(out, joined, joined);
    return true;
  }

  // Time.
  if (name == "currentTime" || name == "currentDate" || name == "currentDateTime" || name == "endOfWeek") {
    auto now = options.now ? options.now() : std::chrono::system_clock::now();
    std::string v;
    if (name == "currentTime") v = formatTime(now, "%H:%M");
    else if (name == "currentDate") v = formatTime(now, "%Y-%m-%d");
    else if (name == "currentDateTime") v = formatTime(now, "%Y-%m-%d %H:%M");
    else {
      const std::time_t tt = std::chrono::system_clock::to_time_t(now);
      std::tm tm{};
      gmtime_r(&tt, &tm);
      v = formatTime(now + std::chrono::hours(24 * ((7 - tm.tm_wday) % 7)), "%Y-%m-%d");
    }
    append(out, v, v);
    return true;
  }

  // The focused user's data.
  if (name == "getUserInfo") {
    auto v = userData.contains(0) && userData[0].contains(arg(0)) ? std::optional(userData[0][arg(0)]) : std::nullopt;
    if (!v) return fail("^getUserInfo(" + arg(0) + "): the user has no such data");
    append(out, *v, *v);
    return true;
  }
  if (name == "setUserInfo") return userData[0][arg(0)] = arg(1), true;
  if (name == "removeUserInfo") return userData[0].erase(arg(0)), true;
  if (name == "hasUserInfo") {
    if (userData.contains(0) && userData[0].contains(arg(0))) return true;
    return fail("^hasUserInfo(" + arg(0) + ") is false");
  }

  // def:name($a, $b): the topic's own functions, then any loaded topic's.
  for (std::size_t ti : {here, std::size_t(-1)}) {
    for (std::size_t k = 0; k < topics.size(); ++k) {
      if (ti != std::size_t(-1) && k != ti) continue;
      if (!topics[k] || topics[k]->topic.language != language) continue;
      for (const auto& def : topics[k]->topic.functions) {
        if (def.name != name) continue;
        std::map<std::string, std::string> locals;
        for (std::size_t i = 0; i < def.parameters.size(); ++i) locals[def.parameters[i]] = arg(i);
        Frame inner{here, f.rule, f.captures, &locals, f.depth + 1};
        return renderInto(def.body, inner, out);
      }
    }
  }
  return fail("^" + name + " is not available in autolife's simulation");
}

// Service.method(a, "b", $c): the method and its arguments, variables read.
// ^call(Service.method(args)): the result is matched against the rule's cN:
// subrules (the one that matches answers, its own subrules come in scope);
// a failure or an empty result goes to its eN: subrule.
Dialog::Impl::CallExpression Dialog::Impl::callExpression(const OutputNode& n, const Frame& f, Rendered& out) {
  const std::string expression = n.args.empty() ? std::string() : n.args[0];
  const auto open = expression.find('(');
  CallExpression call{text::squeeze(expression.substr(0, open)), {}};
  if (open == std::string::npos) return call;
  const auto close = expression.rfind(')');
  std::string inside = expression.substr(open + 1, close == std::string::npos ? std::string::npos : close - open - 1);
  std::size_t b = 0;
  while (b <= inside.size() && !text::squeeze(inside).empty()) {
    auto comma = inside.find(',', b);
    std::string a = text::squeeze(inside.substr(b, comma == std::string::npos ? std::string::npos : comma - b));
    if (!a.empty() && a[0] == '$') a = variable(a.substr(1), f, &out).value_or("");
    else a = text::unquoted(a);
    call.args.push_back(a);
    if (comma == std::string::npos) break;
    b = comma + 1;
  }
  return call;
}

bool Dialog::Impl::callFunction(const OutputNode& n, const Frame& f, Rendered& out) {
  const CallExpression call = callExpression(n, f, out);
  std::optional<std::string> result = options.call ? options.call(call.method, call.args) : std::nullopt;
  const LoadedTopic& t = *topics[f.topic];
  const Rule& rule = t.topic.rules[f.rule];
  if (result && !text::squeeze(*result).empty()) {
    MatchInput in;
    in.words = text::words(*result, matchesOnCharacters(language));
    const MatchContext cx = context(language);
    for (std::size_t child : rule.children) {
      const Rule& c = t.topic.rules[child];
      if (c.kind != RuleKind::CallResult) continue;
      auto m = match(c.input, in, cx);
      if (!m) continue;
      Frame inner{f.topic, child, &m->captures, f.locals, f.depth + 1};
      if (!renderInto(c.output, inner, out)) return false;
      out.scope = Scope{f.topic, child};
      return true;
    }
    return true;
  }
  for (std::size_t child : rule.children) {
    const Rule& c = t.topic.rules[child];
    if (c.kind != RuleKind::CallError) continue;
    if (!renderInto(c.output, Frame{f.topic, child, nullptr, f.locals, f.depth + 1}, out)) return false;
    out.scope = Scope{f.topic, child};
    return true;
  }
  return true;
}

// The knowledge functions (dialog-syntax_full, "Knowledge Management"):
// ALKnowledge's, in the "com.aldebaran.learning" domain, where "?" matches
// anything (ALKnowledge's "*"). The writes are actions, made as the answer
// is said (DialogService::perform): an answer that is not said changes
// nothing. ^containsKnowledge and ^notContainsKnowledge are conditions, as
// ^exist is: false fails the answer's part; ^queryKnowledge says the first
// value found, and fails when there is none.
bool Dialog::Impl::knowledgeFunction(const std::string& name, const std::vector<std::string>& args, Rendered& out) {
  const std::string_view asked = knowledgeMethod(name);
  const std::string method = "ALKnowledge." + std::string(asked);
  const auto fail = [&](const std::string& why) {
    out.failure = actionText({name, args, {}}) + why;
    return false;
  };
  if (args.size() != 3) return fail(": takes a subject, a predicate and an object");
  std::vector<std::string> call{method, std::string(kKnowledgeDomain)};
  for (const auto& a : args) call.push_back(a == "?" && asked != "query" ? "*" : a);
  if (asked == "add" || asked == "update" || asked == "remove") {
    out.actions.push_back({name, args, std::move(call)});
    return true;
  }
  const auto result = options.call ? options.call(method, {call.begin() + 1, call.end()}) : std::nullopt;
  if (!result) return fail(": " + method + " did not answer");
  if (asked == "contains") {
    if ((*result == "true") == (name == "containsKnowledge")) return true;
    return fail(" is false");
  }
  const auto values = nlohmann::json::parse(*result, nullptr, false);
  if (!values.is_array() || values.empty() || !values[0].is_string()) return fail(" knows nothing");
  append(out, values[0].get<std::string>(), values[0].get<std::string>());
  return true;
}

}  // namespace autolife::dialog
