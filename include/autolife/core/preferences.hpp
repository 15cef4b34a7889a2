// Where pref("domain", "setting") reads from, and ALPreferenceManager's
// settings. `PreferenceStore` keeps them in memory (`autolife eval`,
// `simulate`, tests); the store module's `StoredPreferences` also commits
// each change to SQLite before it becomes visible (`autolife serve`).
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

// A change that could not be made durable (disk full, unwritable or broken
// database): nothing changed, and the caller is told why.
class StorageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// One setting's new state: a value, or nothing when it is removed.
struct PreferenceChange {
  std::string domain;
  std::string setting;
  std::optional<std::string> value;
};

class PreferenceStore : public PreferenceSource {
public:
  std::optional<std::string> preference(std::string_view domain, std::string_view setting) const override;
  // Each write is all or nothing: it throws StorageError when persist()
  // refuses it, and then no setting changed and no signal fired.
  // true when the setting is new, false when it replaced a value.
  bool set(const std::string& domain, const std::string& setting, std::string value);
  // Several settings at once (setValues): one per entry, same meaning.
  std::vector<bool> set(const std::vector<PreferenceChange>& settings);
  // true when the setting existed.
  bool remove(const std::string& domain, const std::string& setting);
  // The settings the domain had (sorted), now all removed.
  std::vector<std::string> removeDomain(const std::string& domain);
  std::vector<std::string> domains() const;  // sorted
  // [setting, value] of one domain, sorted by setting.
  std::vector<std::pair<std::string, std::string>> values(const std::string& domain) const;

protected:
  // Makes changes durable before they are visible (nothing to do in memory).
  virtual void persist(const std::vector<PreferenceChange>&) {}
  // Fills the store from what was kept, without signals (before use).
  void load(std::vector<PreferenceChange> stored);

private:
  // Applies already persisted changes; returns whether each setting was new.
  std::vector<bool> apply(const std::vector<PreferenceChange>& changes);
  void notify(const std::vector<PreferenceChange>& changes);

  std::mutex writeMutex_;  // one write at a time, so the store and memory agree on the order
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, std::string>, std::string, std::less<>> values_;
};

// Preferences that live as long as the process.
class InMemoryPreferences final : public PreferenceStore {};

}  // namespace autolife::core
