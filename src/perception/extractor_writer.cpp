#include "autolife/perception/extractor_writer.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <charconv>
#include <cmath>
#include <functional>
#include <numbers>

#include "autolife/launchpad/posture.hpp"
#include "autolife/launchpad/temperature.hpp"
#include "autolife/launchpad/zones.hpp"
#include "autolife/perception/naoqi_keys.hpp"

namespace autolife::perception {

using core::Value;
namespace keys = naoqi;

namespace {

double radians(double degrees) { return degrees * std::numbers::pi / 180.0; }

Value idList(const std::vector<long long>& ids) {
  Value::Array out;
  for (long long id : ids) out.emplace_back(id);
  return Value(std::move(out));
}

Value stringList(const std::vector<std::string>& names) {
  Value::Array out;
  for (const auto& n : names) out.emplace_back(n);
  return Value(std::move(out));
}

// ALBodyTemperature's level of a temperature: the Launchpad's statuses in
// order (Cold 0, Warm 1 "high", Hot 2 "very high", Critical 3).
int temperatureLevel(double celsius) {
  const auto status = launchpad::temperatureStatus(celsius);
  if (status == "Critical") return 3;
  if (status == "Hot") return 2;
  if (status == "Warm") return 1;
  return 0;
}

}  // namespace

// The writes of one observation, applied as one memory batch. Keys are
// owned here: memory::Write holds views.
class ExtractorWriter::Batch {
public:
  void set(std::string key, Value v) { add(memory::Write::Kind::Set, std::move(key), std::move(v)); }
  void raise(std::string key, Value v) { add(memory::Write::Kind::Raise, std::move(key), std::move(v)); }
  void remove(std::string key) { add(memory::Write::Kind::Remove, std::move(key), {}); }
  void applyTo(memory::Memory& memory) {
    if (entries_.empty()) return;
    std::vector<memory::Write> writes;
    writes.reserve(entries_.size());
    for (auto& e : entries_) writes.push_back({e.kind, e.key, std::move(e.value)});
    memory.apply(writes);
  }

private:
  struct Entry {
    memory::Write::Kind kind;
    std::string key;
    Value value;
  };
  void add(memory::Write::Kind kind, std::string key, Value v) { entries_.push_back({kind, std::move(key), std::move(v)}); }
  std::vector<Entry> entries_;
};

// ---- people ---------------------------------------------------------------

// A person as the extractors last described them.
struct Described {
  int zone = 0;
  bool visible = false, looking = false, waving = false;
};

struct ExtractorWriter::People {
  std::map<std::string, long long> ids;  // name -> NAOqi id
  std::set<long long> taken;
  long long next = 1;
  std::map<long long, Described> present;  // by id, sorted
  long long tracked = -1;
  std::set<long long> sessions;  // open user sessions
  bool written = false;          // the lists and flags are raised once at the start
};

ExtractorWriter::ExtractorWriter(memory::Memory& memory, launchpad::RobotProfile profile)
    : memory_(memory), profile_(std::move(profile)), people_(std::make_unique<People>()) {}

ExtractorWriter::~ExtractorWriter() = default;

long long ExtractorWriter::idOf(const std::string& name) {
  auto& p = *people_;
  if (auto it = p.ids.find(name); it != p.ids.end()) return it->second;
  long long id = 0;
  const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), id);
  const bool numeric = ec == std::errc() && end == name.data() + name.size() && id >= 0 && !p.taken.contains(id);
  if (!numeric) {
    while (p.taken.contains(p.next)) ++p.next;
    id = p.next++;
  }
  p.taken.insert(id);
  p.ids[name] = id;
  return id;
}

void ExtractorWriter::write(const Observation& o) {
  Batch batch;
  if (o.people) writePeople(batch, o);
  if (o.motion) writeMotion(batch, *o.motion);
  writeBody(batch, o);
  writeIncidents(batch, o);
  writeHealth(batch, o);
  batch.applyTo(memory_);
}

namespace {

// Ids (sorted) of the described people that satisfy `keep`.
template <class Keep>
std::vector<long long> idsWhere(const std::map<long long, Described>& people, Keep keep) {
  std::vector<long long> out;
  for (const auto& [id, d] : people)
    if (keep(d)) out.push_back(id);
  return out;
}

// Raises `key` with each id (one event per person).
void raiseEach(ExtractorWriter::Batch& batch, std::string_view key, const std::vector<long long>& ids) {
  for (long long id : ids) batch.raise(std::string(key), Value(id));
}

}  // namespace

