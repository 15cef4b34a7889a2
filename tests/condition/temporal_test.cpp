// Time semantics (REFERENCE §3 Decisions; docs/decisions.md 15, 17-19,
// 21-23): dense time, ~ # @ with their boundaries, deadlines after inputs,
// no short-circuit, inputs sharing a timestamp, the output contract.
#include <gtest/gtest.h>

#include "autolife/core/time.hpp"
#include "autolife/trace/evaluation.hpp"
#include "run.hpp"

namespace {

using autolife::test::run;

// ---- dense time ------------------------------------------------------------------

TEST(ConditionDenseTime, HeldFlipsAtTheExactInstant) {
  EXPECT_EQ(run("'k' ~ 0.2", R"({"t": 0.1, "set": {"k": true}})"), "0.1:false 0.3:true");
  // 0.2 + 0.1 is not 0.3 in doubles; engine time is exact.
  EXPECT_EQ(run("'k' ~ 0.1", R"({"t": 0.2, "set": {"k": true}})"), "0.2:false 0.3:true");
}

TEST(ConditionDenseTime, WithinAndAgoFlipAtTheExactInstant) {
  EXPECT_EQ(run("bang('e') # 0.2", R"({"t": 0, "declare": ["e"]}
{"t": 0.1, "raise": {"e": 1}})"),
            "0:false 0.1:true 0.3:false");
  EXPECT_EQ(run("'k' @ 0.2", R"({"t": 0.1, "set": {"k": true}})", 1.0), "0.1:false 0.3:true");
}

TEST(ConditionDenseTime, SubMillisecondWindows) {
  EXPECT_EQ(run("'k' ~ 0.0005", R"({"t": 1, "set": {"k": true}})"), "1:false 1.0005:true");
}

TEST(ConditionDenseTime, AKeyIsInvalidBeforeItsFirstChange) {
  EXPECT_EQ(run("'k' == 'j'", R"({"t": 0, "set": {"unrelated": 0}}
{"t": 1, "set": {"k": 1}})"),
            "0:true 1:false");
  EXPECT_EQ(run("type('k')", R"({"t": 0, "set": {"unrelated": 0}}
{"t": 1, "set": {"k": "x"}})"),
            "0:\"Invalid\" 1:\"String\"");
}

TEST(ConditionDenseTime, NothingIsKnownBeforeTimeZero) {
  EXPECT_EQ(run("true ~ 3"), "0:false 3:true");
  EXPECT_EQ(run("true @ 2"), "0:false 2:true");
  EXPECT_EQ(run("'k' ~ 3", R"({"t": 0, "set": {"k": true}})", 5.0), "0:false 3:true");
  EXPECT_EQ(run("false # 5"), "0:false");
}

// ---- the load instant (decision 19b) ----------------------------------------------------

TEST(ConditionLoadInstant, ValuesSetAtTimeZeroHoldFromTheStart) {
  EXPECT_EQ(run("('n' == 0) # 5", R"({"t": 0, "set": {"n": 2}})", 6.0), "0:false");
  EXPECT_EQ(run("stable('k')", R"({"t": 0, "set": {"k": 1}})", 1.0), "0:true");
  EXPECT_EQ(run("!stable('k') # 3", R"({"t": 0, "set": {"k": 1}})", 4.0), "0:false");
}

TEST(ConditionLoadInstant, ASecondLineAtTimeZeroIsARealChange) {
  EXPECT_EQ(run("stable('k')", R"({"t": 0, "set": {"k": 1}}
{"t": 0, "set": {"k": 2}})",
                1.0),
            "0:true 0:false 0:true");
  EXPECT_EQ(run("('n' == 2) # 5", R"({"t": 0, "set": {"n": 2}}
{"t": 0, "set": {"n": 3}})",
                6.0),
            "0:true 5:false");
}

TEST(ConditionLoadInstant, AFirstLineThatTouchesNoKeyStillEndsIt) {
  // Line 1 is the first input at the load instant, though it reads no key
  // of the condition: line 2 is a real change, so !k was true at 0.
  EXPECT_EQ(run("!'k' # 5", R"({"t": 0, "set": {"j": 1}}
{"t": 0, "set": {"k": true}})"),
            "0:true 5:false");
  // Reading j too must not change what !k # 5 is.
  EXPECT_EQ(run("[!'k' # 5, 'j']", R"({"t": 0, "set": {"j": 1}}
{"t": 0, "set": {"k": true}})"),
            "0:[true, 1] 5:[false, 1]");
  EXPECT_EQ(run("stable('k')", R"({"t": 0, "set": {"j": 1}}
{"t": 0, "set": {"k": 2}})",
                1.0),
            "0:true 0:false 0:true");
  // A first line with only a preference counts as well.
  EXPECT_EQ(run("!'k' # 5", R"({"t": 0, "pref": {"d": {"s": "x"}}}
{"t": 0, "set": {"k": true}})"),
            "0:true 5:false");
}

