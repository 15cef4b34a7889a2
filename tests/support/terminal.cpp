// runInTerminal: a program run as a person at a terminal runs it (a
// pseudo-terminal for its standard input and output).
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>

#include "process.hpp"

namespace autolife::testing {

namespace {

// Reads the terminal into `out` until `wanted` appears at or after `from`
// (its end returned), the program closes it, or 20 s pass (a failing
// test's bound, never a pass condition).
std::size_t readUntil(int terminal, std::string& out, std::size_t from, const std::string& wanted) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  for (;;) {
    if (!wanted.empty())
      if (const auto at = out.find(wanted, from); at != std::string::npos) return at + wanted.size();
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd p{terminal, POLLIN, 0};
    if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0) return std::string::npos;
    char buf[4096];
    const ssize_t n = read(terminal, buf, sizeof buf);
    if (n <= 0) return std::string::npos;
    out.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace

ProcessResult runInTerminal(const std::vector<std::string>& argv, const std::vector<std::string>& inputs,
                            const std::string& prompt) {
  int terminal = -1;
  const pid_t pid = forkpty(&terminal, nullptr, nullptr, nullptr);
  if (pid < 0) throw std::runtime_error("forkpty failed");
  if (pid == 0) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  ProcessResult r;
  std::size_t from = 0;
  for (const auto& input : inputs) {
    from = readUntil(terminal, r.out, from, prompt);
    if (from == std::string::npos) break;
    if (write(terminal, input.data(), input.size()) != static_cast<ssize_t>(input.size())) break;
  }
  if (from != std::string::npos && (from = readUntil(terminal, r.out, from, prompt)) != std::string::npos)
    (void)!write(terminal, "\x04", 1);  // end of input, as Ctrl-D
  readUntil(terminal, r.out, r.out.size(), {});
  close(terminal);
  int status = 0;
  waitpid(pid, &status, 0);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

}  // namespace autolife::testing
