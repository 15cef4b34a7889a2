// Programs run as child processes, each in a process group of its own, so
// that stopping one stops what it started too (a shell script's children):
// SIGTERM, then SIGKILL when it is still there after a grace period. A
// reaper thread waits for them (pidfds, no polling loop), reads the output
// of those whose output is captured, line by line, and tells of each exit
// (after the last output it could read). Used by Life's ProcessRunner
// (activities that are programs) and by package services.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace autolife::core {

class ChildProcesses {
public:
  using Id = std::uint64_t;
  enum class Stream { Stdout, Stderr, Notify };

  struct Spec {
    std::vector<std::string> argv;  // argv[0] is looked up in PATH when it has no slash
    std::filesystem::path directory;  // where it runs; empty: here
    // Set in its environment (over this process's own).
    std::vector<std::pair<std::string, std::string>> environment;
    // Its stdout and stderr come back line by line (else they are this process's).
    bool captureOutput = false;
    // A pipe for the child to tell its progress on, line by line: its write
    // end is the child's file descriptor 3, named in AUTOLIFE_READY_FD.
    bool notifyPipe = false;
  };
  struct Callbacks {
    // A line (without its newline; a longer one is cut in pieces of 4096 bytes). Reaper thread.
    std::function<void(Stream, const std::string& line)> output;
    // The wait status (waitpid's) once it ended. Reaper thread; not called
    // for one stopped with stop(..., false).
    std::function<void(int status)> exited;
  };

  ChildProcesses();
  ~ChildProcesses();  // kills what still runs, without telling
  ChildProcesses(const ChildProcesses&) = delete;
  ChildProcesses& operator=(const ChildProcesses&) = delete;

  // Starts it; std::runtime_error saying why when it cannot be started.
  Id start(const Spec& spec, Callbacks callbacks);
  // SIGTERM to its group, SIGKILL after `grace`. `tell`: its exit is still
  // reported (else its callbacks are dropped now).
  void stop(Id id, std::chrono::milliseconds grace, bool tell);
  int pid(Id id) const;  // -1 once reaped
  std::size_t live() const;

  // "exited with status 3", "was killed by signal Killed", "" for status 0.
  static std::string describeStatus(int status);

private:
  struct Child {
    int pid = -1;
    int pidfd = -1;
    int fds[3] = {-1, -1, -1};  // read ends of stdout, stderr, notify
    std::string partial[3];     // what came after the last newline
    Callbacks callbacks;
    std::chrono::steady_clock::time_point killAt{};  // set once SIGTERM was sent
  };
  using Calls = std::vector<std::function<void()>>;
  void reap();
  void readOutput(Child& child, std::size_t which, bool toTheEnd, Calls& calls);
  void ended(Child& child, int status, Calls& calls);
  void wake();

  mutable std::mutex mutex_;
  std::map<Id, Child> children_;
  Id next_ = 1;
  int wakeFd_ = -1;
  bool stopping_ = false;
  std::thread reaper_;
};

}  // namespace autolife::core
