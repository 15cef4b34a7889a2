#include "autolife/dialog/check.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "autolife/dialog/topic.hpp"
#include "lexicon.hpp"

namespace autolife::dialog {

namespace {

// Every function the dialog engine runs (functions.cpp) or accepts.
const std::set<std::string, std::less<>>& knownFunctions() {
  static const std::set<std::string, std::less<>> names = {
      "start", "stop", "run", "wait", "startTag", "stopTag", "runTag", "waitTag", "runSound", "startSound",
      "stopSound", "waitSound", "mode", "play", "empty", "break", "frequency", "keepFocus", "noPick", "lessPriority",
      "exact", "switchFocus", "pCall", "call", "sCall", "nextProposal", "sameProposal", "previousProposal", "goto",
      "gotoReactivate", "enableThenGoto", "gotoRandom", "topicTag", "topicTagReactivate", "topic", "topicRandom",
      "activate", "deactivate", "stayInScope", "releaseFocus", "clear", "exist", "notExist", "concatenate",
      "addToConcept", "removeFromConcept", "clearConcept", "isInConcept", "size", "enumerate", "currentTime",
      "currentDate", "currentDateTime", "endOfWeek", "getUserInfo", "setUserInfo", "removeUserInfo", "hasUserInfo",
      "private", "rand", "first", "firstOptional", "repeat"};
  return names;
}

constexpr std::string_view kTagFunctions[] = {"goto", "gotoReactivate", "enableThenGoto", "gotoRandom", "activate", "deactivate"};

struct Checker {
  const Topic& topic;
  const std::set<std::string>& concepts;
  std::vector<core::Problem>& out;
  std::set<std::string> tags;
  std::set<std::string> functions;

  void problem(bool error, Where w, const std::string& message) {
    core::Diagnostic d{topic.file, w.line, w.column, message, {}};
    out.push_back(error ? core::error(d) : core::warning(d));
  }
  void conceptUsed(const std::string& name, Where w) {
    if (!concepts.contains(name)) problem(true, w, "undefined concept ~" + name + " (not in this topic nor in the " + topic.language + " lexicon)");
  }
  void pattern(const PatternNode& p) {
    if (p.kind == PatternKind::Concept) conceptUsed(p.text, p.at);
    for (const auto& c : p.children) pattern(c);
  }
  void output(const OutputNode& n) {
    if (n.kind == OutputKind::Concept) conceptUsed(n.text, n.at);
    if (n.kind == OutputKind::Function) {
      if (!knownFunctions().contains(n.text) && !functions.contains(n.text))
        problem(false, n.at, "^" + n.text + " is not a function autolife runs: an answer using it cannot be said");
      // ^goto($face), ^gotoReactivate($1): the tag is known when it runs.
      if (std::find(std::begin(kTagFunctions), std::end(kTagFunctions), n.text) != std::end(kTagFunctions) &&
          !n.args.empty() && !tags.contains(n.args[0]) && n.args[0].find('$') == std::string::npos)
        problem(true, n.at, "^" + n.text + "(" + n.args[0] + "): no %" + n.args[0] + " in this topic");
      if (n.text == "addToConcept" || n.text == "removeFromConcept" || n.text == "clearConcept") return;
      for (std::size_t i = 0; i < n.children.size(); ++i)
        if (i >= n.args.size() || !n.args[i].starts_with("~")) output(n.children[i]);
        else conceptUsed(n.args[i].substr(1), n.at);
      return;
    }
    for (const auto& c : n.children) output(c);
  }
  void run() {
    for (const auto& r : topic.rules) tags.insert(r.tags.begin(), r.tags.end());
    for (const auto& f : topic.functions) functions.insert(f.name);
    for (const auto& c : topic.concepts)
      if (!c.dynamic) output(c.output);
    for (const auto& f : topic.functions) output(f.body);
    for (const auto& r : topic.rules) {
      pattern(r.input);
      output(r.output);
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
      const std::filesystem::path file = std::filesystem::path(queue[i]).parent_path() / include;
      if (std::filesystem::exists(file)) queue.push_back(file.string());
      else if (!std::filesystem::path(include).filename().string().starts_with("lexicon"))
        problems.push_back(core::error({queue[i], r.topic->at.line, r.topic->at.column,
                                        "include: " + include + " is not next to the topic", {}}));
    }
    topics.push_back(std::move(*r.topic));
  }
  for (const Topic& t : topics) {
    std::set<std::string> concepts;
    for (const Topic& other : topics)
      if (other.language == t.language)
        for (const auto& c : other.concepts) concepts.insert(c.name);
    if (const Topic* lex = lexicon(t.language))
      for (const auto& c : lex->concepts) concepts.insert(c.name);
    Checker{t, concepts, problems, {}, {}}.run();
  }
  return problems;
}

}  // namespace autolife::dialog
