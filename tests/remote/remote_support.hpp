// A served autolife in another process (the real `autolife serve`, its qi
// server on a free port) to connect to, and peers that misbehave: a
// listener that never answers, one that answers garbage.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <type_traits>

#include "../runtime/runtime_support.hpp"
#include "autolife/core/value_json.hpp"
#include "../support/any_json.hpp"
#include "../support/serve_process.hpp"

namespace autolife::remotetest {

using namespace std::chrono_literals;

// `autolife serve --qi tcp://127.0.0.1:0` with a data folder of its own.
class RemoteServe {
public:
  explicit RemoteServe(std::vector<std::string> more = {})
      : process_(arguments(data_.str(), std::move(more))) {
    const auto first = nlohmann::json::parse(process_.line());
    url_ = first.at("qi").get<std::string>();
  }
  const std::string& url() const { return url_; }
  test::ServeProcess& process() { return process_; }

private:
  static std::vector<std::string> arguments(const std::string& data, std::vector<std::string> more) {
    std::vector<std::string> args{"--qi", "tcp://127.0.0.1:0", "--data", data};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  simtest::TempDir data_;
  test::ServeProcess process_;
  std::string url_;
};

// Waits (generously: a real process answers) until `done` holds.
inline bool eventually(const std::function<bool()>& done, std::chrono::seconds deadline = 20s) {
  const auto until = std::chrono::steady_clock::now() + deadline;
  while (std::chrono::steady_clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return done();
}

// Waits until `read()` gives `want` (what a robot says starts on its clock,
// just after the call that said it returned); the last value read.
// `read` may give JSON (an API answer), a core::Value (a qi client's result)
// or a service value (a call's result through the object model).
template <class Read>
nlohmann::json eventuallyEqual(const Read& read, const nlohmann::json& want) {
  using Read_t = std::decay_t<decltype(read())>;
  nlohmann::json last;
  eventually([&] {
    if constexpr (std::is_same_v<Read_t, nlohmann::json>) last = read();
    else if constexpr (std::is_same_v<Read_t, core::Value>) last = core::valueToJson(read());
    else last = test::jsonOf(read());
    return last == want;
  });
  return last;
}

// A loopback TCP listener. `reply` empty: connections are accepted by the
// kernel and never read nor answered (a stalled peer); otherwise each
// accepted connection is sent `reply` and left open.
class Listener {
public:
  explicit Listener(std::string reply = {}) : reply_(std::move(reply)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof a;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&a), size) != 0 || ::listen(fd_, 8) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &size) != 0)
      throw std::runtime_error("cannot listen");
    port_ = ntohs(a.sin_port);
    if (!reply_.empty()) thread_ = std::thread([this] { serve(); });
  }
  ~Listener() {
    stopping_ = true;
    ::shutdown(fd_, SHUT_RDWR);
    if (thread_.joinable()) thread_.join();
    ::close(fd_);
    for (int c : clients_) ::close(c);
  }
  std::string url() const { return "tcp://127.0.0.1:" + std::to_string(port_); }

private:
  void serve() {
    while (!stopping_) {
      const int c = ::accept(fd_, nullptr, nullptr);
      if (c < 0) return;
      clients_.push_back(c);
      (void)!::send(c, reply_.data(), reply_.size(), MSG_NOSIGNAL);
    }
  }
  std::string reply_;
  int fd_ = -1;
  unsigned short port_ = 0;
  std::atomic<bool> stopping_{false};
  std::vector<int> clients_;
  std::thread thread_;
};

}  // namespace autolife::remotetest
