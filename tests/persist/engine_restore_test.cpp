// An engine on a store, in virtual time (docs/persistence.md): pref() in a
// launch trigger follows ALPreferenceManager live; a second engine on the
// same file (a restart) starts with the preferences, the statistics and the
// histories the first one left; a write the store refuses is an error for
// its caller only. ALPreferenceManager's methods and signals (NAOqi's names).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sqlite3.h>

#include "autolife/core/clock.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/engine/preference_service.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/service/service.hpp"
#include "autolife/store/store.hpp"
#include "any_json.hpp"
#include "files.hpp"

namespace {

using autolife::core::VirtualClock;
using autolife::engine::Engine;
using autolife::engine::EngineOptions;
using autolife::test::TempDir;
using Json = nlohmann::json;
using autolife::test::argsOf;
using autolife::test::jsonOf;
using autolife::service::CallError;
using autolife::store::Store;
using autolife::store::StoreOptions;
using testing::HasSubstr;
namespace life = autolife::life;

life::Activity activity(const std::string& name, const std::string& trigger = "") {
  life::Activity a;
  a.name = name;
  a.launchTrigger = trigger;
  a.run = life::RunForever{};
  return a;
}

// One run of the engine: a store on `file`, a virtual clock starting at
// `wallStart`, two activities, started.
struct EngineRun {
  EngineRun(const std::filesystem::path& file, std::chrono::system_clock::time_point wallStart, StoreOptions storeOptions = {})
      : store(file, storeOptions), clock(wallStart), engine(clock, options(file.parent_path())) {
    engine.addActivity(activity("test/when-asked", R"(pref("test", "go") == "yes")"));
    engine.addActivity(activity("test/manual"));
    engine.start();
    settle();
  }
  EngineOptions options(const std::filesystem::path& dir) {
    EngineOptions o;
    o.packageRoot = dir / "packages";
    o.store = &store;
    o.storageProblem = [this](const std::string& p) { problems.push_back(p); };
    return o;
  }
  void settle() { clock.runUntil(clock.now()); }
  void wait(double seconds) { clock.runUntil(clock.now() + autolife::core::fromSeconds(seconds)); }
  Json call(const std::string& method, const autolife::service::Arguments& args = {}) {
    Json result = jsonOf(engine.services.call(method, args));
    settle();
    return result;
  }

