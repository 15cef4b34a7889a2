// The engine's services through its registry, as any client calls them
// (REFERENCE §2, §6, §8; docs/scenarios.md `call`): ALMemory,
// PackageManager, ALBehaviorManager, ALPreferenceManager.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "engine_fixture.hpp"

namespace {

using namespace autolife;
using autolife::simtest::ActivitySpec;
using autolife::simtest::BehaviorSpec;
using autolife::simtest::EngineFixture;
using autolife::simtest::TempDir;
using nlohmann::json;
using ::testing::Contains;
using ::testing::Not;

// ---- ALMemory ----------------------------------------------------------------------

using Memory = EngineFixture;

TEST_F(Memory, InsertDataAndGetDataKeepTheType) {
  start();
  call("ALMemory.insertData", {"i", 42});
  call("ALMemory.insertData", {"f", 1.0});
  call("ALMemory.insertData", {"s", "text"});
  call("ALMemory.insertData", {"b", true});
  call("ALMemory.insertData", {"n", nullptr});
  call("ALMemory.insertData", {"l", json::array({1, "a", json::array({2.5})})});
  EXPECT_EQ(call("ALMemory.getData", {"i"}).dump(), "42");
  EXPECT_EQ(call("ALMemory.getData", {"f"}).dump(), "1.0");
  EXPECT_EQ(call("ALMemory.getData", {"s"}), "text");
  EXPECT_EQ(call("ALMemory.getData", {"b"}), true);
  EXPECT_TRUE(call("ALMemory.getData", {"n"}).is_null());
  EXPECT_EQ(call("ALMemory.getData", {"l"}).dump(), R"([1,"a",[2.5]])");
  EXPECT_TRUE(identical(engine().memory.getData("i"), core::Value(42)));
}

TEST_F(Memory, RaiseEventStoresTheValueAndFiresBang) {
  start(launchpad::RobotModel::Nao, {{"demo/touch", life::Nature::Solitary, "bang('Touched')", {}, life::RunForever{}}});
  at(2, [&] { call("ALMemory.raiseEvent", {"Touched", 1}); });
  EXPECT_EQ(call("ALMemory.getData", {"Touched"}), 1);
  EXPECT_EQ(focused(), "demo/touch");
  EXPECT_EQ(call("ALAutonomousLife.getLaunchSuggestions"), json::array()) << "a bang is true only at its instant";
}

TEST_F(Memory, GetTimestampIsValueSecondsMicroseconds) {
  start();
  at(2.5, [&] { call("ALMemory.insertData", {"k", 7}); });
  EXPECT_EQ(call("ALMemory.getTimestamp", {"k"}), json::array({7, 2, 500000}));
  at(61.000125, [&] { call("ALMemory.raiseEvent", {"e", "x"}); });
  EXPECT_EQ(call("ALMemory.getTimestamp", {"e"}), json::array({"x", 61, 125}));
}

TEST_F(Memory, AnUnknownKeyIsRefusedWithUnknownKey) {
  start();
  EXPECT_EQ(refusal("ALMemory.getData", {"no/such/key"}), "unknown-key");
  EXPECT_EQ(refusal("ALMemory.getTimestamp", {"no/such/key"}), "unknown-key");
}

TEST_F(Memory, MapsAreRefusedWithBadArgument) {
  start();
  EXPECT_EQ(refusal("ALMemory.insertData", {"k", json{{"a", 1}}}), "bad-argument");
  EXPECT_EQ(refusal("ALMemory.raiseEvent", {"e", json{{"a", 1}}}), "bad-argument");
  EXPECT_EQ(refusal("ALMemory.insertData", {"k", json::array({1, json{{"a", 1}}})}), "bad-argument");
  EXPECT_EQ(refusal("ALMemory.getData", {"k"}), "unknown-key") << "nothing was stored";
}

TEST_F(Memory, ServiceLayerRefusals) {
  start();
  EXPECT_EQ(refusal("ALMemory.noSuchMethod"), "no-such-method");
  EXPECT_EQ(refusal("ALMemory.getData"), "wrong-arity");
  EXPECT_EQ(refusal("ALMemory.getData", {42}), "bad-argument");
}

TEST_F(Memory, AnEmptyKeyNameIsABadArgument) {
  start();
  EXPECT_EQ(refusal("ALMemory.insertData", {"", 1}), "bad-argument");
  EXPECT_EQ(refusal("ALMemory.removeData", {""}), "bad-argument");
  EXPECT_EQ(refusal("ALMemory.raiseEvent", {"", 1}), "bad-argument");
  EXPECT_EQ(refusal("ALMemory.raiseMicroEvent", {"", 1}), "bad-argument");
  EXPECT_EQ(refusal("ALMemory.declareEvent", {""}), "bad-argument");
  EXPECT_EQ(refusal("ALMemory.insertListData", {json::array({json::array({"", 1})})}), "bad-argument");
}

TEST_F(Memory, InsertListDataStoresPairsAsOneBatch) {
  start();
  at(1.5, [&] { call("ALMemory.insertListData", {json::array({json::array({"a", 1}), json::array({"b", "two"})})}); });
  EXPECT_EQ(call("ALMemory.getListData", {json::array({"a", "b"})}), json::array({1, "two"}));
  EXPECT_EQ(call("ALMemory.getTimestamp", {"a"}), json::array({1, 1, 500000}));
  EXPECT_EQ(call("ALMemory.getTimestamp", {"b"}), json::array({"two", 1, 500000}));
}

TEST_F(Memory, InsertListDataRefusesMalformedPairsAndStoresNothing) {
  start();
  for (const json& bad : {json::array({json::array({"a"})}), json::array({json::array({1, 2})}), json::array({"a", 1}),
                          json::array({json::array({"a", 1, 2})})}) {
    SCOPED_TRACE(bad.dump());
    EXPECT_EQ(refusal("ALMemory.insertListData", {bad}), "bad-argument");
  }
  // A bad second pair (a map value, an empty key, no pair at all) stores nothing of the first.
  for (const json& second : {json::array({"y", json{{"m", 1}}}), json::array({"", 1}), json(7)}) {
    SCOPED_TRACE(second.dump());
    EXPECT_EQ(refusal("ALMemory.insertListData", {json::array({json::array({"x", 1}), second})}), "bad-argument");
    EXPECT_EQ(refusal("ALMemory.getData", {"x"}), "unknown-key");
  }
}

TEST_F(Memory, GetEventHistoryIsValueSecondsMicrosecondsOldestFirst) {
  start();
  // Without a condition looking back on it, a key's history is its current value.
  at(1, [&] { call("ALMemory.insertData", {"k", 1}); });
  at(2.25, [&] { call("ALMemory.insertData", {"k", 2}); });
  EXPECT_EQ(call("ALMemory.getEventHistory", {"k"}), json::array({json::array({2, 2, 250000})}));
  EXPECT_EQ(refusal("ALMemory.getEventHistory", {"nope"}), "unknown-key");
  // A loaded condition with a 10 s window keeps the changes it needs.
  engine().memory.retainHistory(engine().memory.acquireKey("h"), core::fromSeconds(10));
  at(3, [&] { call("ALMemory.insertData", {"h", "a"}); });
  at(4.5, [&] { call("ALMemory.raiseEvent", {"h", "b"}); });
  EXPECT_EQ(call("ALMemory.getEventHistory", {"h"}),
            json::array({json::array({"a", 3, 0}), json::array({"b", 4, 500000})}));
}

TEST_F(Memory, GetDataListAndGetDataListNameListTheKeys) {
  start();
  call("ALMemory.insertData", {"Probe/Battery", 1});
  call("ALMemory.insertData", {"Probe/Sonar", 2});
  call("ALMemory.raiseEvent", {"Other", 3});
  EXPECT_EQ(call("ALMemory.getDataList", {"Probe/"}), json::array({"Probe/Battery", "Probe/Sonar"}));
  EXPECT_EQ(call("ALMemory.getDataList", {"nothing such"}), json::array());
  const json all = call("ALMemory.getDataListName");
  EXPECT_THAT(all, Contains("Probe/Battery"));
  EXPECT_THAT(all, Contains("Probe/Sonar"));
  EXPECT_THAT(all, Contains("Other"));
  EXPECT_THAT(all, Contains("ALMemory/KeyAdded"));
  call("ALMemory.removeData", {"Probe/Sonar"});
  EXPECT_THAT(call("ALMemory.getDataListName"), Not(Contains("Probe/Sonar")));
}

TEST_F(Memory, EventsAndMicroEventsHaveTheirKindAndTheirLists) {
  start();
  call("ALMemory.declareEvent", {"Declared"});
  call("ALMemory.declareEvent", {"WithExtractor", "ALSomeExtractor"});
  call("ALMemory.raiseMicroEvent", {"Micro", 5});
  call("ALMemory.insertData", {"Plain", 1});
  EXPECT_EQ(call("ALMemory.getType", {"Declared"}), "Event");
  EXPECT_EQ(call("ALMemory.getType", {"WithExtractor"}), "Event");
  EXPECT_EQ(call("ALMemory.getType", {"Micro"}), "MicroEvent");
  EXPECT_EQ(call("ALMemory.getType", {"Plain"}), "Data");
  EXPECT_EQ(call("ALMemory.getData", {"Micro"}), 5);
  // A declared, never raised event reads null, stamped 0.
  EXPECT_TRUE(call("ALMemory.getData", {"Declared"}).is_null());
  EXPECT_EQ(call("ALMemory.getTimestamp", {"Declared"}), json::array({nullptr, 0, 0}));
  const json events = call("ALMemory.getEventList");
  EXPECT_THAT(events, Contains("Declared"));
  EXPECT_THAT(events, Contains("WithExtractor"));
  EXPECT_THAT(events, Not(Contains("Micro")));
  EXPECT_THAT(events, Not(Contains("Plain")));
  EXPECT_EQ(call("ALMemory.getMicroEventList"), json::array({"Micro"}));
}

TEST_F(Memory, RemoveDataRemoveEventAndRemoveMicroEventForgetTheKey) {
  start();
  call("ALMemory.insertData", {"d", 1});
  call("ALMemory.raiseEvent", {"e", 1});
  call("ALMemory.raiseMicroEvent", {"m", 1});
  call("ALMemory.removeData", {"d"});
  call("ALMemory.removeEvent", {"e"});
  call("ALMemory.removeMicroEvent", {"m"});
  for (const char* key : {"d", "e", "m"}) EXPECT_EQ(refusal("ALMemory.getData", {key}), "unknown-key") << key;
  EXPECT_THAT(call("ALMemory.getEventList"), Not(Contains("e")));
  EXPECT_EQ(call("ALMemory.getMicroEventList"), json::array());
  call("ALMemory.removeData", {"never was"});  // nothing to do, no refusal
}

// ---- PackageManager ----------------------------------------------------------------

class Packages : public EngineFixture {
protected:
  void SetUp() override {
    hello_ = simtest::writePackage(sources_, "hello-src", "pm",
                                   {{"hello", "interactive", "'hello' == 1"}, {"plain", "", ""}});
    start();
  }
  TempDir sources_;
  std::filesystem::path hello_;
};

TEST_F(Packages, InstallAFolderAndItsActivitiesJoinLife) {
  EXPECT_EQ(call("PackageManager.hasPackage", {"pm"}), false);
  EXPECT_EQ(call("PackageManager.install", {hello_.string()}), true);
  EXPECT_EQ(call("PackageManager.hasPackage", {"pm"}), true);
  auto packages = call("PackageManager.packages");
  ASSERT_EQ(packages.size(), 1u);
  EXPECT_EQ(packages[0]["uuid"], "pm");
  EXPECT_EQ(packages[0]["version"], "1.0.0");
  EXPECT_EQ(call("ALAutonomousLife.getActivityNature", {"pm/hello"}), "interactive");
  // A behavior without a nature is not an activity.
  EXPECT_EQ(refusal("ALAutonomousLife.getActivityNature", {"pm/plain"}), "unknown-activity");
  // Its launch trigger works.
  at(3, [&] { call("ALMemory.insertData", {"hello", 1}); });
  EXPECT_EQ(focused(), "pm/hello");
  EXPECT_EQ(state(), "interactive");
  ASSERT_FALSE(transitions.empty());
  EXPECT_EQ(transitions.back()["FocusedActivityStartReason"], "condition");
}

// Decision 29b: writing k's value again is no change, so a trigger loaded
// later still knows k has been 1 since its change (not since the rewrite).
TEST_F(Packages, ALateTriggerKnowsHowLongAKeyHasHeldDespiteRewritesOfItsValue) {
  auto folder = simtest::writePackage(sources_, "late-src", "late", {{".", "interactive", "('held' == 1) ~ 3"}});
  at(1, [&] { call("ALMemory.insertData", {"held", 1}); });
  at(4, [&] { call("ALMemory.insertData", {"held", 1}); });
  at(5, [&] { EXPECT_EQ(call("PackageManager.install", {folder.string()}), true); });
  EXPECT_EQ(focused(), "late/.");
}

TEST_F(Packages, InstallAPkgArchive) {
  auto folder = simtest::writePackage(sources_, "zipped-src", "zp", {{".", "solitary", "'zp' == 1"}});
  const auto pkg = sources_.path() / "zp.pkg";
  simtest::zipFolder(folder, pkg);
  std::filesystem::remove_all(folder);
  EXPECT_EQ(call("PackageManager.install", {pkg.string()}), true);
  EXPECT_EQ(call("PackageManager.hasPackage", {"zp"}), true);
  EXPECT_EQ(call("ALAutonomousLife.getActivityNature", {"zp/."}), "solitary");
  EXPECT_THAT(call("ALBehaviorManager.getInstalledBehaviors"), Contains("zp/."));
  at(2, [&] { call("ALMemory.insertData", {"zp", 1}); });
  EXPECT_EQ(focused(), "zp/.");
}

TEST_F(Packages, RemovePkgRemovesItsActivitiesAndStopsAFocusedOne) {
  call("PackageManager.install", {hello_.string()});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"pm/hello"}); });
  ASSERT_EQ(focused(), "pm/hello");
  at(2, [&] { EXPECT_EQ(call("PackageManager.removePkg", {"pm"}), true); });
  EXPECT_EQ(focused(), "");
  EXPECT_EQ(lastStop(), "pm/hello/unknown-api-caller");
  EXPECT_EQ(call("PackageManager.hasPackage", {"pm"}), false);
  EXPECT_EQ(call("PackageManager.packages"), json::array());
  EXPECT_EQ(refusal("ALAutonomousLife.getActivityNature", {"pm/hello"}), "unknown-activity");
  EXPECT_THAT(call("ALBehaviorManager.getInstalledBehaviors"), Not(Contains("pm/hello")));
  // Its trigger no longer suggests it.
  at(3, [&] { call("ALMemory.insertData", {"hello", 1}); });
  EXPECT_EQ(focused(), "");
  EXPECT_EQ(call("ALAutonomousLife.getLaunchSuggestions"), json::array());
}

