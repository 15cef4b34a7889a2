#include "autolife/dialog/dialog.hpp"

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
