// Memory keys a robot writes by itself (NAOqi's modules and extractors,
// Autonomous Life, the Launchpad): what `autolife check` takes as written
// when it looks for trigger keys that nothing writes.
#pragma once

#include <string_view>

namespace autolife::app {

// The one place check asks, in agreement with what the simulator and
// NAOqi's catalog write: the keys autolife itself writes (Launchpad/*,
// AutonomousLife/*, ALMemory/*), every event and memory key of the NAOqi
// catalog (BatteryTrapIsOpen...), the keys the simulated robot has from its
// start, and NAOqi's documented namespaces (a key under "PeoplePerception/"
// counts as written).
bool naoqiWrites(std::string_view key);

// Whether the key has a value from the start: the Launchpad's keys, and
// what the simulated robot writes at boot as a robot does
// (UserSession/FocusedUser -1, ALBasicAwareness/HumanTracked -1, empty
// people lists: decision 303), so a comparison of one is never true "for
// lack of a value".
bool hasValueFromStart(std::string_view key);

}  // namespace autolife::app
