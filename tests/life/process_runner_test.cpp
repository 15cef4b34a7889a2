// The process runner (process_runner.hpp) with real processes and a real
// clock: a program that fails is an activity that failed (activityFailed)
// and self-stopped; stopping sends SIGTERM, then SIGKILL after the grace
// period; nothing is left running. No duration is asserted: each test waits
// for a condition, with a generous timeout.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <signal.h>
#include <stdlib.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/process_runner.hpp"
#include "autolife/memory/memory.hpp"
#include "any_json.hpp"
#include "files.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using autolife::life::Activity;
using autolife::life::Nature;
using autolife::life::RunProgram;

template <class P>
bool waitFor(P predicate, std::chrono::seconds timeout = 30s) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!predicate()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(2ms);
  }
  return true;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return s;
}

// The process's state letter from /proc (R, S, Z…), or 0 when it is gone.
char processState(int pid) {
  std::string stat = slurp("/proc/" + std::to_string(pid) + "/stat");
  auto close = stat.rfind(')');
  if (close == std::string::npos || close + 2 >= stat.size()) return 0;
  return stat[close + 2];
}
bool alive(int pid) {
  char state = processState(pid);
  return state != 0 && state != 'Z' && state != 'X';
}
// The pids whose parent is `parent` and whose command is `command`.
std::vector<int> childrenOf(int parent, const std::string& command) {
  std::vector<int> out;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string stat = slurp(entry.path() / "stat");
    auto close = stat.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 2));
    char state = 0;
    int ppid = 0;
    rest >> state >> ppid;
    if (ppid == parent && slurp(entry.path() / "comm") == command + "\n") out.push_back(std::stoi(name));
  }
  return out;
}

using autolife::test::TempDir;

// A life on the real clock, running programs.
class ProcessLife {
public:
  explicit ProcessLife(std::chrono::milliseconds grace)
      : memory(clock),
        monitor(memory, autolife::condition::MonitorOptions{}),
        runner(clock, grace),
        life(autolife::life::AutonomousLife::Dependencies{memory, monitor, services, runner, nullptr}) {
    life.activityFailed.connect([this](const std::string& name, const std::string& what) {
      std::lock_guard lock(mutex);
      failures.push_back(name + ": " + what);
    });
    life.activityTransition.connect([this](const autolife::service::Any& t) {
      std::lock_guard lock(mutex);
      transitions.push_back(autolife::test::jsonOf(t));
    });
    life.start();
  }
  template <class P>
  bool wait(P predicate, std::chrono::seconds timeout = 30s) {
    return waitFor(predicate, timeout);
  }
  ~ProcessLife() { clock.stop(); }

  void program(const std::string& name, std::vector<std::string> argv) {
    Activity a;
    a.name = name;
    a.nature = Nature::Interactive;
    a.run = RunProgram{std::move(argv)};
    if (auto problem = life.addActivity(a)) throw std::runtime_error(problem->format());
  }
  std::vector<std::string> failed() {
    std::lock_guard lock(mutex);
    return failures;
  }
  std::optional<nlohmann::json> lastTransition() {
    std::lock_guard lock(mutex);
    if (transitions.empty()) return std::nullopt;
    return transitions.back();
  }

  autolife::core::RealClock clock;
  autolife::memory::Memory memory;
  autolife::condition::ConditionMonitor monitor;
  autolife::service::Registry services;
  autolife::life::ProcessRunner runner;
  autolife::life::AutonomousLife life;
  std::mutex mutex;
  std::vector<std::string> failures;
  std::vector<nlohmann::json> transitions;  // as JSON (any_json.hpp)
};

TEST(LifeProcessRunner, AProgramThatExitsWithAnErrorFailsWithReasonError) {
  ProcessLife p(2000ms);
  p.program("p/fail", {"/bin/sh", "-c", "exit 3"});
  p.life.switchFocus("p/fail");
  ASSERT_TRUE(p.wait([&] { return p.life.focusedActivity().empty(); }));
  ASSERT_TRUE(p.wait([&] { return !p.failed().empty(); }));
  auto failed = p.failed();
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_THAT(failed[0], testing::StartsWith("p/fail: "));
  EXPECT_THAT(failed[0], testing::HasSubstr("3"));
  ASSERT_TRUE(p.wait([&] {
    auto t = p.lastTransition();
    return t && (*t)["PreviousActivityName"] == "p/fail";
  }));
  EXPECT_EQ((*p.lastTransition())["PreviousActivityStopReason"], "error");
  EXPECT_EQ("p/fail: " + (*p.lastTransition())["PreviousActivityError"].get<std::string>(), failed[0]);
  EXPECT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 0; }));
  EXPECT_EQ(p.life.getState(), "solitary");
}

