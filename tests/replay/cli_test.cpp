// `simulate --record`, `serve --record` and `autolife replay` through the
// real binary (docs/replay.md): the demo's day replays byte for byte in
// both forms; a day served with API calls replays to the same focus
// history; a record cut short or of a later version says so.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "api_client.hpp"
#include "files.hpp"
#include "process.hpp"
#include "serve_process.hpp"

namespace {

using autolife::testing::runProcess;
using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

const std::string kDemo = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/scenarios/demo.yaml";

autolife::testing::ProcessResult autolife(std::vector<std::string> args) {
  args.insert(args.begin(), AUTOLIFE_BINARY);
  return runProcess(args);
}

TEST(ReplayCli, TheDemosRecordedDayReplaysByteForByte) {
  autolife::test::TempDir dir;
  const auto day = (dir / "demo.day").string();
  for (const std::vector<std::string>& form : {std::vector<std::string>{}, {"--json"}, {"--explain"}}) {
    std::vector<std::string> simulate{"simulate", kDemo, "--record", day};
    simulate.insert(simulate.end(), form.begin(), form.end());
    const auto recorded = autolife(simulate);
    ASSERT_EQ(recorded.status, 0) << recorded.err;
    std::vector<std::string> replay{"replay", day};
    replay.insert(replay.end(), form.begin(), form.end());
    const auto replayed = autolife(replay);
    EXPECT_EQ(replayed.status, 0) << replayed.err;
    EXPECT_EQ(replayed.err, "");
    EXPECT_EQ(replayed.out, recorded.out);
  }
  EXPECT_LT(fs::file_size(day), 8000u);
}

TEST(ReplayCli, ACutRecordReplaysUpToWhereItBreaksAndSaysTheByte) {
  autolife::test::TempDir dir;
  const auto day = dir / "demo.day";
  ASSERT_EQ(autolife({"simulate", kDemo, "--record", day.string()}).status, 0);
  std::string bytes = autolife::test::readText(day);
  const auto cut = bytes.size() - 3;
  autolife::test::writeText(day, bytes.substr(0, cut));
  const auto r = autolife({"replay", day.string(), "--json"});
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_THAT(r.err, HasSubstr(day.string() + ": byte "));
  EXPECT_THAT(r.err, HasSubstr("truncated"));
  EXPECT_THAT(r.err, HasSubstr("nothing after it is replayed"));
  // Its one block is gone: only the setup is left, nothing is replayed after 0.
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) EXPECT_EQ(json::parse(line)["t"], 0.0) << line;
}