void ExtractorWriter::writePeople(Batch& batch, const Observation& o) {
  auto& p = *people_;
  std::map<long long, Described> now;
  for (const auto& person : *o.people) {
    const int zone = launchpad::engagementZone(profile_, person);
    if (zone == 0) continue;  // beyond the range: not in the population
    const long long id = idOf(person.id);
    now[id] = {zone, person.visible, person.looking, person.waving};
    const double yaw = radians(person.angle);
    batch.set(keys::personKey(id, keys::Distance), Value(person.distance));
    batch.set(keys::personKey(id, keys::AnglesYawPitch), Value(Value::Array{Value(yaw), Value(0.0)}));
    batch.set(keys::personKey(id, keys::PositionInRobotFrame),
              Value(Value::Array{Value(person.distance * std::cos(yaw)), Value(person.distance * std::sin(yaw)), Value(1.6)}));
    batch.set(keys::personKey(id, keys::IsVisible), Value(person.visible));
    batch.set(keys::personKey(id, keys::IsLookingAtRobot), Value(person.looking));
    batch.set(keys::personKey(id, keys::IsWaving), Value(person.waving));
    batch.set(keys::personKey(id, keys::EngagementZone), Value(static_cast<std::int64_t>(zone)));
  }
  std::vector<long long> arrived, left;
  for (const auto& [id, d] : now)
    if (!p.present.contains(id)) arrived.push_back(id);
  for (const auto& [id, d] : p.present)
    if (!now.contains(id)) left.push_back(id);
  for (long long id : left)
    for (auto attribute : {keys::Distance, keys::AnglesYawPitch, keys::PositionInRobotFrame, keys::IsVisible,
                           keys::IsLookingAtRobot, keys::IsWaving, keys::EngagementZone})
      batch.remove(keys::personKey(id, attribute));

  // The population's lists: raised when they change.
  auto all = [](const Described&) { return true; };
  auto visible = [](const Described& d) { return d.visible; };
  auto hidden = [](const Described& d) { return !d.visible; };
  auto looking = [](const Described& d) { return d.looking; };
  const std::pair<std::string_view, std::function<bool(const Described&)>> lists[] = {
      {keys::PeopleList, all}, {keys::VisiblePeopleList, visible}, {keys::NonVisiblePeopleList, hidden},
      {keys::PeopleLookingAtRobot, looking}};
  for (const auto& [key, keep] : lists) {
    const auto before = idsWhere(p.present, keep), after = idsWhere(now, keep);
    if (before != after || !p.written) batch.raise(std::string(key), idList(after));
  }
  raiseEach(batch, keys::JustArrived, arrived);
  raiseEach(batch, keys::JustLeft, left);

  // Engagement zones: the three lists (data), who entered which zone.
  bool zonesChanged = !arrived.empty() || !left.empty();
  for (int zone = 1; zone <= 3; ++zone) {
    const auto in = idsWhere(now, [zone](const Described& d) { return d.zone == zone; });
    batch.set(std::string(zone == 1 ? keys::PeopleInZone1 : zone == 2 ? keys::PeopleInZone2 : keys::PeopleInZone3), idList(in));
  }
  for (const auto& [id, d] : now) {
    const auto before = p.present.find(id);
    const int was = before == p.present.end() ? 0 : before->second.zone;
    if (was == d.zone) continue;
    zonesChanged = true;
    batch.raise(std::string(d.zone == 1 ? keys::PersonEnteredZone1 : d.zone == 2 ? keys::PersonEnteredZone2 : keys::PersonEnteredZone3), Value(id));
    if (was != 0) batch.raise(std::string(d.zone < was ? keys::PersonApproached : keys::PersonMovedAway), Value(id));
  }
  if (zonesChanged) batch.raise(std::string(keys::PeopleInZonesUpdated), Value());

  // Gaze and waving: who starts and stops.
  for (const auto& [id, d] : now) {
    const auto before = p.present.find(id);
    const Described was = before == p.present.end() ? Described{} : before->second;
    if (d.looking != was.looking)
      batch.raise(std::string(d.looking ? keys::PersonStartsLookingAtRobot : keys::PersonStopsLookingAtRobot), Value(id));
    if (d.waving && !was.waving) batch.raise(std::string(keys::PersonWaving), Value(id));
  }
  for (long long id : left)
    if (p.present[id].looking) batch.raise(std::string(keys::PersonStopsLookingAtRobot), Value(id));
  batch.raise(std::string(keys::PopulationUpdated), Value());
  p.present = std::move(now);

  // BasicAwareness and the user sessions it opens.
  const long long tracked = o.trackedHuman && !o.trackedHuman->empty() ? idOf(*o.trackedHuman) : -1;
  if (tracked != p.tracked || !p.written) {
    batch.raise(std::string(keys::HumanTracked), Value(tracked));
    if (p.tracked != -1 && tracked == -1) batch.raise(std::string(keys::HumanLost), Value());
    batch.raise(std::string(keys::FocusedUser), Value(tracked));
  }
  std::vector<long long> opened, closed;
  if (tracked != -1 && !p.sessions.contains(tracked)) opened.push_back(tracked);
  for (long long id : p.sessions)
    if (!p.present.contains(id)) closed.push_back(id);
  p.tracked = tracked;
  const bool first = !std::exchange(p.written, true);
  if (opened.empty() && closed.empty() && !first) return;
  const bool wereNone = p.sessions.empty();
  for (long long id : closed) p.sessions.erase(id);
  for (long long id : opened) p.sessions.insert(id);
  batch.set(std::string(keys::OpenSessions), idList({p.sessions.begin(), p.sessions.end()}));
  if (!opened.empty()) batch.raise(std::string(keys::SessionsOpened), idList(opened));
  if (!closed.empty()) batch.raise(std::string(keys::SessionsClosed), idList(closed));
  if (wereNone != p.sessions.empty() || first)
    batch.raise(std::string(keys::NoOpenSessions), Value(p.sessions.empty()));
}