TEST(LifeProcessRunner, AProgramThatExitsCleanlySelfStopsWithoutFailure) {
  ProcessLife p(2000ms);
  p.program("p/ok", {"/bin/sh", "-c", "exit 0"});
  p.life.switchFocus("p/ok");
  ASSERT_TRUE(p.wait([&] {
    auto t = p.lastTransition();
    return t && (*t)["PreviousActivityName"] == "p/ok";
  }));
  EXPECT_EQ((*p.lastTransition())["PreviousActivityStopReason"], "self-stop");
  EXPECT_TRUE(p.failed().empty());
  EXPECT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 0; }));
}

TEST(LifeProcessRunner, AProgramThatCannotStartFails) {
  ProcessLife p(2000ms);
  p.program("p/missing", {"/nonexistent/autolife-no-such-program"});
  p.life.switchFocus("p/missing");
  ASSERT_TRUE(p.wait([&] { return !p.failed().empty(); }));
  EXPECT_THAT(p.failed()[0], testing::StartsWith("p/missing: "));
  EXPECT_TRUE(p.wait([&] { return p.life.focusedActivity().empty(); }));
  EXPECT_EQ(p.runner.liveProcesses(), 0u);
}

// Stopped: SIGTERM, which the program hears (it writes so and exits) long
// before the grace period would have it killed.
TEST(LifeProcessRunner, StoppingSendsSigterm) {
  TempDir dir;
  const fs::path ready = dir.path() / "ready";
  const fs::path heard = dir.path() / "heard";
  ProcessLife p(std::chrono::milliseconds(std::chrono::minutes(5)));
  // Short foreground sleeps: the trap runs within 0.1 s, and no child of the
  // shell outlives it.
  p.program("p/listen", {"/bin/sh", "-c",
                         "trap 'echo TERM > \"$1\"; exit 0' TERM; echo ready > \"$0\"; "
                         "while :; do sleep 0.1; done",
                         ready.string(), heard.string()});
  p.life.switchFocus("p/listen");
  EXPECT_EQ(p.runner.liveProcesses(), 1u);
  ASSERT_TRUE(p.wait([&] { return slurp(ready) == "ready\n"; }));
  p.life.stopFocus();
  EXPECT_EQ(p.life.focusedActivity(), "");
  ASSERT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 0; }));  // well within the 5 min grace
  EXPECT_EQ(slurp(heard), "TERM\n");
  EXPECT_TRUE(p.failed().empty());  // a stop is not a failure
  EXPECT_EQ((*p.lastTransition())["PreviousActivityStopReason"], "unknown-api-caller");
}

TEST(LifeProcessRunner, SleepIsStoppedBySigterm) {
  ProcessLife p(std::chrono::milliseconds(std::chrono::minutes(5)));
  p.program("p/sleep", {"sleep", "1000"});
  p.life.switchFocus("p/sleep");
  EXPECT_EQ(p.runner.liveProcesses(), 1u);
  p.life.stopAll();
  EXPECT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 0; }));  // SIGKILL would take 5 min
  EXPECT_TRUE(p.failed().empty());
}

// A program that ignores SIGTERM is killed after the grace period.
TEST(LifeProcessRunner, AProgramThatIgnoresSigtermIsKilledAfterTheGrace) {
  TempDir dir;
  const fs::path ready = dir.path() / "ready";
  ProcessLife p(100ms);
  p.program("p/stubborn", {"/bin/sh", "-c", "trap '' TERM; echo ready > \"$0\"; exec sleep 1000", ready.string()});
  p.life.switchFocus("p/stubborn");
  ASSERT_TRUE(p.wait([&] { return slurp(ready) == "ready\n"; }));
  p.life.stopFocus();
  EXPECT_EQ(p.life.focusedActivity(), "");
  EXPECT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 0; }));
  EXPECT_TRUE(p.failed().empty());
}

