// The condition monitor on live memory in virtual time: the dependency
// index (only conditions that read a changed key are re-evaluated), naive
// mode, no polling, late loading (decision 20), history retention
// (REFERENCE §2, decision 20), pref() through a preference source.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/core/preferences.hpp"
#include "autolife/memory/memory.hpp"
#include "run.hpp"

namespace {

using autolife::condition::ConditionChange;
using autolife::condition::ConditionId;
using autolife::condition::ConditionMonitor;
using autolife::condition::ConditionOptions;
using autolife::condition::MonitorOptions;
using autolife::core::Duration;
using autolife::core::fromSeconds;
using autolife::core::Value;
using autolife::test::seconds;

// What a listener saw: "t:value" per notification.
struct Log {
  std::vector<std::string> entries;
  std::string joined() const {
    std::string out;
    for (const auto& e : entries) out += (out.empty() ? "" : " ") + e;
    return out;
  }
  std::size_t size() const { return entries.size(); }
  void clear() { entries.clear(); }
};

class ConditionMonitorTest : public testing::Test {
protected:
  autolife::core::VirtualClock clock;
  autolife::memory::Memory memory{clock};
  autolife::core::InMemoryPreferences preferences;
  std::unique_ptr<ConditionMonitor> monitor;

  void start(MonitorOptions options = {}, bool withPreferences = true) {
    if (withPreferences) options.preferences = &preferences;
    monitor = std::make_unique<ConditionMonitor>(memory, options);
  }
  void TearDown() override { monitor.reset(); }

  // Inputs at t come before deadlines at t.
  void inputAt(double t) { clock.advanceTo(fromSeconds(t)); }
  // Runs every deadline up to and including t.
  void runUntil(double t) { clock.runUntil(fromSeconds(t)); }

  ConditionId add(const std::string& text, Log* log = nullptr, bool every = false) {
    ConditionOptions options;
    if (log) {
      options.listener = [log](const ConditionChange& c) { log->entries.push_back(seconds(c.time) + ":" + c.value.toJson()); };
    }
    options.notifyEveryEvaluation = every;
    auto result = monitor->add(text, options);
    if (auto* d = std::get_if<autolife::core::Diagnostic>(&result)) {
      ADD_FAILURE() << text << ": " << d->format();
      return 0;
    }
    return std::get<ConditionId>(result);
  }

