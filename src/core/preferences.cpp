#include "autolife/core/preferences.hpp"

namespace autolife::core {

std::optional<std::string> InMemoryPreferences::preference(std::string_view domain, std::string_view setting) const {
  std::lock_guard lock(mutex_);
  auto it = values_.find(std::make_pair(std::string(domain), std::string(setting)));
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

void InMemoryPreferences::set(const std::string& domain, const std::string& setting, std::string value) {
  {
    std::lock_guard lock(mutex_);
    values_[{domain, setting}] = std::move(value);
  }
  changed(domain, setting);
}

void InMemoryPreferences::remove(const std::string& domain, const std::string& setting) {
  bool erased;
  {
    std::lock_guard lock(mutex_);
    erased = values_.erase({domain, setting}) > 0;
  }
  if (erased) changed(domain, setting);
}

}  // namespace autolife::core
