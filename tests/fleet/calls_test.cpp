// JSON-RPC calls heard on autolife/ROBOT/call (docs/fleet.md, "Calls"): the
// network API's answers, on the response topic with the correlation data;
// bad input answered with an error or refused in the log, never thrown. On
// a virtual clock: the calls run when the test runs the engine's clock.
#include <gtest/gtest.h>

#include "autolife/fleet/calls.hpp"
#include "engine_fixture.hpp"

namespace {

using namespace autolife;
using nlohmann::json;

class FleetCalls : public simtest::EngineFixture {
protected:
  void SetUp() override { start(); }

  // The calls' object with the given limits, answering into `answers`.
  fleet::Calls& calls(api::Limits limits = {}) {
    calls_ = std::make_unique<fleet::Calls>(
        engine(), limits,
        [this](const mqtt::Message& m) {
          answers.push_back(m);
          return !m.topic.empty();
        },
        [this](const char* level, const std::string& text) { logged.push_back(std::string(level) + ": " + text); });
    return *calls_;
  }

  static mqtt::Message request(const std::string& payload, const std::string& responseTopic = "replies/me",
                               std::optional<std::string> correlation = "c-1") {
    return mqtt::Message{"autolife/r1/call", payload, 1, false, responseTopic, std::move(correlation)};
  }

  // The one answer a message gets once the engine ran, as JSON.
  json answer(const mqtt::Message& m) {
    answers.clear();
    calls_->heard(m);
    clock_.runUntil(clock_.now());
    EXPECT_EQ(answers.size(), 1u) << m.payload;
    if (answers.size() != 1) return {};
    EXPECT_EQ(answers[0].topic, m.responseTopic);
    EXPECT_EQ(answers[0].correlation, m.correlation);
    EXPECT_EQ(answers[0].qos, 1);
    EXPECT_FALSE(answers[0].retain);
    return json::parse(answers[0].payload);
  }

  std::unique_ptr<fleet::Calls> calls_;
  std::vector<mqtt::Message> answers;
  std::vector<std::string> logged;
};

std::string reasonOf(const json& answer) { return answer["error"]["data"]["reason"]; }

TEST_F(FleetCalls, AreAnsweredAsTheNetworkApiAnswersThem) {
  calls();
  auto state = answer(request(R"({"jsonrpc": "2.0", "id": 7, "method": "ALAutonomousLife.getState", "params": []})"));
  EXPECT_EQ(state["id"], 7);
  EXPECT_EQ(state["result"], engine().life.getState());
  auto set = answer(request(R"({"jsonrpc": "2.0", "id": "s", "method": "ALAutonomousLife.setState", "params": ["disabled"]})"));
  EXPECT_EQ(set["id"], "s");
  EXPECT_EQ(engine().life.getState(), "disabled");
  auto refused = answer(request(R"({"jsonrpc": "2.0", "id": 1, "method": "ALAutonomousLife.setState", "params": ["asleep"]})"));
  EXPECT_EQ(refused["error"]["code"], -32000);
  auto batch = answer(request(R"([{"jsonrpc": "2.0", "id": 1, "method": "describe"},
                                  {"jsonrpc": "2.0", "id": 2, "method": "ALMemory.getData", "params": ["AutonomousLife/State"]}])"));
  ASSERT_TRUE(batch.is_array());
  EXPECT_EQ(batch[1]["result"], "disabled");
  EXPECT_TRUE(batch[0]["result"]["services"].contains("ALAutonomousLife"));
  EXPECT_EQ(answer(request(R"({"jsonrpc": "2.0", "id": 1, "method": "describe"})", "r", std::nullopt))["id"], 1)
      << "correlation data is optional";
}

TEST_F(FleetCalls, BadInputIsAnsweredWithAnError) {
  calls();
  auto notJson = answer(request("this is not JSON"));
  EXPECT_EQ(notJson["error"]["code"], -32700);
  EXPECT_TRUE(notJson["id"].is_null());
  EXPECT_EQ(reasonOf(answer(request(R"({"jsonrpc": "2.0", "id": 1, "method": "Nobody.nothing"})"))), "no-such-service");
  EXPECT_EQ(reasonOf(answer(request(R"({"jsonrpc": "2.0", "id": 1, "method": "frobnicate"})"))), "no-such-method");
  EXPECT_EQ(reasonOf(answer(request(R"({"jsonrpc": "2.0", "id": 1, "method": "subscribe", "params": {"event": "X"}})"))),
            "needs-websocket")
      << "the events are on the broker already";
  EXPECT_EQ(reasonOf(answer(request(R"({"id": 1})"))), "invalid-request");
  // A notification gets no answer, and is no refusal.
  answers.clear();
  calls_->heard(request(R"({"jsonrpc": "2.0", "method": "ALAutonomousLife.getState"})"));
  clock_.runUntil(clock_.now());
  EXPECT_TRUE(answers.empty());
  EXPECT_TRUE(logged.empty());
}

TEST_F(FleetCalls, AnOversizedMessageIsAnsweredWithoutBeingRead) {
  api::Limits limits;
  limits.maxMessageBytes = 100;
  calls(limits);
  const auto big = R"({"jsonrpc": "2.0", "id": 1, "method": "ALMemory.insertData", "params": ["K", ")" + std::string(200, 'x') + "\"]}";
  answers.clear();
  calls_->heard(request(big));
  ASSERT_EQ(answers.size(), 1u) << "answered at once, nothing posted to the engine";
  EXPECT_EQ(reasonOf(json::parse(answers[0].payload)), "message-too-large");
  EXPECT_EQ(answers[0].correlation, "c-1");
  clock_.runUntil(clock_.now());
  EXPECT_THROW(engine().memory.getData("K"), memory::MemoryError);
}

TEST_F(FleetCalls, WithoutAResponseTopicACallIsRefusedInTheLog) {
  calls();
  for (int i = 0; i < 12; ++i) calls_->heard(request(R"({"jsonrpc": "2.0", "id": 1, "method": "ALAutonomousLife.setState", "params": ["disabled"]})", ""));
  clock_.runUntil(clock_.now());
  EXPECT_TRUE(answers.empty());
  EXPECT_NE(engine().life.getState(), "disabled") << "not run: its outcome could not be told";
  ASSERT_EQ(logged.size(), 2u) << "the 1st and the 10th, not each";
  EXPECT_NE(logged[0].find("warning: MQTT call refused: a call on 'autolife/r1/call' without a response topic"), std::string::npos)
      << logged[0];
  EXPECT_NE(logged[1].find("(10 so far)"), std::string::npos) << logged[1];
}

TEST_F(FleetCalls, AnAnswerTheBrokerWillNotTakeIsLoggedAndClosedCallsAreNotAnswered) {
  calls_ = std::make_unique<fleet::Calls>(
      engine(), api::Limits{}, [](const mqtt::Message&) { return false; },  // the client refuses every answer
      [this](const char* level, const std::string& text) { logged.push_back(std::string(level) + ": " + text); });
  calls_->heard(request(R"({"jsonrpc": "2.0", "id": 1, "method": "describe"})", "bad/#"));
  clock_.runUntil(clock_.now());
  ASSERT_EQ(logged.size(), 1u);
  EXPECT_NE(logged[0].find("could not publish a call's answer on 'bad/#'"), std::string::npos) << logged[0];

  calls();
  calls_->heard(request(R"({"jsonrpc": "2.0", "id": 1, "method": "describe"})"));
  calls_->close();
  clock_.runUntil(clock_.now());
  EXPECT_TRUE(answers.empty()) << "closed before the engine ran it: nothing is answered";
}

}  // namespace