TEST_F(Packages, RemovePkgOfAPackageNotInstalledIsFalse) {
  EXPECT_EQ(call("PackageManager.removePkg", {"nothing-here"}), false);
}

TEST_F(Packages, ARefusedInstallSaysPackageRefused) {
  EXPECT_EQ(refusal("PackageManager.install", {(sources_.path() / "no-such-folder").string()}), "package-refused");
  sources_.write("broken/manifest.xml", "<package uuid=\"broken\"><contents>");
  EXPECT_EQ(refusal("PackageManager.install", {(sources_.path() / "broken").string()}), "package-refused");
  sources_.write("nomanifest/readme.txt", "hello");
  EXPECT_EQ(refusal("PackageManager.install", {(sources_.path() / "nomanifest").string()}), "package-refused");
  EXPECT_EQ(call("PackageManager.hasPackage", {"broken"}), false);
  EXPECT_EQ(call("PackageManager.packages"), json::array());
}

TEST_F(Packages, AReinstallReplacesTheActivities) {
  call("PackageManager.install", {hello_.string()});
  auto v2 = simtest::writePackage(sources_, "hello-v2", "pm", {{"hello", "solitary", "'hello' == 2"}});
  EXPECT_EQ(call("PackageManager.install", {v2.string()}), true);
  EXPECT_EQ(call("ALAutonomousLife.getActivityNature", {"pm/hello"}), "solitary");
}

