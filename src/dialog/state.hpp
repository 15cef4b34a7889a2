// Dialog's state (dialog.cpp: topics, matching, focus; render.cpp: turning a
// rule's output into what is said; functions.cpp: the ^functions; skins.cpp:
// the s: rules applied to answers).
#pragma once

#include <map>
#include <memory>
#include <random>
#include <set>
#include <unordered_map>

#include "autolife/dialog/dialog.hpp"
#include "matcher.hpp"
#include "text.hpp"

namespace autolife::dialog {

struct LoadedTopic {
  Topic topic;
  bool active = false;
  std::vector<bool> said;                     // per rule: a proposal already said
  std::set<std::string, text::NameLess> deactivatedTags;
  std::optional<std::size_t> lastProposal;
  std::vector<std::size_t> proposalHistory;   // proposals said, in order
  std::vector<std::vector<std::string>> required;  // per rule: requiredWords of its input
  std::vector<std::set<std::string>> events;       // per rule: the events its input waits for
  std::vector<std::size_t> skins;                  // its s: rules, in order (skins.cpp)
};

// Where the conversation is: the rule (or proposal) whose subrules are
// reachable now.
struct Scope {
  std::size_t topic = 0;
  std::size_t rule = 0;
};

struct RuleRef {
  std::size_t topic = 0;
  std::size_t rule = 0;
};

// QiChat variables by name without case (decision 1004): a name is the
// variable (the ALMemory key) the loaded topics spelled first.
class SpelledVariables final : public Variables {
public:
  explicit SpelledVariables(Variables& inner) : inner_(inner) {}
  std::string spelling(const std::string& name) const {
    auto it = spellings_.find(text::lower(name));
    return it == spellings_.end() ? name : it->second;
  }
  void learn(const Topic& topic);
  std::optional<std::string> get(const std::string& name) const override { return inner_.get(spelling(name)); }
  void set(const std::string& name, const std::string& value) override { inner_.set(spelling(name), value); }
  void clear(const std::string& name) override { inner_.clear(spelling(name)); }

private:
  void learn(const std::string& name) { spellings_.emplace(text::lower(name), name); }
  void learn(const PatternNode& p);
  void learn(const OutputNode& n);
  Variables& inner_;
  std::map<std::string, std::string> spellings_;  // lower case -> as first written
};

// What rendering an output builds, committed only if the answer is valid.
struct Rendered {
  std::string said, text;
  std::vector<Action> actions;
  std::vector<std::pair<std::string, std::string>> assignments;
  std::vector<std::string> clears;
  std::vector<std::string> bookmarks;
  std::vector<RuleRef> proposalsSaid;
  std::vector<std::tuple<std::size_t, std::string, bool>> tagChanges;  // topic, tag, active
  std::optional<Scope> scope;     // a proposal or rule said through a ^function
  std::optional<std::size_t> focus;
  bool stayInScope = false;
  bool releaseFocus = false;
  bool nothingToSay = false;  // ^topicRandom / ^gotoRandom found no proposal
  std::string failure;  // why the answer cannot be said
  // The rendering this one is part of: an answer reads the variables it
  // assigned before ($name=$1 hi $name), decision 1002.
  const Rendered* outer = nullptr;
  const std::string* assigned(const std::string& name) const;  // the latest value assigned, or null
};

// The values an output sees: its rule's captures, a def:'s parameters.
struct Frame {
  std::size_t topic = 0;
  std::size_t rule = 0;
  const std::vector<std::string>* captures = nullptr;
  const std::map<std::string, std::string>* locals = nullptr;
  int depth = 0;
};

struct ConceptEntry {
  PatternNode pattern;
  OutputNode output;
  std::vector<std::string> items;  // dynamic concepts: their phrases
  bool dynamic = false;
};

struct Dialog::Impl {
  Impl(Variables& v, DialogOptions o) : variables(v), options(std::move(o)), rng(options.seed) {}

