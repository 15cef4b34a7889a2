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

  // What the page knows of `robot`: Fleet.robots, then each Fleet.robot
  // change merged in (the page's own way), until `done` holds of it.
  static json waitFor(test::WsClient& ws, const std::string& robot, const std::function<bool(const json&)>& done) {
    json known = json::object();
    const auto robots = ws.call("Fleet.robots");
    for (const auto& r : robots["result"])
      if (r["name"] == robot) known = r;
    std::vector<json> heard;
    try {
      while (!done(known)) {
        heard.push_back(ws.nextNotification()["params"]["value"]);
        if (heard.back()["name"] == robot) known.update(heard.back());
      }
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what() << "; Fleet.robots said " << robots.dump() << ", then " << json(heard).dump();
    }
    return known;
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
  auto r1 = waitFor(ws, "r1", [](const json& r) { return r.value("online", json()) == true && r["battery"].is_object(); });
  EXPECT_EQ(r1["state"], engine().life.getState());
  EXPECT_EQ(r1["focus"], "");
  EXPECT_EQ(ws.call("Fleet.robots")["result"].size(), 1u);
  EXPECT_EQ(ws.call("Fleet.broker")["result"]["connected"], true);

  auto set = ws.call("Fleet.call", {"r1", "ALAutonomousLife.setState", {"disabled"}});
  EXPECT_TRUE(set.contains("result")) << set.dump();
  waitFor(ws, "r1", [](const json& r) { return r.value("state", json()) == "disabled"; });
  auto refused = ws.call("Fleet.call", {"r1", "ALAutonomousLife.setState", {"asleep"}});
  EXPECT_EQ(refused["error"]["code"], -32000) << "the robot's own refusal, through";
  EXPECT_EQ(ws.call("Fleet.call", {"r1", "Nobody.nothing", json::array()})["error"]["data"]["reason"], "no-such-service");
  EXPECT_EQ(ws.call("Fleet.call", {"r9", "ALAutonomousLife.getState", json::array()})["error"]["data"]["reason"],
            "robot-offline");

  publisher->stop();
  waitFor(ws, "r1", [](const json& r) { return r.value("online", json()) == false; });
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
