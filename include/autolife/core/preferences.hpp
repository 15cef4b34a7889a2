// Where pref("domain", "setting") reads from. The engine provides it: an
// in-memory store for `autolife eval` and tests; ALPreferenceManager (SQLite)
// in a running service.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "autolife/core/signal.hpp"

namespace autolife::core {

class PreferenceSource {
public:
  virtual ~PreferenceSource() = default;
  // The stored string, or nothing when the setting does not exist.
  virtual std::optional<std::string> preference(std::string_view domain, std::string_view setting) const = 0;
  // Fired after a setting is added, updated or removed: (domain, setting).
  Signal<const std::string&, const std::string&> changed;
};

class InMemoryPreferences final : public PreferenceSource {
public:
  std::optional<std::string> preference(std::string_view domain, std::string_view setting) const override;
  void set(const std::string& domain, const std::string& setting, std::string value);
  void remove(const std::string& domain, const std::string& setting);

private:
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, std::string>, std::string, std::less<>> values_;
};

}  // namespace autolife::core
