// docs/fleet.md's Mosquitto ACL, as written there, on a broker with users:
// a robot publishes under its own name and answers a call from the `fleet`
// user, whose answer comes back on its own reply topic; another robot
// cannot publish under that name.
#include <gtest/gtest.h>

#include "autolife/fleet/robot_publisher.hpp"
#include "broker.hpp"
#include "engine_on_loop.hpp"

namespace {

using namespace autolife;
using test::Broker;
using test::Listener;

// The ACL block of docs/fleet.md ("# /etc/mosquitto/autolife.acl" to the
// end of its code block).
std::string documentedAcl() {
  const auto doc = test::readText(std::filesystem::path(AUTOLIFE_SOURCE_DIR) / "docs/fleet.md");
  const auto start = doc.find("# /etc/mosquitto/autolife.acl\n");
  const auto end = doc.find("```", start);
  if (start == std::string::npos || end == std::string::npos) throw std::runtime_error("no ACL in docs/fleet.md");
  return doc.substr(start, end - start);
}

class FleetAcl : public ::testing::Test, public test::EngineOnLoop {
protected:
  FleetAcl() {
    for (const char* user : {"r1", "r2", "fleet"}) broker.addUser(user, user);
  }
  Broker broker{Broker::Options{true, documentedAcl(), ""}};
};

TEST_F(FleetAcl, KeepsEachRobotToItsOwnTopicsAndLetsTheFleetCall) {
  fleet::PublisherOptions options;
  options.broadcaster.client.broker = broker.address();
  options.broadcaster.client.user = options.broadcaster.client.password = "r1";
  options.broadcaster.robot = "r1";
  fleet::RobotPublisher r1(engine(), options);
  onEngine([&] { r1.start(); });

  Listener fleet(broker, {"autolife/+/+", "autolife/fleet/fleet-test/reply"}, "fleet-test", "fleet");
  ASSERT_TRUE(fleet.waitForMessage("autolife/r1/online", [](auto& p) { return p == "true"; }));
  ASSERT_TRUE(fleet.client().publish(mqtt::Message{"autolife/r1/call",
                                                   R"({"jsonrpc": "2.0", "id": 1, "method": "ALAutonomousLife.getState"})",
                                                   1, false, "autolife/fleet/fleet-test/reply", "x"}));
  auto answer = fleet.waitForMessage("autolife/fleet/fleet-test/reply");
  ASSERT_TRUE(answer) << "the robot may answer its caller";
  EXPECT_NE(answer->payload.find("\"result\""), std::string::npos) << answer->payload;

  // r2 writes under r1's name, then under its own: only the second gets through.
  Listener r2(broker, {}, "", "r2");
  ASSERT_TRUE(r2.client().publish(mqtt::Message{"autolife/r1/state", "\"taken over\"", 1, true, {}, std::nullopt}));
  ASSERT_TRUE(r2.client().publish(mqtt::Message{"autolife/r2/state", "\"marker\"", 1, true, {}, std::nullopt}));
  ASSERT_TRUE(fleet.waitForMessage("autolife/r2/state", [](auto& p) { return p == "\"marker\""; }));
  for (const auto& state : fleet.payloads("autolife/r1/state")) EXPECT_NE(state, "\"taken over\"");
  r1.stop();
}

}  // namespace