// ---- ALBehaviorManager -------------------------------------------------------------

using Behaviors = Packages;

TEST_F(Behaviors, InstalledBehaviorsAreNamedUuidSlashPath) {
  call("PackageManager.install", {hello_.string()});
  auto installed = call("ALBehaviorManager.getInstalledBehaviors");
  EXPECT_THAT(installed, Contains("pm/hello"));
  EXPECT_THAT(installed, Contains("pm/plain"));
}

TEST_F(Behaviors, StartIsRunningStop) {
  call("PackageManager.install", {hello_.string()});
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"pm/plain"}), false);
  at(1, [&] { call("ALBehaviorManager.startBehavior", {"pm/plain"}); });
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"pm/plain"}), true);
  EXPECT_EQ(focused(), "") << "a behavior run directly is not life's focus";
  at(2, [&] { call("ALBehaviorManager.stopBehavior", {"pm/plain"}); });
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"pm/plain"}), false);
}

TEST_F(Behaviors, TheFocusedActivityCountsAsRunningAndStoppingItStopsTheFocus) {
  call("PackageManager.install", {hello_.string()});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"pm/hello"}); });
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"pm/hello"}), true);
  at(2, [&] { call("ALBehaviorManager.stopBehavior", {"pm/hello"}); });
  EXPECT_EQ(focused(), "");
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"pm/hello"}), false);
  EXPECT_EQ(state(), "solitary");
}

