// Faults of exec activities (`run: {exec}`, life::ProcessRunner), with real
// child processes and the whole engine on a virtual clock: a program that
// crashes, one that hangs (frozen by SIGSTOP, so SIGTERM cannot end it) and
// one that ignores SIGTERM. Each time Life is back in a valid state at the
// virtual instant the fault is noticed (well within the one second of
// issue 7), answers, focuses other activities, and no process is left.
// Waits on real processes have generous wall deadlines; no duration is
// asserted.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <signal.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "faults_support.hpp"

namespace {

namespace fs = std::filesystem;
using namespace autolife;
using namespace autolife::faulttest;
using life::Nature;
using testing::HasSubstr;

// A /proc file's text, or "" when its process ended before it could be read
// (the read then fails with ESRCH, which libstdc++'s filebuf throws).
std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  try {
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  } catch (const std::ios_base::failure&) {
    return {};
  }
}

// The process's state letter from /proc (R, S, T, Z...), or 0 when it is gone.
char processState(int pid) {
  const std::string stat = slurp("/proc/" + std::to_string(pid) + "/stat");
  const auto close = stat.rfind(')');
  if (close == std::string::npos || close + 2 >= stat.size()) return 0;
  return stat[close + 2];
}
bool gone(int pid) {
  const char state = processState(pid);
  return state == 0 || state == 'Z' || state == 'X';
}
// Whether the process ignores `signal` (SigIgn in /proc/PID/status).
bool ignores(int pid, int signal) {
  std::istringstream status(slurp("/proc/" + std::to_string(pid) + "/status"));
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("SigIgn:")) return (std::stoull(line.substr(7), nullptr, 16) >> (signal - 1)) & 1;
  return false;
}

// A script that writes its pid to the file given as $0 (atomically) first.
std::string writingItsPid(const std::string& rest) { return "echo $$ > \"$0.tmp\" && mv \"$0.tmp\" \"$0\"; " + rest; }

class ExecFaults : public FaultEngine {
protected:
  // Waits (virtual time standing still) until a program wrote its pid.
  int pidOf(const fs::path& pidFile) {
    EXPECT_TRUE(pumpUntil(clock_, [&] { return fs::exists(pidFile); })) << "the program never started";
    return fs::exists(pidFile) ? std::stoi(slurp(pidFile)) : -1;
  }
  void expectNoProcessLeft() {
    EXPECT_TRUE(pumpUntil(clock_, [&] { return engine().programs.liveProcesses() == 0; }));
  }
  simtest::TempDir dir;
};

// The interactive activity crashes (SIGSEGV): it failed, Life leaves
// interactive and the Launchpad focuses the next candidate, a solitary one
// whose trigger holds too, at the instant the crash is reaped.
TEST_F(ExecFaults, AnExecActivityThatCrashes) {
  startWith({{"f/crash", Nature::Interactive, "'go' == 1", {}, shell("ulimit -c 0; kill -SEGV $$")},
             {"f/next", Nature::Solitary, "'go' == 1"},
             {"f/manual", Nature::Solitary}});
  at(1, [&] { call("ALMemory.insertData", {"go", 1}); });
  ASSERT_TRUE(pumpUntil(clock_, [&] { return !failures.empty(); })) << "the crash was never reported";
  const core::Time noticed = failures[0].at;
  EXPECT_EQ(noticed, core::fromSeconds(1));  // virtual time stood still while the child ran
  EXPECT_EQ(failures[0].activity, "f/crash");
  EXPECT_THAT(failures[0].error, HasSubstr("killed by signal"));
  EXPECT_THAT(failures[0].error, HasSubstr("Segmentation fault"));
  clock_.runUntil(noticed + kRecoveryBound);
  // Two transitions at that instant: f/crash stops (interactive to
  // solitary), then the Launchpad focuses f/next.
  ASSERT_GE(transitions.size(), 3u);
  const auto& stop = transitions[transitions.size() - 2];
  EXPECT_EQ(stop["PreviousActivityName"], "f/crash");
  EXPECT_EQ(stop["PreviousActivityStopReason"], "error");
  EXPECT_EQ(stop["PreviousActivityError"], failures[0].error);
  EXPECT_EQ(transitions.back()["FocusedActivityName"], "f/next");
  EXPECT_EQ(transitions.back()["FocusedActivityStartReason"], "condition");
  EXPECT_EQ(transitionTimes[transitionTimes.size() - 2], noticed);
  EXPECT_EQ(transitionTimes.back(), noticed);  // valid again at the very instant
  expectConsistent("f/next", "solitary");
  EXPECT_EQ(failures.size(), 1u);  // not relaunched at once (the relaunch delay)
  expectNoProcessLeft();
  // Life goes on: another activity can be focused.
  at(3, [&] { call("ALAutonomousLife.switchFocus", {"f/manual"}); });
  expectConsistent("f/manual", "solitary");
}

