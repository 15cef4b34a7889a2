// The JSON Lines trace format of `autolife eval` (REFERENCE §3): one step
// per line, times non-decreasing, each step applied as one evaluation point.
//   {"t": 1.5, "set": {"key": <value>, ...}}   {"t": 2, "raise": {"event": <value>}}
//   {"t": 3, "remove": ["key", ...]}            {"t": 0, "declare": ["key", ...]}
//   {"t": 0, "pref": {"domain": {"setting": "string"}}}
// A line may combine several actions; they apply in the order declare, pref,
// set, remove, raise. Blank lines are skipped.
#pragma once

#include <istream>
#include <memory>
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

// Reads steps one at a time from a stream or a file descriptor, in large
// blocks, memory bounded by the longest line (a 10 GB trace streams). Lines
// of the common shapes are parsed by a hand scanner or simdjson, the others
// (and every bad line, for its exact error) with parseStep.
class Reader {
public:
  explicit Reader(std::istream& in);
  // Reads `fd` (a file, a pipe) with read(2); it is not closed. A pipe's
  // lines are processed as they arrive.
  explicit Reader(int fd);
  ~Reader();
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  std::optional<Step> next();  // nothing at the end; TraceError on a bad line
  // The same into `step`, reusing its storage (no allocation per line once
  // warm); false at the end.
  bool next(Step& step);
  int lineNumber() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Applies a step: preferences first, then the memory writes as one batch.
void apply(const Step& step, memory::Memory& memory, core::InMemoryPreferences* preferences);
// The same, moving the step's values into memory (`step` keeps its keys)
// and with the caller's scratch vector for the writes: no allocation.
void apply(Step& step, memory::Memory& memory, core::InMemoryPreferences* preferences,
           std::vector<memory::Write>& writes);

}  // namespace autolife::trace
