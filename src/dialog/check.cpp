#include "autolife/dialog/check.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include "autolife/dialog/topic.hpp"
#include "includes.hpp"
#include "lexicon.hpp"
#include "text.hpp"

namespace autolife::dialog {

namespace {

// Every function the dialog engine runs (functions.cpp) or accepts.
const std::set<std::string, std::less<>>& knownFunctions() {
  static const std::set<std::string, std::less<>> names = {
      "start", "stop", "run", "wait", "startTag", "stopTag", "runTag", "waitTag", "runSound", "startSound",
      "stopSound", "waitSound", "mode", "play", "empty", "break", "frequency", "keepFocus", "noPick", "lessPriority",
      "exact", "switchFocus", "pCall", "runBehavior", "call", "sCall", "nextProposal", "sameProposal", "previousProposal", "goto",
      "gotoReactivate", "enableThenGoto", "gotoRandom", "topicTag", "topicTagReactivate", "topic", "topicRandom",
      "activate", "deactivate", "stayInScope", "releaseFocus", "clear", "exist", "notExist", "concatenate",
      "addToConcept", "removeFromConcept", "clearConcept", "isInConcept", "size", "enumerate", "currentTime",
      "currentDate", "currentDateTime", "endOfWeek", "getUserInfo", "setUserInfo", "removeUserInfo", "hasUserInfo",
      "private", "rand", "first", "firstOptional", "repeat", "replace", "addword", "addKnowledge", "updateKnowledge",
      "removeKnowledge", "containsKnowledge", "notContainsKnowledge", "queryKnowledge"};
  return names;
}

constexpr std::string_view kTagFunctions[] = {"goto", "gotoReactivate", "enableThenGoto", "gotoRandom", "activate", "deactivate"};

// One topic's spellings of each name: the first one seen, and whether a
// second was reported (once per name, issue 34).
class Spellings {
public:
  explicit Spellings(std::string what) : what_(std::move(what)) {}
  // The warning's message when `name` is a second spelling, "" otherwise.
  std::string see(const std::string& prefix, const std::string& name, Where at) {
    auto [it, first] = seen_.try_emplace(text::lower(name), First{prefix + name, at});
    if (first || it->second.spelling == prefix + name || !warned_.insert(it->first).second) return {};
    return prefix + name + " is written " + it->second.spelling + " at line " + std::to_string(it->second.at.line) +
           ": QiChat compares names without case, they are one " + what_;
  }

private:
  struct First {
    std::string spelling;
    Where at;
  };
  std::string what_;
  std::map<std::string, First> seen_;
  std::set<std::string> warned_;
};

struct Checker {
  Checker(const Topic& t, const std::set<std::string>& c, std::vector<core::Problem>& o) : topic(t), concepts(c), out(o) {}
  const Topic& topic;
  const std::set<std::string>& concepts;  // lower case
  std::vector<core::Problem>& out;
  std::set<std::string> tags;              // lower case
  std::set<std::string> functions;
  Spellings conceptSpellings{"concept"}, tagSpellings{"tag"}, variableSpellings{"variable"};
  bool missedLexicon = false;  // a concept perhaps of the robot's lexicon in this language
  bool inSkin = false;         // the output being checked is an s: rule's