// Switching focus away stops the program too.
TEST(LifeProcessRunner, SwitchingFocusStopsTheProgram) {
  ProcessLife p(std::chrono::milliseconds(std::chrono::minutes(5)));
  p.program("p/one", {"sleep", "1000"});
  p.program("p/two", {"sleep", "1000"});
  p.life.switchFocus("p/one");
  p.life.switchFocus("p/two", 1);
  EXPECT_EQ(p.life.focusedActivity(), "p/two");
  // p/one was stopped (stacked activities are restarted, not paused).
  EXPECT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 1; }));
  p.life.stopFocus();  // p/two stops, p/one restarts
  EXPECT_EQ(p.life.focusedActivity(), "p/one");
  EXPECT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 1; }));
  p.life.stopAll();
  EXPECT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 0; }));
  EXPECT_TRUE(p.failed().empty());
}

// A program is often a shell script that starts others. Stopping the
// activity stops what it started ("stopping always works"): a shell killed
// by SIGTERM must not leave its children running, unseen by liveProcesses().
TEST(LifeProcessRunner, StoppingAShellScriptStopsTheProgramsItStarted) {
  TempDir dir;
  const fs::path pidFile = dir.path() / "pid";
  ProcessLife p(std::chrono::milliseconds(std::chrono::minutes(5)));
  p.program("p/script", {"/bin/sh", "-c", "echo $$ > \"$0.tmp\" && mv \"$0.tmp\" \"$0\"; sleep 1000; true",
                         pidFile.string()});
  p.life.switchFocus("p/script");
  ASSERT_TRUE(p.wait([&] { return fs::exists(pidFile); }));
  const int shell = std::stoi(slurp(pidFile));
  std::vector<int> children;
  ASSERT_TRUE(p.wait([&] { return !(children = childrenOf(shell, "sleep")).empty(); }));
  p.life.stopFocus();
  EXPECT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 0; }));
  for (int child : children) {
    EXPECT_TRUE(p.wait([&] { return !alive(child); }, 10s)) << "the script's child " << child << " still runs";
    if (alive(child)) kill(child, SIGKILL);  // leave nothing behind
  }
}

// The same for a shell that ignores SIGTERM (its children inherit that):
// after the grace period, nothing it started may remain.
TEST(LifeProcessRunner, AShellThatIgnoresSigtermIsKilledWithWhatItStarted) {
  TempDir dir;
  const fs::path pidFile = dir.path() / "pid";
  ProcessLife p(100ms);
  p.program("p/stubborn", {"/bin/sh", "-c", "trap '' TERM; echo $$ > \"$0.tmp\" && mv \"$0.tmp\" \"$0\"; sleep 1000",
                           pidFile.string()});
  p.life.switchFocus("p/stubborn");
  ASSERT_TRUE(p.wait([&] { return fs::exists(pidFile); }));
  const int shell = std::stoi(slurp(pidFile));
  std::vector<int> children;
  ASSERT_TRUE(p.wait([&] { return !(children = childrenOf(shell, "sleep")).empty(); }));
  p.life.stopFocus();
  EXPECT_TRUE(p.wait([&] { return p.runner.liveProcesses() == 0; }));
  for (int child : children) {
    EXPECT_TRUE(p.wait([&] { return !alive(child); }, 10s)) << "the script's child " << child << " still runs";
    if (alive(child)) kill(child, SIGKILL);  // leave nothing behind
  }
}

// Destroying the runner kills what still runs: no process outlives it.
TEST(LifeProcessRunner, TheRunnerKillsWhatStillRunsWhenDestroyed) {
  TempDir dir;
  const fs::path pidFile = dir.path() / "pid";
  autolife::core::RealClock clock;
  int pid = 0;
  {
    autolife::life::ProcessRunner runner(clock, std::chrono::milliseconds(std::chrono::minutes(5)));
    Activity a;
    a.name = "p/orphan";
    a.run = RunProgram{{"/bin/sh", "-c", "echo $$ > \"$0.tmp\" && mv \"$0.tmp\" \"$0\"; exec sleep 1000",
                        pidFile.string()}};
    runner.start(a, [](const std::string&) {});
    ASSERT_TRUE(waitFor([&] { return fs::exists(pidFile); }));
    pid = std::stoi(slurp(pidFile));
    ASSERT_GT(pid, 0);
    EXPECT_EQ(kill(pid, 0), 0);
  }
  errno = 0;
  EXPECT_EQ(kill(pid, 0), -1);
  EXPECT_EQ(errno, ESRCH);
  clock.stop();
}

}  // namespace