// ---- ~ -------------------------------------------------------------------------------

TEST(ConditionHeld, TrueOnceTheOperandHasHeldTheWholeWindow) {
  EXPECT_EQ(run("('Launchpad/NumPeopleZone2' >= 1) ~ 3", R"({"t": 0, "set": {"Launchpad/NumPeopleZone2": 0}}
{"t": 1, "set": {"Launchpad/NumPeopleZone2": 1}}
{"t": 6, "set": {"Launchpad/NumPeopleZone2": 2}}
{"t": 7.5, "set": {"Launchpad/NumPeopleZone2": 0}})",
                12.0),
            "0:false 4:true 7.5:false");
}

TEST(ConditionHeld, AnInterruptionRestartsTheWindow) {
  EXPECT_EQ(run("'k' ~ 2", R"({"t": 0, "set": {"k": false}}
{"t": 1, "set": {"k": true}}
{"t": 2.5, "set": {"k": false}}
{"t": 3, "set": {"k": true}})",
                6.0),
            "0:false 5:true");
}

TEST(ConditionHeld, FollowsTruthinessNotTheValue) {
  // 1 then 2 is true all along.
  EXPECT_EQ(run("'k' ~ 2", R"({"t": 0, "set": {"k": 1}}
{"t": 1, "set": {"k": 2}}
{"t": 1.5, "set": {"k": "text"}})",
                3.0),
            "0:false 2:true");
}

TEST(ConditionHeld, ABareKeyAsInManifests) {
  EXPECT_EQ(run("'Launchpad/PeopleNotSeen' ~ 5", R"({"t": 0, "set": {"Launchpad/PeopleNotSeen": true}}
{"t": 7, "set": {"Launchpad/PeopleNotSeen": false}})",
                8.0),
            "0:false 5:true 7:false");
}

TEST(ConditionHeld, UnaryMinusManifestForm) {
  EXPECT_EQ(run("('ALBasicAwareness/HumanTracked' = -1)~60", R"({"t": 0, "set": {"ALBasicAwareness/HumanTracked": -1}}
{"t": 70, "set": {"ALBasicAwareness/HumanTracked": 3}}
{"t": 80, "set": {"ALBasicAwareness/HumanTracked": -1}})",
                150.0),
            "0:false 60:true 70:false 140:true");
}

TEST(ConditionHeld, WindowClosingExactlyWhenTheOperandTurnsFalseShowsNoGlitch) {
  EXPECT_EQ(run("'k' ~ 3", R"({"t": 0, "set": {"k": true}}
{"t": 3, "set": {"k": false}})",
                5.0),
            "0:false");
}

TEST(ConditionHeld, DeadlineWaitsForEveryInputAtItsInstant) {
  // Two lines at t=3: the first does not touch k; the deadline of ~ must
  // still come after the second, which turns k false.
  EXPECT_EQ(run("'k' ~ 3", R"({"t": 0, "set": {"k": true}}
{"t": 3, "set": {"unrelated": 1}}
{"t": 3, "set": {"k": false}})",
                5.0),
            "0:false");
}

TEST(ConditionHeld, FlipAndAnInputAtTheSameInstantShowNoGlitch) {
  // a turns false exactly when k ~ 2 turns true: the || stays true. The
  // input at 2 is evaluated before the deadline at 2, and its unsettled
  // value is not reported: the deadline's is.
  EXPECT_EQ(run("'a' || 'k' ~ 2", R"({"t": 0, "set": {"a": true, "k": true}}
{"t": 2, "set": {"a": false}})",
                4.0),
            "0:true");
}

TEST(ConditionHeld, ANegatedWindowCompletingAtAnotherInputIsNotTrueForAnInstant) {
  EXPECT_EQ(run("!('k' ~ 2) && 'j'", R"({"t": 0, "set": {"k": true, "j": false}}
{"t": 2, "set": {"j": true}})",
                4.0),
            "0:false");
}

TEST(ConditionHeld, AnotherKeysInputFirstAtTheDeadlineShowsNoGlitch) {
  // j changes at 2 before k turns false at 2, when k ~ 2 would complete:
  // the deadline comes after both inputs, so ~ is never true.
  EXPECT_EQ(run("'k' ~ 2 || 'j' == 5", R"({"t": 0, "set": {"k": true, "j": 0}}
{"t": 2, "set": {"j": 1}}
{"t": 2, "set": {"k": false}})",
                4.0),
            "0:false");
  EXPECT_EQ(run("'k' ~ 2 && 'g'", R"({"t": 0, "set": {"k": true, "g": false}}
{"t": 2, "set": {"g": true}}
{"t": 2, "set": {"k": false}})",
                4.0),
            "0:false");
}

