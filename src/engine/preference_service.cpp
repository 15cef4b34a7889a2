#include "autolife/engine/preference_service.hpp"

#include "autolife/naoqi/service_builder.hpp"
#include "stored_or_refused.hpp"

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

// setValues' argument: {domain: {setting: value}}.
std::vector<core::PreferenceChange> settingsOf(const Any& values) {
  if (!values.isMap()) throw CallError("bad-argument", "values must be a map of domains to maps of settings");
  std::vector<core::PreferenceChange> out;
  for (const auto& [domain, settings] : values.asMap()) {
    if (!settings.isMap())
      throw CallError("bad-argument", "values[\"" + domain + "\"] must be a map of settings to strings");
    for (const auto& [setting, value] : settings.asMap()) {
      if (!(value.isString() || value.isBytes()))
        throw CallError("bad-argument", "values[\"" + domain + "\"][\"" + setting + "\"] must be a string");
      const std::string text = service::fromAny<std::string>(value);
      checkValue(domain, setting, text);
      out.push_back({domain, setting, text});
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
  s.emit(added ? "preferenceAdded" : "preferenceUpdated", Any::Array{c.domain, c.setting, *c.value});
}

}  // namespace

std::shared_ptr<service::Service> makePreferenceManagerService(core::PreferenceStore& preferences) {
  naoqi::ServiceBuilder b("ALPreferenceManager", "Settings by domain (strings only), kept in the data folder");
  service::Service& self = b.service();  // the handlers live in the service: no cycle
  declareSignals(self);
  b.bind("setValue", [&preferences, &self](const std::string& domain, const std::string& setting, const std::string& value) {
    core::PreferenceChange c{domain, setting, value};
    checkValue(c.domain, c.setting, *c.value);
    const bool added = storedOrRefused([&] { return preferences.set(c.domain, c.setting, *c.value); });
    announce(self, c, added);
  }, "Stores a setting (committed before the answer)");
  b.method("setValues", {{"values", Type::Map, "{domain: {setting: value}}"}}, Type::Void,
           "Stores several settings at once, {domain: {setting: value}}: all or none", [&preferences, &self](const Arguments& a) {
             const auto settings = settingsOf(a.at(0));
             const auto added = storedOrRefused([&] { return preferences.set(settings); });
             for (std::size_t i = 0; i < settings.size(); ++i) announce(self, settings[i], added[i]);
             return Any();
           });
  b.bind("getValue", [&preferences](const std::string& domain, const std::string& setting) {
    auto v = preferences.preference(domain, setting);
    return v ? Any(*v) : Any();
  }, "A setting's value, or null");
  b.bind("getValueList", [&preferences](const std::string& domain) {
    std::vector<std::vector<std::string>> out;
    for (const auto& [setting, value] : preferences.values(domain)) out.push_back({setting, value});
    return out;
  }, "[setting, value] pairs of a domain, by setting");
  b.bind("getDomainList", [&preferences] { return preferences.domains(); }, "The domains that have settings, sorted");
  b.bind("removeValue", [&preferences, &self](const std::string& domain, const std::string& setting) {
    if (storedOrRefused([&] { return preferences.remove(domain, setting); })) self.emit("preferenceRemoved", Any::Array{domain, setting});
  }, "Removes a setting (nothing if it does not exist)");
  b.bind("removeDomainValues", [&preferences, &self](const std::string& domain) {
    if (!storedOrRefused([&] { return preferences.removeDomain(domain); }).empty()) self.emit("preferenceDomainRemoved", domain);
  }, "Removes a domain and all its settings");
  b.bind("update", [] {}, "Synchronises with a cloud copy in NAOqi; here there is none: does nothing");
  return b.build();
}

}  // namespace autolife::engine
