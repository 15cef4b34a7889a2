// core::ChildProcesses: programs in process groups of their own, their
// output line by line, the notify pipe, their exit told after their last
// output, and stopping that always works. Real processes, on the real clock
// (waits are bounded conditions, not sleeps).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "autolife/core/child_processes.hpp"
#include "files.hpp"

namespace autolife::core {
namespace {

using namespace std::chrono_literals;
using Stream = ChildProcesses::Stream;

// What one child said and how it ended, collected from the reaper thread.
struct Heard {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::pair<Stream, std::string>> lines;
  std::optional<int> status;

  ChildProcesses::Callbacks callbacks() {
    return {[this](Stream s, const std::string& line) {
              std::lock_guard lock(mutex);
              lines.emplace_back(s, line);
              changed.notify_all();
            },
            [this](int st) {
              std::lock_guard lock(mutex);
              status = st;
              changed.notify_all();
            }};
  }
  bool waitFor(const std::function<bool()>& done, std::chrono::milliseconds limit = 10s) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, limit, done);
  }
  std::vector<std::string> of(Stream s) {
    std::lock_guard lock(mutex);
    std::vector<std::string> out;
    for (const auto& [stream, line] : lines)
      if (stream == s) out.push_back(line);
    return out;
  }
};

TEST(ChildProcesses, OutputComesBackLineByLineBeforeTheExit) {
  ChildProcesses processes;
  Heard heard;
  ChildProcesses::Spec spec{{"/bin/sh", "-c", "echo one; echo two >&2; printf 'no newline'; exit 3"}, {}, {}, true, false};
  processes.start(spec, heard.callbacks());
  ASSERT_TRUE(heard.waitFor([&] { return heard.status.has_value(); }));
  EXPECT_THAT(heard.of(Stream::Stdout), ::testing::ElementsAre("one", "no newline"));
  EXPECT_THAT(heard.of(Stream::Stderr), ::testing::ElementsAre("two"));
  EXPECT_EQ(ChildProcesses::describeStatus(*heard.status), "exited with status 3");
}

TEST(ChildProcesses, RunsInItsFolderWithItsEnvironmentAndTellsOnTheNotifyPipe) {
  test::TempDir dir;
  ChildProcesses processes;
  Heard heard;
  ChildProcesses::Spec spec{{"/bin/sh", "-c", "pwd; echo \"$GREETING\"; echo ready >&$AUTOLIFE_READY_FD"},
                            dir.path(), {{"GREETING", "hello"}}, true, true};
  processes.start(spec, heard.callbacks());
  ASSERT_TRUE(heard.waitFor([&] { return heard.status.has_value(); }));
  EXPECT_THAT(heard.of(Stream::Stdout), ::testing::ElementsAre(std::filesystem::canonical(dir.path()).string(), "hello"));
  EXPECT_THAT(heard.of(Stream::Notify), ::testing::ElementsAre("ready"));
  EXPECT_EQ(ChildProcesses::describeStatus(*heard.status), "");
}

TEST(ChildProcesses, ARelativeProgramIsFoundInItsFolder) {
  test::TempDir dir;
  const auto script = dir.write("run.sh", "#!/bin/sh\necho ran here\n");
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  ChildProcesses processes;
  Heard heard;
  processes.start({{"./run.sh"}, dir.path(), {}, true, false}, heard.callbacks());
  ASSERT_TRUE(heard.waitFor([&] { return heard.status.has_value(); }));
  EXPECT_THAT(heard.of(Stream::Stdout), ::testing::ElementsAre("ran here"));
}

TEST(ChildProcesses, AProgramThatCannotStartIsRefused) {
  ChildProcesses processes;
  EXPECT_THROW(processes.start({{"/nonexistent/autolife-nothing"}, {}, {}, false, false}, {}), std::runtime_error);
  EXPECT_EQ(processes.live(), 0u);
}

TEST(ChildProcesses, StoppingTellsWhenAskedAndKillsWhatIgnoresSigterm) {
  ChildProcesses processes;
  Heard polite, stubborn;
  const auto a = processes.start({{"sleep", "1000"}, {}, {}, false, false}, polite.callbacks());
  const auto b = processes.start({{"/bin/sh", "-c", "trap '' TERM; echo up; while :; do sleep 1; done"}, {}, {}, true, false},
                                 stubborn.callbacks());
  ASSERT_TRUE(stubborn.waitFor([&] { return !stubborn.lines.empty(); }));  // its trap is set
  processes.stop(a, 10s, true);
  processes.stop(b, 200ms, true);
  ASSERT_TRUE(polite.waitFor([&] { return polite.status.has_value(); }));
  EXPECT_EQ(ChildProcesses::describeStatus(*polite.status), "was killed by signal Terminated");
  ASSERT_TRUE(stubborn.waitFor([&] { return stubborn.status.has_value(); }));
  EXPECT_EQ(ChildProcesses::describeStatus(*stubborn.status), "was killed by signal Killed");
  EXPECT_EQ(processes.pid(a), -1);
}

// `autolife serve` blocks SIGTERM and SIGINT in every thread (one sigwait()
// takes them); a child must not inherit that, or stop()'s SIGTERM waits
// for the SIGKILL: a package service never ran its atStop, and
// ALServiceManager.restartService took the whole grace period.
TEST(ChildProcesses, AChildHearsSigtermWhateverItsParentBlocks) {
  sigset_t stop, before;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTERM);
  sigaddset(&stop, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop, &before);
  ChildProcesses processes;
  Heard heard;
  const auto id = processes.start({{"sleep", "1000"}, {}, {}, false, false}, heard.callbacks());
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  processes.stop(id, 10s, true);
  ASSERT_TRUE(heard.waitFor([&] { return heard.status.has_value(); }, 20s));
  EXPECT_EQ(ChildProcesses::describeStatus(*heard.status), "was killed by signal Terminated");
}

TEST(ChildProcesses, StoppedWithoutTellingSaysNothing) {
  ChildProcesses processes;
  Heard heard;
  const auto id = processes.start({{"sleep", "1000"}, {}, {}, false, false}, heard.callbacks());
  processes.stop(id, 10s, false);
  for (int i = 0; i < 1000 && processes.live() > 0; ++i) std::this_thread::sleep_for(10ms);
  EXPECT_EQ(processes.live(), 0u);
  EXPECT_FALSE(heard.status.has_value());
}

}  // namespace
}  // namespace autolife::core