TEST(ConditionHeld, ABangAtTheDeadlineComesBeforeIt) {
  // e is raised at 2, the instant k ~ 2 completes: the raise's evaluation
  // point is before the deadline, so the two are never true together.
  EXPECT_EQ(run("'k' ~ 2 && bang('e')", R"({"t": 0, "set": {"k": true}, "declare": ["e"]}
{"t": 2, "raise": {"e": 1}})",
                4.0),
            "0:false");
  // A raise after the deadline's instant sees it.
  EXPECT_EQ(run("'k' ~ 2 && bang('e')", R"({"t": 0, "set": {"k": true}, "declare": ["e"]}
{"t": 2.5, "raise": {"e": 1}})",
                4.0),
            "0:false 2.5:true 2.5:false");
}

TEST(ConditionHeld, ZeroWindowIsTheOperandItself) {  // decision 19
  EXPECT_EQ(run("'k' ~ 0", R"({"t": 0, "set": {"k": false}}
{"t": 1, "set": {"k": true}}
{"t": 2, "set": {"k": false}})",
                3.0),
            "0:false 1:true 2:false");
  EXPECT_EQ(run("bang('e') ~ 0", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 1}})",
                2.0),
            "0:false 1:true 1:false");
}

TEST(ConditionHeld, APulseNeverHoldsForAPositiveWindow) {
  EXPECT_EQ(run("bang('e') ~ 1", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 1}}
{"t": 1.5, "raise": {"e": 1}})",
                4.0),
            "0:false");
}

// ---- # ---------------------------------------------------------------------------------

TEST(ConditionWithin, BangWithinFiveIsTrueForFiveSeconds) {  // decision 17
  EXPECT_EQ(run("bang('k') # 5", R"({"t": 0, "declare": ["k"]}
{"t": 1, "raise": {"k": 1}})"),
            "0:false 1:true 6:false");
}

TEST(ConditionWithin, AnIntervalExtendsByTheWindow) {
  EXPECT_EQ(run("'k' # 3", R"({"t": 0, "set": {"k": false}}
{"t": 1, "set": {"k": true}}
{"t": 2, "set": {"k": false}})"),
            "0:false 1:true 5:false");
}

TEST(ConditionWithin, SeedExampleSomePointInTheLastMinute) {
  EXPECT_EQ(run("('myKey' > 1) # 60.0", R"({"t": 0, "set": {"myKey": 0}}
{"t": 10, "set": {"myKey": 5}}
{"t": 11, "set": {"myKey": -3}}
{"t": 30, "set": {"myKey": 7}}
{"t": 31, "set": {"myKey": 0}})",
                100.0),
            "0:false 10:true 91:false");
}

TEST(ConditionWithin, EachNewPulseExtendsTheWindow) {
  EXPECT_EQ(run("bang('e') # 5", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 1}}
{"t": 3, "raise": {"e": 1}})"),
            "0:false 1:true 8:false");
}

TEST(ConditionWithin, WindowClosingExactlyWhenTheOperandTurnsTrueAgainShowsNoGlitch) {
  EXPECT_EQ(run("'k' # 2", R"({"t": 0, "set": {"k": true}}
{"t": 1, "set": {"k": false}}
{"t": 3, "set": {"k": true}}
{"t": 3.2, "set": {"k": false}})"),
            "0:true 5.2:false");
}

TEST(ConditionWithin, AnotherKeysInputFirstAtTheClosingShowsNoGlitch) {
  // The window closes at 3 as k turns true again at 3, after j changed at 3.
  EXPECT_EQ(run("'k' # 2 || 'j' == 5", R"({"t": 0, "set": {"k": true, "j": 0}}
{"t": 1, "set": {"k": false}}
{"t": 3, "set": {"j": 1}}
{"t": 3, "set": {"k": true}})",
                4.0),
            "0:true");
}

TEST(ConditionWithin, AClosingWindowIsNotTrueAtAnotherInputAtItsEnd) {
  // The pulse of k # 2 holds on [0, 3); j turns true at 3, as it closes.
  EXPECT_EQ(run("('k' # 2) && 'j'", R"({"t": 0, "set": {"k": true, "j": false}}
{"t": 1, "set": {"k": false}}
{"t": 3, "set": {"j": true}})",
                4.0),
            "0:false");
}

TEST(ConditionWithin, OperandTrueAtTimeZeroCounts) {
  EXPECT_EQ(run("'k' # 5", R"({"t": 0, "set": {"k": true}}
{"t": 1, "set": {"k": false}})"),
            "0:true 6:false");
}