  Store store;
  VirtualClock clock;
  std::vector<std::string> problems;
  Engine engine;
};

const auto kMonday = VirtualClock::defaultWallStart();
const std::int64_t kMondaySeconds = std::chrono::duration_cast<std::chrono::seconds>(kMonday.time_since_epoch()).count();

TEST(EngineRestore, PrefInATriggerFollowsThePreferenceManagerLive) {
  TempDir dir;
  EngineRun run(dir.path() / Store::kFileName, kMonday);
  EXPECT_EQ(run.engine.life.focusedActivity(), "");
  run.call("ALPreferenceManager.setValue", {"test", "go", "yes"});
  EXPECT_EQ(run.engine.life.focusedActivity(), "test/when-asked");
  // Its trigger no longer holds: once stopped, it is not focused again.
  run.call("ALPreferenceManager.setValue", {"test", "go", "no"});
  run.call("ALAutonomousLife.stopFocus");
  run.wait(10);
  EXPECT_EQ(run.engine.life.focusedActivity(), "");
}

TEST(EngineRestore, ARestartFindsPreferencesStatisticsAndHistories) {
  TempDir dir;
  const auto file = dir.path() / Store::kFileName;
  Json statistics, focusHistory, stateHistory;
  {
    EngineRun first(file, kMonday);
    first.call("ALPreferenceManager.setValue", {"com.me.app", "color", "blue"});
    first.call("ALAutonomousLife.switchFocus", {"test/manual"});
    first.wait(30);
    first.call("ALAutonomousLife.stopFocus");
    first.wait(5);
    first.call("ALAutonomousLife.setState", {"disabled"});
    statistics = first.call("ALAutonomousLife.getActivityStatistics");
    focusHistory = first.call("ALAutonomousLife.getFocusHistory");
    stateHistory = first.call("ALAutonomousLife.getStateHistory");
    EXPECT_TRUE(first.problems.empty());
  }
  EXPECT_EQ(statistics["test/manual"],
            (Json{{"prevFocusTime", kMondaySeconds}, {"prevUnfocusTime", kMondaySeconds + 30}, {"focusCount", 1},
                 {"totalDuration", 30.0}}));
  EXPECT_EQ(focusHistory, Json::parse(R"([["test/manual", )" + std::to_string(kMondaySeconds) + "]]"));

  // An hour later.
  EngineRun second(file, kMonday + std::chrono::hours(1));
  EXPECT_EQ(second.call("ALPreferenceManager.getValue", {"com.me.app", "color"}), "blue");
  EXPECT_EQ(second.call("ALAutonomousLife.getActivityStatistics"), statistics);
  EXPECT_EQ(second.call("ALAutonomousLife.getFocusHistory"), focusHistory);
  // The state history goes on: the new run's solitary after the old one's.
  Json states = stateHistory;
  states.push_back(Json::array({"solitary", kMondaySeconds + 3600}));
  EXPECT_EQ(second.call("ALAutonomousLife.getStateHistory"), states);
  EXPECT_EQ(second.call("ALAutonomousLife.getLifeTime"), kMondaySeconds + 3600);
  // And the statistics go on counting from where they were.
  second.call("ALAutonomousLife.switchFocus", {"test/manual"});
  second.wait(10);
  second.call("ALAutonomousLife.stopFocus");
  const Json manual = second.call("ALAutonomousLife.getActivityStatistics")["test/manual"];
  EXPECT_EQ(manual["focusCount"], 2);
  EXPECT_EQ(manual["totalDuration"], 40.0);
}

TEST(EngineRestore, ARestoredPreferenceDrivesATriggerFromTheStart) {
  TempDir dir;
  const auto file = dir.path() / Store::kFileName;
  { EngineRun first(file, kMonday); first.call("ALPreferenceManager.setValue", {"test", "go", "yes"}); }
  EngineRun second(file, kMonday + std::chrono::hours(1));
  EXPECT_EQ(second.engine.life.focusedActivity(), "test/when-asked");
  EXPECT_EQ(second.call("ALAutonomousLife.getActivityStatistics")["test/when-asked"]["focusCount"], 2);
}

TEST(EngineRestore, TheLeastRecentlyFocusedInAnEarlierRunStillWins) {
  TempDir dir;
  const auto file = dir.path() / Store::kFileName;
  auto addBoth = [](EngineRun& run) {
    run.engine.addActivity(activity("test/b", "'Go' == 1"));
    run.engine.addActivity(activity("test/a", "'Go' == 1"));
  };
  {
    EngineRun first(file, kMonday);
    addBoth(first);
    first.call("ALAutonomousLife.switchFocus", {"test/b"});
    first.wait(1);
    first.call("ALAutonomousLife.switchFocus", {"test/a"});  // a: the most recent
    first.wait(1);
    first.call("ALAutonomousLife.stopAll");
  }
  EngineRun second(file, kMonday + std::chrono::hours(1));
  addBoth(second);
  second.call("ALMemory.insertData", {"Go", 1});
  // Without the earlier run, "test/a" would win by name.
  EXPECT_EQ(second.engine.life.focusedActivity(), "test/b");
}

TEST(EngineRestore, AWriteTheStoreRefusesIsTheCallersErrorAndTheEngineGoesOn) {
  TempDir dir;
  StoreOptions capped;
  capped.maxPages = 40;
  EngineRun run(dir.path() / Store::kFileName, kMonday, capped);
  run.call("ALPreferenceManager.setValue", {"d", "s", "small"});
  try {
    run.call("ALPreferenceManager.setValue", {"d", "s", std::string((1 << 20) - 1, 'x')});
    FAIL() << "a 1 MB value fit";
  } catch (const CallError& e) {
    EXPECT_EQ(e.reason(), "storage-failed");
    EXPECT_THAT(e.what(), HasSubstr("full"));
  }
  EXPECT_EQ(run.call("ALPreferenceManager.getValue", {"d", "s"}), "small");
  run.call("ALAutonomousLife.switchFocus", {"test/manual"});
  EXPECT_EQ(run.engine.life.focusedActivity(), "test/manual");
}

// ALKnowledge's triples are the data folder's too: a restart finds them, in
// the order they were added; a write the store refuses changes nothing.
TEST(EngineRestore, ARestartFindsALKnowledgesTriples) {
  TempDir dir;
  const auto file = dir.path() / Store::kFileName;
  {
    EngineRun run(file, kMonday);
    run.call("ALKnowledge.add", {"com.aldebaran.learning", "bob", "likes", "blue"});
    run.call("ALKnowledge.add", {"com.aldebaran.learning", "bob", "likes", "red"});
    run.call("ALKnowledge.add", {"tutorial", "gargamel", "hasColor", "black"});
    run.call("ALKnowledge.add", {"tutorial", "smurf", "hasColor", "blue"});
    run.call("ALKnowledge.add", {"tutorial", "azrael", "hasColor", "orange"});
    run.call("ALKnowledge.update", {"tutorial", "smurf", "hasColor", "white"});
    run.call("ALKnowledge.add", {"gone", "a", "b", "c"});
    run.call("ALKnowledge.resetKnowledge", {"gone"});
  }
  EngineRun again(file, kMonday);
  EXPECT_EQ(again.call("ALKnowledge.query", {"com.aldebaran.learning", "bob", "likes", "?"}), Json({"blue", "red"}));
  EXPECT_EQ(again.call("ALKnowledge.getObject", {"tutorial", "smurf", "hasColor"}), Json({"white"}));
  EXPECT_EQ(again.call("ALKnowledge.query", {"tutorial", "?", "hasColor", "*"}), Json({"gargamel", "azrael", "smurf"}))
      << "an update is a new triple, last";
  EXPECT_EQ(again.call("ALKnowledge.contains", {"gone", "*", "*", "*"}), false);
}

TEST(EngineRestore, AKnowledgeWriteTheStoreRefusesChangesNothing) {
  TempDir dir;
  StoreOptions capped;
  capped.maxPages = 40;
  EngineRun run(dir.path() / Store::kFileName, kMonday, capped);
  std::string failed;
  std::size_t added = 0;
  for (int i = 0; i < 400 && failed.empty(); ++i) {
    try {
      run.call("ALKnowledge.add", {"d", "s", "p", std::to_string(i) + std::string(4000, 'x')});
      ++added;
    } catch (const CallError& e) {
      failed = e.reason();
    }
  }
  EXPECT_EQ(failed, "storage-failed") << "40 pages hold less than 400 triples of 4 KB";
  const Json kept = run.call("ALKnowledge.getObject", {"d", "s", "p"});
  EXPECT_EQ(kept.size(), added) << "the add refused is not there";
  EXPECT_EQ(EngineRun(run.store.file(), kMonday).call("ALKnowledge.getObject", {"d", "s", "p"}), kept)
      << "what memory holds is what the file holds";
  run.call("ALKnowledge.remove", {"d", "*", "*", "*"});
  run.call("ALKnowledge.add", {"d", "s", "p", "small"});
  EXPECT_EQ(run.call("ALKnowledge.getObject", {"d", "s", "p"}), Json({"small"})) << "the engine goes on";
}

// A database an earlier autolife wrote, without the knowledge table: it
// opens, keeps its preferences, and gets the table.
TEST(EngineRestore, ADatabaseWithoutTheKnowledgeTableGetsIt) {
  TempDir dir;
  const auto file = dir.path() / Store::kFileName;
  {
    EngineRun run(file, kMonday);
    run.call("ALPreferenceManager.setValue", {"test", "kept", "yes"});
  }
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(file.string().c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "DROP TABLE knowledge", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  EngineRun again(file, kMonday);
  EXPECT_EQ(again.call("ALPreferenceManager.getValue", {"test", "kept"}), "yes");
  again.call("ALKnowledge.add", {"d", "s", "p", "o"});
  EXPECT_EQ(EngineRun(file, kMonday).call("ALKnowledge.getObject", {"d", "s", "p"}), Json({"o"}));
}

// The service alone, in memory: NAOqi's methods and the four signals.
TEST(PreferenceManager, MethodsAndSignals) {
  autolife::core::InMemoryPreferences prefs;
  auto service = autolife::engine::makePreferenceManagerService(prefs);
  std::vector<std::string> signals;
  service->emitted.connect([&](const std::string& name, const autolife::service::Any& value) {
    signals.push_back(name + " " + jsonOf(value).dump());
  });
  auto call = [&](const std::string& method, const autolife::service::Arguments& args = {}) {
    return jsonOf(service->call(method, args));
  };
  call("setValue", {"chess", "/level", "easy"});
  call("setValue", {"chess", "/level", "hard"});
  call("setValues", argsOf({Json{{"chess", {{"/color", "white"}}}, {"music", {{"volume", "7"}, {"genre", "jazz"}}}}}));
  EXPECT_EQ(call("getValue", {"chess", "/level"}), "hard");
  EXPECT_EQ(call("getValue", {"chess", "/nothing"}), nullptr);
  EXPECT_EQ(call("getDomainList"), Json::parse(R"(["chess", "music"])"));
  EXPECT_EQ(call("getValueList", {"music"}), Json::parse(R"([["genre", "jazz"], ["volume", "7"]])"));
  EXPECT_EQ(call("getValueList", {"nobody"}), Json::array());
  call("removeValue", {"chess", "/color"});
  call("removeValue", {"chess", "/color"});  // nothing left to remove: no signal
  call("removeDomainValues", {"music"});
  call("removeDomainValues", {"music"});
  call("update");
  EXPECT_EQ(call("getDomainList"), Json::parse(R"(["chess"])"));
  EXPECT_THAT(signals, testing::ElementsAre(R"(preferenceAdded ["chess","/level","easy"])",
                                            R"(preferenceUpdated ["chess","/level","hard"])",
                                            R"(preferenceAdded ["chess","/color","white"])",
                                            R"(preferenceAdded ["music","genre","jazz"])",
                                            R"(preferenceAdded ["music","volume","7"])",
                                            R"(preferenceRemoved ["chess","/color"])",
                                            R"(preferenceDomainRemoved "music")"));
}

TEST(PreferenceManager, BadArgumentsAreRefusedWithTheReason) {
  autolife::core::InMemoryPreferences prefs;
  auto service = autolife::engine::makePreferenceManagerService(prefs);
  auto reason = [&](const std::string& method, const autolife::service::Arguments& args) {
    try {
      service->call(method, args);
    } catch (const CallError& e) {
      return e.reason() + ": " + e.what();
    }
    return std::string("accepted");
  };
  EXPECT_THAT(reason("setValue", {"", "s", "v"}), HasSubstr("bad-argument: a domain must be 1 to 512 bytes"));
  EXPECT_THAT(reason("setValue", {"d", std::string(513, 's'), "v"}), HasSubstr("a setting must be 1 to 512 bytes"));
  EXPECT_THAT(reason("setValue", {"d", "s", std::string((1 << 20) + 1, 'v')}), HasSubstr("at most 1 MB"));
  EXPECT_THAT(reason("setValues", argsOf({Json{{"d", {{"s", 3}}}}})), HasSubstr(R"(values["d"]["s"] must be a string)"));
  EXPECT_THAT(reason("setValues", argsOf({Json{{"d", "flat"}}})), HasSubstr(R"(values["d"] must be a map)"));
  // A refused batch stores none of it.
  EXPECT_THAT(reason("setValues", argsOf({Json{{"d", {{"fine", "1"}}}, {"e", {{"", "2"}}}}})), HasSubstr("a setting must be"));
  EXPECT_TRUE(prefs.domains().empty());
}

}  // namespace