  Duration retention(const std::string& key) {
    auto id = memory.acquireKey(key);
    auto d = memory.historyRetention(id);
    memory.releaseKey(id);
    return d;
  }
};

// ---- dependency index -------------------------------------------------------------------

TEST_F(ConditionMonitorTest, AChangeReEvaluatesOnlyTheConditionsReadingTheKey) {
  start();
  Log a, b, ab;
  add("'a' > 0", &a, true);
  add("'b' > 0", &b, true);
  add("'a' + 'b' > 5", &ab, true);
  a.clear(), b.clear(), ab.clear();

  memory.insertData("a", 1);
  EXPECT_EQ(a.size(), 1u);
  EXPECT_EQ(b.size(), 0u);
  EXPECT_EQ(ab.size(), 1u);

  memory.insertData("b", 1);
  EXPECT_EQ(a.size(), 1u);
  EXPECT_EQ(b.size(), 1u);
  EXPECT_EQ(ab.size(), 2u);

  memory.insertData("unrelated", 1);
  memory.raiseEvent("other", 1);
  EXPECT_EQ(a.size(), 1u);
  EXPECT_EQ(b.size(), 1u);
  EXPECT_EQ(ab.size(), 2u);

  memory.raiseEvent("a", 2);
  EXPECT_EQ(a.size(), 2u);
  EXPECT_EQ(b.size(), 1u);
  EXPECT_EQ(ab.size(), 3u);
}

TEST_F(ConditionMonitorTest, OneBatchWritingTwoKeysIsOneEvaluation) {
  start();
  Log ab;
  add("'a' + 'b' > 5", &ab, true);
  ab.clear();
  memory.insertListData({{"a", 3}, {"b", 3}});
  EXPECT_EQ(ab.joined(), "0:true");
}

TEST_F(ConditionMonitorTest, NaiveModeReEvaluatesEveryConditionOnEveryBatch) {
  MonitorOptions options;
  options.naive = true;
  start(options);
  Log a, b;
  add("'a' > 0", &a, true);
  add("'b' > 0", &b, true);
  a.clear(), b.clear();

  memory.insertData("a", 1);
  EXPECT_EQ(a.size(), 1u);
  EXPECT_EQ(b.size(), 1u);
  memory.insertData("unrelated", 1);
  EXPECT_EQ(a.size(), 2u);
  EXPECT_EQ(b.size(), 2u);
}

TEST_F(ConditionMonitorTest, NaiveAndIndexedModesAgreeOnValues) {
  for (bool naive : {false, true}) {
    SCOPED_TRACE(naive ? "naive" : "indexed");
    autolife::core::VirtualClock c;
    autolife::memory::Memory m(c);
    MonitorOptions options;
    options.naive = naive;
    ConditionMonitor mon(m, options);
    Log log;
    ConditionOptions co;
    co.listener = [&](const ConditionChange& ch) { log.entries.push_back(seconds(ch.time) + ":" + ch.value.toJson()); };
    auto id = std::get<ConditionId>(mon.add("('a' >= 1) ~ 2 && !'b'", co));
    log.clear();
    m.insertData("a", 1);
    c.advanceTo(fromSeconds(1));
    m.insertData("x", 1);
    c.runUntil(fromSeconds(3));
    m.insertData("b", true);
    c.runUntil(fromSeconds(5));
    EXPECT_EQ(log.joined(), "2:true 3:false");
    EXPECT_EQ(mon.value(id).toJson(), "false");
  }
}

// ---- event-driven, never polling ------------------------------------------------------------

TEST_F(ConditionMonitorTest, ATimeOperatorIsEvaluatedOnlyAtItsDeadline) {
  start();
  Log log;
  add("'k' ~ 3", &log, true);
  log.clear();
  memory.insertData("k", true);
  runUntil(100);
  EXPECT_EQ(log.joined(), "0:false 3:true");
}

TEST_F(ConditionMonitorTest, DeadlinesRunAfterInputsScheduledForTheSameInstant) {
  // A scenario schedules its inputs on the clock. The ~ deadline at 3 was
  // scheduled first, the input at 3 later: the input still comes first, so
  // the window closing exactly when k turns false shows no glitch.
  start();
  Log held, within;
  add("'k' ~ 3", &held);
  add("'j' # 2", &within);
  held.clear(), within.clear();
  memory.insertData("k", true);
  memory.insertData("j", true);
  inputAt(1);
  memory.insertData("j", false);
  clock.schedule(fromSeconds(3), [&] { memory.insertData("k", false); });
  clock.schedule(fromSeconds(3), [&] { memory.insertData("j", true); });
  runUntil(10);
  EXPECT_EQ(held.joined(), "");
  EXPECT_EQ(within.joined(), "0:true");
}

TEST_F(ConditionMonitorTest, RandIsEvaluatedOncePerPeriod) {
  start();
  Log once, every5;
  add("rand(0, 10, 0)", &once, true);
  add("rand(0, 10, 5)", &every5, true);
  once.clear(), every5.clear();
  runUntil(100);
  EXPECT_EQ(once.size(), 0u);
  EXPECT_EQ(every5.size(), 20u);
}

TEST_F(ConditionMonitorTest, ListenerHearsChangesOnly) {
  start();
  Log log;
  add("'k' > 1", &log);
  log.clear();
  memory.insertData("k", 2);
  inputAt(1);
  memory.insertData("k", 3);
  inputAt(2);
  memory.insertData("k", 0);
  EXPECT_EQ(log.joined(), "0:true 2:false");
}

TEST_F(ConditionMonitorTest, ConditionsAreLoadedAndEvaluatedAtOnce) {
  start();
  memory.insertData("k", 5);
  auto id = add("'k' * 2");
  EXPECT_EQ(monitor->value(id).toJson(), "10");
  EXPECT_TRUE(monitor->contains(id));
  EXPECT_EQ(monitor->size(), 1u);
}

TEST_F(ConditionMonitorTest, StableIsTrueWhenLoadedWithoutADip) {  // decision 19
  start();
  Log log;
  auto id = add("stable('k')", &log, true);
  EXPECT_EQ(monitor->value(id).toJson(), "true");
  runUntil(1);
  for (const auto& e : log.entries) EXPECT_EQ(e, "0:true") << log.joined();
}

TEST_F(ConditionMonitorTest, ABadConditionIsADiagnosticAndOthersKeepRunning) {
  start();
  Log log;
  auto good = add("'k' > 0", &log);
  auto bad = monitor->add("'k' >");
  ASSERT_TRUE(std::holds_alternative<autolife::core::Diagnostic>(bad));
  EXPECT_EQ(std::get<autolife::core::Diagnostic>(bad).column, 6);
  EXPECT_EQ(monitor->size(), 1u);
  memory.insertData("k", 1);
  EXPECT_EQ(monitor->value(good).toJson(), "true");
}

TEST_F(ConditionMonitorTest, RemovedConditionsAreSilentAndUnknown) {
  start();
  Log log;
  auto id = add("'k' > 0", &log);
  log.clear();
  EXPECT_TRUE(monitor->remove(id));
  EXPECT_FALSE(monitor->contains(id));
  EXPECT_FALSE(monitor->remove(id));
  EXPECT_THROW(monitor->value(id), std::out_of_range);
  memory.insertData("k", 1);
  EXPECT_EQ(log.size(), 0u);
}

TEST_F(ConditionMonitorTest, RemovingAConditionCancelsItsDeadline) {
  start();
  Log log;
  memory.insertData("k", true);
  auto id = add("'k' ~ 3", &log, true);
  log.clear();
  monitor->remove(id);
  runUntil(10);
  EXPECT_EQ(log.size(), 0u);
}

TEST_F(ConditionMonitorTest, LargestWindowOfACondition) {
  start();
  auto id = add("'k' ~ 3 || 'k' # 5 || 'k' @ 1");
  EXPECT_EQ(monitor->largestWindow(id), fromSeconds(5));
}

TEST_F(ConditionMonitorTest, SeedDecidesTheDraws) {
  auto draw = [](std::uint64_t seed) {
    autolife::core::VirtualClock c;
    autolife::memory::Memory m(c);
    MonitorOptions options;
    options.seed = seed;
    ConditionMonitor mon(m, options);
    auto id = std::get<ConditionId>(mon.add("rand(0, 1000000000, 0)"));
    return mon.value(id).toJson();
  };
  EXPECT_EQ(draw(3), draw(3));
  EXPECT_NE(draw(3), draw(4));
  // The eval contract and the monitor draw the same numbers.
  EXPECT_EQ(autolife::test::run("rand(0, 1000000000, 0)", {}, autolife::test::RunOptions{0.0, 3}), "0:" + draw(3));
}

TEST_F(ConditionMonitorTest, DefaultSeedIsZeroSoRunsAreReproducible) {  // decision 11
  auto draw = [](std::optional<std::uint64_t> seed) {
    autolife::core::VirtualClock c;
    autolife::memory::Memory m(c);
    MonitorOptions options;
    if (seed) options.seed = *seed;
    ConditionMonitor mon(m, options);
    auto id = std::get<ConditionId>(mon.add("rand(0, 1000000000, 0)"));
    return mon.value(id).toJson();
  };
  EXPECT_EQ(draw(std::nullopt), draw(std::nullopt));
  EXPECT_EQ(draw(std::nullopt), draw(0));
}

TEST_F(ConditionMonitorTest, BangFiresOnRaiseEventAndRaiseMicroEventButNotInsertData) {
  start();
  Log log;
  add("bang('e')", &log);
  log.clear();
  inputAt(1);
  memory.raiseEvent("e", 1);
  runUntil(1);
  inputAt(2);
  memory.raiseMicroEvent("e", 1);
  runUntil(2);
  inputAt(3);
  memory.insertData("e", 1);
  runUntil(4);
  EXPECT_EQ(log.joined(), "1:true 1:false 2:true 2:false");
}

TEST_F(ConditionMonitorTest, TwoEventsRaisedInOneBatchAreTogether) {
  start();
  Log log;
  add("bang('a') && bang('b')", &log);
  log.clear();
  inputAt(1);
  std::vector<autolife::memory::Write> writes(2);
  writes[0].kind = autolife::memory::Write::Kind::Raise;
  writes[0].key = "a";
  writes[0].value = 1;
  writes[1].kind = autolife::memory::Write::Kind::Raise;
  writes[1].key = "b";
  writes[1].value = 1;
  memory.apply(writes);
  runUntil(1);
  inputAt(2);
  memory.raiseEvent("a", 1);
  memory.raiseEvent("b", 1);
  runUntil(3);
  EXPECT_EQ(log.joined(), "1:true 1:false");
}

// ---- late loading (decision 20) ---------------------------------------------------------------

TEST_F(ConditionMonitorTest, ALateConditionKnowsHowLongAKeyHasHeld) {
  start();
  memory.insertData("k", 1);
  inputAt(5);
  auto id = add("('k' == 1) ~ 3");
  EXPECT_EQ(monitor->value(id).toJson(), "true");
}

TEST_F(ConditionMonitorTest, AKeyReadAsItIsNowDoesNotCutALateConditionsReplay) {
  // b is read only at the current instant: its write at 4.9 must not make
  // the replay start there (a held 1 since 0).
  start();
  memory.insertData("a", 1);
  inputAt(4.9);
  memory.insertData("b", 2);
  inputAt(5);
  auto id = add("('a' == 1) ~ 3 && 'b' == 2");
  EXPECT_EQ(monitor->value(id).toJson(), "true");
}

TEST_F(ConditionMonitorTest, AStableOfAKeyReadAsItIsNowDoesNotDipAtALateLoad) {
  start();
  memory.insertData("a", 1);
  inputAt(4.9);
  memory.insertData("b", 2);
  inputAt(5);
  Log log;
  auto id = add("('a' == 1) ~ 3 && stable('b')", &log);
  EXPECT_EQ(monitor->value(id).toJson(), "true");
  EXPECT_EQ(log.joined(), "");  // no dip: neither "5:false" nor a change back
}

TEST_F(ConditionMonitorTest, ALateConditionCompletesAWindowStartedBeforeIt) {
  start();
  memory.insertData("k", 1);
  inputAt(2);
  Log log;
  auto id = add("('k' == 1) ~ 3", &log);
  EXPECT_EQ(monitor->value(id).toJson(), "false");
  log.clear();
  runUntil(10);
  EXPECT_EQ(log.joined(), "3:true");
}

TEST_F(ConditionMonitorTest, ALateConditionReplaysRetainedHistory) {
  start();
  add("'k' # 10");  // makes memory keep 10 s of k
  memory.insertData("k", false);
  inputAt(1);
  memory.insertData("k", true);
  inputAt(2);
  memory.insertData("k", false);
  inputAt(5);
  Log within, ago;
  auto w = add("'k' # 10", &within);
  auto a = add("'k' @ 4", &ago);
  EXPECT_EQ(monitor->value(w).toJson(), "true");   // k was true 3 s ago
  EXPECT_EQ(monitor->value(a).toJson(), "true");   // at 5 - 4 = 1, k was true
  within.clear(), ago.clear();
  runUntil(20);
  EXPECT_EQ(within.joined(), "12:false");
  EXPECT_EQ(ago.joined(), "6:false");
}

TEST_F(ConditionMonitorTest, ALateConditionCountsFromTheKeysLastChange) {
  start();
  inputAt(1);
  memory.insertData("k", true);
  inputAt(2);
  auto id = add("'k' ~ 1.5");
  EXPECT_EQ(monitor->value(id).toJson(), "false");
  runUntil(2.5);
  EXPECT_EQ(monitor->value(id).toJson(), "true");
}

// ---- history retention -------------------------------------------------------------------------

TEST_F(ConditionMonitorTest, RetentionIsTheSumOfNestedWindows) {
  start();
  add("'k' ~ 3 @ 2");
  EXPECT_EQ(retention("k"), fromSeconds(5));
}

TEST_F(ConditionMonitorTest, RetentionPerKeyIsWhatItsOwnOperatorsNeed) {
  start();
  add("'j' || 'k' ~ 3 || ('m' # 2) ~ 1 @ 4");
  EXPECT_EQ(retention("j"), Duration::zero());
  EXPECT_EQ(retention("k"), fromSeconds(3));
  EXPECT_EQ(retention("m"), fromSeconds(7));
}

TEST_F(ConditionMonitorTest, RetentionCountsRandUpperBounds) {
  start();
  add("'k' ~ rand(1, 4, 0)");
  EXPECT_EQ(retention("k"), fromSeconds(4));
}

TEST_F(ConditionMonitorTest, RetentionOfOtherDynamicWindowsIsZero) {
  start();
  add("'k' ~ 'w'");
  EXPECT_EQ(retention("k"), Duration::zero());
  EXPECT_EQ(retention("w"), Duration::zero());
}

TEST_F(ConditionMonitorTest, RetentionIsTheLargestOfTheLoadedConditionsAndIsReleased) {
  start();
  auto three = add("'k' ~ 3");
  auto seven = add("'k' # 7");
  EXPECT_EQ(retention("k"), fromSeconds(7));
  monitor->remove(seven);
  EXPECT_EQ(retention("k"), fromSeconds(3));
  monitor->remove(three);
  EXPECT_EQ(retention("k"), Duration::zero());
}

TEST_F(ConditionMonitorTest, HistoryStaysBoundedByTheWindow) {
  start();
  add("'k' ~ 3");
  for (int t = 0; t <= 100; ++t) {
    inputAt(t);
    memory.insertData("k", t);
  }
  auto history = memory.getEventHistory("k");
  ASSERT_FALSE(history.empty());
  EXPECT_LE(history.size(), 6u);
  EXPECT_EQ(history.back().value.toJson(), "100");
  EXPECT_LE(history.front().time, fromSeconds(97));  // covers [now - 3, now]
}

TEST_F(ConditionMonitorTest, WithoutTimeWindowsOnlyTheCurrentValueIsKept) {  // decision 29
  start();
  add("'k' > 0");
  for (int t = 0; t <= 20; ++t) {
    inputAt(t);
    memory.insertData("k", t);
  }
  auto history = memory.getEventHistory("k");
  ASSERT_EQ(history.size(), 1u);
  EXPECT_EQ(history[0].value.toJson(), "20");
}

// ---- pref() ---------------------------------------------------------------------------------------

TEST_F(ConditionMonitorTest, PrefReadsThePreferenceSource) {
  preferences.set("com.me", "mode", "on");
  start();
  auto id = add("pref(\"com.me\", \"mode\")");
  EXPECT_EQ(monitor->value(id).toJson(), "\"on\"");
}

TEST_F(ConditionMonitorTest, PrefFollowsChangesAndRemoval) {
  start();
  Log log;
  auto id = add("pref(\"com.me\", \"mode\") == \"on\"", &log);
  EXPECT_EQ(monitor->value(id).toJson(), "false");
  log.clear();
  inputAt(1);
  preferences.set("com.me", "mode", "on");
  EXPECT_EQ(monitor->value(id).toJson(), "true");
  inputAt(2);
  preferences.remove("com.me", "mode");
  EXPECT_EQ(monitor->value(id).toJson(), "false");
  EXPECT_EQ(log.joined(), "1:true 2:false");
}

TEST_F(ConditionMonitorTest, AnUnrelatedPreferenceDoesNotReEvaluate) {
  start();
  Log log;
  add("pref(\"com.me\", \"mode\")", &log, true);
  log.clear();
  preferences.set("com.me", "other", "x");
  preferences.set("com.other", "mode", "x");
  EXPECT_EQ(log.size(), 0u);
  preferences.set("com.me", "mode", "x");
  EXPECT_EQ(log.size(), 1u);
}

TEST_F(ConditionMonitorTest, PrefWithoutAPreferenceSourceIsInvalid) {
  start({}, false);
  auto id = add("pref(\"com.me\", \"mode\")");
  EXPECT_EQ(monitor->value(id).toJson(), "null");
}

TEST_F(ConditionMonitorTest, ExplanationsCanBeAttachedToEachNotification) {
  start();
  std::vector<std::shared_ptr<const autolife::condition::Explanation>> seen;
  ConditionOptions options;
  options.listener = [&](const ConditionChange& c) { seen.push_back(c.explanation); };
  options.explainEachEvaluation = true;
  ASSERT_TRUE(std::holds_alternative<ConditionId>(monitor->add("'k' > 1", options)));
  seen.clear();
  memory.insertData("k", 2);
  ASSERT_EQ(seen.size(), 1u);
  ASSERT_TRUE(seen[0]);
  EXPECT_EQ(seen[0]->value.toJson(), "true");
}

}  // namespace
