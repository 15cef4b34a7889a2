// LaunchpadKeys fed from several threads while another advances the clock
// (its timers publish too) and a subscriber feeds an input back: no lost or
// torn update, memory ends equal to the last inputs, and each key's raises
// are changes (never twice the same value in a row). Also run under
// ThreadSanitizer (ctest -L concurrency).
#include <atomic>
#include <map>
#include <mutex>
#include <thread>

#include "autolife/launchpad/local_time.hpp"
#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

constexpr int kRounds = 2000;

TEST(LaunchpadConcurrency, InputsTimersAndCallbacksFromSeveralThreads) {
  core::VirtualClock clock;
  memory::Memory memory(clock);
  LaunchpadKeys keys(memory, RobotProfile::pepper());
  keys.start();

  // Every raise of a few keys, in delivery order.
  std::mutex seenMutex;
  std::map<std::string, std::vector<Value>> seen;
  std::vector<memory::SubscriptionId> subscriptions;
  for (auto k : {keys::NumPeopleZone1, keys::BatteryLevel, keys::RobotPushedRecently, keys::LifeTime})
    subscriptions.push_back(memory.subscribeToEvent(k, "order", [&](const std::string& key, const Value& v) {
      std::lock_guard lock(seenMutex);
      seen[key].push_back(v);
    }));
  // A callback that feeds an input back, from whichever thread delivers.
  subscriptions.push_back(memory.subscribeToEvent(keys::NumPeopleZone1, "life", [&](const std::string&, const Value& v) {
    keys.setFocusedActivity(v.asInt() > 0 ? "greet/main" : "");
  }));

  std::atomic<bool> go{false};
  std::thread people([&] {
    while (!go) std::this_thread::yield();
    for (int i = 0; i < kRounds; ++i) keys.setPeople({person("a", i % 2 ? 0.5 : 2.0)});
    keys.setPeople({person("a", 0.5)});
  });
  std::thread robot([&] {
    while (!go) std::this_thread::yield();
    for (int i = 0; i < kRounds; ++i) {
      keys.setBattery(i % 100, i % 3 == 0);
      if (i % 50 == 0) keys.robotPushed();
    }
    keys.setBattery(55, false);
  });
  go = true;
  for (int s = 1; s <= 60; ++s) clock.runUntil(sec(s));
  people.join();
  robot.join();

  EXPECT_EQ(memory.getData(keys::NumPeopleZone1).asInt(), 1);
  EXPECT_EQ(memory.getData(keys::FocusedActivity).asString(), "greet/main");
  EXPECT_EQ(memory.getData(keys::BatteryLevel).asInt(), 3);
  EXPECT_EQ(memory.getData(keys::ZoneOfTrackedHuman).asInt(), 1);
  EXPECT_EQ(memory.getData(keys::LifeTime).asInt(), lifeTimeSeconds(clock.wallTime(clock.now())));
  std::lock_guard lock(seenMutex);
  for (const auto& [key, values] : seen)
    for (std::size_t i = 1; i < values.size(); ++i)
      ASSERT_FALSE(identical(values[i - 1], values[i])) << key << " raised twice with " << values[i].toJson();
  EXPECT_EQ(seen[std::string(keys::LifeTime)].size(), 60u);
  for (auto id : subscriptions) memory.unsubscribeToEvent(id);
}

}  // namespace
}  // namespace autolife::launchpad::testing