  void problem(bool error, Where w, const std::string& message) {
    core::Diagnostic d{topic.file, w.line, w.column, message, {}};
    out.push_back(error ? core::error(d) : core::warning(d));
  }
  void spelled(Spellings& spellings, const std::string& prefix, const std::string& name, Where w) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return;  // $1: a capture
    if (auto message = spellings.see(prefix, name, w); !message.empty()) problem(false, w, message);
  }
  void conceptUsed(const std::string& name, Where w) {
    spelled(conceptSpellings, "~", name, w);
    if (concepts.contains(text::lower(name))) return;
    if (lexicon(topic.language)) {
      problem(true, w, "undefined concept ~" + name + " (not in this topic nor in the " + topic.language + " lexicon)");
      return;
    }
    // Perhaps the robot's lexicon's: autolife has none in this language.
    problem(false, w, "undefined concept ~" + name + " (not in this topic; autolife has no " + topic.language + " lexicon)");
    missedLexicon = true;
  }
  void pattern(const PatternNode& p) {
    if (p.kind == PatternKind::Concept) conceptUsed(p.text, p.at);
    if (p.kind == PatternKind::Variable || p.kind == PatternKind::Condition || p.kind == PatternKind::Assign ||
        p.kind == PatternKind::Exist)
      spelled(variableSpellings, "$", p.text, p.at);
    if (p.kind == PatternKind::Empty && p.text.starts_with("%")) spelled(tagSpellings, "%", p.text.substr(1), p.at);
    for (const auto& c : p.children) pattern(c);
  }
  void tagFunction(const OutputNode& n) {
    // ^goto($face), ^gotoReactivate($1): the tag is known when it runs.
    if (n.args.empty() || n.args[0].find('$') != std::string::npos) return;
    spelled(tagSpellings, "%", n.args[0], n.at);
    if (!tags.contains(text::lower(n.args[0])))
      problem(false, n.at, "^" + n.text + "(" + n.args[0] + "): no %" + n.args[0] + " in this topic: the answer cannot be said");
  }
  void output(const OutputNode& n) {
    if (n.kind == OutputKind::Concept) conceptUsed(n.text, n.at);
    if (n.kind == OutputKind::Variable || n.kind == OutputKind::Assign || n.kind == OutputKind::Condition)
      spelled(variableSpellings, "$", n.text, n.at);
    if (n.kind == OutputKind::Bookmark) spelled(tagSpellings, "%", n.text, n.at);
    if (n.kind == OutputKind::Function) {
      if (!knownFunctions().contains(n.text) && !functions.contains(n.text))
        problem(false, n.at, "^" + n.text + " is not a function autolife runs: an answer using it cannot be said");
      if ((n.text == "replace" || n.text == "addword") && !inSkin)
        problem(false, n.at, "^" + n.text + " changes answers only in a skin (s:): this answer cannot be said");
      if (std::find(std::begin(kTagFunctions), std::end(kTagFunctions), n.text) != std::end(kTagFunctions)) tagFunction(n);
      if (n.text == "addToConcept" || n.text == "removeFromConcept" || n.text == "clearConcept") return;
      for (std::size_t i = 0; i < n.children.size(); ++i)
        if (i >= n.args.size() || !n.args[i].starts_with("~")) output(n.children[i]);
        else conceptUsed(n.args[i].substr(1), n.at);
      return;
    }
    for (const auto& c : n.children) output(c);
  }
  void run() {
    for (const auto& r : topic.rules)
      for (const auto& t : r.tags) tags.insert(text::lower(t));
    for (const auto& f : topic.functions) functions.insert(f.name);
    for (const auto& c : topic.concepts) spelled(conceptSpellings, "~", c.name, c.at);
    for (const auto& c : topic.concepts)
      if (!c.dynamic) output(c.output);
    for (const auto& f : topic.functions) output(f.body);
    for (const auto& r : topic.rules) {
      pattern(r.input);
      inSkin = r.kind == RuleKind::Skin;
      output(r.output);
      inSkin = false;
      if (r.kind == RuleKind::Proposal && r.level > 0) problem(false, r.at, "a proposal is never a subrule");
    }
    for (const auto& p : topic.properties)
      if (p != "noPick" && p != "noStay" && p != "keepFocus" && p != "fallback" && p != "preProcess" &&
          p != "postProcess" && p != "preProcessReplace" && p != "resetOnFocus" && p != "notInEmbeddedASR")
        problem(false, topic.at, "unknown topic property ^" + p);
  }
};

}  // namespace

std::vector<core::Problem> checkTopics(const std::vector<std::string>& paths) {
  std::vector<core::Problem> problems;
  std::vector<Topic> topics;
  std::vector<std::string> queue = paths;  // included files join the check
  std::set<std::string> seen;
  for (std::size_t i = 0; i < queue.size() && i < 256; ++i) {
    if (!seen.insert(std::filesystem::weakly_canonical(queue[i]).string()).second) continue;
    ParseResult r = loadTopicFile(queue[i]);
    problems.insert(problems.end(), r.problems.begin(), r.problems.end());
    if (!r.topic) continue;
    for (const auto& include : r.topic->includes) {
      const std::filesystem::path file = findInclude(queue[i], include);
      if (!file.empty()) queue.push_back(file.string());
      else if (!isLexiconInclude(include))
        problems.push_back(core::error({queue[i], r.topic->at.line, r.topic->at.column,
                                        "include: " + include + " is neither next to the topic nor in its package", {}}));
    }
    topics.push_back(std::move(*r.topic));
  }
  std::set<std::string> noted;  // languages without a lexicon, said once
  for (const Topic& t : topics) {
    std::set<std::string> concepts;
    for (const Topic& other : topics)
      if (other.language == t.language)
        for (const auto& c : other.concepts) concepts.insert(text::lower(c.name));
    if (const Topic* lex = lexicon(t.language))
      for (const auto& c : lex->concepts) concepts.insert(text::lower(c.name));
    Checker checker(t, concepts, problems);
    checker.run();
    const bool includesLexicon = std::any_of(t.includes.begin(), t.includes.end(), isLexiconInclude);
    if ((checker.missedLexicon || includesLexicon) && !lexicon(t.language) && noted.insert(t.language).second)
      problems.push_back(core::warning({t.file, t.at.line, t.at.column,
                                        "note: autolife has no built-in " + t.language +
                                            " lexicon (NAOqi documents English, French and Japanese ones): concepts of "
                                            "the robot's lexicon_" + languageCode(t.language) + ".top are unknown here",
                                        {}}));
  }
  return problems;
}

}  // namespace autolife::dialog
