// A Mosquitto broker of a test's own (docs/fleet.md, "Tests"): Debian's
// `mosquitto` (scripts/setup installs it) on a free loopback port, with a
// configuration file the test writes, stopped with the test. It can be
// stopped and started again on the same port (an outage). And a subscriber
// that collects what the broker delivers, with waits on conditions.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "autolife/mqtt/client.hpp"
#include "files.hpp"
#include "process.hpp"
#include "serve_process.hpp"

namespace autolife::test {

// A port no one listens on now (the kernel's pick, released).
inline unsigned short freeLoopbackPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0)
    throw std::runtime_error("no free port");
  ::close(fd);
  return ntohs(address.sin_port);
}

class Broker {
public:
  struct Options {
    // Only the users of its password file (addUser) may connect.
    bool passwords = false;
    std::string acl;    // an ACL file's text ("": none)
    std::string extra;  // more configuration lines
  };
  Broker() : Broker(Options{}) {}
  explicit Broker(Options options) : port_(freeLoopbackPort()), options_(std::move(options)) {
    if (options_.passwords) addUser("listener", "listener");
    start();
  }
  ~Broker() { stop(); }

  void start() {
    if (process_) return;
    {
      std::ofstream conf(dir_.path() / "mosquitto.conf");
      conf << "listener " << port_ << " 127.0.0.1\n"
           << "persistence false\nlog_dest stderr\nlog_type error\nlog_type warning\nlog_type notice\n"
           << "log_type information\n"  // "running" is said at this level
           << "user " << ::getpwuid(::getuid())->pw_name << "\n";  // root's broker would drop to `mosquitto`, who cannot read our folder
      if (options_.passwords) conf << "allow_anonymous false\npassword_file " << (dir_.path() / "passwords").string() << "\n";
      else conf << "allow_anonymous true\n";
      if (!options_.acl.empty()) {
        writeText(dir_.path() / "acl", options_.acl);
        conf << "acl_file " << (dir_.path() / "acl").string() << "\n";
      }
      conf << options_.extra << "\n";
    }
    process_ = std::make_unique<ServeProcess>(ServeProcess::Program{AUTOLIFE_MOSQUITTO},
                                              std::vector<std::string>{"-c", (dir_.path() / "mosquitto.conf").string()});
    // "mosquitto version 2.0.11 running" once it listens; what it says
    // afterwards is read (and dropped) so that its pipe never fills.
    std::string said;
    try {
      for (std::string line; (line = process_->line(true)).find(" running") == std::string::npos;) said += line + "\n";
    } catch (const std::runtime_error& e) {
      throw std::runtime_error("mosquitto did not start (" + std::string(e.what()) + "):\n" + said);
    }
    drain_ = std::thread([process = process_.get()] {
      for (;;) {
        try {
          process->line(true);
        } catch (const std::runtime_error& e) {
          if (std::string(e.what()) != "no line") return;  // closed: the broker stopped
        }
      }
    });
  }
  // SIGKILL, not SIGTERM: Mosquitto 2.0.11 can miss a SIGTERM that comes
  // just before it waits for its sockets (seen: a test hung on this join),
  // and a test's broker has nothing to save.
  void stop() {
    if (!process_) return;
    ::kill(process_->pid(), SIGKILL);
    drain_.join();  // the pipe closes as it exits
    process_->stop(SIGKILL);
    process_.reset();
  }

  // A user of the password file (hashed by mosquitto_passwd), the broker
  // told at once when it runs (SIGHUP: it reads the file again).
  void addUser(const std::string& user, const std::string& password) {
    const auto file = (dir_.path() / "passwords").string();
    std::vector<std::string> command{AUTOLIFE_MOSQUITTO_PASSWD, "-b", file, user, password};
    if (!std::filesystem::exists(file)) command.insert(command.begin() + 1, "-c");
    const auto done = testing::runProcess(command);
    if (done.status != 0) throw std::runtime_error("mosquitto_passwd: " + done.err);
    if (process_) ::kill(process_->pid(), SIGHUP);
  }

  unsigned short port() const { return port_; }
  std::string url() const { return "mqtt://127.0.0.1:" + std::to_string(port_); }
  net::Url address() const { return net::Url{false, "127.0.0.1", port_}; }
  const std::filesystem::path& folder() const { return dir_.path(); }

private:
  TempDir dir_;
  unsigned short port_;
  Options options_;
  std::unique_ptr<ServeProcess> process_;
  std::thread drain_;
};

// A client that keeps every message it hears.
class Listener {
public:
  static constexpr auto kDeadline = std::chrono::seconds(20);

  // `user` (its password the same) is known to a broker with passwords.
  explicit Listener(const Broker& broker, const std::vector<std::string>& filters, std::string clientId = "",
                    const std::string& user = "listener") {
    mqtt::ClientOptions options;
    options.broker = broker.address();
    options.clientId = std::move(clientId);
    options.user = options.password = user;
    options.backoff = {std::chrono::milliseconds(50), std::chrono::milliseconds(200)};
    mqtt::Client::Handlers handlers;
    handlers.message = [this](const mqtt::Message& m) {
      std::lock_guard lock(mutex_);
      messages_.push_back(m);
      changed_.notify_all();
    };
    handlers.connected = [this] {
      std::lock_guard lock(mutex_);
      ++connections_;
      changed_.notify_all();
    };
    client_ = std::make_unique<mqtt::Client>(options, handlers);
    for (const auto& f : filters) client_->subscribe(f);
    client_->start();
    waitFor([this] { return connections_ > 0; });
  }

  // Waits until `done` holds (called under the lock: it may not call the
  // other members), at most kDeadline; false then.
  bool waitFor(const std::function<bool()>& done) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, kDeadline, done);
  }
  // The first message on `topic` whose payload satisfies `matches`.
  std::optional<mqtt::Message> waitForMessage(const std::string& topic,
                                              const std::function<bool(const std::string&)>& matches = {}) {
    std::optional<mqtt::Message> found;
    waitFor([&] {
      for (const auto& m : messages_)
        if (m.topic == topic && (!matches || matches(m.payload))) {
          found = m;
          return true;
        }
      return false;
    });
    return found;
  }
  // Waits until `n` messages came on `topic`; false after kDeadline.
  bool waitForCount(const std::string& topic, std::size_t n) {
    return waitFor([&] {
      return static_cast<std::size_t>(std::count_if(messages_.begin(), messages_.end(),
                                                    [&](const mqtt::Message& m) { return m.topic == topic; })) >= n;
    });
  }
  std::vector<mqtt::Message> messages() {
    std::lock_guard lock(mutex_);
    return messages_;
  }
  std::vector<std::string> payloads(const std::string& topic) {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& m : messages_)
      if (m.topic == topic) out.push_back(m.payload);
    return out;
  }
  mqtt::Client& client() { return *client_; }

private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<mqtt::Message> messages_;
  int connections_ = 0;
  std::unique_ptr<mqtt::Client> client_;  // last: stopped before the rest goes
};

}  // namespace autolife::test
