// `autolife serve` as users run it: the real binary on a free port, its
// first line, calls over the network, the token beyond loopback, failed
// activities on stderr (JSON Lines with --log-json), and a clean shutdown
// on SIGTERM and SIGINT.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "files.hpp"
#include "serve_process.hpp"
#include "api_client.hpp"

namespace {

using namespace autolife::test;

using Serve = ServeProcess;

using autolife::test::TempDir;

TEST(ServeCli, ServesLifeWithThePackagesOfAFolderAndStopsCleanlyOnSigterm) {
  TempDir data;
  Serve serve({"--data", data.path().string(), "--packages", std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages"});
  const auto port = serve.port();
  EXPECT_EQ(rpcOverHttp(port, "ALAutonomousLife.getState")["result"], "solitary");
  auto installed = rpcOverHttp(port, "PackageManager.packages")["result"];
  EXPECT_GE(installed.size(), 3u) << installed;
  WsClient client{port};
  EXPECT_EQ(client.call("ALMemory.insertData", {"k", 1})["result"], nullptr);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  EXPECT_FALSE(std::filesystem::exists(data.path() / "token"));  // loopback: no token
}

TEST(ServeCli, StopsCleanlyOnSigintWithClientsConnected) {
  TempDir data;
  Serve serve({"--data", data.path().string()});
  const auto port = serve.port();
  WsClient client{port};
  client.call("subscribe", {{"event", "AutonomousLife/State"}});
  EXPECT_EQ(serve.stop(SIGINT), 0);
}

TEST(ServeCli, RunsAScenariosStepsOnTheRealClock) {
  TempDir data;
  const auto scenario = data.path() / "s.yaml";
  std::ofstream(scenario) << "steps:\n  - t: 0\n    set: {Greeting: hello}\n";
  Serve serve({"--data", data.path().string(), "--scenario", scenario.string()});
  const auto port = serve.port();
  WsClient client{port};
  // The step at t=0 ran before the server listened.
  EXPECT_EQ(client.call("ALMemory.getData", {"Greeting"})["result"], "hello");
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

TEST(ServeCli, BeyondLoopbackATokenIsGeneratedShownOnceAndRequired) {
  TempDir data;
  std::string token;
  {
    Serve serve({"--host", "0.0.0.0", "--data", data.path().string()});
    const auto port = serve.port();
    const auto shown = serve.line(true);
    token = shown.substr(shown.rfind(' ') + 1);
    EXPECT_EQ(token.size(), 64u) << shown;
    EXPECT_EQ(httpRequest(port, "POST", "/api", R"({"jsonrpc":"2.0","id":1,"method":"describe"})").status, 401);
    EXPECT_EQ(httpRequest(port, "POST", "/api", R"({"jsonrpc":"2.0","id":1,"method":"describe"})",
                          {{"Authorization", "Bearer " + token}})
                  .status,
              200);
    EXPECT_EQ(serve.stop(SIGTERM), 0);
  }
  struct stat st {};
  ASSERT_EQ(stat((data.path() / "token").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  std::string stored;
  std::getline(std::ifstream(data.path() / "token"), stored);
  EXPECT_EQ(stored, token);
  // The second start reuses it and does not show it again.
  Serve again({"--host", "0.0.0.0", "--data", data.path().string()});
  const auto port = again.port();
  EXPECT_EQ(httpRequest(port, "POST", "/api?token=" + token, R"({"jsonrpc":"2.0","id":1,"method":"describe"})").status,
            200);
  EXPECT_EQ(again.stop(SIGTERM), 0);
}

// Issue 31: --require-token: a kiosk's (or a test's) server wants the
// token on loopback too.
TEST(ServeCli, RequireTokenDemandsItOnLoopback) {
  TempDir data;
  Serve serve({"--require-token", "--qi", "off", "--data", data.path().string()});
  const auto port = serve.port();
  const auto shown = serve.line(true);
  const auto token = shown.substr(shown.rfind(' ') + 1);
  const std::string describe = R"({"jsonrpc":"2.0","id":1,"method":"describe"})";
  EXPECT_EQ(httpRequest(port, "POST", "/api", describe).status, 401);
  EXPECT_EQ(httpRequest(port, "POST", "/api", describe, {{"Authorization", "Bearer " + token}}).status, 200);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

// Issue 16: a failing activity is a line on stderr, a problem in
// Autolife.activities(), and its transition says error.
TEST(ServeCli, AFailedActivityIsSaidOnStderrAndIsTheActivitysProblem) {
  TempDir data;
  const auto scenario = data.path() / "s.yaml";
  std::ofstream(scenario) << "activities:\n  - {name: demo/broken, condition: \"'go' == 1\", run: {until: \"((\"}}\n"
                             "steps:\n  - {t: 0, set: {go: 1}}\n";
  Serve serve({"--data", data.path().string(), "--scenario", scenario.string(), "--qi", "off"});
  const auto port = serve.port();
  const auto said = serve.line(true);
  EXPECT_EQ(said.rfind("autolife serve: demo/broken failed at t=", 0), 0u) << said;
  EXPECT_NE(said.find(": its run condition does not compile: "), std::string::npos) << said;
  nlohmann::json broken;
  const auto activities = rpcOverHttp(port, "Autolife.activities")["result"];
  for (const auto& a : activities)
    if (a["name"] == "demo/broken") broken = a;
  ASSERT_TRUE(broken["problem"].is_string()) << broken;
  EXPECT_EQ(broken["problem"].get<std::string>().rfind("its last run failed at t=", 0), 0u) << broken;
  const auto transitions = rpcOverHttp(port, "Autolife.snapshot", {""})["result"]["transitions"];
  ASSERT_GE(transitions.size(), 2u) << transitions;
  EXPECT_EQ(transitions[1]["PreviousActivityStopReason"], "error");
  EXPECT_EQ(transitions[1]["PreviousActivityError"], broken["failure"]["message"]);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

TEST(ServeCli, WithLogJsonStderrIsJsonLines) {
  TempDir data;
  const auto scenario = data.path() / "s.yaml";
  std::ofstream(scenario) << "activities:\n  - {name: demo/broken, condition: \"'go' == 1\", run: {until: \"((\"}}\n"
                             "steps:\n  - {t: 0, set: {go: 1}}\n";
  Serve serve({"--data", data.path().string(), "--scenario", scenario.string(), "--log-json", "--host", "0.0.0.0",
               "--qi", "off"});
  serve.port();
  const auto token = nlohmann::json::parse(serve.line(true));
  EXPECT_EQ(token["level"], "info") << token;
  EXPECT_EQ(token["token"].get<std::string>().size(), 64u) << token;
  const auto failed = nlohmann::json::parse(serve.line(true));
  EXPECT_EQ(failed["level"], "error") << failed;
  EXPECT_EQ(failed["activity"], "demo/broken") << failed;
  EXPECT_TRUE(failed["t"].is_number()) << failed;
  EXPECT_EQ(failed["error"].get<std::string>().rfind("its run condition does not compile: ", 0), 0u) << failed;
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

// --seed reaches the engine over the scenario's: twenty rand() triggers
// suggest the same activities for the same seed, others for another.
TEST(ServeCli, TheSeedIsTheScenariosUnlessGiven) {
  TempDir data;
  const auto scenario = data.path() / "s.yaml";
  std::ofstream out(scenario);
  out << "seed: 1\nactivities:\n";
  for (int i = 0; i < 20; ++i) out << "  - {name: rnd/a" << i << ", condition: \"rand(0, 1000, 0) < 500\"}\n";
  out.close();
  auto suggestions = [&](std::vector<std::string> more) {
    std::vector<std::string> args = {"--data", data.path().string(), "--scenario", scenario.string(), "--qi", "off"};
    args.insert(args.end(), more.begin(), more.end());
    Serve serve(args);
    const auto list = rpcOverHttp(serve.port(), "ALAutonomousLife.getLaunchSuggestions")["result"];
    EXPECT_EQ(serve.stop(SIGTERM), 0);
    return list;
  };
  const auto scenarios = suggestions({});
  EXPECT_EQ(suggestions({"--seed", "1"}), scenarios);
  EXPECT_NE(suggestions({"--seed", "2"}), scenarios);
}

TEST(ServeCli, APortInUseIsReported) {
  TempDir data;
  Serve first({"--data", data.path().string()});
  const auto port = first.port();
  Serve second({"--data", data.path().string(), "--port", std::to_string(port)});
  EXPECT_NE(second.line(true).find("cannot listen"), std::string::npos);
  EXPECT_EQ(second.stop(SIGTERM), 2);
}

}  // namespace
