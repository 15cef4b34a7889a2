// Signal: callbacks are called in connection order at each emission; a
// callback may connect or disconnect (itself included) while being called.
#include "autolife/core/signal.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using autolife::core::Signal;
using autolife::core::SignalLink;

namespace {

TEST(Signal, EmitWithoutCallbacksDoesNothing) {
  Signal<int> s;
  EXPECT_EQ(s.size(), 0u);
  s(1);
}

TEST(Signal, CallsCallbacksInConnectionOrderWithArguments) {
  Signal<int, const std::string&> s;
  std::vector<std::string> calls;
  s.connect([&](int n, const std::string& t) { calls.push_back("a" + std::to_string(n) + t); });
  s.connect([&](int n, const std::string& t) { calls.push_back("b" + std::to_string(n) + t); });
  s.connect([&](int n, const std::string& t) { calls.push_back("c" + std::to_string(n) + t); });
  EXPECT_EQ(s.size(), 3u);
  s(1, "x");
  s(2, "y");
  EXPECT_EQ(calls, (std::vector<std::string>{"a1x", "b1x", "c1x", "a2y", "b2y", "c2y"}));
}

TEST(Signal, DisconnectStopsCalls) {
  Signal<> s;
  std::string calls;
  s.connect([&] { calls += 'a'; });
  SignalLink b = s.connect([&] { calls += 'b'; });
  s.connect([&] { calls += 'c'; });
  s();
  EXPECT_TRUE(s.disconnect(b));
  EXPECT_FALSE(s.disconnect(b));  // not connected any more
  EXPECT_EQ(s.size(), 2u);
  s();
  EXPECT_EQ(calls, "abcac");
}

TEST(Signal, DisconnectUnknownLinkReturnsFalse) {
  Signal<> s;
  s.connect([] {});
  EXPECT_FALSE(s.disconnect(12345));
  EXPECT_EQ(s.size(), 1u);
}

TEST(Signal, LinksAreDistinct) {
  Signal<> s;
  SignalLink a = s.connect([] {});
  SignalLink b = s.connect([] {});
  EXPECT_NE(a, b);
  EXPECT_TRUE(s.disconnect(a));
  SignalLink c = s.connect([] {});
  EXPECT_NE(c, b);
  EXPECT_TRUE(s.disconnect(b));
  EXPECT_TRUE(s.disconnect(c));
}

TEST(Signal, CallbackCanDisconnectItself) {
  Signal<> s;
  std::string calls;
  SignalLink self = 0;
  s.connect([&] { calls += 'a'; });
  self = s.connect([&] {
    calls += 'S';
    s.disconnect(self);
  });
  s.connect([&] { calls += 'c'; });
  s();  // the others still run in this emission
  s();
  s();
  EXPECT_EQ(calls, "aSc" "ac" "ac");
  EXPECT_EQ(s.size(), 2u);
}

TEST(Signal, CallbackCanDisconnectAnother) {
  Signal<> s;
  std::string calls;
  SignalLink victim = 0;
  s.connect([&] {
    calls += 'k';
    s.disconnect(victim);
  });
  victim = s.connect([&] { calls += 'v'; });
  s();
  s();
  // The emission in progress works on a snapshot; the next one no longer calls it.
  EXPECT_EQ(calls, "kv" "k");
  EXPECT_EQ(s.size(), 1u);
}

TEST(Signal, CallbackConnectedDuringEmitIsCalledFromTheNextEmit) {
  Signal<> s;
  std::string calls;
  bool connected = false;
  s.connect([&] {
    calls += 'a';
    if (!connected) {
      connected = true;
      s.connect([&] { calls += 'n'; });
    }
  });
  s();
  s();
  EXPECT_EQ(calls, "a" "an");
}

TEST(Signal, DisconnectAllRemovesEverything) {
  Signal<int> s;
  int calls = 0;
  s.connect([&](int) { ++calls; });
  s.connect([&](int) { ++calls; });
  s.disconnectAll();
  EXPECT_EQ(s.size(), 0u);
  s(1);
  EXPECT_EQ(calls, 0);
}

}  // namespace