TEST_F(Behaviors, AnUnknownBehavior) {
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"nope/x"}), false);
  const std::string reason = refusal("ALBehaviorManager.startBehavior", {"nope/x"});
  EXPECT_NE(reason, "");
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"nope/x"}), false);
}

// The robot's stock animations are installed system behaviors: they run for
// a while and end, and runBehavior makes its caller wait for them.
using StockAnimations = EngineFixture;

TEST_F(StockAnimations, AreInstalledSystemBehaviors) {
  start();
  const std::string hey = "animations/Stand/Gestures/Hey_1";
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorInstalled", {hey}), true);
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorPresent", {hey + "/"}), true);
  // NAOqi 2.1-2.5's paths, which 2.8's documentation lists no more.
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorInstalled", {"animations/Stand/BodyTalk/Speaking/BodyTalk_1"}), true);
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorInstalled", {"animations/Stand/Gestures/NoSuchGesture_1"}), false);
  EXPECT_THAT(call("ALBehaviorManager.getSystemBehaviorNames"), Contains(hey));
  EXPECT_THAT(call("ALBehaviorManager.getInstalledBehaviors"), Contains(hey));
  EXPECT_THAT(call("ALBehaviorManager.getUserBehaviorNames"), Not(Contains(hey)));
  EXPECT_EQ(refusal("ALBehaviorManager.runBehavior", {"animations/Stand/Gestures/NoSuchGesture_1"}), "unknown-behavior");
}

