// JSON-RPC over WebSocket at /api (docs/api.md): calls to every service,
// errors that leave the connection alive, subscriptions to memory events
// and to signals, several clients at once.
#include <gtest/gtest.h>

#include <thread>

#include "server_fixture.hpp"

namespace {

using namespace autolife::test;
using autolife::life::Activity;
using autolife::life::Nature;

class WebSocket : public ::testing::Test {
protected:
  ServerFixture server;
  WsClient client{server.port()};
};

TEST_F(WebSocket, ACallAnswersWithItsResult) {
  EXPECT_EQ(client.call("ALMemory.insertData", {"k", "v"}), Json::parse(R"({"jsonrpc":"2.0","id":1,"result":null})"));
  EXPECT_EQ(client.call("ALMemory.getData", {"k"})["result"], "v");
}

// Every registered service answers over the network: each of its methods
// is reached (a wrong arity is refused by that very method), and each
// parameterless getter answers.
TEST_F(WebSocket, EveryServiceAndMethodIsReachable) {
  auto services = client.call("describe")["result"]["services"];
  ASSERT_GE(services.size(), 5u);
  for (const auto& name : {"ALMemory", "ALAutonomousLife", "ALBehaviorManager", "PackageManager", "ALPreferenceManager"})
    EXPECT_TRUE(services.contains(name)) << name;
  std::size_t methods = 0, getters = 0;
  for (const auto& [service, info] : services.items()) {
    ASSERT_FALSE(info["methods"].empty()) << service;
    for (const auto& m : info["methods"]) {
      const std::string method = service + "." + m["name"].get<std::string>();
      auto answer = client.call(method, Json(std::vector<int>(17, 0)));
      // pCall takes any arguments: its first must name a method.
      EXPECT_EQ(reasonOf(answer), m.value("variadic", false) ? "bad-argument" : "wrong-arity") << method;
      ++methods;
      const std::string name = m["name"];
      if (m["parameters"].empty() && (name.starts_with("get") || name.starts_with("is"))) {
        auto got = client.call(method);
        EXPECT_TRUE(got.contains("result") || reasonOf(got) != "") << method << ": " << got;
        ++getters;
      }
    }
  }
  EXPECT_GT(methods, 50u);
  EXPECT_GT(getters, 5u);
}

TEST_F(WebSocket, BadMessagesGetTheirErrorAndTheConnectionLivesOn) {
  client.sendText("{nope");
  auto parse = client.receive();
  EXPECT_EQ(codeOf(parse), -32700);
  EXPECT_EQ(parse["id"], nullptr);
  client.send({{"jsonrpc", "2.1"}, {"id", 7}, {"method", "describe"}});
  EXPECT_EQ(codeOf(client.receive()), -32600);
  // (In a text frame the WebSocket protocol itself would close: RFC 6455 8.1.)
  client.sendBinary("\xff\xfe not utf-8");
  EXPECT_EQ(codeOf(client.receive()), -32700);
  EXPECT_EQ(codeOf(client.call("ALMemory.nothing")), -32601);
  EXPECT_EQ(codeOf(client.call("ALMemory.getData", {{"what", 1}})), -32602);
  client.sendBinary(request("ALAutonomousLife.getState").dump());
  EXPECT_EQ(client.receive()["result"], "solitary");
  EXPECT_EQ(client.call("ALAutonomousLife.getState")["result"], "solitary");
}

// Found by fuzz_api_message (fuzz/corpus/api_message/crash_number_overflow):
// nlohmann reports a number beyond a double as out_of_range, not
// parse_error; it escaped Connection::receive on the server's thread and
// ended `autolife serve` (std::terminate).
TEST_F(WebSocket, ANumberBeyondADoubleIsAParseErrorAndTheServerLivesOn) {
  client.sendText(R"({"jsonrpc": "2.0", "id": 3, "method": "ALMemory.insertData", "params": ["k", -1e400]})");
  auto answer = client.receive();
  EXPECT_EQ(codeOf(answer), -32700);
  EXPECT_EQ(reasonOf(answer), "parse-error");
  EXPECT_EQ(client.call("ALAutonomousLife.getState")["result"], "solitary");
}

TEST_F(WebSocket, AMessageOverTheLimitIsAnsweredAndTheConnectionLivesOn) {
  client.sendText(std::string(3 << 20, ' '));
  auto answer = client.receive();
  EXPECT_EQ(codeOf(answer), -32001);
  EXPECT_EQ(reasonOf(answer), "message-too-large");
  EXPECT_EQ(client.call("ALAutonomousLife.getState")["result"], "solitary");
}

// The session reads at most 64 KB at a time: a message of several reads
// arrives whole, and the one after it on its own.
TEST_F(WebSocket, AMessageOfSeveralReadsArrivesWhole) {
  std::string big(300000, 'x');
  for (std::size_t i = 0; i < big.size(); i += 997) big[i] = static_cast<char>('a' + i % 26);
  EXPECT_EQ(client.call("ALMemory.insertData", {"big", big})["result"], nullptr);
  EXPECT_EQ(client.call("ALMemory.getData", {"big"})["result"], big);
}

TEST_F(WebSocket, ABatchIsAnsweredWithAnArray) {
  client.send(Json::array({request("ALMemory.insertData", {"x", 1}, "a"), request("ALMemory.getData", {"x"}, "b")}));
  auto answers = client.receive();
  ASSERT_TRUE(answers.is_array());
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(answers[1]["id"], "b");
  EXPECT_EQ(answers[1]["result"], 1);
}

TEST_F(WebSocket, AMemoryEventIsNotifiedWithTheSubscriptionId) {
  auto id = client.call("subscribe", {{"event", "Visitor/Arrived"}})["result"];
  ASSERT_TRUE(id.is_number_integer());
  WsClient other{server.port()};
  other.call("ALMemory.raiseEvent", {"Visitor/Arrived", "Ann"});
  auto n = client.nextNotification();
  EXPECT_EQ(n["method"], "event");
  EXPECT_EQ(n["params"]["subscription"], id);
  EXPECT_EQ(n["params"]["key"], "Visitor/Arrived");
  EXPECT_EQ(n["params"]["value"], "Ann");
  EXPECT_TRUE(n["params"]["t"].is_number());
}

TEST_F(WebSocket, AfterUnsubscribingNothingMoreIsNotified) {
  auto id = client.call("subscribe", {{"event", "k"}})["result"];
  client.call("ALMemory.insertData", {"k", 1});
  EXPECT_EQ(client.nextNotification()["params"]["value"], 1);
  EXPECT_EQ(client.call("unsubscribe", {{"subscription", id}})["result"], true);
  client.call("ALMemory.insertData", {"k", 2});
  // A notification would have been sent before the answer to this call.
  client.call("ALAutonomousLife.getState");
  EXPECT_EQ(client.notificationsWaiting(), 0u);
  EXPECT_EQ(reasonOf(client.call("unsubscribe", Json::array({id}))), "no-such-subscription");
}

TEST_F(WebSocket, LifesEventsAreMemoryEvents) {
  client.call("subscribe", {{"event", "AutonomousLife/State"}});
  EXPECT_EQ(client.call("ALAutonomousLife.setState", {"disabled"})["result"], nullptr);
  EXPECT_EQ(client.nextNotification()["params"]["value"], "disabled");
}

TEST_F(WebSocket, ASignalIsNotified) {
  server.onEngine([&] {
    Activity a;
    a.name = "demo/wave";
    a.nature = Nature::Interactive;
    return server.engine().addActivity(a).has_value();
  });
  auto id = client.call("subscribe", {{"signal", "ALAutonomousLife.activityTransition"}})["result"];
  ASSERT_TRUE(id.is_number_integer()) << id;
  client.call("ALAutonomousLife.switchFocus", {"demo/wave"});
  auto n = client.nextNotification();
  EXPECT_EQ(n["method"], "signal");
  EXPECT_EQ(n["params"]["subscription"], id);
  EXPECT_EQ(n["params"]["signal"], "ALAutonomousLife.activityTransition");
  EXPECT_EQ(n["params"]["value"]["FocusedActivityName"], "demo/wave");
}

TEST_F(WebSocket, AnExpressionIsWatchedThroughASubscription) {
  client.call("ALMemory.insertData", {"n", 0});
  auto id = client.call("subscribe", {{"expression", "'n' > 2"}, {"reportMode", 1}})["result"];
  ASSERT_TRUE(id.is_number_integer()) << id;
  client.call("ALMemory.insertData", {"n", 3});
  auto n = client.nextNotification();
  EXPECT_EQ(n["method"], "expression");
  EXPECT_EQ(n["params"]["subscription"], id);
  EXPECT_EQ(n["params"]["expression"], "'n' > 2");
  EXPECT_EQ(n["params"]["value"], true);
  EXPECT_EQ(client.call("ALExpressionWatcher.watched")["result"][0]["value"], true);
  EXPECT_EQ(client.call("unsubscribe", {{"subscription", id}})["result"], true);
  EXPECT_EQ(client.call("ALExpressionWatcher.watched")["result"], Json::array()) << "unsubscribing ends the watch";
  EXPECT_EQ(reasonOf(client.call("subscribe", {{"expression", "'n' >"}})), "bad-expression");
  // The object itself cannot cross JSON: the refusal says how to watch instead.
  EXPECT_EQ(reasonOf(client.call("ALExpressionWatcher.add", {"'n' > 2", 1})), "use-subscribe");
}

TEST_F(WebSocket, SubscribingToWhatDoesNotExistIsRefused) {
  EXPECT_EQ(reasonOf(client.call("subscribe", {{"signal", "ALNothing.x"}})), "no-such-service");
  EXPECT_EQ(reasonOf(client.call("subscribe", {{"signal", "ALMemory.nothing"}})), "no-such-signal");
  EXPECT_EQ(codeOf(client.call("subscribe", {{"colour", "red"}})), -32602);
  EXPECT_EQ(codeOf(client.call("subscribe", {"k"})), -32602);
}

TEST_F(WebSocket, EachSubscriberOfAKeyIsNotified) {
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int i = 0; i < 8; ++i) {
    clients.push_back(std::make_unique<WsClient>(server.port()));
    clients.back()->call("subscribe", {{"event", "shared"}});
  }
  client.call("ALMemory.insertData", {"shared", "hello"});
  for (auto& c : clients) EXPECT_EQ(c->nextNotification()["params"]["value"], "hello");
}

