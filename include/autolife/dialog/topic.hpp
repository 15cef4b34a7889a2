// A QiChat topic as read from a `.top` file (NAOqi 2.5-2.8's language, the
// SDK's dialog-syntax_full): its header, concepts, functions and rules, as a
// tree the matcher and the answer renderer walk. Parsing never throws: a
// broken topic comes back as problems at file:line:column (docs/dialog.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/problem.hpp"

namespace autolife::dialog {

struct Where {
  int line = 0;
  int column = 0;
};

// What a person may say (a rule's input, a concept's items).
enum class PatternKind : std::uint8_t {
  Word,       // text: one normalised word
  Sequence,   // children in order (a rule's input, a "phrase")
  Choice,     // [a b "c d"]: one of the children
  Optional,   // {a b}: one of the children, or nothing
  Concept,    // ~name
  Wildcard,   // *: one word or more
  Capture,    // _x: children[0], its words become $1, $2...
  Forbidden,  // !word: the next word is not `text`
  Condition,  // $name op value: no words, holds or not
  Assign,     // $name=value inside a concept: set when the input matches
  Variable,   // $name: the variable's value, as words
  Event,      // e:Key: the input is that event (or it was raised just before)
  Exist,      // ^exist(name) / ^notExist(name) (value "0"): a condition
  Empty,      // ^empty: matches no words (text "%tag": a tag of the rule)
  Repeat,     // ^repeat[a b c]: one to ten of the children, any order
};

struct PatternNode {
  PatternKind kind = PatternKind::Sequence;
  std::string text;   // word, concept, variable or event name
  std::string op;     // Condition: == != <> < > <= >=
  std::string value;  // Condition / Assign value
  std::vector<PatternNode> children;
  Where at;
};

// What the robot says.
enum class OutputKind : std::uint8_t {
  Text,       // text: words and punctuation as written
  SpeechTag,  // text: a `\tag=value\` kept as is
  Group,      // children in order ("quoted" parts, a whole answer)
  Choice,     // [..]: op "" (in turn), "rand", "first", "firstOptional"
  Optional,   // {..}: one child at random, or nothing
  Variable,   // $name (or $1 when text is a number: a capture)
  Assign,     // $name=value: children[0] the value
  Condition,  // $name op value
  Concept,    // ~name: one of its phrases
  Function,   // ^name(args): text the name, args the raw arguments, children their parsed forms
  Bookmark,   // %name
};

struct OutputNode {
  OutputKind kind = OutputKind::Group;
  std::string text;
  std::string op;
  std::string value;
  std::vector<std::string> args;  // Function: raw arguments, trimmed
  bool hasArgs = false;           // ^name(...) rather than ^name
  std::vector<OutputNode> children;
  Where at;
};

enum class RuleKind : std::uint8_t {
  User,       // u: / uN:
  Proposal,   // proposal:
  CallResult, // cN: the result of a ^call
  CallError,  // eN: a ^call that failed
  Learning,   // l: matched beside the other rules
  Skin,       // s: applied to answers
};

struct Rule {
  RuleKind kind = RuleKind::User;
  int level = 0;             // 0 for u:, proposal:, l:, s:; N for uN:, cN:, eN:
  bool isPrivate = false;    // u:^private(...)
  bool lessPriority = false; // ^lessPriority in the input
  bool recover = false;      // after `recover:`: tried after every topic's main section
  PatternNode input;         // User, CallResult, Learning, Skin
  OutputNode output;         // a Group
  std::vector<std::string> tags;          // %tags in its output
  std::vector<std::string> inputTags;     // %tags in its input: deactivated, the rule does not match
  std::optional<std::size_t> parent;      // index in Topic::rules
  std::vector<std::size_t> children;      // subrules, in order
  Where at;
  std::string sourceLine;    // the rule's first line, for explain
};

struct ConceptDefinition {
  std::string name;
  bool dynamic = false;
  PatternNode pattern;  // a Choice of its items when written [..]
  OutputNode output;    // the same text read as something to say
  bool outputOnly = false;  // holds speech tags or functions only an answer can have
  Where at;
};

struct FunctionDefinition {
  std::string name;
  std::vector<std::string> parameters;  // without '$'
  OutputNode body;
  Where at;
};

struct Topic {
  std::string file;
  std::string name;       // without '~'
  std::string language;   // "English", "French"... (codes like enu are mapped)
  std::vector<std::string> properties;  // noPick, fallback, keepFocus... (without '^')
  std::vector<std::string> includes;
  std::string description;
  std::string overload;
  std::vector<ConceptDefinition> concepts;
  std::vector<FunctionDefinition> functions;
  std::vector<Rule> rules;  // file order; subrules after their parent
  Where at;

  bool hasProperty(std::string_view property) const;
};

struct ParseResult {
  std::optional<Topic> topic;          // none when there is an error
  std::vector<core::Problem> problems; // errors and warnings, in file order
};

// Limits that bound the work a topic can cause.
inline constexpr std::size_t kMaxTopicBytes = 4 * 1024 * 1024;
inline constexpr int kMaxNesting = 64;

// A topic without a `language:` line (QiSDK's) is in its file's language
// (greet_enu.top, res/raw-fr/greet.top), else `fallbackLanguage` (chat's
// --language, ALDialog's current language), else English.
ParseResult parseTopic(std::string_view text, const std::string& file, std::string_view fallbackLanguage = {});
ParseResult loadTopicFile(const std::string& path, std::string_view fallbackLanguage = {});
std::string defaultTopicLanguage(const std::string& file, std::string_view fallbackLanguage);

// The languages of NAOqi's dialog (languages.cpp): "enu", "en_US",
// "English" -> "English"; "" when unknown.
std::string languageName(std::string_view codeOrName);
// "English" -> "enu" (as Choregraphe's .dlg and file names write it).
std::string languageCode(std::string_view name);
// "English" -> "en_US" (as manifests and .pml files write it).
std::string languageLocale(std::string_view name);
// Every language's name, English first.
const std::vector<std::string>& languageNames();
// The language a file's name or folder gives (greet_enu.top, raw-fr/); "" when none.
std::string languageOfPath(std::string_view path);
// autolife has NAOqi's lexicon (~yes, ~no...) of this language built in:
// those the SDK documents, English, French and Japanese.
bool hasBuiltInLexicon(const std::string& language);
// Japanese and Chinese are written without spaces: matched on characters.
bool matchesOnCharacters(std::string_view language);

}  // namespace autolife::dialog
