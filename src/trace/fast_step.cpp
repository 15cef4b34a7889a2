#include "fast_step.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

#include <nlohmann/json.hpp>

namespace autolife::trace::detail {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

// A plain condition value, as core::valueFromJson makes it. False for what
// parseStep refuses or treats apart: objects, integers beyond int64 (which
// simdjson types as unsigned).
bool toValue(element e, core::Value& out) {
  switch (e.type()) {
    case element_type::NULL_VALUE: out = core::Value(); return true;
    case element_type::BOOL: out = e.get_bool().value_unsafe(); return true;
    case element_type::INT64: out = e.get_int64().value_unsafe(); return true;
    case element_type::DOUBLE: out = e.get_double().value_unsafe(); return true;
    case element_type::STRING: out = core::Value(e.get_string().value_unsafe()); return true;
    case element_type::ARRAY: {
      simdjson::dom::array array;
      if (e.get_array().get(array)) return false;
      core::Value::Array items;
      for (element item : array) {
        items.emplace_back();
        if (!toValue(item, items.back())) return false;
      }
      out = core::Value(std::move(items));
      return true;
    }
    case element_type::UINT64:
    case element_type::OBJECT: break;
  }
  return false;
}

// Byte order (std::string's), inline: keys are short.
bool lessBytes(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
  return a.size() < b.size();
}

bool sameBytes(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// {"key": value, ...} into `out`, reusing its strings. parseStep goes
// through nlohmann's std::map, so its keys come sorted (byte order) and a
// repeated key keeps its last value: sorted here too, and a repeated key is
// left to parseStep.
bool keyValues(element e, KeyValues& out) {
  simdjson::dom::object object;
  if (e.get_object().get(object)) return false;
  std::size_t n = 0;
  bool ascending = true;
  std::string_view previous;
  for (auto field : object) {
    const std::string_view key = field.key;
    if (key.empty()) return false;
    if (n > 0 && !lessBytes(previous, key)) ascending = false;
    previous = key;
    if (n == out.size()) out.emplace_back();
    if (!sameBytes(out[n].first, key)) out[n].first.assign(key);  // a trace repeats its keys
    if (!toValue(field.value, out[n].second)) return false;
    ++n;
  }
  out.resize(n);
  return ascending || sortWithoutRepeats(out);
}

}  // namespace

bool sortWithoutRepeats(KeyValues& keyValues) {
  auto less = [](const auto& a, const auto& b) { return lessBytes(a.first, b.first); };
  auto notAfter = [](const auto& a, const auto& b) { return !lessBytes(a.first, b.first); };
  std::sort(keyValues.begin(), keyValues.end(), less);
  return std::adjacent_find(keyValues.begin(), keyValues.end(), notAfter) == keyValues.end();
}

namespace {

// ["key", ...]: non-empty strings.
bool keyList(element e, std::vector<std::string>& out) {
  simdjson::dom::array array;
  if (e.get_array().get(array)) return false;
  out.clear();
  for (element item : array) {
    std::string_view key;
    if (item.get_string().get(key) || key.empty()) return false;
    out.emplace_back(key);
  }
  return true;
}

bool isBlank(const char* line, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i)
    if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r') return false;
  return true;
}

}  // namespace

bool parseStepFast(simdjson::dom::parser& parser, const char* line, std::size_t size, core::Time previous,
                   Step& step) {
  // Escapes are left to nlohmann: its and simdjson's views of unusual
  // escapes (lone surrogates) need not agree.
  if (isBlank(line, size) || std::memchr(line, '\\', size)) return false;
  element root;
  if (parser.parse(line, size, false).get(root)) return false;
  simdjson::dom::object object;
  if (root.get_object().get(object)) return false;

  enum : unsigned { T = 1, Set = 2, Raise = 4, Remove = 8, Declare = 16 };
  unsigned seen = 0;
  double seconds = 0;
  auto once = [&seen](unsigned field) {
    const bool first = !(seen & field);
    seen |= field;
    return first;
  };
  step.preferences.clear();
  for (auto field : object) {
    const std::string_view name = field.key;
    bool ok = false;
    if (name == "t") {
      ok = once(T);
      if (field.value.is_int64()) seconds = static_cast<double>(field.value.get_int64().value_unsafe());
      else if (field.value.is_double()) seconds = field.value.get_double().value_unsafe();
      else ok = false;
    } else if (name == "set") {
      ok = once(Set) && keyValues(field.value, step.set);
    } else if (name == "raise") {
      ok = once(Raise) && keyValues(field.value, step.raise);
    } else if (name == "remove") {
      ok = once(Remove) && keyList(field.value, step.remove);
    } else if (name == "declare") {
      ok = once(Declare) && keyList(field.value, step.declare);
    }
    if (!ok) return false;  // "pref", an unknown field, a repeated one, a bad shape
  }
  if (!(seen & T) || seen == T) return false;
  if (!(seconds >= 0) || seconds > core::kLatestInputSeconds) return false;
  step.time = core::fromSeconds(seconds);
  if (step.time < previous) return false;
  if (!(seen & Set)) step.set.clear();
  if (!(seen & Raise)) step.raise.clear();
  if (!(seen & Remove)) step.remove.clear();
  if (!(seen & Declare)) step.declare.clear();
  return true;
}

}  // namespace autolife::trace::detail
