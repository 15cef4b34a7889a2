// `autolife fleet`'s server in-process (docs/fleet.md): a robot published
// by serve's publisher on a Mosquitto of the test's own, seen through the
// fleet page's API (Fleet.robots, the Fleet.robot signal), called over the
// broker (Fleet.call), and shown offline once it leaves.
#include <gtest/gtest.h>

#include "api_client.hpp"
#include "autolife/fleet/fleet_server.hpp"
#include "autolife/fleet/robot_publisher.hpp"
#include "broker.hpp"
#include "engine_on_loop.hpp"

namespace {

using namespace autolife;
using nlohmann::json;
using test::Broker;

class FleetServerTest : public ::testing::Test, public test::EngineOnLoop {
protected:
  FleetServerTest() {
    fleet::PublisherOptions robot;
    robot.broadcaster.client.broker = broker.address();
    robot.broadcaster.robot = "r1";
    publisher = std::make_unique<fleet::RobotPublisher>(engine(), robot);
    onEngine([&] { publisher->start(); });
    fleetLoop.start();
    fleet::FleetOptions options;
    options.client.broker = broker.address();
    options.client.backoff = {std::chrono::milliseconds(50), std::chrono::milliseconds(200)};
    options.port = 0;
    options.callTimeout = std::chrono::milliseconds(3000);
    server = std::make_unique<fleet::FleetServer>(fleetLoop, options);
    const auto address = server->start();
    port = static_cast<unsigned short>(std::stoi(address.substr(address.rfind(':') + 1)));
  }
  ~FleetServerTest() override {
    server->stop();
    fleetLoop.stop();
    publisher->stop();
  }

  // Waits for a Fleet.robot notification of `robot` for which `matches`.
  static json waitForChange(test::WsClient& ws, const std::string& robot, const std::function<bool(const json&)>& matches) {
    for (;;) {
      auto n = ws.nextNotification();
      const auto& change = n["params"]["value"];
      if (change["name"] == robot && matches(change)) return change;
    }
  }

  Broker broker;
  std::unique_ptr<fleet::RobotPublisher> publisher;
  net::EventLoop fleetLoop;
  std::unique_ptr<fleet::FleetServer> server;
  unsigned short port = 0;
};

TEST_F(FleetServerTest, ListsTheRobotCallsItAndSeesItLeave) {
  test::WsClient ws(port);
  ASSERT_TRUE(ws.call("subscribe", {{"signal", "Fleet.robot"}}).contains("result"));
  auto online = [](const json& c) { return c.contains("online") && c["online"] == true; };
  bool known = false;
  for (const auto& r : ws.call("Fleet.robots")["result"]) known = known || (r["name"] == "r1" && online(r));
  if (!known) waitForChange(ws, "r1", online);
  auto robots = ws.call("Fleet.robots")["result"];
  ASSERT_EQ(robots.size(), 1u);
  EXPECT_EQ(robots[0]["state"], engine().life.getState());
  EXPECT_TRUE(robots[0]["battery"].is_object());
  EXPECT_EQ(ws.call("Fleet.broker")["result"]["connected"], true);

  auto set = ws.call("Fleet.call", {"r1", "ALAutonomousLife.setState", {"disabled"}});
  EXPECT_TRUE(set.contains("result")) << set.dump();
  waitForChange(ws, "r1", [](const json& c) { return c.value("state", json()) == "disabled"; });
  auto refused = ws.call("Fleet.call", {"r1", "ALAutonomousLife.setState", {"asleep"}});
  EXPECT_EQ(refused["error"]["code"], -32000) << "the robot's own refusal, through";
  EXPECT_EQ(ws.call("Fleet.call", {"r1", "Nobody.nothing", json::array()})["error"]["data"]["reason"], "no-such-service");
  EXPECT_EQ(ws.call("Fleet.call", {"r9", "ALAutonomousLife.getState", json::array()})["error"]["data"]["reason"],
            "robot-offline");

  publisher->stop();
  waitForChange(ws, "r1", [](const json& c) { return c.contains("online") && c["online"] == false; });
  EXPECT_EQ(ws.call("Fleet.call", {"r1", "ALAutonomousLife.getState", json::array()})["error"]["data"]["reason"],
            "robot-offline");
}

TEST_F(FleetServerTest, ServesItsPageAndTheSharedScript) {
  auto page = test::httpRequest(port, "GET", "/", "");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("<title>autolife fleet</title>"), std::string::npos);
  auto shared = test::httpRequest(port, "GET", "/shared.js", "");
  EXPECT_EQ(shared.status, 200);
  EXPECT_NE(shared.body.find("class Rpc"), std::string::npos);
  EXPECT_EQ(test::httpRequest(port, "GET", "/fleet.js", "").status, 200);
  EXPECT_EQ(test::httpRequest(port, "GET", "/dashboard.js", "").status, 404) << "the fleet's page, not the dashboard";
}

}  // namespace
