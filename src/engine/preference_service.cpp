#include "autolife/engine/preference_service.hpp"

namespace autolife::engine {

using service::Any;
using service::Arguments;
using service::CallError;
using service::Type;

namespace {

constexpr std::size_t kMaxNameBytes = 512;
constexpr std::size_t kMaxValueBytes = 1 << 20;

void checkName(const std::string& what, const std::string& name) {
  if (name.empty() || name.size() > kMaxNameBytes)
    throw CallError("bad-argument", what + " must be 1 to 512 bytes long, not " + std::to_string(name.size()));
}

void checkValue(const std::string& domain, const std::string& setting, const std::string& value) {
  checkName("a domain", domain);
  checkName("a setting", setting);
  if (value.size() > kMaxValueBytes) throw CallError("bad-argument", "a value must be at most 1 MB");
}

// A write the store could not keep: the caller hears why, the engine goes on.
template <typename F>
auto stored(F&& write) {
  try {
    return write();
  } catch (const core::StorageError& e) {
    throw CallError("storage-failed", e.what());
  }
}

// setValues' argument: {domain: {setting: value}}.
std::vector<core::PreferenceChange> settingsOf(const Any& values) {
  if (!values.is_object()) throw CallError("bad-argument", "values must be a map of domains to maps of settings");
  std::vector<core::PreferenceChange> out;
  for (const auto& [domain, settings] : values.items()) {
    if (!settings.is_object())
      throw CallError("bad-argument", "values[\"" + domain + "\"] must be a map of settings to strings");
    for (const auto& [setting, value] : settings.items()) {
      if (!value.is_string())
        throw CallError("bad-argument", "values[\"" + domain + "\"][\"" + setting + "\"] must be a string");
      checkValue(domain, setting, value.get<std::string>());
      out.push_back({domain, setting, value.get<std::string>()});
    }
  }
  return out;
}

void declareSignals(service::Service& s) {
  s.signal("preferenceAdded", {{"domain", Type::String}, {"setting", Type::String}, {"value", Type::String}},
           "A setting was added: [domain, setting, value]");
  s.signal("preferenceUpdated", {{"domain", Type::String}, {"setting", Type::String}, {"value", Type::String}},
           "A setting's value was replaced: [domain, setting, value]");
  s.signal("preferenceRemoved", {{"domain", Type::String}, {"setting", Type::String}},
           "A setting was removed: [domain, setting]");
  s.signal("preferenceDomainRemoved", {{"domain", Type::String}}, "A domain and all its settings were removed");
}

void announce(service::Service& s, const core::PreferenceChange& c, bool added) {
  s.emit(added ? "preferenceAdded" : "preferenceUpdated", Any::array({c.domain, c.setting, *c.value}));
}

}  // namespace

std::shared_ptr<service::Service> makePreferenceManagerService(core::PreferenceStore& preferences) {
  auto s = std::make_shared<service::Service>("ALPreferenceManager", "Settings by domain (strings only), kept in the data folder");
  service::Service& self = *s;  // the handlers live in the service: no cycle
  declareSignals(self);
  s->method("setValue", {{"domain", Type::String}, {"setting", Type::String}, {"value", Type::String}}, Type::Void,
            "Stores a setting (committed before the answer)", [&preferences, &self](const Arguments& a) {
              core::PreferenceChange c{service::stringArg(a, 0), service::stringArg(a, 1), service::stringArg(a, 2)};
              checkValue(c.domain, c.setting, *c.value);
              const bool added = stored([&] { return preferences.set(c.domain, c.setting, *c.value); });
              announce(self, c, added);
              return Any();
            });
  s->method("setValues", {{"values", Type::Map, "{domain: {setting: value}}"}}, Type::Void,
            "Stores several settings at once: all or none", [&preferences, &self](const Arguments& a) {
              const auto settings = settingsOf(a.at(0));
              const auto added = stored([&] { return preferences.set(settings); });
              for (std::size_t i = 0; i < settings.size(); ++i) announce(self, settings[i], added[i]);
              return Any();
            });
  s->method("getValue", {{"domain", Type::String}, {"setting", Type::String}}, Type::Any,
            "A setting's value, or null", [&preferences](const Arguments& a) {
              auto v = preferences.preference(service::stringArg(a, 0), service::stringArg(a, 1));
              return v ? Any(*v) : Any();
            });
  s->method("getValueList", {{"domain", Type::String}}, Type::List, "[setting, value] pairs of a domain, by setting",
            [&preferences](const Arguments& a) {
              Any out = Any::array();
              for (const auto& [setting, value] : preferences.values(service::stringArg(a, 0)))
                out.push_back(Any::array({setting, value}));
              return out;
            });
  s->method("getDomainList", {}, Type::List, "The domains that have settings, sorted",
            [&preferences](const Arguments&) { return Any(preferences.domains()); });
  s->method("removeValue", {{"domain", Type::String}, {"setting", Type::String}}, Type::Void,
            "Removes a setting (nothing if it does not exist)", [&preferences, &self](const Arguments& a) {
              const auto domain = service::stringArg(a, 0), setting = service::stringArg(a, 1);
              if (stored([&] { return preferences.remove(domain, setting); }))
                self.emit("preferenceRemoved", Any::array({domain, setting}));
              return Any();
            });
  s->method("removeDomainValues", {{"domain", Type::String}}, Type::Void, "Removes a domain and all its settings",
            [&preferences, &self](const Arguments& a) {
              const auto domain = service::stringArg(a, 0);
              if (!stored([&] { return preferences.removeDomain(domain); }).empty())
                self.emit("preferenceDomainRemoved", domain);
              return Any();
            });
  s->method("update", {}, Type::Void, "Synchronises with a cloud copy in NAOqi; here there is none: does nothing",
            [](const Arguments&) { return Any(); });
  return s;
}

}  // namespace autolife::engine
