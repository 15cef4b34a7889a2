// What a record's map frames hold (docs/replay.md): the world's updates,
// a robot's observations, activities and their runs, expectations, Life's
// journal and the preferences, as core::Value maps, and back. Reading is
// lenient: a field that is missing or of another type is left out, so a
// damaged map gives a smaller input, never an exception.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "autolife/core/preferences.hpp"
#include "autolife/core/value.hpp"
#include "autolife/life/activity.hpp"
#include "autolife/life/journal.hpp"
#include "autolife/perception/observation.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/sim/scenario.hpp"

namespace autolife::replay {

core::Value worldValue(const robot::WorldUpdate& update);
robot::WorldUpdate worldUpdate(const core::Value& map);

core::Value observationValue(const perception::Observation& observation);
perception::Observation observation(const core::Value& map);

core::Value runValue(const life::Run& run);
life::Run run(const core::Value& value);

core::Value activityValue(const life::Activity& activity);
life::Activity activity(const core::Value& map);

core::Value expectationValue(const sim::Expectation& expectation);
sim::Expectation expectation(const core::Value& map);

core::Value lifeRecordValue(const life::LifeRecord& record);
life::LifeRecord lifeRecord(const core::Value& map);

core::Value preferencesValue(const core::PreferenceStore& preferences);
std::vector<core::PreferenceChange> preferences(const core::Value& list);

// A map's member of one kind, or nothing.
std::optional<std::string> stringAt(const core::Value& map, std::string_view key);
std::optional<double> numberAt(const core::Value& map, std::string_view key);
std::optional<std::int64_t> intAt(const core::Value& map, std::string_view key);
std::optional<bool> boolAt(const core::Value& map, std::string_view key);

}  // namespace autolife::replay
