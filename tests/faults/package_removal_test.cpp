// A package removed (PackageManager.removePkg) while its activity runs, on
// the whole engine in virtual time: the activity is stopped (a behavior's
// run, an exec activity's process), Life returns to what was stacked under
// it or to solitary at the instant of the removal, the keys agree, the
// package's files are gone, removing it again answers false (NAOqi's
// contract, not an exception), and life goes on: other activities focus,
// the package installs again.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "faults_support.hpp"

namespace {

namespace fs = std::filesystem;
using namespace autolife;
using namespace autolife::faulttest;
using life::Nature;
using nlohmann::json;
using testing::Contains;
using testing::Not;

class PackageRemoval : public FaultEngine {
protected:
  void SetUp() override {
    package_ = simtest::writePackage(sources_, "fp-src", "fp",
                                     {{"hello", "interactive", ""}, {"job", "solitary", "'job' == 1"}});
    startWith({{"f/base", Nature::Solitary}});
    ASSERT_EQ(call("PackageManager.install", {package_.string()}), true);
    installed_ = fs::path(call("PackageManager.package", {"fp"})["path"].get<std::string>());
    ASSERT_TRUE(fs::exists(installed_ / "hello" / "behavior.xar"));
  }

  // Removing twice: true, then false; the package and its activities are gone.
  void expectRemovedAt(double t) {
    at(t, [&] { EXPECT_EQ(call("PackageManager.removePkg", {"fp"}), true); });
    EXPECT_EQ(transitionTimes.back(), core::fromSeconds(t));  // no time passes
    EXPECT_EQ(call("PackageManager.removePkg", {"fp"}), false);
    EXPECT_EQ(call("PackageManager.hasPackage", {"fp"}), false);
    EXPECT_FALSE(fs::exists(installed_));
    EXPECT_EQ(refusal("ALAutonomousLife.switchFocus", {"fp/hello"}), "unknown-activity");
    EXPECT_THAT(call("ALBehaviorManager.getRunningBehaviors"), Not(Contains("fp/hello")));
    EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"fp/hello"}), false);
  }

  // Life goes on: the package installs again and its activity focuses.
  void expectReinstallWorksAt(double t) {
    at(t, [&] {
      EXPECT_EQ(call("PackageManager.install", {package_.string()}), true);
      call("ALAutonomousLife.switchFocus", {"fp/hello"});
    });
    expectConsistent("fp/hello", "interactive");
    EXPECT_EQ(engine().behaviors.running(), 1u);
  }

  simtest::TempDir sources_;
  fs::path package_, installed_;
};

// The focused behavior (stacked over a solitary activity) loses its package:
// its run stops, the stacked activity comes back.
TEST_F(PackageRemoval, APackageRemovedWhileItsBehaviorRuns) {
  at(1, [&] {
    call("ALAutonomousLife.switchFocus", {"f/base"});
    call("ALAutonomousLife.switchFocus", {"fp/hello", 1});
  });
  expectConsistent("fp/hello", "interactive");
  ASSERT_EQ(engine().behaviors.running(), 1u);
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"fp/hello"}), true);
  expectRemovedAt(2);
  EXPECT_EQ(engine().behaviors.running(), 0u);
  const auto& stop = transitions.back();
  EXPECT_EQ(stop["PreviousActivityName"], "fp/hello");
  EXPECT_EQ(stop["PreviousActivityStopReason"], "unknown-api-caller");
  EXPECT_EQ(stop["FocusedActivityName"], "f/base");
  EXPECT_EQ(stop["FocusedActivityStartReason"], "unstacked");
  expectConsistent("f/base", "solitary");
  EXPECT_EQ(call("ALAutonomousLife.getFocusStack"), json::array());
  expectReinstallWorksAt(3);
}

// The focused activity is an exec program (a scenario's `run:` over a
// package behavior) whose trigger still holds: its process is stopped, it
// is not relaunched (it no longer exists), nothing is suggested.
TEST_F(PackageRemoval, APackageRemovedWhileItsExecActivityRuns) {
  const fs::path pidFile = sources_.path() / "pid";
  ASSERT_TRUE(engine().overrideRun(
      "fp/job", shell("echo $$ > \"$0.tmp\" && mv \"$0.tmp\" \"$0\"; exec sleep 1000", {pidFile.string()}), {}));
  at(1, [&] { call("ALMemory.insertData", {"job", 1}); });
  expectConsistent("fp/job", "solitary");
  ASSERT_TRUE(pumpUntil(clock_, [&] { return fs::exists(pidFile); }));
  EXPECT_EQ(engine().programs.liveProcesses(), 1u);
  expectRemovedAt(2);
  EXPECT_EQ(lastStop(), "fp/job/unknown-api-caller");
  expectConsistent("", "solitary");
  EXPECT_TRUE(pumpUntil(clock_, [&] { return engine().programs.liveProcesses() == 0; }));  // SIGTERM ended it
  runTo(10);  // the trigger still holds, past any relaunch delay
  expectConsistent("", "solitary");
  EXPECT_EQ(call("ALAutonomousLife.getLaunchSuggestions"), json::array());
  EXPECT_TRUE(failures.empty());
  at(11, [&] { call("ALAutonomousLife.switchFocus", {"f/base"}); });
  expectConsistent("f/base", "solitary");
}

// A behavior started by ALBehaviorManager (not Life's focus) of a package
// that is removed: it stops too, and is no longer reported as running.
TEST_F(PackageRemoval, APackageRemovedWhileALBehaviorManagerRunsItsBehavior) {
  at(1, [&] { call("ALBehaviorManager.startBehavior", {"fp/hello"}); });
  ASSERT_EQ(engine().behaviors.running(), 1u);
  EXPECT_THAT(call("ALBehaviorManager.getRunningBehaviors"), Contains("fp/hello"));
  at(2, [&] { EXPECT_EQ(call("PackageManager.removePkg", {"fp"}), true); });
  EXPECT_EQ(engine().behaviors.running(), 0u);
  EXPECT_THAT(call("ALBehaviorManager.getRunningBehaviors"), Not(Contains("fp/hello")));
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {"fp/hello"}), false);
  expectConsistent("", "solitary");
  expectReinstallWorksAt(3);
}

}  // namespace