// ---- @ ----------------------------------------------------------------------------------

TEST(ConditionAgo, ReplaysTheOperandDSecondsLater) {
  EXPECT_EQ(run("('myKey' == 1) @ 10.0", R"({"t": 0, "set": {"myKey": 1}}
{"t": 3, "set": {"myKey": 2}}
{"t": 5, "set": {"myKey": 1}}
{"t": 5.5, "set": {"myKey": 0}})",
                20.0),
            "0:false 10:true 13:false 15:true 15.5:false");
}

TEST(ConditionAgo, FalseWhileTMinusDIsBeforeTimeZero) {
  EXPECT_EQ(run("'k' @ 2", R"({"t": 0, "set": {"k": true}})", 3.0), "0:false 2:true");
}

TEST(ConditionAgo, ReplaysPulses) {  // decision 18
  EXPECT_EQ(run("bang('e') @ 2", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 1}})",
                4.0),
            "0:false 3:true 3:false");
}

TEST(ConditionAgo, ReplayAndInputAtTheSameInstantShowNoGlitch) {
  // k false from 2, k @ 2 true from 2 (k was true at 0): the || never dips.
  EXPECT_EQ(run("'k' || 'k' @ 2", R"({"t": 0, "set": {"k": true}}
{"t": 2, "set": {"k": false}})",
                6.0),
            "0:true 4:false");
}

TEST(ConditionAgo, AnotherKeysInputFirstAtAReplayShowsNoGlitch) {
  // k's fall at 1 replays at 3; b turns true at 3 after j changed at 3.
  EXPECT_EQ(run("'k' @ 2 || 'b' || 'j' == 5", R"({"t": 0, "set": {"k": true, "b": false, "j": 0}}
{"t": 1, "set": {"k": false}}
{"t": 3, "set": {"j": 1}}
{"t": 3, "set": {"b": true}})",
                6.0),
            "0:false 2:true");
}

TEST(ConditionAgo, ZeroDelayIsTheOperand) {
  EXPECT_EQ(run("'k' @ 0", R"({"t": 0, "set": {"k": false}}
{"t": 1, "set": {"k": true}}
{"t": 2, "set": {"k": false}})",
                3.0),
            "0:false 1:true 2:false");
}

TEST(ConditionAgo, ManyChangesInsideOneWindowAreAllReplayed) {
  EXPECT_EQ(run("'k' @ 3", R"({"t": 0, "set": {"k": false}}
{"t": 1, "set": {"k": true}}
{"t": 1.5, "set": {"k": false}}
{"t": 2, "set": {"k": true}}
{"t": 2.25, "set": {"k": false}})",
                6.0),
            "0:false 4:true 4.5:false 5:true 5.25:false");
}

// ---- nesting ------------------------------------------------------------------------------

TEST(ConditionNesting, HeldInsideWithin) {
  // 'k' ~ 1 is true on [1, 2); # 2 extends it to [1, 4).
  EXPECT_EQ(run("('k' ~ 1) # 2", R"({"t": 0, "set": {"k": true}}
{"t": 2, "set": {"k": false}})",
                5.0),
            "0:false 1:true 4:false");
}

TEST(ConditionNesting, TwoWindowsOverDifferentKeys) {
  EXPECT_EQ(run("('a' ~ 2) && ('b' # 3)", R"({"t": 0, "set": {"a": true, "b": false}}
{"t": 1, "set": {"b": true}}
{"t": 1.5, "set": {"b": false}})",
                6.0),
            "0:false 2:true 4.5:false");
}

// ---- dynamic windows ------------------------------------------------------------------------

TEST(ConditionDynamicWindow, ComesFromAKey) {
  EXPECT_EQ(run("'k' ~ 'w'", R"({"t": 0, "set": {"k": true, "w": 2}})", 3.0), "0:false 2:true");
}

TEST(ConditionDynamicWindow, ShrinkingWindowIsAppliedAtOnce) {
  EXPECT_EQ(run("'k' ~ 'w'", R"({"t": 0, "set": {"k": true, "w": 5}}
{"t": 2, "set": {"w": 1}})",
                6.0),
            "0:false 2:true");
}

TEST(ConditionDynamicWindow, AgoWhoseWindowGrowsHoldsItsLastReplayedValue) {  // decision 18
  // k true on [2, 4.5); with w = 1, k @ w is true from 3. At 5 w grows to 4:
  // k at 1 is not known to the operator, so the value replayed last (true)
  // holds instead of flipping to false.
  EXPECT_EQ(run("'k' @ 'w'", R"({"t": 0, "set": {"k": false, "w": 1}}
{"t": 2, "set": {"k": true}}
{"t": 4.5, "set": {"k": false}}
{"t": 5, "set": {"w": 4}})",
                5.0),
            "0:false 3:true");
}

