// What Autonomous Life tells the keys: State and PreviousState (equal when
// a state is re-entered), FocusedActivity ("" when none), PreviousActivity
// ("" never counts), FocusCount/<package-uuid>/<behavior-path>.
#include "launchpad_test_support.hpp"

namespace autolife::launchpad::testing {
namespace {

class LifeKeys : public LaunchpadTest {};

TEST_F(LifeKeys, StateAndPreviousState) {
  start();
  keys->setLifeState("interactive");
  EXPECT_EQ(getString(keys::State), "interactive");
  EXPECT_EQ(getString(keys::PreviousState), "solitary");
  keys->setLifeState("safeguard");
  EXPECT_EQ(getString(keys::PreviousState), "interactive");
  keys->setLifeState("solitary");
  EXPECT_EQ(getString(keys::State), "solitary");
  EXPECT_EQ(getString(keys::PreviousState), "safeguard");
  EXPECT_EQ(keys->lifeState(), "solitary");
}

TEST_F(LifeKeys, ReenteringAStateMakesItThePreviousOne) {
  start();
  keys->setLifeState("interactive");
  const std::size_t before = mark();
  keys->setLifeState("interactive");
  EXPECT_EQ(getString(keys::State), "interactive");
  EXPECT_EQ(getString(keys::PreviousState), "interactive");
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_FALSE(batches[0].has(keys::State));  // unchanged: not raised
  EXPECT_TRUE(batches[0].has(keys::PreviousState));
}

TEST_F(LifeKeys, FocusedAndPreviousActivity) {
  start();
  keys->setFocusedActivity("pkg/a");
  EXPECT_EQ(getString(keys::FocusedActivity), "pkg/a");
  EXPECT_EQ(getString(keys::PreviousActivity), "");
  keys->setFocusedActivity("");
  EXPECT_EQ(getString(keys::FocusedActivity), "");
  EXPECT_EQ(getString(keys::PreviousActivity), "pkg/a");
  keys->setFocusedActivity("pkg/b");
  EXPECT_EQ(getString(keys::PreviousActivity), "pkg/a");  // "" is not a previous activity
  keys->setFocusedActivity("pkg/c");
  EXPECT_EQ(getString(keys::PreviousActivity), "pkg/b");
  EXPECT_EQ(keys->focusedActivity(), "pkg/c");
}

TEST_F(LifeKeys, FocusCountCountsEachFocus) {
  start();
  for (int i = 0; i < 3; ++i) {
    keys->setFocusedActivity("my-app/behavior_1");
    keys->setFocusedActivity("");
  }
  keys->setFocusedActivity("other/.");
  EXPECT_EQ(getInt("Launchpad/FocusCount/my-app/behavior_1"), 3);
  EXPECT_EQ(getInt("Launchpad/FocusCount/other/."), 1);
  EXPECT_EQ(keys->focusCount("my-app/behavior_1"), 3);
  EXPECT_EQ(keys->focusCount("never/focused"), 0);
  EXPECT_FALSE(memory.getDataList("never/focused").size());
}

TEST_F(LifeKeys, SettingTheSameFocusAgainChangesNothing) {
  start();
  keys->setFocusedActivity("pkg/a");
  const std::size_t before = mark();
  keys->setFocusedActivity("pkg/a");
  EXPECT_TRUE(launchpadBatchesSince(before).empty());
  EXPECT_EQ(keys->focusCount("pkg/a"), 1);
}

TEST_F(LifeKeys, FocusChangeIsOneBatch) {
  start();
  keys->setFocusedActivity("pkg/a");
  at(3);
  const std::size_t before = mark();
  keys->setFocusedActivity("pkg/b");
  const auto batches = launchpadBatchesSince(before);
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_EQ(batches[0].keys.size(), 3u);
  EXPECT_TRUE(identical(*batches[0].find(keys::FocusedActivity), Value("pkg/b")));
  EXPECT_TRUE(identical(*batches[0].find(keys::PreviousActivity), Value("pkg/a")));
  EXPECT_TRUE(identical(*batches[0].find("Launchpad/FocusCount/pkg/b"), Value(1)));
}

TEST_F(LifeKeys, FocusCountsKeptElsewhere) {
  start(RobotProfile::nao(), [](LaunchpadKeys& k) { k.setFocusCount("pkg/installed", 0); });
  EXPECT_TRUE(identical(get("Launchpad/FocusCount/pkg/installed"), Value(0)));
  keys->setFocusCount("pkg/restored", 7);
  EXPECT_EQ(getInt("Launchpad/FocusCount/pkg/restored"), 7);
  keys->setFocusedActivity("pkg/restored");
  EXPECT_EQ(getInt("Launchpad/FocusCount/pkg/restored"), 8);
}

TEST_F(LifeKeys, FocusBeforeStartIsPublishedAtStart) {
  start(RobotProfile::nao(), [](LaunchpadKeys& k) {
    k.setFocusedActivity("pkg/a");
    k.setFocusedActivity("pkg/b");
  });
  EXPECT_EQ(getString(keys::FocusedActivity), "pkg/b");
  EXPECT_EQ(getString(keys::PreviousActivity), "pkg/a");
  EXPECT_EQ(getInt("Launchpad/FocusCount/pkg/a"), 1);
  EXPECT_EQ(getInt("Launchpad/FocusCount/pkg/b"), 1);
}

}  // namespace
}  // namespace autolife::launchpad::testing
