// `serve --mqtt` and `autolife fleet` through the real binary (docs/fleet.md):
// a bad URL or name stops them before anything starts; a broker down when
// serve starts is said once, serve runs on and reaches it once it is there.
#include <gtest/gtest.h>

#include "broker.hpp"
#include "process.hpp"
#include "serve_process.hpp"

namespace {

using namespace autolife;
using test::Broker;

TEST(FleetCli, ABadBrokerOrNameStopsBeforeAnythingStarts) {
  test::TempDir data;
  auto wrongUrl = autolife::testing::runProcess({AUTOLIFE_BINARY, "serve", "--port", "0", "--qi", "off", "--data", data.str(), "--mqtt", "tcp://host:1883"});
  EXPECT_EQ(wrongUrl.status, 2);
  EXPECT_NE(wrongUrl.err.find("--mqtt 'tcp://host:1883': not an MQTT URL"), std::string::npos) << wrongUrl.err;
  EXPECT_EQ(wrongUrl.out, "") << "nothing listened";
  auto wrongName = autolife::testing::runProcess({AUTOLIFE_BINARY, "serve", "--port", "0", "--qi", "off", "--data", data.str(), "--mqtt",
                                        "mqtt://127.0.0.1:1", "--name", "nao/1"});
  EXPECT_EQ(wrongName.status, 2);
  EXPECT_NE(wrongName.err.find("--name 'nao/1': a robot's name may not hold '/'"), std::string::npos) << wrongName.err;
  auto fleet = autolife::testing::runProcess({AUTOLIFE_BINARY, "fleet", "--mqtt", "http://broker"});
  EXPECT_EQ(fleet.status, 2);
  EXPECT_NE(fleet.err.find("not an MQTT URL"), std::string::npos) << fleet.err;
}

// serve's next line on stderr about MQTT.
std::string nextMqttLine(test::ServeProcess& serve) {
  for (;;)
    if (auto line = serve.line(true); line.find("MQTT") != std::string::npos) return line;
}

TEST(FleetCli, ServeRunsOnWhileTheBrokerIsAwayAndSaysSoOnce) {
  Broker broker;
  broker.stop();
  test::TempDir data;
  test::ServeProcess serve({"--qi", "off", "--data", data.str(), "--mqtt", broker.url(), "--name", "cli-robot"});
  serve.port();  // it listens: the API serves while the broker is away
  EXPECT_NE(nextMqttLine(serve).find("unreachable: Connection refused; retrying with backoff"), std::string::npos);
  broker.start();
  EXPECT_NE(nextMqttLine(serve).find("reached: 0 events that waited sent, 0 older ones dropped"), std::string::npos)
      << "the next line: said once, however many attempts failed";
  test::Listener online(broker, {"autolife/cli-robot/online"});
  EXPECT_TRUE(online.waitForMessage("autolife/cli-robot/online", [](auto& p) { return p == "true"; }));
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  EXPECT_TRUE(online.waitForMessage("autolife/cli-robot/online", [](auto& p) { return p == "false"; }))
      << "it said goodbye: the broker published its will";
}

}  // namespace
