#include "autolife/naoqi/catalog.hpp"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "catalog_data.hpp"

namespace autolife::naoqi {

using service::Type;
using Json = nlohmann::json;

namespace {

Type typeAt(const Json& signature, const std::string& where) {
  if (!signature.is_string()) throw std::invalid_argument(where + ": a type must be a qi signature string");
  auto t = Type::parse(signature.get<std::string>());
  if (!t) throw std::invalid_argument(where + ": '" + signature.get<std::string>() + "' is not a qi signature");
  return *t;
}

std::vector<service::Parameter> parametersAt(const Json& params, const std::string& where) {
  std::vector<service::Parameter> out;
  for (const auto& p : params) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_string())
      throw std::invalid_argument(where + ": a parameter is [name, type]");
    out.emplace_back(p[0].get<std::string>(), typeAt(p[1], where + "." + p[0].get<std::string>()));
  }
  return out;
}

std::vector<CatalogKey> keysAt(const Json& keys, const char* typeField, const std::string& where) {
  std::vector<CatalogKey> out;
  for (const auto& k : keys) {
    CatalogKey key{k.at("name").get<std::string>(), std::nullopt};
    if (k.contains(typeField)) key.type = typeAt(k.at(typeField), where + "/" + key.name);
    out.push_back(std::move(key));
  }
  return out;
}

CatalogModule moduleAt(const std::string& name, const Json& m) {
  CatalogModule out;
  out.name = name;
  for (const auto& method : m.value("methods", Json::array())) {
    const std::string where = name + "." + method.at("name").get<std::string>();
    out.methods.push_back({method.at("name").get<std::string>(), parametersAt(method.at("params"), where),
                           typeAt(method.at("returns"), where)});
  }
  for (const auto& s : m.value("signals", Json::array()))
    out.signals.push_back({s.at("name").get<std::string>(), parametersAt(s.at("params"), name + "." + s.at("name").get<std::string>())});
  for (const auto& p : m.value("properties", Json::array()))
    out.properties.push_back({p.at("name").get<std::string>(), typeAt(p.at("type"), name + "." + p.at("name").get<std::string>())});
  out.events = keysAt(m.value("events", Json::array()), "value", name);
  out.memoryKeys = keysAt(m.value("memoryKeys", Json::array()), "type", name);
  return out;
}

// "PeoplePerception/Person/<ID>/IsVisible" matches "PeoplePerception/Person/12/IsVisible".
bool keyMatches(std::string_view pattern, std::string_view key) {
  while (true) {
    const auto hole = pattern.find("<ID>");
    if (hole == std::string_view::npos) return pattern == key;
    if (key.substr(0, hole) != pattern.substr(0, hole)) return false;
    const auto end = key.find('/', hole);
    if (end == hole) return false;  // an empty segment
    key = end == std::string_view::npos ? std::string_view() : key.substr(end);
    pattern = pattern.substr(hole + 4);
    if (key.empty()) return pattern.empty();
  }
}

}  // namespace

const CatalogMethod* CatalogModule::method(std::string_view name, std::size_t arity) const {
  for (const auto& m : methods)
    if (m.name == name && m.parameters.size() == arity) return &m;
  return nullptr;
}

bool CatalogModule::hasMethod(std::string_view name) const {
  return std::any_of(methods.begin(), methods.end(), [&](const CatalogMethod& m) { return m.name == name; });
}

Catalog Catalog::parse(std::string_view text) {
  Json json;
  try {
    json = Json::parse(text);
  } catch (const Json::parse_error& e) {
    throw std::invalid_argument(std::string("the NAOqi catalog is not JSON: ") + e.what());
  }
  if (!json.is_object() || !json.contains("modules") || !json["modules"].is_object())
    throw std::invalid_argument("the NAOqi catalog has no \"modules\" object");
  Catalog c;
  try {
    for (const auto& [name, module] : json["modules"].items()) c.modules_.push_back(moduleAt(name, module));
  } catch (const Json::exception& e) {
    throw std::invalid_argument(std::string("the NAOqi catalog is malformed: ") + e.what());
  }
  std::sort(c.modules_.begin(), c.modules_.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  try {
    for (auto [robot, list] : {std::pair{"NAO", &c.naoAnimations_}, std::pair{"Pepper", &c.pepperAnimations_}})
      for (const auto& a : json.value("animations", Json::object()).value(robot, Json::array()))
        list->push_back({a.at("name").get<std::string>(), a.value("tags", std::vector<std::string>{})});
  } catch (const Json::exception& e) {
    throw std::invalid_argument(std::string("the NAOqi catalog's animations are malformed: ") + e.what());
  }
  return c;
}

const Catalog& Catalog::naoqi() {
  static const Catalog catalog = parse(catalogText());
  return catalog;
}

const CatalogModule* Catalog::find(std::string_view name) const {
  auto it = std::lower_bound(modules_.begin(), modules_.end(), name, [](const auto& m, std::string_view n) { return m.name < n; });
  return it != modules_.end() && it->name == name ? &*it : nullptr;
}

const std::vector<CatalogAnimation>& Catalog::animations(std::string_view robot) const {
  static const std::vector<CatalogAnimation> none;
  return robot == "NAO" ? naoAnimations_ : robot == "Pepper" ? pepperAnimations_ : none;
}

bool Catalog::knowsKey(std::string_view key) const {
  for (const auto& m : modules_)
    for (const auto* keys : {&m.events, &m.memoryKeys})
      for (const auto& k : *keys)
        if (keyMatches(k.name, key)) return true;
  return false;
}

}  // namespace autolife::naoqi
