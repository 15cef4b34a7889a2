// A real robot's extractors, read: NAOqi's keys and events (naoqi_keys.hpp)
// turned into observations for the engine's perception (docs/qi.md,
// "Perception from the robot"). It knows no transport: a source (src/remote)
// subscribes to followedKeys(), reads stateKeys() once at the start, hands
// each value to onEvent(), and reads the data keys takeStaleKeys() names
// (a person's attributes are data that NAOqi documents to be read when
// PopulationUpdated says they changed), handing them to onData().
//
// People's ids are NAOqi's ints, as strings ("12"). Not thread-safe: one
// source's thread at a time.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/value.hpp"
#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/perception/observation.hpp"

namespace autolife::perception {

class ExtractorReader {
public:
  explicit ExtractorReader(launchpad::RobotModel model);

  // The keys to subscribe to (their events).
  static const std::vector<std::string>& followedKeys();
  // Those whose last value is a state worth reading at the start (a list,
  // a flag, a level); the others tell moments (a push, a fall) that are
  // over by then.
  static const std::vector<std::string>& stateKeys();

  // A followed key's value: what it tells, in order (a push is two
  // observations: it happened, the robot rebalanced).
  std::vector<Observation> onEvent(std::string_view key, const core::Value& value);

  // The data keys the events so far made stale (each person's attributes,
  // the zones, the movements; the temperature keys named so far): read
  // them and call onData(). Taking them clears the staleness: an event
  // meanwhile makes them stale again.
  std::vector<std::string> takeStaleKeys();
  // Whether the temperatures are stale and which keys hold them is to be
  // found on the robot (ALMemory.getDataList(TemperatureKeySuffix)).
  bool takeTemperaturesStale();
  // The data takeStaleKeys() named, read (key -> value; a key that could
  // not be read is absent).
  std::vector<Observation> onData(const std::map<std::string, core::Value>& values);
  // The temperature keys found, read: every joint's temperature.
  std::vector<Observation> onTemperatures(const std::map<std::string, core::Value>& values);

private:
  // Each: nullopt when the key is not its concern.
  std::optional<std::vector<Observation>> onPeopleEvent(std::string_view key, const core::Value& value);
  std::optional<std::vector<Observation>> onBodyEvent(std::string_view key, const core::Value& value);
  std::optional<std::vector<Observation>> onHealthEvent(std::string_view key, const core::Value& value);
  Observation people(const std::map<std::string, core::Value>& values) const;
  Observation motion(const std::map<std::string, core::Value>& values) const;

  launchpad::RobotModel model_;
  std::vector<long long> ids_;          // PeopleList
  std::vector<long long> requestedIds_;  // whose attributes were asked for
  bool peopleStale_ = false, motionStale_ = false, temperaturesStale_ = false;
  bool peopleRequested_ = false, motionRequested_ = false;
  std::string posture_, family_;
  bool fallen_ = false;
};

}  // namespace autolife::perception