TEST(ConditionDynamicWindow, InvalidActsAsZero) {  // decision 15
  EXPECT_EQ(run("'k' ~ 'w'", R"({"t": 0, "set": {"k": false}}
{"t": 1, "set": {"k": true}})",
                3.0),
            "0:false 1:true");
  EXPECT_EQ(run("'k' @ 'w'", R"({"t": 0, "set": {"k": false}}
{"t": 1, "set": {"k": true}})",
                3.0),
            "0:false 1:true");
}

// Decision 15: a window computed at run time "makes the operator false when
// negative or not a number", for each of the three operators.
TEST(ConditionDynamicWindow, NegativeOrNonNumberMakesHeldFalse) {
  EXPECT_EQ(run("'k' ~ 'w'", R"({"t": 0, "set": {"k": true, "w": -1}})", 3.0), "0:false");
  EXPECT_EQ(run("'k' ~ 'w'", R"({"t": 0, "set": {"k": true, "w": "1"}})", 3.0), "0:false");
  EXPECT_EQ(run("'k' ~ 'w'", R"({"t": 0, "set": {"k": true, "w": [1]}})", 3.0), "0:false");
  // A Bool is not a number of seconds, at run time as at parse time (~ true).
  EXPECT_EQ(run("'k' ~ 'w'", R"({"t": 0, "set": {"k": true, "w": true}})", 3.0), "0:false");
}

TEST(ConditionDynamicWindow, NegativeOrNonNumberMakesWithinFalse) {
  EXPECT_EQ(run("'k' # 'w'", R"({"t": 0, "set": {"k": true, "w": -1}})", 3.0), "0:false");
  EXPECT_EQ(run("'k' # 'w'", R"({"t": 0, "set": {"k": true, "w": "1"}})", 3.0), "0:false");
  EXPECT_EQ(run("'k' # 'w'", R"({"t": 0, "set": {"k": true, "w": [1]}})", 3.0), "0:false");
}

TEST(ConditionDynamicWindow, NegativeOrNonNumberMakesAgoFalse) {
  EXPECT_EQ(run("'k' @ 'w'", R"({"t": 0, "set": {"k": true, "w": -1}})", 3.0), "0:false");
  EXPECT_EQ(run("'k' @ 'w'", R"({"t": 0, "set": {"k": true, "w": "1"}})", 3.0), "0:false");
  EXPECT_EQ(run("'k' @ 'w'", R"({"t": 0, "set": {"k": true, "w": [1]}})", 3.0), "0:false");
}

TEST(ConditionDynamicWindow, BecomingInvalidTurnsWithinFalse) {
  // k was true at 1; # 'w' is true while w = 10, false once w is "x".
  EXPECT_EQ(run("'k' # 'w'", R"({"t": 0, "set": {"k": false, "w": 10}}
{"t": 1, "set": {"k": true}}
{"t": 2, "set": {"k": false}}
{"t": 3, "set": {"w": "x"}})",
                5.0),
            "0:false 1:true 3:false");
}

TEST(ConditionDynamicWindow, ConstantWindowsMustBeNonNegativeNumbers) {
  EXPECT_NE(autolife::test::errorAt("'k' ~ -1"), "compiled");
  EXPECT_NE(autolife::test::errorAt("'k' # \"5\""), "compiled");
  EXPECT_EQ(autolife::test::errorAt("'k' ~ 0"), "compiled");
  EXPECT_EQ(autolife::test::errorAt("'k' ~ 0.0"), "compiled");
}

// ---- no short-circuit ---------------------------------------------------------------------------

TEST(ConditionNoShortCircuit, HeldKeepsCountingWhileAndIsFalse) {
  EXPECT_EQ(run("'a' && ('b' ~ 2)", R"({"t": 0, "set": {"a": false, "b": true}}
{"t": 3, "set": {"a": true}})",
                6.0),
            "0:false 3:true");
}

TEST(ConditionNoShortCircuit, HeldKeepsCountingWhileOrIsTrue) {
  EXPECT_EQ(run("'a' || ('b' ~ 2)", R"({"t": 0, "set": {"a": true, "b": true}}
{"t": 3, "set": {"a": false}})",
                6.0),
            "0:true");
}