TEST_F(StockAnimations, StartBehaviorRunsOneUntilItEnds) {
  start();
  const std::string hey = "animations/Stand/Gestures/Hey_1";
  at(1, [&] { call("ALBehaviorManager.startBehavior", {hey}); });
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {hey}), true);
  EXPECT_THAT(call("ALBehaviorManager.getRunningBehaviors"), Contains(hey));
  EXPECT_EQ(refusal("ALBehaviorManager.startBehavior", {hey}), "already-running");
  runTo(1 + robot::AnimationPlayer::kStockSeconds - 0.1);
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {hey}), true);
  runTo(1 + robot::AnimationPlayer::kStockSeconds + 0.1);
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {hey}), false);
  EXPECT_THAT(engine().robot.animationPlayer().played(), Contains(hey));
}

TEST_F(StockAnimations, RunBehaviorTakesTheAnimationsTime) {
  start(launchpad::RobotModel::Pepper);
  const std::string listening = "animations/Stand/BodyTalk/Listening/Listening_1";
  at(1, [&] { call("ALBehaviorManager.runBehavior", {listening}); });
  EXPECT_EQ(service::takenByLastCall(), core::fromSeconds(robot::AnimationPlayer::kStockSeconds));
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {listening}), true);
  at(2, [&] { call("ALBehaviorManager.stopBehavior", {listening}); });
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {listening}), false);
}

// ---- ALKnowledge ---------------------------------------------------------------------

using Knowledge = EngineFixture;

