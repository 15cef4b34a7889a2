// Does a pattern cover the whole of what was said? Backtracking over the
// pattern tree with continuations; a step budget bounds the work any
// pattern and input can cause (a wildcard-heavy rule against a long
// sentence fails rather than hangs).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "autolife/dialog/dialog.hpp"
#include "autolife/dialog/topic.hpp"

namespace autolife::dialog {

struct MatchInput {
  std::vector<std::string> words;        // normalised: what patterns compare with
  std::vector<std::string> original;     // the same words as said (captures keep their case)
  std::string event;                    // the event this input is, or ""
  std::string eventValue;               // its value: what a lone `_` captures
  std::vector<std::string> recentEvents;  // raised since the last input ("e:Key sentence")
  std::string onlyTopic;                 // an event for this topic's rules alone, or ""
};

struct Match {
  std::vector<std::string> captures;  // $1, $2...
  std::vector<std::pair<std::string, std::string>> assignments;  // from concepts' $name=value
  int score = 0;                      // words matched by the pattern's own words
};

// How the matcher finds concepts and variables. Neither changes while a
// match runs: each ~concept, $variable and condition of the pattern is
// looked up once per match, so a step costs the same whatever the names
// and values (a step is one node tried, or one end a wildcard tries).
struct MatchContext {
  std::function<const PatternNode*(const std::string& name)> findConcept;
  const Variables* variables = nullptr;
  bool characters = false;
  std::size_t* steps = nullptr;  // adds the steps every match takes (Work::matchSteps)
};

inline constexpr std::size_t kMaxMatchSteps = 200000;
inline constexpr std::size_t kMaxInputWords = 256;

std::optional<Match> match(const PatternNode& pattern, const MatchInput& input, const MatchContext& context);

// Words every input matching `pattern` contains (a quick filter).
std::vector<std::string> requiredWords(const PatternNode& pattern);

// A condition `$name op value` over variables (numbers compare as numbers).
bool holds(const std::optional<std::string>& actual, const std::string& op, const std::string& value);

}  // namespace autolife::dialog
