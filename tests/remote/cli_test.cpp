// `--robot` through the real binary: `autolife play`, `serve` and
// `simulate` acting on a served autolife in another process, and what is
// refused before anything runs.
#include <gmock/gmock.h>

#include "autolife/qiclient/client.hpp"
#include "process.hpp"
#include "remote_support.hpp"

namespace autolife::remotetest {
namespace {

using autolife::testing::runProcess;
using nlohmann::json;
using runtimetest::behaviorXar;
using runtimetest::chain;
using runtimetest::pythonBox;
using ::testing::HasSubstr;

// The JSON Lines of an output, parsed.
std::vector<json> jsonLines(const std::string& out) {
  std::vector<json> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) lines.push_back(json::parse(line));
  return lines;
}

bool hasLine(const std::string& out, const json& fields) {
  for (const auto& line : jsonLines(out)) {
    bool all = true;
    for (const auto& [k, v] : fields.items()) all = all && line.contains(k) && line[k] == v;
    if (all) return true;
  }
  return false;
}

// ALTextToSpeech/CurrentSentence on the served robot, once it is `want`
// (speech starts on the robot's clock, just after the call).
json sentenceOn(const std::string& url, const json& want) {
  qiclient::Client client(url);
  return eventuallyEqual([&] { return client.call("ALMemory", "getData", {"ALTextToSpeech/CurrentSentence"}); }, want);
}

TEST(RobotOption, PlayDrivesTheRobotOverQi) {
  RemoteServe served;
  simtest::TempDir dir;
  const auto xar = dir.write("behavior.xar", behaviorXar(pythonBox("Say", 1,
                                                                   "    def onInput_onStart(self):\n"
                                                                   "        ALProxy(\"ALTextToSpeech\").say(\"hi from play\")\n"
                                                                   "        self.onStopped()\n") +
                                                         chain(1, 1)));
  const auto r = runProcess({AUTOLIFE_BINARY, "play", "--json", "--robot", served.url(), xar.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(hasLine(r.out, {{"service", "ALTextToSpeech"}, {"method", "say"}, {"args", json::array({"hi from play"})}})) << r.out;
  EXPECT_TRUE(hasLine(r.out, {{"end", "finished"}})) << r.out;
  EXPECT_EQ(sentenceOn(served.url(), "hi from play"), "hi from play");
}

TEST(RobotOption, PlayReportsARobotThatRefusesAsABoxError) {
  RemoteServe served;
  simtest::TempDir dir;
  const auto xar = dir.write("behavior.xar", behaviorXar(pythonBox("Ask", 1,
                                                                   "    def onInput_onStart(self):\n"
                                                                   "        ALProxy(\"RobotALMemory\").getData(\"No/Such/Key\")\n"
                                                                   "        self.onStopped()\n") +
                                                         chain(1, 1)));
  const auto r = runProcess({AUTOLIFE_BINARY, "play", "--robot", served.url(), xar.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.out, HasSubstr("No/Such/Key"));
  EXPECT_THAT(r.out, HasSubstr("remote-error"));
}

TEST(RobotOption, ServeRunsLifeOnTheRobot) {
  RemoteServe robot;
  RemoteServe life({"--robot", robot.url()});
  qiclient::Client client(life.url());
  client.call("ALTextToSpeech", "say", {"said through the second engine"});
  EXPECT_EQ(sentenceOn(robot.url(), "said through the second engine"), "said through the second engine");
  client.call("RobotALMemory", "insertData", {"Robot/Key", 3});
  EXPECT_EQ(core::valueToJson(qiclient::Client(robot.url()).call("ALMemory", "getData", {"Robot/Key"})), 3);
  EXPECT_EQ(life.process().stop(SIGTERM), 0);
}

TEST(RobotOption, SimulateSendsItsCallsToTheRobot) {
  RemoteServe served;
  simtest::TempDir dir;
  const auto scenario = dir.write("day.yaml", "until: 5\nsteps:\n  - t: 1\n    call: [\"ALTextToSpeech.say\", \"from the scenario\"]\n");
  const auto r = runProcess({AUTOLIFE_BINARY, "simulate", "--json", "--robot", served.url(), scenario.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(hasLine(r.out, {{"call", "ALTextToSpeech.say"}, {"result", nullptr}})) << r.out;
  EXPECT_EQ(sentenceOn(served.url(), "from the scenario"), "from the scenario");
}

TEST(RobotOption, BadValuesAndAbsentRobotsAreRefusedWithStatus2) {
  simtest::TempDir dir;
  const auto xar = dir.write("behavior.xar", behaviorXar(pythonBox("Idle", 1, "    def onInput_onStart(self):\n        self.onStopped()\n") + chain(1, 1)));
  auto r = runProcess({AUTOLIFE_BINARY, "play", "--robot", "r2d2", xar.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("nao, pepper, tcp://HOST:PORT"));
  r = runProcess({AUTOLIFE_BINARY, "play", "--virtual", "--robot", "tcp://127.0.0.1:9", xar.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("--virtual"));
  std::string nobody;
  {
    Listener gone;
    nobody = gone.url();
  }
  r = runProcess({AUTOLIFE_BINARY, "play", "--robot", nobody, xar.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("unreachable"));
  r = runProcess({AUTOLIFE_BINARY, "serve", "--port", "0", "--qi", "off", "--robot", nobody});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("unreachable"));
  // The models still work.
  r = runProcess({AUTOLIFE_BINARY, "play", "--robot", "pepper", xar.string()});
  EXPECT_EQ(r.status, 0) << r.err;
}

}  // namespace
}  // namespace autolife::remotetest
