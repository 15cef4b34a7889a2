// The fastest path of the trace reader (issue 18): a hand-written scanner
// for the line shape a recorded trace is made of,
//   {"t": 0.095, "set": {"p": 0, "x": 4}}
// ("t" with "set" and/or "raise", in any order; keys and strings plain
// printable ASCII; values null, true, false, numbers, strings). Per line it
// costs a fraction of a general JSON parser's setup. Anything else (arrays,
// escapes, non-ASCII bytes, other fields, any doubt) it declines, and the
// reader tries simdjson, then parseStep: like fast_step, it never has to
// reproduce an error message, only agree with parseStep on what it accepts
// (tests/condition/trace_reader_test.cpp and fuzz/trace_fuzzer.cpp check).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "autolife/trace/trace.hpp"

namespace autolife::trace::detail {

// Reads lines of that shape; it remembers the last line's shape (the text
// between its values), so that a line of the same shape, as nearly every
// line of a recorded trace is, costs only the reading of its values.
class StepScanner {
public:
  // True: `step` holds the line's step (its storage reused). False: the line
  // is not one this scanner takes; `step` is then unspecified.
  bool scan(const char* line, std::size_t size, core::Time previous, Step& step);

  enum class Target : std::uint8_t { Time, Set, Raise };
  struct Slot {
    std::string literal;  // the text before the value
    Target target = Target::Time;
    std::uint32_t index = 0;  // in step.set or step.raise
  };
  struct Shape {
    std::vector<Slot> slots;  // the first `count` are the shape's (storage reused)
    std::size_t count = 0;    // 0: no shape known
    std::string tail;         // the text after the last value
    std::vector<std::string> setKeys, raiseKeys;
  };

private:
  bool scanLikeLast(const char* line, std::size_t size, core::Time previous, Step& step);
  bool scanAny(const char* line, std::size_t size, core::Time previous, Step& step);
  void keepShape(bool recorded, const char* tail, const char* end, const Step& step);

  Shape shape_;
};

}  // namespace autolife::trace::detail