// ---- movement ---------------------------------------------------------------

// LastMovementsInZone<n>: a MovementDetection/MovementInfo of the clusters
// in that zone (depth camera: [cog, roi, proportions, mean distance,
// real size, associated point]).
void ExtractorWriter::writeMotion(Batch& batch, const std::vector<launchpad::MovingObject>& motion) {
  const Value zeros6(Value::Array(6, Value(0.0)));
  std::array<Value::Array, 3> clusters;
  for (const auto& m : motion) {
    const int zone = launchpad::engagementZone(profile_, m);
    if (zone == 0) continue;
    const double yaw = radians(m.angle);
    clusters[static_cast<std::size_t>(zone - 1)].emplace_back(Value::Array{
        Value(Value::Array{Value(yaw), Value(0.0)}), Value(Value::Array{Value(yaw), Value(0.0), Value(0.1), Value(0.1)}),
        Value(Value::Array{Value(0.01), Value(0.5)}), Value(m.distance), Value(Value::Array{Value(0.3), Value(0.3)}),
        Value(Value::Array{Value(yaw), Value(0.0)})});
  }
  const std::string_view names[] = {keys::LastMovementsInZone1, keys::LastMovementsInZone2, keys::LastMovementsInZone3};
  for (std::size_t z = 0; z < 3; ++z)
    batch.set(std::string(names[z]),
              Value(Value::Array{Value(Value::Array{Value(0), Value(0)}), Value(std::move(clusters[z])), zeros6, zeros6, Value(2)}));
  batch.raise(std::string(keys::MovementsInZonesUpdated), Value());
}

// ---- body, incidents, health -------------------------------------------------

namespace {

// Raises `key` with `value` when it differs from what was last raised.
template <class T>
void raiseOnChange(ExtractorWriter::Batch& batch, std::string_view key, std::optional<T>& last, T value) {
  if (last == value) return;
  last = value;
  batch.raise(std::string(key), Value(value));
}

}  // namespace

