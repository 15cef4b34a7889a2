// The fast path of the trace reader (issue 18): a line parsed with simdjson
// straight into a reused Step. It takes only the common shapes (set, raise,
// remove, declare with plain values; no backslash escapes, no duplicate
// keys, no preferences) and says so when a line is anything else: the caller
// then parses that line with parseStep (nlohmann), which gives the exact
// result or the exact error of the contract. So the fast path never has to
// reproduce an error message, only agree with parseStep on the lines it
// accepts.
#pragma once

#include <cstddef>

#include <simdjson.h>

#include "autolife/trace/trace.hpp"

namespace autolife::trace::detail {

using KeyValues = std::vector<std::pair<std::string, core::Value>>;

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