TEST_F(Knowledge, TriplesByDomainWithWildcards) {
  start();
  call("ALKnowledge.add", {"tutorial", "smurf", "hasColor", "blue"});
  call("ALKnowledge.add", {"tutorial", "smurf", "hasColor", "white"});
  call("ALKnowledge.add", {"tutorial", "smurf", "hasColor", "blue"});  // once only
  call("ALKnowledge.add", {"tutorial", "gargamel", "hasColor", "black"});
  call("ALKnowledge.add", {"other", "smurf", "hasColor", "red"});
  EXPECT_EQ(call("ALKnowledge.getObject", {"tutorial", "smurf", "hasColor"}), json({"blue", "white"}));
  EXPECT_EQ(call("ALKnowledge.getSubject", {"tutorial", "hasColor", "black"}), json({"gargamel"}));
  EXPECT_EQ(call("ALKnowledge.getPredicate", {"tutorial", "smurf", "blue"}), json({"hasColor"}));
  EXPECT_EQ(call("ALKnowledge.query", {"tutorial", "?", "hasColor", "*"}), json({"smurf", "gargamel"}));
  EXPECT_EQ(call("ALKnowledge.contains", {"tutorial", "*", "*", "black"}), true);
  EXPECT_EQ(call("ALKnowledge.contains", {"tutorial", "smurf", "hasColor", "red"}), false) << "another domain's";
  call("ALKnowledge.update", {"tutorial", "smurf", "hasColor", "green"});
  EXPECT_EQ(call("ALKnowledge.getObject", {"tutorial", "smurf", "hasColor"}), json({"green"}));
  call("ALKnowledge.remove", {"tutorial", "*", "hasColor", "*"});
  EXPECT_EQ(call("ALKnowledge.contains", {"tutorial", "*", "*", "*"}), false);
  EXPECT_EQ(call("ALKnowledge.contains", {"other", "smurf", "hasColor", "red"}), true);
  call("ALKnowledge.resetKnowledge", {"other"});
  EXPECT_EQ(call("ALKnowledge.contains", {"other", "*", "*", "*"}), false);
}

TEST_F(Knowledge, BadTriplesAreRefusedWithWhy) {
  start();
  EXPECT_EQ(refusal("ALKnowledge.add", {"tutorial", "smurf", "*", "blue"}), "bad-argument");
  EXPECT_EQ(refusal("ALKnowledge.add", {"", "smurf", "hasColor", "blue"}), "bad-argument");
  EXPECT_EQ(refusal("ALKnowledge.add", {"tutorial", "", "hasColor", "blue"}), "bad-argument");
  EXPECT_EQ(refusal("ALKnowledge.add", {"tutorial", std::string(5000, 'x'), "hasColor", "blue"}), "bad-argument");
  EXPECT_EQ(refusal("ALKnowledge.query", {"tutorial", "smurf", "hasColor", "blue"}), "bad-argument");
  EXPECT_EQ(refusal("ALKnowledge.query", {"tutorial", "?", "?", "blue"}), "bad-argument");
  EXPECT_EQ(refusal("ALKnowledge.add", {"tutorial", json::array({"x"}), "hasColor", "blue"}), "bad-argument");
  // An update refused changes nothing.
  call("ALKnowledge.add", {"tutorial", "smurf", "hasColor", "blue"});
  EXPECT_EQ(refusal("ALKnowledge.update", {"tutorial", "smurf", "hasColor", "*"}), "bad-argument");
  EXPECT_EQ(call("ALKnowledge.getObject", {"tutorial", "smurf", "hasColor"}), json({"blue"}));
}

// A number, as a box or a QiChat variable passes it, is its text.
TEST_F(Knowledge, NumbersAreTheirText) {
  start();
  call("ALKnowledge.add", {"people", "bob", "age", 42});
  call("ALKnowledge.add", {"people", "bob", "height", 1.8});
  EXPECT_EQ(call("ALKnowledge.getObject", {"people", "bob", "age"}), json({"42"}));
  EXPECT_EQ(call("ALKnowledge.contains", {"people", "bob", "height", "1.8"}), true);
}

// ---- ALPreferenceManager -----------------------------------------------------------

using Preferences = EngineFixture;

TEST_F(Preferences, SetGetRemove) {
  start();
  EXPECT_TRUE(call("ALPreferenceManager.getValue", {"app", "mode"}).is_null());
  call("ALPreferenceManager.setValue", {"app", "mode", "quiet"});
  EXPECT_EQ(call("ALPreferenceManager.getValue", {"app", "mode"}), "quiet");
  call("ALPreferenceManager.setValue", {"app", "mode", "party"});
  EXPECT_EQ(call("ALPreferenceManager.getValue", {"app", "mode"}), "party");
  EXPECT_TRUE(call("ALPreferenceManager.getValue", {"other", "mode"}).is_null());
  call("ALPreferenceManager.removeValue", {"app", "mode"});
  EXPECT_TRUE(call("ALPreferenceManager.getValue", {"app", "mode"}).is_null());
}