TEST(ConditionNoShortCircuit, WithinRemembersAPulseSeenWhileAndIsFalse) {
  EXPECT_EQ(run("'a' && ('b' # 10)", R"({"t": 0, "set": {"a": false, "b": false}}
{"t": 1, "set": {"b": true}}
{"t": 1.5, "set": {"b": false}}
{"t": 5, "set": {"a": true}})",
                12.0),
            "0:false 5:true 11.5:false");
  EXPECT_EQ(run("'a' && (bang('e') # 10)", R"({"t": 0, "set": {"a": false}}
{"t": 1, "raise": {"e": 1}}
{"t": 5, "set": {"a": true}})",
                12.0),
            "0:false 5:true 11:false");
}

TEST(ConditionNoShortCircuit, AgoRecordsWhileOrIsTrue) {
  EXPECT_EQ(run("'a' || ('b' @ 2)", R"({"t": 0, "set": {"a": true, "b": true}}
{"t": 1, "set": {"b": false}}
{"t": 2.5, "set": {"a": false}})",
                5.0),
            "0:true 3:false");
}

TEST(ConditionNoShortCircuit, StableSeesChangesWhileAndIsFalse) {
  // k changes at 2 while a is false; at 3 nothing changes, so no dip.
  EXPECT_EQ(run("'a' && !stable('k')", R"({"t": 0, "set": {"a": false, "k": 1}}
{"t": 2, "set": {"k": 2}}
{"t": 3, "set": {"a": true}})",
                4.0),
            "0:false");
}

TEST(ConditionNoShortCircuit, InsideLongChains) {
  EXPECT_EQ(run("'a' || 'c' || 'b' ~ 2", R"({"t": 0, "set": {"a": true, "b": true}}
{"t": 3, "set": {"a": false}})",
                5.0),
            "0:true");
  EXPECT_EQ(run("'a' && 'c' && 'b' ~ 2", R"({"t": 0, "set": {"a": false, "c": true, "b": true}}
{"t": 3, "set": {"a": true}})",
                5.0),
            "0:false 3:true");
}

// ---- inputs sharing a timestamp ---------------------------------------------------------------------

TEST(ConditionSameTimestamp, TwoRaisesOnTwoLinesAreTwoPulses) {
  EXPECT_EQ(run("bang('e')", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 1}}
{"t": 1, "raise": {"e": 2}})",
                2.0),
            "0:false 1:true 1:false 1:true 1:false");
}

TEST(ConditionSameTimestamp, TwoEventsInOneRaiseAreRaisedTogether) {
  EXPECT_EQ(run("bang('a') && bang('b')", R"({"t": 0, "declare": ["a", "b"]}
{"t": 1, "raise": {"a": 1, "b": 1}})",
                2.0),
            "0:false 1:true 1:false");
}

TEST(ConditionSameTimestamp, TwoRaisesOnTwoLinesAreNotTogether) {
  EXPECT_EQ(run("bang('a') && bang('b')", R"({"t": 0, "declare": ["a", "b"]}
{"t": 1, "raise": {"a": 1}}
{"t": 1, "raise": {"b": 1}})",
                2.0),
            "0:false");
}

TEST(ConditionSameTimestamp, BangsAtDifferentTimesAreNotTogether) {
  EXPECT_EQ(run("bang('a') && bang('b')", R"({"t": 0, "declare": ["a", "b"]}
{"t": 1, "raise": {"a": 1}}
{"t": 1.001, "raise": {"b": 1}})",
                2.0),
            "0:false");
}

TEST(ConditionSameTimestamp, ABangIsNotSeenByTheNextLine) {
  EXPECT_EQ(run("bang('e') && 'x'", R"({"t": 0, "set": {"x": false}}
{"t": 1, "raise": {"e": 1}}
{"t": 1, "set": {"x": true}})",
                2.0),
            "0:false");
}

TEST(ConditionSameTimestamp, SetsOnSeparateLinesAreSeparateEvaluationPoints) {
  EXPECT_EQ(run("'a' != 'b'", R"({"t": 0, "set": {"a": 0, "b": 0}}
{"t": 1, "set": {"a": 1}}
{"t": 1, "set": {"b": 1}})",
                2.0),
            "0:false 1:true 1:false");
}

TEST(ConditionSameTimestamp, ActionsOfOneLineAreOneEvaluationPoint) {  // decision 21
  EXPECT_EQ(run("'a' != 'b'", R"({"t": 0, "set": {"a": 0, "b": 0}}
{"t": 1, "set": {"a": 1}, "raise": {"b": 1}})",
                2.0),
            "0:false");
  EXPECT_EQ(run("'k' && bang('e')", R"({"t": 0, "declare": ["e"]}
{"t": 1, "set": {"k": true}, "raise": {"e": 1}})",
                2.0),
            "0:false 1:true 1:false");
}

