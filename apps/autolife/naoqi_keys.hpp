// Memory keys a robot writes by itself (NAOqi's modules and extractors,
// Autonomous Life, the Launchpad): what `autolife check` takes as written
// when it looks for trigger keys that nothing writes.
#pragma once

#include <string_view>

namespace autolife::app {

// The one place check asks. Until the NAOqi catalog (issue 14: modules,
// events, memory keys as data) is in, it knows the keys autolife itself
// writes (Launchpad/*, AutonomousLife/*, ALMemory/*) exactly, and NAOqi's
// by their documented names and namespaces (a key under
// "PeoplePerception/" counts as written); the catalog replaces that part.
bool naoqiWrites(std::string_view key);

// Whether the key has a value from the start: the Launchpad's keys, which
// autolife publishes before anything runs (so a comparison of one is
// never true "for lack of a value").
bool hasValueFromStart(std::string_view key);

}  // namespace autolife::app
