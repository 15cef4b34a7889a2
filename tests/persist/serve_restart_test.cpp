// `autolife serve --data DIR` stopped and started again, as a robot is
// (docs/persistence.md): after SIGTERM, and after SIGKILL right after
// acknowledged writes, the next start has every preference, statistic and
// history entry the API acknowledged. A corrupt or unusable database is
// reported at start and the server runs anyway.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "../api/api_client.hpp"
#include "../support/serve_process.hpp"
#include "files.hpp"

namespace {

using autolife::test::TempDir;
using autolife::test::Json;
using autolife::test::kTimeout;
using autolife::test::WsClient;
using testing::HasSubstr;

// `autolife serve --port 0`; its stderr read by line.
class Serve : public autolife::test::ServeProcess {
public:
  using ServeProcess::ServeProcess;
  std::string errorLine() { return line(true); }
};

// Two activities: one whose trigger reads a preference, one started by hand.
class ServeRestart : public testing::Test {
protected:
  ServeRestart() {
    std::ofstream(dir.path() / "scenario.yaml") << "activities:\n"
                                                 "  - name: test/when-asked\n"
                                                 "    condition: 'pref(\"test\", \"go\") == \"yes\"'\n"
                                                 "  - name: test/at-start\n"
                                                 "    condition: 'pref(\"test\", \"start\") == \"yes\"'\n"
                                                 "  - name: test/manual\n";
  }
  std::vector<std::string> args() const {
    return {"--data", (dir.path() / "data").string(), "--scenario", (dir.path() / "scenario.yaml").string()};
  }
  static Json result(WsClient& client, const std::string& method, const Json& params = Json::array()) {
    const Json answer = client.call(method, params);
    EXPECT_TRUE(answer.contains("result")) << method << ": " << answer;
    return answer.value("result", Json());
  }
  // Waits (on the subscription's notifications, within the tests' timeout)
  // until `activity` is focused.
  static void waitForFocus(WsClient& client, const std::string& activity) {
    client.call("subscribe", {{"event", "AutonomousLife/FocusedActivity"}});
    if (result(client, "ALAutonomousLife.focusedActivity") == activity) return;
    while (client.nextNotification()["params"]["value"] != activity) {
    }
  }
  static std::vector<std::string> names(const Json& history) {
    std::vector<std::string> out;
    for (const auto& entry : history) out.push_back(entry[0].get<std::string>());
    return out;
  }

  TempDir dir;
};

TEST_F(ServeRestart, EverythingIsThereAfterSigterm) {
  Json statistics;
  {
    Serve serve(args());
    WsClient client(serve.port());
    result(client, "ALPreferenceManager.setValue", {"com.me.app", "color", "blue"});
    result(client, "ALPreferenceManager.setValue", {"test", "go", "yes"});
    waitForFocus(client, "test/when-asked");  // pref() saw the new value
    result(client, "ALPreferenceManager.setValue", {"test", "go", "no"});
    result(client, "ALAutonomousLife.switchFocus", {"test/manual"});
    result(client, "ALAutonomousLife.stopFocus");
    statistics = result(client, "ALAutonomousLife.getActivityStatistics");
    // Read at the next start.
    result(client, "ALPreferenceManager.setValue", {"test", "start", "yes"});
    EXPECT_EQ(serve.stop(SIGTERM), 0);
  }
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "data" / "autolife.db"));
  Serve serve(args());
  WsClient client(serve.port());
  EXPECT_EQ(result(client, "ALPreferenceManager.getValue", {"com.me.app", "color"}), "blue");
  EXPECT_EQ(result(client, "ALPreferenceManager.getValueList", {"test"}), Json::parse(R"([["go", "no"], ["start", "yes"]])"));
  // The restored preference focuses its activity at start.
  waitForFocus(client, "test/at-start");
  const Json now = result(client, "ALAutonomousLife.getActivityStatistics");
  EXPECT_EQ(now["test/manual"], statistics["test/manual"]);
  EXPECT_EQ(now["test/when-asked"], statistics["test/when-asked"]);
  const auto focus = names(result(client, "ALAutonomousLife.getFocusHistory"));
  ASSERT_GE(focus.size(), 3u);
  EXPECT_EQ(focus[0], "test/when-asked");
  EXPECT_EQ(focus[1], "test/manual");
  EXPECT_EQ(focus.back(), "test/at-start");
  // The first run's states up to its shutdown (disabled), then this run's.
  const auto states = names(result(client, "ALAutonomousLife.getStateHistory"));
  const auto disabled = std::find(states.begin(), states.end(), "disabled");
  ASSERT_NE(disabled, states.end());
  EXPECT_GE(disabled - states.begin(), 4);  // started, when-asked, manual, stopped
  EXPECT_THAT(std::vector<std::string>(disabled + 1, states.end()), testing::Each(std::string("solitary")));
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

