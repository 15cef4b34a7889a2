// Workloads shared by the whole-engine programs (bench_simulation, soak):
// activities with every kind of launch trigger over a set of memory keys.
#pragma once

#include <sys/resource.h>

#include <random>
#include <string>

#include "autolife/engine/engine.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/package/store.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/service/service.hpp"

namespace autolife::bench {

// `count` activities over keys `<prefix>Key0..keys-1` and events
// `<prefix>Event0..19`: plain comparisons, ~, #, bang, people in zones;
// half solitary, half interactive; each runs `minSeconds` to `maxSeconds`.
inline void addActivities(engine::Engine& e, int count, int keys, const std::string& prefix, int minSeconds,
                          int maxSeconds, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> key(0, keys - 1), seconds(minSeconds, maxSeconds);
  for (int i = 0; i < count; ++i) {
    life::Activity a;
    a.name = "bench/activity" + std::to_string(i);
    a.nature = i % 2 ? life::Nature::Interactive : life::Nature::Solitary;
    const std::string k = "'" + prefix + "Key" + std::to_string(key(rng)) + "'";
    switch (i % 5) {
      case 0: a.launchTrigger = k + " > 97"; break;
      case 1: a.launchTrigger = "(" + k + " > 90) ~ 2"; break;
      case 2: a.launchTrigger = "(" + k + " >= 99) # 5"; break;
      case 3: a.launchTrigger = "bang('" + prefix + "Event" + std::to_string(i % 20) + "') && " + k + " > 50"; break;
      default: a.launchTrigger = "('Launchpad/NumPeopleZone1' >= 1) ~ 1 && " + k + " > 80"; break;
    }
    a.run = life::RunFor{core::fromSeconds(seconds(rng))};
    e.addActivity(std::move(a));
  }
}

inline long peakRssKb() {
  rusage r{};
  getrusage(RUSAGE_SELF, &r);
  return r.ru_maxrss;
}

}  // namespace autolife::bench
