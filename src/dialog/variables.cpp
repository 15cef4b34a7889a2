#include "autolife/dialog/dialog.hpp"
#include "state.hpp"

#include <algorithm>

namespace autolife::dialog {

std::optional<std::string> MapVariables::get(const std::string& name) const {
  for (const auto& [k, v] : values_)
    if (k == name) return v.empty() ? std::nullopt : std::optional(v);
  return std::nullopt;
}
void MapVariables::set(const std::string& name, const std::string& value) {
  for (auto& [k, v] : values_)
    if (k == name) {
      v = value;
      return;
    }
  values_.emplace_back(name, value);
}
void MapVariables::clear(const std::string& name) {
  std::erase_if(values_, [&](const auto& kv) { return kv.first == name; });
}

}  // namespace autolife::dialog

// ---- SpelledVariables ------------------------------------------------------------

namespace autolife::dialog {

namespace {
bool isCapture(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}
}  // namespace

void SpelledVariables::learn(const Topic& topic) {
  for (const auto& r : topic.rules) {
    learn(r.input);
    learn(r.output);
  }
  for (const auto& c : topic.concepts) learn(c.pattern);
  for (const auto& f : topic.functions) learn(f.body);
}

void SpelledVariables::learn(const PatternNode& p) {
  switch (p.kind) {
    case PatternKind::Variable:
    case PatternKind::Condition:
    case PatternKind::Assign:
    case PatternKind::Exist:
      if (!p.text.empty() && !isCapture(p.text)) learn(p.text);
      break;
    default: break;
  }
  for (const auto& c : p.children) learn(c);
}

void SpelledVariables::learn(const OutputNode& n) {
  const bool named = n.kind == OutputKind::Variable || n.kind == OutputKind::Assign || n.kind == OutputKind::Condition;
  if (named && !n.text.empty() && !isCapture(n.text)) learn(n.text);
  for (const auto& c : n.children) learn(c);
}

}  // namespace autolife::dialog