  SpelledVariables variables;
  DialogOptions options;
  std::mt19937_64 rng;
  std::string language = "English";
  std::vector<std::unique_ptr<LoadedTopic>> topics;  // load order; null when unloaded
  std::optional<std::size_t> focus;
  std::optional<Scope> scope;
  std::map<std::pair<std::string, std::string>, ConceptEntry> dynamicConcepts;  // (language, lower-case name)
  // (language, lower-case name) -> a static concept: topics' first, then the
  // lexicon's, for every language in indexedLanguages. Rebuilt after a topic
  // is loaded or unloaded.
  std::map<std::pair<std::string, std::string>, const ConceptDefinition*, std::less<>> conceptIndex;
  std::set<std::string> indexedLanguages;
  bool conceptIndexValid = false;
  Work work;  // of the input or request being answered (Explanation::work)
  std::unordered_map<std::string, std::vector<RuleRef>> byKeyWord;  // candidates(): the rule index
  std::vector<RuleRef> withoutKeyWord;
  bool ruleIndexValid = false;
  std::map<const void*, std::size_t> cursors;  // sequential choices and concepts said in turn
  std::vector<std::string> recentEvents;
  std::map<int, std::map<std::string, std::string>> userData;
  double threshold = 0.5;
  int notUnderstoodInARow = 0;
  int failuresInARow = 0;  // not understood or answered by a fallback, in a row (Dialog/Failure)
  bool fellBack = false;   // the last respond raised Dialog/Fallback
  std::optional<RuleRef> lastRule;       // committed last
  std::optional<RuleRef> lastTriggered;  // answered the last input or event (Dialog/SameRule)
  int renderDepth = 0;
  std::size_t renders = 0;  // by the answer being rendered (render.cpp: kMaxRenders)
  std::vector<RuleRef> saying;  // the proposals (and rules) being rendered, innermost last
  bool keptFocus = false;  // the last commit left the focus on a ^keepFocus topic

  // dialog.cpp
  LoadedTopic* find(const std::string& name, const std::string& lang);
  std::optional<std::size_t> indexOf(const std::string& name) const;  // current language
  bool usable(std::size_t topic) const;  // loaded, active, current language
  const PatternNode* conceptPattern(const std::string& name, const std::string& lang);
  const ConceptEntry* conceptEntry(const std::string& name, const std::string& lang);
  // A static concept of a loaded topic in `lang`, else of its lexicon.
  const ConceptDefinition* staticConcept(const std::string& name, const std::string& lang);
  void setConceptItems(const std::string& lang, const std::string& name, const std::vector<std::string>& items);
  Reply respond(const MatchInput& input, const std::string& shown);
  // Answers the qiChat event `key` (Dialog/SpeakFailure...) adds to a reply.
  bool answerEvent(const std::string& key, Reply& reply);
  void sameRuleAgain(Reply& reply);
  void countFailure(bool failed, Reply& reply);
  void afterAnswer(Reply& reply);
  bool tryRule(RuleRef ref, const Match& m, Reply& reply);
  Answer commit(RuleRef ref, Rendered&& r);
  void learn(const MatchInput& input, Reply& reply);
  void resetOnFocus(std::size_t topic);
  MatchContext context(const std::string& lang);
  std::vector<RuleRef> candidates(const std::vector<std::string>& words);
  Reply speakOnOwn(const std::function<bool(Rendered&)>& render, const std::string& what);

  // render.cpp
  bool render(const OutputNode& n, const Frame& f, Rendered& out);
  bool renderGroup(const OutputNode& n, const Frame& f, Rendered& out);
  // `how`: "rand", "first"... instead of the choice's own (^rand~concept).
  bool renderChoice(const OutputNode& n, const Frame& f, Rendered& out, std::string_view how = {});
  bool renderInto(const OutputNode& n, const Frame& f, Rendered& out);  // all or nothing
  std::optional<std::string> valueOf(const OutputNode& n, const Frame& f, Rendered& out);
  std::optional<std::string> variable(const std::string& name, const Frame& f, const Rendered* out = nullptr) const;
  bool sayRule(RuleRef ref, const Frame& caller, Rendered& out, bool markSaid);
  void newAnswer();                                  // before rendering an answer
  bool withinRenderBudget(Rendered& out) const;      // after: false, with the failure, when spent
  std::vector<std::size_t> sayingNow(std::size_t topic, const Rendered* pending) const;
  std::optional<RuleRef> findTag(std::size_t topic, const std::string& tag, bool onlyActive,
                                 const Rendered* pending = nullptr);
  std::optional<std::size_t> nextProposalIn(std::size_t topic, const Rendered* pending = nullptr);
  static void append(Rendered& out, const std::string& said, const std::string& shown);

  // skins.cpp: the s: rules of the active topics, applied to an answer
  void applySkins(Answer& answer);
  void applySkin(const OutputNode& change, Answer& answer, bool characters);

  // functions.cpp
  bool function(const OutputNode& n, const Frame& f, Rendered& out);
  struct CallExpression {
    std::string method;
    std::vector<std::string> args;
  };
  CallExpression callExpression(const OutputNode& n, const Frame& f, Rendered& out);
  bool callFunction(const OutputNode& n, const Frame& f, Rendered& out);
  bool knowledgeFunction(const std::string& name, const std::vector<std::string>& args, Rendered& out);
};

}  // namespace autolife::dialog
