// `kill -9` of `autolife serve` while writes are in flight (the persist
// suite kills it after the last answer: tests/persist/serve_restart_test.cpp).
// A client pipelines 400 calls, preference writes with a focus switch every
// tenth, reads half of the answers and the server is killed at once, with
// the rest running or queued. After a restart: every acknowledged write is
// there, and what is there is a prefix of what was sent (no write half done,
// none out of order).
#include <signal.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>

#include "../api/api_client.hpp"
#include "files.hpp"
#include "../support/serve_process.hpp"

namespace {

using namespace autolife::test;

Json call(int n) {
  const Json params = n % 10 == 9 ? Json::array({(n / 10) % 2 ? "test/b" : "test/a"})
                                  : Json::array({"kill9", "k" + std::to_string(n), std::to_string(n)});
  const std::string method = n % 10 == 9 ? "ALAutonomousLife.switchFocus" : "ALPreferenceManager.setValue";
  return {{"jsonrpc", "2.0"}, {"id", n}, {"method", method}, {"params", params}};
}

TEST(KillDuringWrites, Kill9DuringWrites) {
  autolife::test::TempDir dir;
  std::ofstream(dir.path() / "scenario.yaml") << "activities:\n  - name: test/a\n  - name: test/b\n";
  const std::vector<std::string> args{"--data", (dir.path() / "data").string(), "--scenario",
                                      (dir.path() / "scenario.yaml").string()};
  // The server reads 256 calls ahead; the socket buffers hold the rest.
  constexpr int kSent = 400, kRead = 200;
  std::vector<std::string> acknowledgedFocus;
  {
    ServeProcess serve(args);
    WsClient client(serve.port());
    for (int n = 0; n < kSent; ++n) client.send(call(n));
    for (int n = 0; n < kRead; ++n) {
      const Json answer = client.receive();
      ASSERT_EQ(answer["id"], n);  // answers come in order
      ASSERT_TRUE(answer.contains("result")) << answer;
      if (n % 10 == 9) acknowledgedFocus.push_back(call(n)["params"][0]);
    }
    EXPECT_EQ(serve.stop(SIGKILL), 128 + SIGKILL);
  }
  ServeProcess serve(args);
  WsClient client(serve.port());
  const Json values = client.call("ALPreferenceManager.getValueList", {"kill9"})["result"];
  std::vector<bool> kept(kSent, false);
  for (const auto& pair : values) {
    const int n = std::stoi(pair[0].get<std::string>().substr(1));
    EXPECT_EQ(pair[1], std::to_string(n));
    kept.at(static_cast<std::size_t>(n)) = true;
  }
  int lastKept = -1;
  for (int n = 0; n < kSent; ++n)
    if (n % 10 != 9 && kept[static_cast<std::size_t>(n)]) lastKept = n;
  for (int n = 0; n <= lastKept; ++n)
    EXPECT_TRUE(n % 10 == 9 || kept[static_cast<std::size_t>(n)]) << "k" << n << " is lost but a later write is kept";
  for (int n = 0; n < kRead; ++n)
    EXPECT_TRUE(n % 10 == 9 || kept[static_cast<std::size_t>(n)]) << "k" << n << " was acknowledged, and is lost";
  // Focus switches: the acknowledged ones, in order, then maybe some more.
  std::vector<std::string> history;
  const Json focusHistory = client.call("ALAutonomousLife.getFocusHistory");
  ASSERT_TRUE(focusHistory.contains("result")) << focusHistory;
  for (const auto& entry : focusHistory["result"]) history.push_back(entry[0]);
  ASSERT_GE(history.size(), acknowledgedFocus.size());
  EXPECT_TRUE(std::equal(acknowledgedFocus.begin(), acknowledgedFocus.end(), history.begin()));
  std::cout << kRead << " calls acknowledged before the kill; kept: " << values.size() << " preference writes (up to k"
            << lastKept << ") and " << history.size() << " focus switches\n";
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

}  // namespace
