#include "autolife/core/child_processes.hpp"

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
#include <stdexcept>

extern char** environ;

namespace autolife::core {

namespace {

constexpr std::size_t kLongestLine = 4096;
constexpr int kNotifyFd = 3;

int openPidfd(int pid) { return static_cast<int>(syscall(SYS_pidfd_open, pid, 0)); }

void closeFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// A pipe whose ends close on exec; the read end does not block.
void openPipe(int (&ends)[2]) {
  if (pipe2(ends, O_CLOEXEC) != 0) throw std::runtime_error(std::string("cannot make a pipe: ") + std::strerror(errno));
  fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK);
  if (ends[1] < 10) {  // never one of the numbers the child's are dup'ed to
    const int high = fcntl(ends[1], F_DUPFD_CLOEXEC, 10);
    close(ends[1]);
    ends[1] = high;
  }
}

std::vector<std::string> environmentWith(const std::vector<std::pair<std::string, std::string>>& extra) {
  std::vector<std::string> out;
  for (char** e = environ; *e; ++e) {
    const std::string entry(*e);
    const auto name = entry.substr(0, entry.find('='));
    if (std::none_of(extra.begin(), extra.end(), [&](const auto& kv) { return kv.first == name; })) out.push_back(entry);
  }
  for (const auto& [name, value] : extra) out.push_back(name + "=" + value);
  return out;
}

// Everything a posix_spawn needs, released however start() ends.
struct SpawnState {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  int pipes[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}};
  SpawnState() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  ~SpawnState() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    for (auto& p : pipes) {
      closeFd(p[0]);
      closeFd(p[1]);
    }
  }
};

}  // namespace

std::string ChildProcesses::describeStatus(int status) {
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    return code == 0 ? "" : "exited with status " + std::to_string(code);
  }
  if (WIFSIGNALED(status)) return std::string("was killed by signal ") + strsignal(WTERMSIG(status));
  return "ended";
}

ChildProcesses::ChildProcesses() : wakeFd_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
  reaper_ = std::thread([this] { reap(); });
}

ChildProcesses::~ChildProcesses() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& [id, c] : children_) kill(-c.pid, SIGKILL);
  }
  wake();
  reaper_.join();
  close(wakeFd_);
}

ChildProcesses::Id ChildProcesses::start(const Spec& spec, Callbacks callbacks) {
  if (spec.argv.empty()) throw std::runtime_error("nothing to run");
  SpawnState s;
  posix_spawn_file_actions_addopen(&s.actions, 0, "/dev/null", O_RDONLY, 0);
  if (spec.captureOutput) {
    for (int stream : {1, 2}) {
      openPipe(s.pipes[stream - 1]);
      posix_spawn_file_actions_adddup2(&s.actions, s.pipes[stream - 1][1], stream);
    }
  }
  auto environment = spec.environment;
  if (spec.notifyPipe) {
    openPipe(s.pipes[2]);
    posix_spawn_file_actions_adddup2(&s.actions, s.pipes[2][1], kNotifyFd);
    environment.emplace_back("AUTOLIFE_READY_FD", std::to_string(kNotifyFd));
  }
  if (!spec.directory.empty()) posix_spawn_file_actions_addchdir_np(&s.actions, spec.directory.c_str());
  // Its own process group: stopping it signals everything it started too.
  // No signal blocked, SIGTERM's default: `autolife serve` blocks SIGTERM
  // and SIGINT in its threads (one sigwait() takes them), and a child
  // inheriting that would hear stop()'s SIGTERM only as the SIGKILL.
  sigset_t none, terminate;
  sigemptyset(&none);
  sigemptyset(&terminate);
  sigaddset(&terminate, SIGTERM);
  posix_spawnattr_setflags(&s.attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&s.attributes, 0);
  posix_spawnattr_setsigmask(&s.attributes, &none);
  posix_spawnattr_setsigdefault(&s.attributes, &terminate);
  std::vector<char*> args;
  for (const auto& a : spec.argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const auto env = environmentWith(environment);
  std::vector<char*> envp;
  for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  int pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &s.actions, &s.attributes, args.data(), envp.data());
  if (rc != 0) throw std::runtime_error("cannot start " + spec.argv[0] + ": " + std::strerror(rc));
  Child child;
  child.pid = pid;
  child.pidfd = openPidfd(pid);
  child.callbacks = std::move(callbacks);
  for (int i = 0; i < 3; ++i) {
    child.fds[i] = std::exchange(s.pipes[i][0], -1);
    closeFd(s.pipes[i][1]);  // the child has its own copy
  }
  Id id;
  {
    std::lock_guard lock(mutex_);
    id = next_++;
    children_.emplace(id, std::move(child));
  }
  wake();
  return id;
}

