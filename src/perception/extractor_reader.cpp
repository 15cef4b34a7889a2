#include "autolife/perception/extractor_reader.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <numbers>

#include "autolife/perception/naoqi_keys.hpp"

namespace autolife::perception {

using core::Value;
namespace keys = naoqi;

namespace {

double degrees(double radians) { return radians * 180.0 / std::numbers::pi; }

std::optional<double> number(const Value& v) {
  if (v.isInt()) return static_cast<double>(v.asInt());
  if (v.isFloat()) return v.asFloat();
  return std::nullopt;
}

std::vector<long long> ids(const Value& v) {
  std::vector<long long> out;
  if (!v.isArray()) return out;
  for (const auto& item : v.asArray())
    if (auto n = number(item)) out.push_back(static_cast<long long>(*n));
  return out;
}

std::vector<std::string> names(const Value& v) {
  std::vector<std::string> out;
  if (!v.isArray()) return out;
  for (const auto& item : v.asArray())
    if (item.isString()) out.push_back(item.asString());
  return out;
}

const Value* find(const std::map<std::string, Value>& values, const std::string& key) {
  auto it = values.find(key);
  return it == values.end() ? nullptr : &it->second;
}

// [level, [devices]] (TemperatureStatusChanged, DiagnosisErrorChanged).
std::pair<int, std::vector<std::string>> levelAndDevices(const Value& v) {
  if (!v.isArray() || v.asArray().size() < 2) return {0, {}};
  const auto level = number(v.asArray()[0]);
  return {level ? static_cast<int>(*level) : 0, names(v.asArray()[1])};
}

bool isHead(const std::string& device) { return device == "HeadYaw" || device == "HeadPitch" || device == "Head"; }

Observation with(std::optional<bool> Observation::*field, bool value) {
  Observation o;
  o.*field = value;
  return o;
}

std::vector<Observation> one(Observation o) { return {std::move(o)}; }

const std::array<std::string_view, 3> kZoneLists = {keys::PeopleInZone1, keys::PeopleInZone2, keys::PeopleInZone3};
const std::array<std::string_view, 3> kMovementLists = {keys::LastMovementsInZone1, keys::LastMovementsInZone2,
                                                        keys::LastMovementsInZone3};

}  // namespace

ExtractorReader::ExtractorReader(launchpad::RobotModel model) : model_(model) {}

const std::vector<std::string>& ExtractorReader::followedKeys() {
  static const std::vector<std::string> followed = [] {
    std::vector<std::string> k;
    for (auto key : {keys::PeopleList, keys::VisiblePeopleList, keys::PopulationUpdated, keys::PeopleInZonesUpdated,
                     keys::PeopleLookingAtRobot, keys::PersonWaving, keys::HumanTracked, keys::HumanLost,
                     keys::MovementsInZonesUpdated, keys::BatteryChargeChanged, keys::BatteryChargingFlagChanged,
                     keys::BatteryPowerPluggedChanged, keys::ConnectedToChargingStation, keys::BatteryTrapIsOpen, keys::RestFinished, keys::WakeUpStarted,
                     keys::FootContactChanged, keys::PostureChanged, keys::PostureFamilyChanged, keys::RobotIsFalling,
                     keys::RobotHasFallen, keys::RobotIsStand, keys::RobotPushed, keys::TemperatureStatusChanged,
                     keys::HotDeviceDetected, keys::DeviceNoLongerHotDetected, keys::DiagnosisErrorChanged,
                     keys::TextStarted, keys::TextDone, keys::ActiveListening})
      k.emplace_back(key);
    return k;
  }();
  return followed;
}

const std::vector<std::string>& ExtractorReader::stateKeys() {
  static const std::vector<std::string> state = [] {
    std::vector<std::string> k;
    for (auto key : {keys::PeopleList, keys::HumanTracked, keys::MovementsInZonesUpdated, keys::BatteryChargeChanged,
                     keys::BatteryChargingFlagChanged, keys::ConnectedToChargingStation, keys::BatteryTrapIsOpen,
                     keys::FootContactChanged, keys::PostureChanged, keys::PostureFamilyChanged,
                     keys::TemperatureStatusChanged, keys::DiagnosisErrorChanged})
      k.emplace_back(key);
    return k;
  }();
  return state;
}

std::vector<Observation> ExtractorReader::onEvent(std::string_view key, const Value& value) {
  if (auto people = onPeopleEvent(key, value)) return *people;
  if (auto body = onBodyEvent(key, value)) return *body;
  return onHealthEvent(key, value).value_or(std::vector<Observation>{});
}

// ---- people and movement ------------------------------------------------------

std::optional<std::vector<Observation>> ExtractorReader::onPeopleEvent(std::string_view key, const Value& value) {
  if (key == keys::PeopleList) ids_ = ids(value);
  if (key == keys::PeopleList || key == keys::VisiblePeopleList || key == keys::PopulationUpdated ||
      key == keys::PeopleInZonesUpdated || key == keys::PeopleLookingAtRobot || key == keys::PersonWaving) {
    peopleStale_ = true;
    return std::vector<Observation>{};
  }
  if (key == keys::MovementsInZonesUpdated) {
    motionStale_ = true;
    return std::vector<Observation>{};
  }
  if (key == keys::HumanTracked || key == keys::HumanLost) {
    Observation o;
    const auto id = key == keys::HumanTracked ? number(value) : std::nullopt;
    o.trackedHuman = id && *id >= 0 ? std::to_string(static_cast<long long>(*id)) : "";
    return one(std::move(o));
  }
  return std::nullopt;
}

std::vector<std::string> ExtractorReader::takeStaleKeys() {
  std::vector<std::string> out;
  if (std::exchange(peopleStale_, false)) {
    peopleRequested_ = true;
    requestedIds_ = ids_;
    out.emplace_back(keys::VisiblePeopleList);
    for (auto zone : kZoneLists) out.emplace_back(zone);
    for (long long id : ids_)
      for (auto attribute : {keys::Distance, keys::AnglesYawPitch, keys::IsLookingAtRobot, keys::IsWaving})
        out.push_back(keys::personKey(id, attribute));
  }
  if (std::exchange(motionStale_, false)) {
    motionRequested_ = true;
    for (auto zone : kMovementLists) out.emplace_back(zone);
  }
  return out;
}

bool ExtractorReader::takeTemperaturesStale() { return std::exchange(temperaturesStale_, false); }

std::vector<Observation> ExtractorReader::onData(const std::map<std::string, Value>& values) {
  std::vector<Observation> out;
  if (std::exchange(peopleRequested_, false)) out.push_back(people(values));
  if (std::exchange(motionRequested_, false)) out.push_back(motion(values));
  return out;
}

std::vector<Observation> ExtractorReader::onTemperatures(const std::map<std::string, Value>& values) {
  std::vector<Observation> out;
  launchpad::JointTemperatures temperatures;
  for (const auto& [key, value] : values) {
    if (!key.ends_with(keys::TemperatureKeySuffix)) continue;
    const auto celsius = number(value);
    const auto start = key.rfind('/', key.size() - keys::TemperatureKeySuffix.size() - 1);
    if (!celsius || start == std::string::npos) continue;
    temperatures[key.substr(start + 1, key.size() - keys::TemperatureKeySuffix.size() - start - 1)] = *celsius;
  }
  if (!temperatures.empty()) {
    Observation o;
    o.temperatures = std::move(temperatures);
    out.push_back(std::move(o));
  }
  return out;
}

// Everyone of the last PeopleList, placed by their attributes; the zone the
// robot's ALEngagementZones gave, when it gave one.
Observation ExtractorReader::people(const std::map<std::string, Value>& values) const {
  std::map<long long, int> zones;
  for (std::size_t z = 0; z < kZoneLists.size(); ++z)
    if (const auto* list = find(values, std::string(kZoneLists[z])))
      for (long long id : ids(*list)) zones[id] = static_cast<int>(z) + 1;
  const Value* visibleList = find(values, std::string(keys::VisiblePeopleList));
  const auto visible = visibleList ? ids(*visibleList) : requestedIds_;
  Observation o;
  o.people.emplace();
  for (long long id : requestedIds_) {
    launchpad::Person p;
    p.id = std::to_string(id);
    const Value* distance = find(values, keys::personKey(id, keys::Distance));
    p.distance = distance && number(*distance) ? *number(*distance) : -1.0;
    if (const Value* angles = find(values, keys::personKey(id, keys::AnglesYawPitch));
        angles && angles->isArray() && !angles->asArray().empty() && number(angles->asArray()[0]))
      p.angle = degrees(*number(angles->asArray()[0]));
    if (const Value* looking = find(values, keys::personKey(id, keys::IsLookingAtRobot))) p.looking = looking->truthy();
    if (const Value* waving = find(values, keys::personKey(id, keys::IsWaving))) p.waving = waving->truthy();
    p.visible = std::find(visible.begin(), visible.end(), id) != visible.end();
    if (auto z = zones.find(id); z != zones.end()) p.zone = z->second;
    o.people->push_back(std::move(p));
  }
  return o;
}

// Each cluster of LastMovementsInZone<n> (a MovementInfo: its second
// element lists them) is something moving in that zone.
Observation ExtractorReader::motion(const std::map<std::string, Value>& values) const {
  Observation o;
  o.motion.emplace();
  for (std::size_t z = 0; z < kMovementLists.size(); ++z) {
    const Value* info = find(values, std::string(kMovementLists[z]));
    if (!info || !info->isArray() || info->asArray().size() < 2 || !info->asArray()[1].isArray()) continue;
    for (std::size_t i = 0; i < info->asArray()[1].asArray().size(); ++i) {
      launchpad::MovingObject m;
      m.zone = static_cast<int>(z) + 1;
      o.motion->push_back(m);
    }
  }
  return o;
}

// ---- body ------------------------------------------------------------------

std::optional<std::vector<Observation>> ExtractorReader::onBodyEvent(std::string_view key, const Value& value) {
  if (key == keys::BatteryChargeChanged) {
    Observation o;
    if (auto n = number(value)) o.battery = *n;
    return one(std::move(o));
  }
  if (key == keys::BatteryChargingFlagChanged) return one(with(&Observation::charging, value.truthy()));
  // Unplugged, nothing charges (some batteries never raise the charging flag).
  if (key == keys::BatteryPowerPluggedChanged)
    return value.truthy() ? std::vector<Observation>{} : one(with(&Observation::charging, false));
  if (key == keys::ConnectedToChargingStation) return one(with(&Observation::onPod, value.truthy()));
  if (key == keys::BatteryTrapIsOpen) return one(with(&Observation::hatchOpen, value.truthy()));
  if (key == keys::RestFinished) return one(with(&Observation::sleeping, true));
  if (key == keys::WakeUpStarted) return one(with(&Observation::sleeping, false));
  if (key == keys::FootContactChanged) return one(with(&Observation::lifted, !value.truthy()));
  if (key == keys::TextStarted && value.truthy()) return one(with(&Observation::speaking, true));
  if (key == keys::TextDone && value.truthy()) return one(with(&Observation::speaking, false));
  if (key == keys::ActiveListening) return one(with(&Observation::listening, value.truthy()));
  if ((key == keys::PostureChanged || key == keys::PostureFamilyChanged) && value.isString()) {
    (key == keys::PostureChanged ? posture_ : family_) = value.asString();
    Observation o;
    o.posture = posture_;
    if (!family_.empty()) o.postureFamily = family_;
    return one(std::move(o));
  }
  // A fall starts with RobotIsFalling and ends when NAO lies stable
  // (robotHasFallen) or Pepper stands again (RobotIsStand).
  const bool pepper = model_ == launchpad::RobotModel::Pepper;
  if (key == keys::RobotIsFalling && value.truthy() && !fallen_) {
    fallen_ = true;
    return one(with(&Observation::fallen, true));
  }
  const bool over = pepper ? key == keys::RobotIsStand && value.truthy() : key == keys::RobotHasFallen;
  if (over && fallen_) {
    fallen_ = false;
    return one(with(&Observation::fallen, false));
  }
  if (key == keys::RobotPushed) return std::vector<Observation>{with(&Observation::pushed, true), with(&Observation::pushed, false)};
  const bool fallKey = key == keys::RobotIsFalling || key == keys::RobotHasFallen || key == keys::RobotIsStand;
  return fallKey ? std::optional(std::vector<Observation>{}) : std::nullopt;
}

// ---- health ----------------------------------------------------------------

std::optional<std::vector<Observation>> ExtractorReader::onHealthEvent(std::string_view key, const Value& value) {
  if (key == keys::HotDeviceDetected || key == keys::DeviceNoLongerHotDetected) {
    temperaturesStale_ = true;
    return std::vector<Observation>{};
  }
  if (key == keys::TemperatureStatusChanged) {
    temperaturesStale_ = true;
    const auto [level, devices] = levelAndDevices(value);
    return one(with(&Observation::criticalTemperature,
                 level >= keys::kTemperatureCritical && std::any_of(devices.begin(), devices.end(), isHead)));
  }
  if (key == keys::DiagnosisErrorChanged) {
    auto [level, devices] = levelAndDevices(value);
    Observation o;
    o.criticalDevices = level >= keys::kDiagnosisCritical ? std::move(devices) : std::vector<std::string>{};
    return std::vector<Observation>{o};
  }
  return std::nullopt;
}

}  // namespace autolife::perception
