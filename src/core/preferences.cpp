#include "autolife/core/preferences.hpp"

namespace autolife::core {

std::optional<std::string> PreferenceStore::preference(std::string_view domain, std::string_view setting) const {
  std::lock_guard lock(mutex_);
  auto it = values_.find(std::make_pair(std::string(domain), std::string(setting)));
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

bool PreferenceStore::set(const std::string& domain, const std::string& setting, std::string value) {
  return set(std::vector<PreferenceChange>{{domain, setting, std::move(value)}}).front();
}

std::vector<bool> PreferenceStore::set(const std::vector<PreferenceChange>& settings) {
  std::vector<bool> added;
  {
    std::lock_guard write(writeMutex_);
    persist(settings);
    added = apply(settings);
  }
  notify(settings);
  return added;
}

bool PreferenceStore::remove(const std::string& domain, const std::string& setting) {
  const std::vector<PreferenceChange> change{{domain, setting, std::nullopt}};
  {
    std::lock_guard write(writeMutex_);
    if (!preference(domain, setting)) return false;
    persist(change);
    apply(change);
  }
  notify(change);
  return true;
}

std::vector<std::string> PreferenceStore::removeDomain(const std::string& domain) {
  std::vector<std::string> removed;
  std::vector<PreferenceChange> changes;
  {
    std::lock_guard write(writeMutex_);
    for (auto& [setting, value] : values(domain)) {
      removed.push_back(setting);
      changes.push_back({domain, std::move(setting), std::nullopt});
    }
    if (changes.empty()) return removed;
    persist(changes);
    apply(changes);
  }
  notify(changes);
  return removed;
}

std::vector<std::string> PreferenceStore::domains() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [key, value] : values_)
    if (out.empty() || out.back() != key.first) out.push_back(key.first);
  return out;
}

std::vector<std::pair<std::string, std::string>> PreferenceStore::values(const std::string& domain) const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, std::string>> out;
  for (auto it = values_.lower_bound(std::make_pair(domain, std::string())); it != values_.end() && it->first.first == domain; ++it)
    out.emplace_back(it->first.second, it->second);
  return out;
}

void PreferenceStore::load(std::vector<PreferenceChange> stored) { apply(stored); }

std::vector<bool> PreferenceStore::apply(const std::vector<PreferenceChange>& changes) {
  std::lock_guard lock(mutex_);
  std::vector<bool> added;
  for (const auto& c : changes) {
    if (c.value) {
      auto [it, inserted] = values_.insert_or_assign({c.domain, c.setting}, *c.value);
      added.push_back(inserted);
    } else {
      added.push_back(false);
      values_.erase({c.domain, c.setting});
    }
  }
  return added;
}

void PreferenceStore::notify(const std::vector<PreferenceChange>& changes) {
  for (const auto& c : changes) changed(c.domain, c.setting);
}

}  // namespace autolife::core