void ChildProcesses::stop(Id id, std::chrono::milliseconds grace, bool tell) {
  {
    std::lock_guard lock(mutex_);
    auto it = children_.find(id);
    if (it == children_.end()) return;
    if (!tell) it->second.callbacks = {};
    if (it->second.killAt == std::chrono::steady_clock::time_point{}) {
      kill(-it->second.pid, SIGTERM);
      it->second.killAt = std::chrono::steady_clock::now() + grace;
    }
  }
  wake();
}

int ChildProcesses::pid(Id id) const {
  std::lock_guard lock(mutex_);
  auto it = children_.find(id);
  return it == children_.end() ? -1 : it->second.pid;
}

std::size_t ChildProcesses::live() const {
  std::lock_guard lock(mutex_);
  return children_.size();
}

void ChildProcesses::wake() {
  std::uint64_t one = 1;
  [[maybe_unused]] auto n = write(wakeFd_, &one, sizeof one);
}

// Reads what is there (all of it, when the child has ended) and cuts it in lines.
void ChildProcesses::readOutput(Child& child, std::size_t which, bool toTheEnd, Calls& calls) {
  int& fd = child.fds[which];
  std::string& partial = child.partial[which];
  const auto stream = static_cast<Stream>(which);
  auto deliver = [&](std::string line) {
    if (child.callbacks.output) calls.push_back([output = child.callbacks.output, stream, line = std::move(line)] { output(stream, line); });
  };
  char buffer[8192];
  for (;;) {
    const auto n = read(fd, buffer, sizeof buffer);
    if (n > 0) {
      partial.append(buffer, static_cast<std::size_t>(n));
      std::size_t start = 0;
      for (std::size_t nl; (nl = partial.find('\n', start)) != std::string::npos; start = nl + 1)
        deliver(partial.substr(start, nl - start));
      partial.erase(0, start);
      while (partial.size() > kLongestLine) {
        deliver(partial.substr(0, kLongestLine));
        partial.erase(0, kLongestLine);
      }
      if (!toTheEnd && static_cast<std::size_t>(n) < sizeof buffer) return;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN && !toTheEnd) return;
    // End of the stream (or nothing more to read from a child that ended).
    if (!partial.empty()) deliver(std::exchange(partial, {}));
    closeFd(fd);
    return;
  }
}

void ChildProcesses::ended(Child& child, int status, Calls& calls) {
  // Whatever it started and that ignored SIGTERM goes too (the group
  // outlives its leader while a member lives).
  if (child.killAt != std::chrono::steady_clock::time_point{}) kill(-child.pid, SIGKILL);
  for (std::size_t i = 0; i < 3; ++i)
    if (child.fds[i] >= 0) readOutput(child, i, true, calls);
  if (child.callbacks.exited && !stopping_) calls.push_back([exited = child.callbacks.exited, status] { exited(status); });
  closeFd(child.pidfd);
}

// Waits for a child to exit (its pidfd becomes readable), output, a SIGKILL
// deadline, or a wake-up (a new child, a stop).
void ChildProcesses::reap() {
  for (;;) {
    std::vector<pollfd> fds{{wakeFd_, POLLIN, 0}};
    int timeoutMs = -1;
    auto waitAtMost = [&timeoutMs](int ms) { timeoutMs = timeoutMs < 0 ? ms : std::min(timeoutMs, ms); };
    {
      std::lock_guard lock(mutex_);
      if (stopping_ && children_.empty()) return;
      const auto now = std::chrono::steady_clock::now();
      for (auto& [id, c] : children_) {
        if (c.pidfd >= 0) fds.push_back({c.pidfd, POLLIN, 0});
        else waitAtMost(100);  // no pidfd: look again soon
        for (int fd : c.fds)
          if (fd >= 0) fds.push_back({fd, POLLIN, 0});
        if (c.killAt == std::chrono::steady_clock::time_point{}) continue;
        if (c.killAt <= now) {
          kill(-c.pid, SIGKILL);  // ignored SIGTERM: stopping always works
          continue;
        }
        waitAtMost(static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(c.killAt - now).count() + 1));
      }
    }
    if (poll(fds.data(), fds.size(), timeoutMs) < 0 && errno != EINTR) return;
    if (fds[0].revents & POLLIN) {
      std::uint64_t drain;
      [[maybe_unused]] auto n = read(wakeFd_, &drain, sizeof drain);
    }
    Calls calls;
    {
      std::lock_guard lock(mutex_);
      for (auto it = children_.begin(); it != children_.end();) {
        Child& c = it->second;
        for (std::size_t i = 0; i < 3; ++i)
          if (c.fds[i] >= 0) readOutput(c, i, false, calls);
        int status = 0;
        if (waitpid(c.pid, &status, WNOHANG) == c.pid) {
          ended(c, status, calls);
          it = children_.erase(it);
        } else {
          ++it;
        }
      }
    }
    for (auto& call : calls) call();  // outside the lock: a callback may start or stop children
  }
}

}  // namespace autolife::core
