// The fast path of the trace reader (issue 18): a line parsed with simdjson
// straight into a reused Step. It takes only the common shapes (set, raise,
// remove, declare with plain values; no backslash escapes, no duplicate
// keys, no preferences) and says so when a line is anything else: the caller
// then parses that line with parseStep (nlohmann), which gives the exact
// result or the exact error of the contract. So the fast path never has to
// reproduce an error message, only agree with parseStep on the lines it
// accepts.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include <simdjson.h>

#include "autolife/trace/trace.hpp"

namespace autolife::trace::detail {

using KeyValues = std::vector<std::pair<std::string, core::Value>>;

// Replaces `to` with `from` unless it holds that value already: a trace
// repeats most of its values from one line to the next, and a Value's move
// is a visit of its variant. (Floats compare by their bits: -0.0 is not 0.0
// here.)
[[gnu::always_inline]] inline void replaceValue(core::Value& to, core::Value&& from) {
  if (to.type() == from.type()) {
    switch (to.type()) {
      case core::Value::Type::Invalid: return;
      case core::Value::Type::Bool:
        if (to.asBool() == from.asBool()) return;
        break;
      case core::Value::Type::Int:
        if (to.asInt() == from.asInt()) return;
        break;
      case core::Value::Type::Float:
        if (std::bit_cast<std::uint64_t>(to.asFloat()) == std::bit_cast<std::uint64_t>(from.asFloat())) return;
        break;
      default: break;
    }
  }
  to = std::move(from);
}

// Sorts keys in byte order, as parseStep's nlohmann map has them; false when
// a key repeats (parseStep keeps its last value: left to parseStep).
bool sortWithoutRepeats(KeyValues& keyValues);

// `line` must have simdjson::SIMDJSON_PADDING readable bytes after `size`.
// True: `step` holds the line's step (its previous contents replaced, its
// storage reused). False: the line is not one the fast path takes (blank
// lines included); `step` is then unspecified.
bool parseStepFast(simdjson::dom::parser& parser, const char* line, std::size_t size, core::Time previous,
                   Step& step);

}  // namespace autolife::trace::detail
