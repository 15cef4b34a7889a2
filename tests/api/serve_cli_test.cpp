// `autolife serve` as users run it: the real binary on a free port, its
// first line, calls over the network, the token beyond loopback, and a
// clean shutdown on SIGTERM and SIGINT.
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

TEST(ServeCli, APortInUseIsReported) {
  TempDir data;
  Serve first({"--data", data.path().string()});
  const auto port = first.port();
  Serve second({"--data", data.path().string(), "--port", std::to_string(port)});
  EXPECT_NE(second.line(true).find("cannot listen"), std::string::npos);
  EXPECT_EQ(second.stop(SIGTERM), 2);
}

}  // namespace