TEST_F(ServeRestart, NothingAcknowledgedIsLostToSigkill) {
  constexpr int kWrites = 50;
  {
    Serve serve(args());
    WsClient client(serve.port());
    for (int i = 0; i < kWrites; ++i)
      result(client, "ALPreferenceManager.setValue", {"com.me.many", "n" + std::to_string(i), std::to_string(i)});
    result(client, "ALPreferenceManager.removeValue", {"com.me.many", "n0"});
    result(client, "ALAutonomousLife.switchFocus", {"test/manual"});
    // Killed the instant the last answer arrived: no shutdown, no flush.
    EXPECT_EQ(serve.stop(SIGKILL), 128 + SIGKILL);
  }
  Serve serve(args());
  WsClient client(serve.port());
  const Json values = result(client, "ALPreferenceManager.getValueList", {"com.me.many"});
  ASSERT_EQ(values.size(), static_cast<std::size_t>(kWrites - 1)) << values;
  for (int i = 1; i < kWrites; ++i)
    EXPECT_EQ(result(client, "ALPreferenceManager.getValue", {"com.me.many", "n" + std::to_string(i)}), std::to_string(i));
  EXPECT_EQ(result(client, "ALPreferenceManager.getValue", {"com.me.many", "n0"}), nullptr);
  EXPECT_THAT(names(result(client, "ALAutonomousLife.getFocusHistory")), testing::ElementsAre("test/manual"));
  EXPECT_EQ(result(client, "ALAutonomousLife.getActivityStatistics")["test/manual"]["focusCount"], 1);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

TEST_F(ServeRestart, ACorruptDatabaseIsMovedAsideAndTheServerRuns) {
  std::filesystem::create_directories(dir.path() / "data");
  std::ofstream(dir.path() / "data" / "autolife.db") << std::string(4096, '#');
  Serve serve(args());
  EXPECT_THAT(serve.errorLine(), HasSubstr("autolife.db"));
  EXPECT_THAT(serve.errorLine(), HasSubstr("moved aside to " + (dir.path() / "data" / "autolife.db.corrupt").string()));
  WsClient client(serve.port());
  result(client, "ALPreferenceManager.setValue", {"d", "s", "v"});
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  Serve again(args());
  WsClient second(again.port());
  EXPECT_EQ(result(second, "ALPreferenceManager.getValue", {"d", "s"}), "v");
}

TEST_F(ServeRestart, ADatabaseThatCannotBeOpenedIsReportedAndLifeRunsInMemory) {
  std::filesystem::create_directories(dir.path() / "data" / "autolife.db");  // a folder where the file should be
  Serve serve(args());
  EXPECT_THAT(serve.errorLine(), HasSubstr("kept in memory only"));
  WsClient client(serve.port());
  result(client, "ALPreferenceManager.setValue", {"d", "s", "v"});
  EXPECT_EQ(result(client, "ALPreferenceManager.getValue", {"d", "s"}), "v");
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

}  // namespace
