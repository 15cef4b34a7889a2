// `autolife serve` run as users run it, for the tests that need the real
// process: the binary on a free port (unless the arguments give one), its
// stdout and stderr read line by line within a deadline, stopped by a
// signal. Header-only; AUTOLIFE_BINARY comes from autolife_test().
#pragma once

#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace autolife::test {

class ServeProcess {
public:
  static constexpr auto kLineTimeout = std::chrono::seconds(20);

  // `mountNamespace`: an open /proc/PID/ns/mnt to run the server in (a
  // test's private file system mounted over its data folder); -1: the test's.
  explicit ServeProcess(std::vector<std::string> args, int mountNamespace = -1)
      : ServeProcess(Program{AUTOLIFE_BINARY}, serveArguments(std::move(args)), mountNamespace) {}

  // Another program (a test's peer), run the same way with exactly `args`.
  struct Program {
    std::string path;
  };
  ServeProcess(Program program, std::vector<std::string> args, int mountNamespace = -1) {
    int out[2], err[2];
    if (pipe(out) || pipe(err)) throw std::runtime_error("pipe");
    args.insert(args.begin(), program.path);
    // Built before fork: the child of a threaded test may not allocate
    // (another thread may have held the allocator's lock at the fork).
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_ = fork();
    if (pid_ == 0) {
      if (mountNamespace >= 0 && setns(mountNamespace, CLONE_NEWNS) != 0) _exit(126);
      dup2(out[1], 1);
      dup2(err[1], 2);
      close(out[0]), close(out[1]), close(err[0]), close(err[1]);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]), close(err[1]);
    out_ = out[0];
    err_ = err[0];
  }
  ~ServeProcess() {
    if (pid_ > 0) stop(SIGKILL);
    close(out_), close(err_);
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  // The next line on stdout (or stderr), waiting at most kLineTimeout.
  std::string line(bool fromStderr = false) {
    std::string& pending = fromStderr ? errText_ : outText_;
    const int fd = fromStderr ? err_ : out_;
    const auto deadline = std::chrono::steady_clock::now() + kLineTimeout;
    while (pending.find('\n') == std::string::npos) {
      pollfd p{fd, POLLIN, 0};
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0) throw std::runtime_error("no line");
      char buf[4096];
      const auto n = read(fd, buf, sizeof buf);
      if (n <= 0) throw std::runtime_error("closed: " + pending);
      pending.append(buf, static_cast<std::size_t>(n));
    }
    const auto end = pending.find('\n');
    std::string l = pending.substr(0, end);
    pending.erase(0, end + 1);
    return l;
  }

  // The port of the first stdout line ({"listening": "HOST:PORT", ...}), read once.
  unsigned short port() {
    if (port_ == 0) {
      const auto listening = nlohmann::json::parse(line())["listening"].get<std::string>();
      port_ = static_cast<unsigned short>(std::stoi(listening.substr(listening.rfind(':') + 1)));
    }
    return port_;
  }

  pid_t pid() const { return pid_; }

  // Sends `signal` and reaps the process: its exit status, or 128 + signal.
  int stop(int signal) {
    kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

private:
  static std::vector<std::string> serveArguments(std::vector<std::string> args) {
    if (std::find(args.begin(), args.end(), "--port") == args.end()) args.insert(args.begin(), {"--port", "0"});
    args.insert(args.begin(), "serve");
    return args;
  }

  pid_t pid_ = -1;
  int out_ = -1, err_ = -1;
  std::string outText_, errText_;
  unsigned short port_ = 0;
};

}  // namespace autolife::test
