// Stopping the qi server from another thread than its loop's while clients
// connect, call and services come and go (issue 34): what `autolife serve`
// and the remote tests' robot peer do on SIGTERM. ThreadSanitizer (this
// program is in the tsan preset) sees a race between stop() and the loop's
// handlers here. AUTOLIFE_STOP_ROUNDS repeats it (a stress run, out of CI's
// time: `AUTOLIFE_STOP_ROUNDS=200 qi_server_test --gtest_filter=QiServerStop.*`).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <thread>
#include <vector>

#include "engine_on_loop.hpp"
#include "fixture.hpp"

namespace autolife::test {
namespace {

int rounds() {
  const char* text = std::getenv("AUTOLIFE_STOP_ROUNDS");
  return text ? std::max(1, std::atoi(text)) : 1;
}

// Connects, calls, disconnects, again, until told to stop; counts the calls answered.
void callAgainAndAgain(const std::string& url, const std::atomic<bool>& go, std::atomic<int>& answered) {
  qiclient::ClientOptions options;
  options.timeout = std::chrono::seconds(5);
  for (int i = 0; go; ++i) {
    try {
      qiclient::Client client(url, options);
      client.call("ALMemory", "insertData", {"stop/key", i});
      ++answered;
    } catch (const qiclient::Error&) {
      // the server is stopping or stopped: refused, closed or timed out
    }
  }
}

TEST(QiServerStop, AServerStopsWhilePeersConnectCallAndServicesComeAndGo) {
  for (int round = 0; round < rounds(); ++round) {
    EngineOnLoop base;
    qiserver::ServerOptions options;
    options.url = "tcp://127.0.0.1:0";
    qiserver::Server server(base.engine(), base.loop(), options);
    const std::string url = server.start();
    std::atomic<bool> go{true};
    std::atomic<int> answered{0};
    std::vector<std::thread> peers;
    for (int i = 0; i < 3; ++i) peers.emplace_back([&] { callAgainAndAgain(url, go, answered); });
    // Services come and go on the engine's thread: the server follows the registry.
    std::thread registry([&] {
      for (int i = 0; go; ++i) {
        base.onEngine([&] {
          auto& services = base.engine().services;
          if (i % 2 == 0) {
            services.add(std::make_shared<service::Service>("StopTestService", "comes and goes"));
          } else {
            services.remove("StopTestService");
          }
        });
      }
    });
    while (answered < 5) std::this_thread::yield();
    server.stop();  // not on the loop's thread, as on SIGTERM
    const int answeredAtStop = answered;
    go = false;
    for (auto& peer : peers) peer.join();
    registry.join();
    EXPECT_GE(answeredAtStop, 5);
    qiclient::ClientOptions quick;
    quick.timeout = std::chrono::seconds(2);
    EXPECT_THROW(qiclient::Client(url, quick), qiclient::Error) << "the server still listens after stop()";
  }
}

}  // namespace
}  // namespace autolife::test
