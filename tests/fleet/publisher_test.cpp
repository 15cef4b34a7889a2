// `serve --mqtt` in-process (docs/fleet.md): an engine on its event loop,
// published on a Mosquitto of the test's own, as a subscriber sees it:
// what is kept (retained), the events, calls answered on the response
// topic, and the will when it leaves. Real time: every wait is on a
// condition with a deadline.
#include <gtest/gtest.h>

#include "autolife/fleet/robot_publisher.hpp"
#include "autolife/fleet/topics.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/robot/system_services.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "broker.hpp"
#include "engine_on_loop.hpp"

namespace {

using namespace autolife;
using nlohmann::json;
using test::Broker;
using test::Listener;

class FleetPublisher : public ::testing::Test, public test::EngineOnLoop {
protected:
  void SetUp() override {
    life::Activity go;
    go.name = "fleet/go";
    go.launchTrigger = "'Fleet/Go' == 1";
    life::Activity fails;
    fails.name = "fleet/fails";
    fails.launchTrigger = "'Fleet/Fail' == 1";
    fails.run = life::RunProgram{{"/bin/false"}};
    onEngine([&] {
      engine().addActivity(go);
      engine().addActivity(fails);
    });
  }

  void publish(const std::string& name = "r1") {
    fleet::PublisherOptions options;
    options.broadcaster.client.broker = broker.address();
    options.broadcaster.client.backoff = {std::chrono::milliseconds(50), std::chrono::milliseconds(200)};
    options.broadcaster.robot = name;
    options.broadcaster.log = [this](const char* level, const std::string& text) {
      std::lock_guard lock(mutex);
      logged.push_back(std::string(level) + ": " + text);
      said.notify_all();
    };
    options.dashboardUrl = "http://127.0.0.1:8765/";
    publisher = std::make_unique<fleet::RobotPublisher>(engine(), options);
    onEngine([&] { publisher->start(); });
  }
  // Waits until the publisher says it reached the broker.
  bool connected() {
    std::unique_lock lock(mutex);
    return said.wait_for(lock, Listener::kDeadline, [&] {
      return std::any_of(logged.begin(), logged.end(), [](auto& l) { return l.find("MQTT: publishing to") != std::string::npos; });
    });
  }
  void TearDown() override {
    if (publisher) publisher->stop();
  }

  void write(const std::string& key, int value) {
    onEngine([&] { engine().memory.insertData(key, value); });
  }

  Broker broker;
  std::mutex mutex;
  std::condition_variable said;
  std::vector<std::string> logged;
  std::unique_ptr<fleet::RobotPublisher> publisher;
};

bool is(const std::string& payload, const json& expected) { return json::accept(payload) && json::parse(payload) == expected; }

TEST_F(FleetPublisher, KeepsItsStateOnTheBrokerAndPublishesWhatHappens) {
  publish();
  ASSERT_TRUE(connected());
  Listener listener(broker, {"autolife/r1/#"});
  const auto state = engine().life.getState();
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/online", [](auto& p) { return p == "true"; }));
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/state", [&](auto& p) { return is(p, state); }));
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/focus", [](auto& p) { return is(p, ""); }));
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/dashboard", [](auto& p) { return is(p, "http://127.0.0.1:8765/"); }));
  auto battery = listener.waitForMessage("autolife/r1/battery");
  ASSERT_TRUE(battery);
  EXPECT_TRUE(json::parse(battery->payload)["level"].is_number_integer()) << battery->payload;
  EXPECT_TRUE(json::parse(battery->payload)["charging"].is_boolean()) << battery->payload;
  Listener late(broker, {"autolife/r1/battery"});
  auto kept = late.waitForMessage("autolife/r1/battery");
  ASSERT_TRUE(kept);
  EXPECT_TRUE(kept->retain) << "a new subscriber gets what is kept";
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/activities", [](auto& p) {
    return is(p, json::array({{{"name", "fleet/fails"}, {"trigger", "'Fleet/Fail' == 1"}, {"value", false}},
                              {{"name", "fleet/go"}, {"trigger", "'Fleet/Go' == 1"}, {"value", false}}}));
  }));

  write("Fleet/Go", 1);
  auto transition = listener.waitForMessage("autolife/r1/transition");
  ASSERT_TRUE(transition);
  EXPECT_FALSE(transition->retain);
  EXPECT_EQ(json::parse(transition->payload)["FocusedActivityName"], "fleet/go");
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/focus", [](auto& p) { return is(p, "fleet/go"); }));
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/activities", [](auto& p) {
    return json::accept(p) && json::parse(p)[1]["value"] == true;
  }));

  // A box error, as the dashboard shows it: the run failed, with why.
  write("Fleet/Go", 0);
  onEngine([&] { engine().life.stopFocus(); });
  write("Fleet/Fail", 1);
  auto problem = listener.waitForMessage("autolife/r1/problem");
  ASSERT_TRUE(problem) << "a failed run is a problem";
  auto p = json::parse(problem->payload);
  EXPECT_EQ(p["activity"], "fleet/fails");
  EXPECT_EQ(p["kind"], "failed");
  EXPECT_FALSE(p["message"].get<std::string>().empty());
}

