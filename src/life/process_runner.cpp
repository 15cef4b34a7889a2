#include "autolife/life/process_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace autolife::life {

namespace {

int openPidfd(int pid) { return static_cast<int>(syscall(SYS_pidfd_open, pid, 0)); }

std::string describeStatus(int status) {
  if (WIFEXITED(status)) {
    int code = WEXITSTATUS(status);
    return code == 0 ? "" : "the program exited with status " + std::to_string(code);
  }
  if (WIFSIGNALED(status)) return std::string("the program was killed by signal ") + strsignal(WTERMSIG(status));
  return "the program ended";
}

}  // namespace

ProcessRunner::ProcessRunner(core::Clock& clock, std::chrono::milliseconds grace)
    : clock_(clock), grace_(grace), wakeFd_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
  reaper_ = std::thread([this] { reap(); });
}

ProcessRunner::~ProcessRunner() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& c : children_) kill(-c.pid, SIGKILL);
  }
  wake();
  reaper_.join();
  close(wakeFd_);
}

void ProcessRunner::start(const Activity& activity, EndedCallback ended) {
  const auto& argv = std::get<RunProgram>(activity.run).argv;
  auto fail = [&](const std::string& why) { clock_.post([ended, why] { ended(why); }); };
  if (argv.empty()) return fail("its exec list is empty");
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  // Its own process group: stopping it signals everything it started too
  // (a shell script's children).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  int pid = -1;
  int rc = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return fail("cannot start " + argv[0] + ": " + std::strerror(rc));
  int pidfd = openPidfd(pid);
  {
    std::lock_guard lock(mutex_);
    children_.push_back({pid, pidfd, activity.name, std::move(ended), {}});
  }
  wake();
}

void ProcessRunner::stop(const std::string& activityName) {
  {
    std::lock_guard lock(mutex_);
    for (auto& c : children_) {
      if (c.activity != activityName) continue;
      c.activity.clear();  // stopped: its exit is not an activity ending by itself
      c.ended = nullptr;
      kill(-c.pid, SIGTERM);
      c.killAt = std::chrono::steady_clock::now() + grace_;
    }
  }
  wake();
}

std::size_t ProcessRunner::liveProcesses() const {
  std::lock_guard lock(mutex_);
  return children_.size();
}

void ProcessRunner::wake() {
  std::uint64_t one = 1;
  [[maybe_unused]] auto n = write(wakeFd_, &one, sizeof one);
}

// Waits for any child to exit (its pidfd becomes readable), for a SIGKILL
// deadline, or for a wake-up (a new child, a stop).
void ProcessRunner::reap() {
  for (;;) {
    std::vector<pollfd> fds{{wakeFd_, POLLIN, 0}};
    int timeoutMs = -1;
    {
      std::lock_guard lock(mutex_);
      if (stopping_ && children_.empty()) return;
      const auto now = std::chrono::steady_clock::now();
      for (auto& c : children_) {
        fds.push_back({c.pidfd, POLLIN, 0});
        if (c.pidfd < 0) timeoutMs = timeoutMs < 0 ? 100 : std::min(timeoutMs, 100);  // no pidfd: look again soon
        if (c.killAt == std::chrono::steady_clock::time_point{}) continue;
        if (c.killAt <= now) {
          kill(-c.pid, SIGKILL);  // ignored SIGTERM: stopping always works
          continue;
        }
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(c.killAt - now).count() + 1;
        timeoutMs = timeoutMs < 0 ? static_cast<int>(ms) : std::min(timeoutMs, static_cast<int>(ms));
      }
    }
    if (poll(fds.data(), fds.size(), timeoutMs) < 0 && errno != EINTR) return;
    if (fds[0].revents & POLLIN) {
      std::uint64_t drain;
      [[maybe_unused]] auto n = read(wakeFd_, &drain, sizeof drain);
    }
    std::lock_guard lock(mutex_);
    for (auto it = children_.begin(); it != children_.end();) {
      int status = 0;
      if (waitpid(it->pid, &status, WNOHANG) == it->pid) {
        // Stopped: whatever it started and that ignored SIGTERM goes too
        // (the group outlives its leader while a member lives).
        if (it->killAt != std::chrono::steady_clock::time_point{}) kill(-it->pid, SIGKILL);
        if (it->ended && !stopping_) clock_.post([ended = it->ended, why = describeStatus(status)] { ended(why); });
        close(it->pidfd);
        it = children_.erase(it);
      } else {
        ++it;
      }
    }
  }
}

}  // namespace autolife::life
