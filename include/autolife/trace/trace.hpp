// The JSON Lines trace format of `autolife eval` (REFERENCE §3): one step
// per line, times non-decreasing, each step applied as one evaluation point.
//   {"t": 1.5, "set": {"key": <value>, ...}}   {"t": 2, "raise": {"event": <value>}}
//   {"t": 3, "remove": ["key", ...]}            {"t": 0, "declare": ["key", ...]}
//   {"t": 0, "pref": {"domain": {"setting": "string"}}}
// A line may combine several actions; they apply in the order declare, pref,
// set, remove, raise. Blank lines are skipped.
#pragma once

#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autolife/core/preferences.hpp"
#include "autolife/core/time.hpp"
#include "autolife/core/value.hpp"
#include "autolife/memory/memory.hpp"

namespace autolife::trace {

struct PreferenceWrite {
  std::string domain;
  std::string setting;
  std::string value;
};

struct Step {
  core::Time time{0};
  std::vector<std::string> declare;
  std::vector<PreferenceWrite> preferences;
  std::vector<std::pair<std::string, core::Value>> set;
  std::vector<std::string> remove;
  std::vector<std::pair<std::string, core::Value>> raise;
};

// A bad line: `line` is 1-based.
class TraceError : public std::runtime_error {
public:
  TraceError(int line, const std::string& message)
      : std::runtime_error("line " + std::to_string(line) + ": " + message), line_(line) {}
  int line() const { return line_; }

private:
  int line_;
};

// Parses one line (without its newline). `previous` is the time of the step
// before, to enforce non-decreasing times. Returns nothing for a blank line.
std::optional<Step> parseStep(const std::string& line, int lineNumber, core::Time previous);

// Reads steps one at a time from a stream.
class Reader {
public:
  explicit Reader(std::istream& in) : in_(in) {}
  std::optional<Step> next();  // nothing at the end; TraceError on a bad line
  int lineNumber() const { return line_; }

private:
  std::istream& in_;
  int line_ = 0;
  core::Time last_{0};
};

// Applies a step: preferences first, then the memory writes as one batch.
void apply(const Step& step, memory::Memory& memory, core::InMemoryPreferences* preferences);

}  // namespace autolife::trace