TEST(ConditionSameTimestamp, StableDipsOncePerEvaluationPoint) {
  EXPECT_EQ(run("stable('a' + 'b')", R"({"t": 0, "set": {"unrelated": 0}}
{"t": 0.5, "set": {"a": 1, "b": 2}}
{"t": 1, "set": {"a": 2}}
{"t": 1, "set": {"b": 1}})",
                2.0),
            "0:true 0.5:false 0.5:true 1:false 1:true 1:false 1:true");
}

// ---- the trace and output contract -----------------------------------------------------------------

TEST(ConditionTraceActions, ApplyInTheOrderDeclarePrefSetRemoveRaise) {  // decision 21
  // remove comes after set whatever the JSON order.
  EXPECT_EQ(run("'k'", R"({"t": 0, "set": {"k": 5}}
{"t": 1, "remove": ["k"], "set": {"k": 6}})",
                2.0),
            "0:5 1:null");
  // raise comes after set.
  EXPECT_EQ(run("'e'", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 2}, "set": {"e": 1}})",
                2.0),
            "0:null 1:2");
  // pref is in place when the set is evaluated.
  EXPECT_EQ(run("'k' == int(pref(\"d\", \"s\"))", R"({"t": 0, "set": {"k": 1}}
{"t": 1, "set": {"k": 4}, "pref": {"d": {"s": "4"}}})",
                2.0),
            "0:false 1:true");
}

TEST(ConditionTraceActions, APreferenceAndASetOnOneLineAreOneEvaluationPoint) {  // decision 21
  // The first line's value is the one after the whole line.
  EXPECT_EQ(run("pref(\"d\", \"a\") == \"1\" && 'k' == 0", R"({"t": 0, "pref": {"d": {"a": "1"}}, "set": {"k": 1}})"),
            "0:false");
  EXPECT_EQ(run("stable([pref(\"d\", \"a\"), 'k'])", R"({"t": 0, "set": {"k": 0}}
{"t": 1, "pref": {"d": {"a": "x"}}, "set": {"k": 1}})",
                2.0),
            "0:true 1:false 1:true");
}

TEST(ConditionTraceActions, SeveralPreferencesOnOneLineAreOneEvaluationPoint) {
  EXPECT_EQ(run("pref(\"d\", \"a\") == pref(\"d\", \"b\")", R"({"t": 0, "set": {"k": 0}}
{"t": 1, "pref": {"d": {"a": "1", "b": "1"}}})",
                2.0),
            "0:true");
}

TEST(ConditionTraceActions, BlankLinesAreSkipped) {
  EXPECT_EQ(run("'k'", "{\"t\": 0, \"set\": {\"k\": 1}}\n\n   \n{\"t\": 1, \"set\": {\"k\": 2}}\n\n", 2.0), "0:1 1:2");
}

TEST(ConditionTraceActions, IntegerAndFloatTimes) {
  EXPECT_EQ(run("'k'", R"({"t": 0, "set": {"k": 1}}
{"t": 1, "set": {"k": 2}}
{"t": 1.25, "set": {"k": 3}}
{"t": 2e0, "set": {"k": 4}})",
                3.0),
            "0:1 1:2 1.25:3 2:4");
}

TEST(ConditionOutput, FirstLineIsTheValueAtTheFirstStepEvenUnchanged) {  // decision 23
  EXPECT_EQ(run("'k'", R"({"t": 2, "set": {"unrelated": 1}})"), "2:null");
  EXPECT_EQ(run("'k' > 1", R"({"t": 1.5, "set": {"k": 3}})"), "1.5:true");
}

TEST(ConditionOutput, WithoutATraceTheValueAtTimeZero) { EXPECT_EQ(run("1 + 1"), "0:2"); }

TEST(ConditionOutput, OnlyChangesArePrinted) {
  EXPECT_EQ(run("'k' > 1", R"({"t": 0, "set": {"k": 0}}
{"t": 1, "set": {"k": 2}}
{"t": 2, "set": {"k": 3}}
{"t": 3, "set": {"k": 4}}
{"t": 4, "set": {"k": 0}})"),
            "0:false 1:true 4:false");
}

TEST(ConditionOutput, TimesPrintAsFloats) {
  using autolife::trace::formatLine;
  using autolife::trace::OutputLine;
  EXPECT_EQ(formatLine(OutputLine{autolife::core::fromSeconds(0), autolife::core::Value(true), nullptr}),
            R"({"t": 0.0, "value": true})");
  EXPECT_EQ(formatLine(OutputLine{autolife::core::fromSeconds(1.5), autolife::core::Value(2.0), nullptr}),
            R"({"t": 1.5, "value": 2.0})");
  EXPECT_EQ(formatLine(OutputLine{autolife::core::fromSeconds(3), autolife::core::Value(), nullptr}),
            R"({"t": 3.0, "value": null})");
  // Exact to the nanosecond, never in exponent form.
  EXPECT_EQ(formatLine(OutputLine{autolife::core::fromSeconds(1e9), autolife::core::Value(1), nullptr}),
            R"({"t": 1000000000.0, "value": 1})");
  EXPECT_EQ(formatLine(OutputLine{autolife::core::fromSeconds(0.123456789), autolife::core::Value(1), nullptr}),
            R"({"t": 0.123456789, "value": 1})");
  EXPECT_EQ(formatLine(OutputLine{autolife::core::Duration(1), autolife::core::Value(1), nullptr}),
            R"({"t": 0.000000001, "value": 1})");
}