TEST_F(WebSocket, SeveralClientsCallAtOnce) {
  constexpr int kClients = 8, kCalls = 200;
  std::vector<std::thread> threads;
  std::atomic<int> correct{0};
  for (int c = 0; c < kClients; ++c)
    threads.emplace_back([&, c] {
      WsClient mine{server.port()};
      for (int i = 0; i < kCalls; ++i) {
        const std::string key = "client" + std::to_string(c);
        mine.call("ALMemory.insertData", {key, i});
        if (mine.call("ALMemory.getData", {key})["result"] == i) ++correct;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(correct, kClients * kCalls);
}

TEST_F(WebSocket, PipelinedCallsAreAllAnswered) {
  constexpr int kCalls = 3000;
  for (int i = 0; i < kCalls; ++i) client.send(request("ALMemory.insertData", {"pipe", i}, i));
  std::set<int> ids;
  for (int i = 0; i < kCalls; ++i) ids.insert(client.receive()["id"].get<int>());
  EXPECT_EQ(ids.size(), static_cast<std::size_t>(kCalls));
  EXPECT_EQ(client.call("ALMemory.getData", {"pipe"})["result"], kCalls - 1);
}

TEST_F(WebSocket, StoppingTheServerClosesWithGoingAwayAndTheEngineGoesOn) {
  client.call("subscribe", {{"event", "k"}});
  server.server().stop();
  EXPECT_TRUE(client.closedByServer());
  EXPECT_EQ(client.closeCode(), 1001);
  EXPECT_EQ(server.onEngine([&] { return server.engine().life.getState(); }), "solitary");
  EXPECT_THROW(WsClient{server.port()}, std::exception);  // no longer listening
}

}  // namespace
