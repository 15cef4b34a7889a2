// A client that goes away in the middle of a call, over real sockets. In
// process, a call blocks the engine's thread until the test lets it go, so
// the client is certainly gone (TCP reset) while its call runs: the call
// completes, its answer and the notifications of the client's subscription
// are dropped, its connection slot is freed, and the next clients are
// served. Against `autolife serve`, a client pipelines 2,000 preference
// writes and resets the connection while they run: the server goes on,
// what it wrote is a prefix of what was sent (each write whole), and it
// stops cleanly. (Floods, rate limits and clients that never read:
// tests/api/limits_test.cpp and websocket_test.cpp.)
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>

#include "../api/server_fixture.hpp"
#include "files.hpp"
#include "../support/loopback_socket.hpp"
#include "../support/serve_process.hpp"

namespace {

using namespace autolife;
using namespace autolife::test;
using namespace std::chrono_literals;

// Holds the calls of FaultTest.block until released.
class CallGate {
public:
  void enterAndWait() {
    std::unique_lock lock(mutex_);
    const int me = ++entered_;
    changed_.notify_all();
    changed_.wait(lock, [&] { return released_ >= me; });
  }
  bool waitEntered(int count) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, kTimeout, [&] { return entered_ >= count; });
  }
  void releaseAll() {
    std::lock_guard lock(mutex_);
    released_ = entered_;
    changed_.notify_all();
  }

private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int entered_ = 0, released_ = 0;
};

// The server with a slow method: FaultTest.block() waits for the gate, then
// counts its completion in memory (Fault/Completed, which the disconnecting
// client subscribed to).
class SlowServer : public ServerFixture {
public:
  SlowServer() : ServerFixture(limits()) {
    onEngine([this] {
      auto s = std::make_shared<service::Service>("FaultTest", "A call that takes as long as the test wants");
      s->method("block", {}, service::Type::Int, "Waits for the test, then counts itself", [this](const service::Arguments&) {
        gate.enterAndWait();
        engine().memory.insertData("Fault/Completed", ++completed_);
        return service::Any(completed_);
      });
      engine().services.add(s);
      engine().memory.insertData("Fault/Completed", 0);
    });
  }
  static api::Limits limits() {
    api::Limits l;
    l.maxConnections = 4;  // a leaked slot per dead client would lock the next ones out
    return l;
  }
  CallGate gate;

private:
  int completed_ = 0;
};

// A WebSocket client, retried while the server is still freeing the slots
// of clients that went away (503), within the tests' timeout.
std::unique_ptr<WsClient> connectWhenASlotIsFree(unsigned short port) {
  const auto deadline = std::chrono::steady_clock::now() + kTimeout;
  for (;;) {
    try {
      return std::make_unique<WsClient>(port);
    } catch (const std::runtime_error&) {
      if (std::chrono::steady_clock::now() > deadline) throw;
      std::this_thread::sleep_for(10ms);
    }
  }
}

// Sends an HTTP call on a raw socket, then resets the connection when told.
class RawHttpCall {
public:
  RawHttpCall(unsigned short port, const std::string& body) : fd_(autolife::test::connectToLoopback(port)) {
    const std::string request = "POST /api HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                                "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    if (write(fd_, request.data(), request.size()) != static_cast<ssize_t>(request.size())) throw std::runtime_error("write");
  }
  ~RawHttpCall() { abort(); }
  void abort() {
    if (fd_ < 0) return;
    linger reset{1, 0};
    setsockopt(fd_, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
    close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

TEST(ClientDisconnect, AWebSocketClientThatDisconnectsMidCall) {
  SlowServer server;
  constexpr int kRounds = 12;
  for (int round = 1; round <= kRounds; ++round) {
    auto leaving = connectWhenASlotIsFree(server.port());
    ASSERT_TRUE(leaving->call("subscribe", {{"event", "Fault/Completed"}})["result"].is_number());
    leaving->send(request("FaultTest.block", Json::array(), round));
    ASSERT_TRUE(server.gate.waitEntered(round)) << "round " << round << ": the call never started";
    leaving->abort();  // gone while its call runs
    server.gate.releaseAll();
    leaving.reset();
    auto next = connectWhenASlotIsFree(server.port());
    EXPECT_EQ(next->call("ALMemory.getData", {"Fault/Completed"})["result"], round) << "the call did not complete";
    EXPECT_EQ(next->call("ALAutonomousLife.getState")["result"], "solitary");
  }
  // Life itself still moves.
  auto client = connectWhenASlotIsFree(server.port());
  EXPECT_FALSE(client->call("ALAutonomousLife.setState", {"disabled"}).contains("error"));
  EXPECT_EQ(client->call("ALAutonomousLife.getState")["result"], "disabled");
}

TEST(ClientDisconnect, AnHttpClientThatDisconnectsMidCall) {
  SlowServer server;
  constexpr int kRounds = 12;
  for (int round = 1; round <= kRounds; ++round) {
    RawHttpCall leaving(server.port(), request("FaultTest.block", Json::array(), round).dump());
    ASSERT_TRUE(server.gate.waitEntered(round)) << "round " << round << ": the call never started";
    leaving.abort();
    server.gate.releaseAll();
    auto next = connectWhenASlotIsFree(server.port());
    EXPECT_EQ(next->call("ALMemory.getData", {"Fault/Completed"})["result"], round);
  }
  EXPECT_EQ(rpcOverHttp(server.port(), "ALAutonomousLife.getState")["result"], "solitary");
}

TEST(ClientDisconnect, AClientThatDisconnectsWhileItsWritesRunInServe) {
  test::TempDir dir;
  ServeProcess serve({"--data", (dir.path() / "data").string()});
  constexpr int kBatches = 20, kPerBatch = 100;
  {
    WsClient writer(serve.port());
    for (int b = 0; b < kBatches; ++b) {
      Json batch = Json::array();
      for (int i = 0; i < kPerBatch; ++i) {
        const int n = b * kPerBatch + i;
        batch.push_back(request("ALPreferenceManager.setValue", {"fault", "k" + std::to_string(n), std::to_string(n)}, n));
      }
      writer.send(batch);
    }
    const Json first = writer.receive();
    ASSERT_EQ(first.size(), static_cast<std::size_t>(kPerBatch));
    ASSERT_TRUE(first[0].contains("result")) << first[0];  // the first batch is written
    writer.abort();
  }
  WsClient reader(serve.port());
  EXPECT_EQ(reader.call("ALAutonomousLife.getState")["result"], "solitary");
  // What was written is whole and in order: a prefix of what was sent.
  const Json values = reader.call("ALPreferenceManager.getValueList", {"fault"})["result"];
  ASSERT_TRUE(values.is_array());
  ASSERT_GE(values.size(), static_cast<std::size_t>(kPerBatch));
  std::vector<bool> present(kBatches * kPerBatch, false);
  for (const auto& pair : values) {
    const int n = std::stoi(pair[0].get<std::string>().substr(1));
    EXPECT_EQ(pair[1], std::to_string(n));
    present.at(static_cast<std::size_t>(n)) = true;
  }
  EXPECT_EQ(std::find(present.begin(), present.end(), false) - present.begin(), static_cast<long>(values.size()))
      << "not a prefix";
  std::cout << values.size() << " of the " << kBatches * kPerBatch << " writes sent were done\n";
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

}  // namespace