TEST(ConditionUntil, StepsAfterUntilAreIgnored) {  // decision 22
  EXPECT_EQ(run("'k'", R"({"t": 0, "set": {"k": 1}}
{"t": 1, "set": {"k": 2}}
{"t": 5, "set": {"k": 3}})",
                3.0),
            "0:1 1:2");
}

TEST(ConditionUntil, DefaultIsTheLastStepPlusTheLargestWindow) {
  EXPECT_EQ(run("'k' ~ 5", R"({"t": 4, "set": {"k": true}})"), "4:false 9:true");
  EXPECT_EQ(run("'k' ~ 1 || 'k' ~ 5", R"({"t": 4, "set": {"k": true}})"), "4:false 5:true");
  EXPECT_EQ(run("'k' ~ 2 @ 3", R"({"t": 1, "set": {"k": true}})"), "1:false");  // true at 6, past 1 + 3
  EXPECT_EQ(run("'k' ~ rand(4, 6, 0)", R"({"t": 0, "set": {"k": true}})").substr(0, 8), "0:false ");
}

TEST(ConditionUntil, ALineAtUntilIsPrinted) {
  EXPECT_EQ(run("'k' ~ 2", R"({"t": 0, "set": {"k": true}})", 2.0), "0:false 2:true");
  EXPECT_EQ(run("'k' ~ 2", R"({"t": 0, "set": {"k": true}})", 1.999), "0:false");
}

}  // namespace

namespace {

// Windows are clamped to ~292 years; nested ones and their deadlines must
// saturate instead of overflowing into the past (UBSan would report it).
TEST(ConditionHugeWindow, NestedHugeWindowsNeverFlipAndDoNotOverflow) {
  EXPECT_EQ(run("'k' ~ 10000000000 ~ 10000000000", R"({"t": 0, "set": {"k": 1}})", 100.0), "0:false");
  EXPECT_EQ(run("'k' # 10000000000 # 10000000000", R"({"t": 0, "set": {"k": 1}})", 100.0), "0:true");
  EXPECT_EQ(run("'k' @ 10000000000 @ 10000000000", R"({"t": 0, "set": {"k": 1}})", 100.0), "0:false");
  // The default --until (last step + largest window) saturates too.
  EXPECT_EQ(run("'k' ~ 10000000000 ~ 10000000000", R"({"t": 5, "set": {"k": 1}})"), "5:false");
}

TEST(ConditionHugeWindow, AWindowLongerThanAnyRunNeverElapses) {
  // Not clamped to a date the run can reach (9e9 s is the latest input).
  EXPECT_EQ(run("'k' @ 1e10", R"({"t": 0, "set": {"k": true}}
{"t": 1, "set": {"k": false}})",
                9e9),
            "0:false");
  EXPECT_EQ(run("'k' ~ 1e10", R"({"t": 0, "set": {"k": true}})", 9e9), "0:false");
  EXPECT_EQ(run("'k' # 1e300", R"({"t": 0, "set": {"k": true}}
{"t": 1, "set": {"k": false}})",
                9e9),
            "0:true");
  // Read from a key, too.
  EXPECT_EQ(run("'k' # 'w'", R"({"t": 0, "set": {"k": true, "w": 1e300}}
{"t": 1, "set": {"k": false}})",
                9e9),
            "0:true");
  // It does not count in the default --until (nothing happens at its end).
  EXPECT_EQ(run("'k' # 1e300 || 'j' ~ 2", R"({"t": 1, "set": {"j": true}})"), "1:false 3:true");
}

TEST(ConditionTinyWindow, AWindowShorterThanANanosecondStillTakesOne) {
  // Engine time counts nanoseconds: ~ 1e-10 is not ~ 0.
  EXPECT_EQ(run("'k' ~ 1e-10", R"({"t": 0, "set": {"k": true}})", 1.0), "0:false 1e-09:true");
  EXPECT_EQ(run("bang('e') # 1e-10", R"({"t": 0, "declare": ["e"]}
{"t": 1, "raise": {"e": 1}})",
                2.0),
            "0:false 1:true 1.000000001:false");
}

}  // namespace
