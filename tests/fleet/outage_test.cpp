// The broker away (docs/fleet.md, "Outages"): at start or later, the robot
// runs on, says so once, reconnects with backoff and republishes what it
// keeps; up to 1,000 events wait meanwhile, the older ones dropped and
// counted. A Broadcaster (what serve's publisher speaks through) against a
// Mosquitto the test stops and starts on the same port. So that the test's
// subscriber is there before the robot comes back, the broker knows the
// robot's user only once the subscriber listens (until then it refuses it,
// which is one more way of being away).
#include <gtest/gtest.h>

#include "autolife/fleet/broadcaster.hpp"
#include "broker.hpp"

namespace {

using namespace autolife;
using test::Broker;
using test::Listener;

class FleetOutage : public ::testing::Test {
protected:
  std::unique_ptr<fleet::Broadcaster> broadcaster(std::size_t maxWaiting = 1000) {
    fleet::BroadcasterOptions options;
    options.client.broker = broker.address();
    options.client.user = "r1";
    options.client.password = "r1-secret";
    options.client.backoff = {std::chrono::milliseconds(50), std::chrono::milliseconds(200)};
    options.robot = "r1";
    options.maxWaiting = maxWaiting;
    options.log = [this](const char* level, const std::string& text) {
      std::lock_guard lock(mutex);
      logged.push_back(std::string(level) + ": " + text);
      changed.notify_all();
    };
    return std::make_unique<fleet::Broadcaster>(options);
  }

  // How many lines of the log hold `text`.
  std::size_t saidLocked(const std::string& text) const {
    return std::count_if(logged.begin(), logged.end(), [&](auto& l) { return l.find(text) != std::string::npos; });
  }
  std::size_t said(const std::string& text) {
    std::lock_guard lock(mutex);
    return saidLocked(text);
  }
  // Waits until the log said `text` `times` times.
  bool waitSaid(const std::string& text, std::size_t times = 1) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, Listener::kDeadline, [&] { return saidLocked(text) >= times; });
  }

  Broker broker{Broker::Options{true, "", ""}};
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> logged;
};

TEST_F(FleetOutage, TheBrokerDownAtStartThenEventsWaitAndTheOldestAreDropped) {
  broker.stop();
  auto robot = broadcaster();
  robot->retain("state", "\"solitary\"");
  robot->start();
  for (int i = 0; i < 1500; ++i) robot->event("transition", std::to_string(i));
  ASSERT_TRUE(waitSaid("unreachable"));
  auto counts = robot->counts();
  EXPECT_EQ(counts.waiting, 1000u);
  EXPECT_EQ(counts.dropped, 500u);
  EXPECT_EQ(counts.published, 0u);

  broker.start();  // refuses r1 until it is told of it
  Listener listener(broker, {"autolife/r1/#"});
  broker.addUser("r1", "r1-secret");
  ASSERT_TRUE(listener.waitForCount("autolife/r1/transition", 1000)) << listener.payloads("autolife/r1/transition").size();
  const auto events = listener.payloads("autolife/r1/transition");
  EXPECT_EQ(events.front(), "500") << "the newest thousand, oldest first";
  EXPECT_EQ(events.back(), "1499");
  EXPECT_TRUE(std::is_sorted(events.begin(), events.end(), [](auto& a, auto& b) { return std::stoi(a) < std::stoi(b); }));
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/state", [](auto& p) { return p == "\"solitary\""; }));
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/online", [](auto& p) { return p == "true"; }));
  ASSERT_TRUE(waitSaid("reached: 1000 events that waited sent, 500 older ones dropped"));
  EXPECT_EQ(said("unreachable"), 1u) << "said once, however many attempts failed, refused or not";
  counts = robot->counts();
  EXPECT_EQ(counts.waiting, 0u);
  EXPECT_EQ(counts.published, 1000u);

  // Once connected, events go out at once.
  robot->event("transition", "1500");
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/transition", [](auto& p) { return p == "1500"; }));
}

TEST_F(FleetOutage, TheBrokerGoneLaterThenBackWhatIsKeptIsRepublished) {
  broker.addUser("r1", "r1-secret");
  auto robot = broadcaster(3);
  robot->retain("state", "\"solitary\"");
  robot->start();
  ASSERT_TRUE(waitSaid("MQTT: publishing to"));
  broker.stop();
  ASSERT_TRUE(waitSaid("unreachable"));
  robot->retain("state", "\"interactive\"");
  for (int i = 0; i < 5; ++i) robot->event("problem", std::to_string(i));
  EXPECT_EQ(robot->counts().dropped, 2u);

  // Back without what it kept (no persistence), and refusing r1 at first.
  std::filesystem::remove(broker.folder() / "passwords");
  broker.addUser("listener", "listener");
  broker.start();
  Listener listener(broker, {"autolife/r1/#"});
  broker.addUser("r1", "r1-secret");
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/state", [](auto& p) { return p == "\"interactive\""; }));
  ASSERT_TRUE(listener.waitForCount("autolife/r1/problem", 3));
  EXPECT_EQ(listener.payloads("autolife/r1/problem"), (std::vector<std::string>{"2", "3", "4"}));
  EXPECT_TRUE(waitSaid("reached again: 3 events that waited sent, 2 older ones dropped"));
  EXPECT_EQ(said("unreachable"), 1u);
}

}  // namespace