// The battery follows the robot's charge to the percent (not only the
// Launchpad's bars) and its charging flag.
TEST_F(FleetPublisher, KeepsTheBatterysChargeInPercent) {
  publish();
  Listener listener(broker, {"autolife/r1/battery"});
  ASSERT_TRUE(listener.waitForMessage("autolife/r1/battery", [](auto& p) { return is(p, {{"level", 100}, {"charging", false}}); }));
  auto world = [&](double percent, std::optional<bool> charging) {
    robot::WorldUpdate u;
    u.battery = percent;
    u.charging = charging;
    onEngine([&] {  // as a scenario's world step: the perception, and ALBattery
      engine().world.apply(u);
      engine().robot.system().sense(u);
    });
  };
  world(42, true);
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/battery", [](auto& p) { return is(p, {{"level", 42}, {"charging", true}}); }));
  world(41, std::nullopt);
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/battery", [](auto& p) { return is(p, {{"level", 41}, {"charging", true}}); }))
      << "a percent within the same bar";
}

TEST_F(FleetPublisher, AnswersCallsOnTheResponseTopicAndLeavesItsWill) {
  publish();
  Listener listener(broker, {"autolife/r1/online", "replies/test"});
  ASSERT_TRUE(listener.waitForMessage("autolife/r1/online", [](auto& p) { return p == "true"; }));
  ASSERT_TRUE(listener.client().publish(
      mqtt::Message{"autolife/r1/call", R"({"jsonrpc": "2.0", "id": 3, "method": "ALAutonomousLife.setState", "params": ["disabled"]})",
                    1, false, "replies/test", std::string("abc\0def", 7)}));
  auto answer = listener.waitForMessage("replies/test");
  ASSERT_TRUE(answer);
  EXPECT_EQ(json::parse(answer->payload), (json{{"jsonrpc", "2.0"}, {"id", 3}, {"result", nullptr}}));
  EXPECT_EQ(answer->correlation, std::string("abc\0def", 7)) << "the correlation data comes back as it went, bytes";
  EXPECT_EQ(engine().life.getState(), "disabled");

  ASSERT_TRUE(listener.client().publish(mqtt::Message{"autolife/r1/call", "{nope", 1, false, "replies/test", "2"}));
  auto error = listener.waitForMessage("replies/test", [](auto& p) { return p.find("-32700") != std::string::npos; });
  ASSERT_TRUE(error) << "not JSON: a parse error, answered";
  EXPECT_EQ(error->correlation, "2");

  publisher->stop();
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/online", [](auto& p) { return p == "false"; })) << "the will";
}

}  // namespace