void ExtractorWriter::writeBody(Batch& batch, const Observation& o) {
  if (o.battery) raiseOnChange(batch, keys::BatteryChargeChanged, charge_, std::llround(std::clamp(*o.battery, 0.0, 100.0)));
  if (o.charging && charging_ != *o.charging) {
    raiseOnChange(batch, keys::BatteryChargingFlagChanged, charging_, *o.charging);
    batch.raise(std::string(keys::BatteryPowerPluggedChanged), Value(*o.charging));
  }
  if (o.onPod) raiseOnChange(batch, keys::ConnectedToChargingStation, onPod_, *o.onPod);
  if (o.hatchOpen) raiseOnChange(batch, keys::BatteryTrapIsOpen, hatchOpen_, *o.hatchOpen);
  if (o.sleeping && sleeping_ != *o.sleeping) {
    sleeping_ = *o.sleeping;
    batch.raise(std::string(*o.sleeping ? keys::RestFinished : keys::WakeUpStarted), Value(1));
  }
  if (o.lifted && lifted_ != *o.lifted) {
    lifted_ = *o.lifted;
    batch.set(std::string(keys::FootContact), Value(*o.lifted ? 0.0 : 1.0));
    batch.raise(std::string(keys::FootContactChanged), Value(!*o.lifted));
  }
  if (o.posture) {
    const std::string family = o.postureFamily ? *o.postureFamily : std::string(launchpad::postureFamily(*o.posture));
    if (*o.posture != posture_) batch.raise(std::string(keys::PostureChanged), Value(*o.posture));
    if (family != family_) batch.raise(std::string(keys::PostureFamilyChanged), Value(family));
    posture_ = *o.posture;
    family_ = family;
  }
}

void ExtractorWriter::postureWritten(const std::string& posture, const std::string& family) {
  posture_ = posture;
  family_ = family;
}

// The fall manager: RobotIsFalling when a fall starts; robotHasFallen when
// it is over (NAO: on the ground and stable, which ends the safeguard);
// Pepper, placed upright again: RobotIsStand. A push: RobotPushed.
void ExtractorWriter::writeIncidents(Batch& batch, const Observation& o) {
  const bool pepper = profile_.model == launchpad::RobotModel::Pepper;
  if (o.fallen && *o.fallen) {
    batch.raise(std::string(keys::RobotIsFalling), Value(true));
    if (pepper) batch.raise(std::string(keys::RobotHasFallen), Value(true));
  } else if (o.fallen) {
    batch.raise(std::string(pepper ? keys::RobotIsStand : keys::RobotHasFallen), Value(true));
  }
  if (o.pushed && *o.pushed) batch.raise(std::string(keys::RobotPushed), Value(Value::Array{Value(0.0), Value(2.0)}));
}

void ExtractorWriter::writeHealth(Batch& batch, const Observation& o) {
  if (o.temperatures) {
    std::map<std::string, int> levels;
    int status = 0;
    for (const auto& [joint, celsius] : *o.temperatures) {
      batch.set(keys::temperatureKey(joint), Value(celsius));
      levels[joint] = temperatureLevel(celsius);
      status = std::max(status, levels[joint]);
    }
    std::vector<std::string> hot, cooled, failing;
    for (const auto& [joint, level] : levels) {
      const auto before = temperatureLevels_.find(joint);
      const int was = before == temperatureLevels_.end() ? 0 : before->second;
      if (level > 0 && was == 0) hot.push_back(joint);
      if (level == 0 && was > 0) cooled.push_back(joint);
      if (level == status && status > 0) failing.push_back(joint);
    }
    int was = 0;
    for (const auto& [joint, level] : temperatureLevels_) was = std::max(was, level);
    if (!hot.empty()) batch.raise(std::string(keys::HotDeviceDetected), stringList(hot));
    if (!cooled.empty()) batch.raise(std::string(keys::DeviceNoLongerHotDetected), stringList(cooled));
    if (status != was || !hot.empty() || !cooled.empty())
      batch.raise(std::string(keys::TemperatureStatusChanged), Value(Value::Array{Value(status), stringList(failing)}));
    temperatureLevels_ = std::move(levels);
  }
  if (o.criticalDevices && criticalDevices_ != *o.criticalDevices) {
    criticalDevices_ = *o.criticalDevices;
    const int level = o.criticalDevices->empty() ? 0 : naoqi::kDiagnosisCritical;
    batch.raise(std::string(keys::DiagnosisErrorChanged), Value(Value::Array{Value(level), stringList(*o.criticalDevices)}));
  }
}

}  // namespace autolife::perception