TEST(ReplayCli, ARecordOfALaterVersionIsRefused) {
  autolife::test::TempDir dir;
  const auto day = dir / "demo.day";
  ASSERT_EQ(autolife({"simulate", kDemo, "--record", day.string()}).status, 0);
  std::string bytes = autolife::test::readText(day);
  autolife::test::writeText(day, "autolife-day 9" + bytes.substr(bytes.find('\n')));
  const auto r = autolife({"replay", day.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("a record of format version 9: this autolife reads version 2"));
  EXPECT_EQ(r.out, "");
  const auto missing = autolife({"replay", "2031-02-03", "--data", dir.str()});
  EXPECT_EQ(missing.status, 2);
  EXPECT_THAT(missing.err, HasSubstr("neither a file nor a day recorded in"));
}

// --diff prints the issue's lines: {"t", "was", "now", "why"}, only the
// instants that differ, with the why-not of what no longer starts.
TEST(ReplayCli, ADiffPrintsTheDecisionsThatDifferAsJsonLines) {
  autolife::test::TempDir dir;
  const auto day = (dir / "demo.day").string();
  ASSERT_EQ(autolife({"simulate", kDemo, "--record", day}).status, 0);
  const auto greeter = dir / "greeter";
  fs::copy(std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/greeter", greeter);
  const auto unchanged = autolife({"replay", day, "--packages", greeter.string(), "--diff"});
  EXPECT_EQ(unchanged.status, 0) << unchanged.err;
  EXPECT_EQ(unchanged.out, "");
  std::string manifest = autolife::test::readText(greeter / "manifest.xml");
  const auto at = manifest.find(">= 1) ~ 1");
  ASSERT_NE(at, std::string::npos);
  autolife::test::writeText(greeter / "manifest.xml", manifest.replace(at, 10, ">= 1) ~ 5"));
  const auto r = autolife({"replay", day, "--packages", greeter.string(), "--diff"});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_THAT(r.err, HasSubstr("warning: package greeter at " + greeter.string()));
  std::istringstream lines(r.out);
  std::string line;
  ASSERT_TRUE(std::getline(lines, line));
  const auto first = json::parse(line);
  std::vector<std::string> keys;
  for (const auto& [key, value] : first.items()) keys.push_back(key);
  EXPECT_THAT(keys, ::testing::UnorderedElementsAre("t", "was", "now", "why"));
  EXPECT_THAT(line, ::testing::StartsWith(R"({"t": 16.0, "was": {)"));
  EXPECT_EQ(first["was"]["focused"], "greeter/.");
  EXPECT_EQ(first["now"], json::object());
  EXPECT_THAT(first["why"].get<std::string>(), HasSubstr("now greeter/. condition-false: ('Launchpad/NumPeopleZone1' >= 1) ~ 5"));
}

// The names of the activities focused, in order, from a replay's JSON lines.
std::vector<std::string> focusedIn(const std::string& jsonLines) {
  std::vector<std::string> out;
  std::istringstream lines(jsonLines);
  for (std::string line; std::getline(lines, line);) {
    const auto j = json::parse(line);
    if (j.value("event", "") == "AutonomousLife/FocusedActivity" && !j["value"].get<std::string>().empty())
      out.push_back(j["value"]);
  }
  return out;
}

json eventually(unsigned short port, const std::string& method, const json& want) {
  json got;
  for (int i = 0; i < 400; ++i) {
    got = autolife::test::rpcOverHttp(port, method)["result"];
    if (got == want) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  return got;
}

TEST(ReplayCli, ADayServedWithApiCallsReplaysToTheSameFocusHistory) {
  autolife::test::TempDir dir;
  const auto scenario = dir.write("life.yaml",
                                  "activities:\n"
                                  "  - name: demo/wave\n    condition: \"'Demo/Key' == 1\"\n"
                                  "  - name: demo/chat\n    nature: interactive\n");
  const auto day = dir / "served.day";
  autolife::test::ServeProcess serve(
      {"--qi", "off", "--data", (dir / "data").string(), "--scenario", scenario.string(), "--record", day.string()});
  const auto port = serve.port();
  using autolife::test::rpcOverHttp;
  rpcOverHttp(port, "ALMemory.insertData", {"Demo/Key", 1});
  EXPECT_EQ(eventually(port, "ALAutonomousLife.focusedActivity", "demo/wave"), "demo/wave");
  rpcOverHttp(port, "ALAutonomousLife.switchFocus", {"demo/chat"});
  EXPECT_EQ(eventually(port, "ALAutonomousLife.focusedActivity", "demo/chat"), "demo/chat");
  rpcOverHttp(port, "ALMemory.insertData", {"Demo/Key", 0});
  rpcOverHttp(port, "ALAutonomousLife.stopFocus");
  EXPECT_EQ(eventually(port, "ALAutonomousLife.focusedActivity", ""), "");
  std::vector<std::string> served;
  const auto history = rpcOverHttp(port, "ALAutonomousLife.getFocusHistory");
  for (const auto& entry : history["result"]) served.push_back(entry[0]);
  EXPECT_EQ(serve.stop(SIGTERM), 0);

  const auto r = autolife({"replay", day.string(), "--json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(served, (std::vector<std::string>{"demo/wave", "demo/chat"}));
  EXPECT_EQ(focusedIn(r.out), served);
  EXPECT_THAT(r.out, HasSubstr(R"("call": "ALAutonomousLife.switchFocus")"));
  EXPECT_THAT(r.out, Not(HasSubstr("focusedActivity")));  // a read is not an input
}

// `replay DAY --serve`: the engine at an instant, served as serve serves
// one; forward on the same engine, back on a new one at the same address.
TEST(ReplayCli, TheDashboardsServerShowsTheDayAtTheInstantChosen) {
  autolife::test::TempDir dir;
  const auto day = (dir / "demo.day").string();
  ASSERT_EQ(autolife({"simulate", kDemo, "--record", day}).status, 0);
  autolife::test::ServeProcess viewer(autolife::test::ServeProcess::Program{AUTOLIFE_BINARY},
                                      {"replay", day, "--serve", "--port", "0"});
  const auto port = viewer.port();
  using autolife::test::rpcOverHttp;
  const auto info = rpcOverHttp(port, "Replay.day")["result"];
  EXPECT_EQ(info["now"], 0.0);
  EXPECT_EQ(info["end"], 130.0);
  EXPECT_EQ(info["file"], day);
  EXPECT_EQ(rpcOverHttp(port, "Replay.seek", {17.0})["result"], (json{{"reloading", false}, {"t", 17.0}}));
  EXPECT_EQ(rpcOverHttp(port, "ALAutonomousLife.focusedActivity")["result"], "greeter/.");
  EXPECT_EQ(rpcOverHttp(port, "Autolife.snapshot", {""})["result"]["state"], "interactive");
  // Back to 10 s: the day replays again up to it, served at the same port.
  try {
    rpcOverHttp(port, "Replay.seek", {10.0});
  } catch (const std::exception&) {  // the server may close before it answers
  }
  json now;
  for (int i = 0; i < 400 && now != 10.0; ++i) {
    try {
      now = rpcOverHttp(port, "Replay.day")["result"]["now"];
    } catch (const std::exception&) {  // between two engines
    }
    if (now != 10.0) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  EXPECT_EQ(now, 10.0);
  EXPECT_EQ(rpcOverHttp(port, "ALAutonomousLife.focusedActivity")["result"], "attractor/.");
  EXPECT_EQ(viewer.stop(SIGTERM), 0);
}

}  // namespace
