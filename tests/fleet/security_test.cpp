// Securing the broker (docs/fleet.md): its Mosquitto ACL, as written there,
// on a broker with users: a robot publishes under its own name and answers
// a call from the `fleet` user, whose answer comes back on its own reply
// topic; another robot cannot publish under that name. And mqtts: a robot
// given the CA (--mqtt-ca) reaches a TLS listener, one without it is
// refused, and says why.
#include <gtest/gtest.h>

#include "autolife/fleet/broadcaster.hpp"
#include "autolife/fleet/robot_publisher.hpp"
#include "autolife/net/stream.hpp"
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

TEST(FleetTls, ARobotGivenTheCaReachesTheBrokerOverTls) {
  test::TempDir certificates;
  const auto made = net::selfSignedCertificate(certificates.path());  // for 127.0.0.1: its own CA
  const auto tlsPort = test::freeLoopbackPort();
  Broker broker{Broker::Options{false, "", "listener " + std::to_string(tlsPort) + " 127.0.0.1\ncertfile " +
                                                made.certificate.string() + "\nkeyfile " + made.key.string() + "\n"}};
  Listener listener(broker, {"autolife/+/online"});

  std::mutex mutex;
  std::condition_variable said;
  std::vector<std::string> logged;
  auto robot = [&](const std::string& name, const std::string& ca) {
    fleet::BroadcasterOptions options;
    options.client.broker = net::Url{true, "127.0.0.1", tlsPort};
    options.client.caFile = ca;
    options.robot = name;
    options.log = [&](const char* level, const std::string& text) {
      std::lock_guard lock(mutex);
      logged.push_back(std::string(level) + ": " + text);
      said.notify_all();
    };
    auto b = std::make_unique<fleet::Broadcaster>(options);
    b->start();
    return b;
  };
  auto trusted = robot("r1", made.certificate.string());
  EXPECT_TRUE(listener.waitForMessage("autolife/r1/online", [](auto& p) { return p == "true"; }));

  auto stranger = robot("r2", "");  // the system's CAs do not know this broker
  std::unique_lock lock(mutex);
  ASSERT_TRUE(said.wait_for(lock, Listener::kDeadline, [&] {
    return std::any_of(logged.begin(), logged.end(), [](auto& l) { return l.find("unreachable") != std::string::npos; });
  }));
  EXPECT_TRUE(std::none_of(logged.begin(), logged.end(), [](auto& l) { return l.find("r2/#") != std::string::npos; }))
      << "r2 never publishes";
}

}  // namespace