// The same with a program that reports the crash of its own child (a shell
// exits 128 + 11).
TEST_F(ExecFaults, AnExecActivityThatExits139) {
  startWith({{"f/crash", Nature::Interactive, "", {}, shell("exit 139")}, {"f/manual", Nature::Solitary}});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"f/crash"}); });
  ASSERT_TRUE(pumpUntil(clock_, [&] { return !failures.empty(); })) << "the failure was never reported";
  const core::Time noticed = failures[0].at;
  EXPECT_THAT(failures[0].error, HasSubstr("exited with status 139"));
  clock_.runUntil(noticed + kRecoveryBound);
  EXPECT_EQ(lastStop(), "f/crash/error");
  EXPECT_EQ(transitionTimes.back(), noticed);
  expectConsistent("", "solitary");
  expectNoProcessLeft();
  at(3, [&] { call("ALAutonomousLife.switchFocus", {"f/manual"}); });
  expectConsistent("f/manual", "solitary");
}

// A program that hangs: frozen (SIGSTOP), it cannot even handle SIGTERM.
// What ends it is Life being asked to stop it: the focus leaves at once,
// another activity is focused while the frozen process is still there, and
// the runner's SIGKILL after its grace period removes it.
TEST_F(ExecFaults, AnExecActivityThatHangs) {
  const fs::path pidFile = dir.path() / "pid";
  startWith({{"f/hang", Nature::Interactive, "", {}, shell(writingItsPid("kill -STOP $$; exit 0"), {pidFile.string()})},
             {"f/other", Nature::Solitary}});
  at(1, [&] { call("ALAutonomousLife.switchFocus", {"f/hang"}); });
  const int pid = pidOf(pidFile);
  ASSERT_GT(pid, 0);
  ASSERT_TRUE(pumpUntil(clock_, [&] { return processState(pid) == 'T'; })) << "the program did not freeze";
  expectConsistent("f/hang", "interactive");
  const std::size_t before = transitionTimes.size();
  at(2, [&] { call("ALAutonomousLife.stopFocus"); });  // the fault is noticed: someone stops it
  ASSERT_EQ(transitionTimes.size(), before + 1);
  EXPECT_EQ(transitionTimes.back(), core::fromSeconds(2));
  EXPECT_EQ(lastStop(), "f/hang/unknown-api-caller");
  expectConsistent("", "solitary");
  at(2, [&] { call("ALAutonomousLife.switchFocus", {"f/other"}); });
  expectConsistent("f/other", "solitary");
  const auto stopped = std::chrono::steady_clock::now();
  EXPECT_TRUE(pumpUntil(clock_, [&] { return gone(pid); })) << "the frozen program was never killed";
  std::cout << "frozen program killed " << std::chrono::duration<double>(std::chrono::steady_clock::now() - stopped).count()
            << " s (wall) after the stop\n";
  expectNoProcessLeft();
  EXPECT_TRUE(failures.empty());  // stopped, not failed
  expectConsistent("f/other", "solitary");
}

// A program that ignores SIGTERM, interrupted by an interactive activity
// the Launchpad focuses: the interruption is immediate, the program is
// killed after the runner's grace period.
TEST_F(ExecFaults, AnExecActivityThatIgnoresSigterm) {
  const fs::path pidFile = dir.path() / "pid";
  // The trap comes first: the program ignores SIGTERM from its first line
  // (and `exec` keeps that for sleep).
  startWith({{"f/stubborn", Nature::Solitary, "'idle' == 1", {},
              shell("trap '' TERM; " + writingItsPid("exec sleep 1000"), {pidFile.string()})},
             {"f/visitor", Nature::Interactive, "'visitor' == 1"}});
  at(1, [&] { call("ALMemory.insertData", {"idle", 1}); });
  expectConsistent("f/stubborn", "solitary");
  const int pid = pidOf(pidFile);
  ASSERT_GT(pid, 0);
  ASSERT_TRUE(pumpUntil(clock_, [&] { return processState(pid) == 'S' && ignores(pid, SIGTERM); }));
  at(2, [&] { call("ALMemory.insertData", {"visitor", 1}); });
  EXPECT_EQ(transitionTimes.back(), core::fromSeconds(2));
  EXPECT_EQ(lastStop(), "f/stubborn/switchfocus-api-interrupt");
  expectConsistent("f/visitor", "interactive");
  const auto stopped = std::chrono::steady_clock::now();
  EXPECT_TRUE(pumpUntil(clock_, [&] { return gone(pid); })) << "the program that ignores SIGTERM was never killed";
  std::cout << "program ignoring SIGTERM killed "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - stopped).count()
            << " s (wall) after the stop\n";
  expectNoProcessLeft();
  EXPECT_TRUE(failures.empty());
  expectConsistent("f/visitor", "interactive");
}

}  // namespace