TEST_F(Preferences, StringsOnly) {
  start();
  EXPECT_EQ(refusal("ALPreferenceManager.setValue", {"app", "n", 5}), "bad-argument");
  EXPECT_TRUE(call("ALPreferenceManager.getValue", {"app", "n"}).is_null());
}

TEST_F(Preferences, DomainAndSettingAtMost512Bytes) {
  start();
  const std::string ok(512, 'd'), tooLong(513, 'd');
  call("ALPreferenceManager.setValue", {ok, ok, "v"});
  EXPECT_EQ(call("ALPreferenceManager.getValue", {ok, ok}), "v");
  EXPECT_EQ(refusal("ALPreferenceManager.setValue", {tooLong, "s", "v"}), "bad-argument");
  EXPECT_EQ(refusal("ALPreferenceManager.setValue", {"d", tooLong, "v"}), "bad-argument");
}

TEST_F(Preferences, ValueAtMostOneMegabyte) {
  start();
  const std::string ok(1 << 20, 'v'), tooLong((1 << 20) + 1, 'v');
  call("ALPreferenceManager.setValue", {"d", "big", ok});
  EXPECT_EQ(call("ALPreferenceManager.getValue", {"d", "big"}).get<std::string>().size(), std::size_t{1} << 20);
  EXPECT_NE(refusal("ALPreferenceManager.setValue", {"d", "huge", tooLong}), "");
  EXPECT_TRUE(call("ALPreferenceManager.getValue", {"d", "huge"}).is_null());
}

TEST_F(Preferences, PrefInALaunchConditionFollowsTheSetting) {
  start(launchpad::RobotModel::Nao,
        {{"demo/party", life::Nature::Solitary, "pref(\"app\", \"mode\") == \"party\"", {}, life::RunForever{}}});
  EXPECT_EQ(call("ALAutonomousLife.getLaunchSuggestions"), json::array());
  at(1, [&] { call("ALPreferenceManager.setValue", {"app", "mode", "party"}); });
  EXPECT_EQ(call("ALAutonomousLife.getLaunchSuggestions"), json::array({"demo/party"}));
  EXPECT_EQ(focused(), "demo/party");
  at(2, [&] { call("ALPreferenceManager.setValue", {"app", "mode", "quiet"}); });
  EXPECT_EQ(call("ALAutonomousLife.getLaunchSuggestions"), json::array());
  at(3, [&] { call("ALPreferenceManager.setValue", {"app", "mode", "party"}); });
  EXPECT_EQ(call("ALAutonomousLife.getLaunchSuggestions"), json::array({"demo/party"}));
  at(4, [&] { call("ALPreferenceManager.removeValue", {"app", "mode"}); });
  EXPECT_EQ(call("ALAutonomousLife.getLaunchSuggestions"), json::array());
}

// ---- the engine's own install folder -----------------------------------------------

TEST(EngineInstallRoot, ATemporaryInstallFolderIsRemovedWithTheEngine) {
  // Without EngineOptions::packageRoot, PackageManager installs into a
  // temporary folder (docs/scenarios.md: ".pkg archives (installed into a
  // temporary folder)"), which goes away with the engine.
  TempDir sources;
  auto folder = simtest::writePackage(sources, "src", "tmpcheck", {{".", "solitary", ""}});
  std::filesystem::path installedAt;
  {
    core::VirtualClock clock;
    auto engine = std::make_unique<engine::Engine>(clock, engine::EngineOptions{});
    engine->start();
    ASSERT_EQ(test::jsonOf(engine->services.call("PackageManager.install", {folder.string()})), true);
    auto packages = test::jsonOf(engine->services.call("PackageManager.packages", {}));
    ASSERT_EQ(packages.size(), 1u);
    installedAt = packages[0]["path"].get<std::string>();
    ASSERT_TRUE(std::filesystem::exists(installedAt));
    EXPECT_FALSE(installedAt.string().starts_with(sources.str())) << "installed means copied";
  }
  EXPECT_FALSE(std::filesystem::exists(installedAt)) << installedAt << " outlived its engine";
  EXPECT_FALSE(std::filesystem::exists(installedAt.parent_path())) << installedAt.parent_path() << " outlived its engine";
  // Leave nothing behind if it did.
  const auto root = installedAt.parent_path();
  if (root.parent_path() == std::filesystem::temp_directory_path() &&
      root.filename().string().starts_with("autolife-packages-")) {
    std::error_code ignored;
    std::filesystem::remove_all(root, ignored);
  }
}

}  // namespace
