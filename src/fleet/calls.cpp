#include "autolife/fleet/calls.hpp"

#include <atomic>
#include <mutex>
#include <string>

#include "autolife/api/connection.hpp"
#include "autolife/core/clock.hpp"

namespace autolife::fleet {

namespace {

// 1, 10, 100...: a refusal worth a line, so that a flood of them is said
// without flooding the log.
bool worthSaying(std::uint64_t count) {
  while (count % 10 == 0) count /= 10;
  return count == 1;
}

}  // namespace

struct Calls::State {
  State(engine::ServiceAccess e, api::Limits l, Answer a, Log g)
      : engine(e), limits(l), answer(std::move(a)), log(std::move(g)),
        connection(std::make_shared<api::Api>(e, l), [](std::string) {}, false) {}

  // The answer on the request's response topic, with its correlation data.
  void reply(const std::string& topic, const std::optional<std::string>& correlation, std::string_view text) {
    if (text.empty() || closed) return;  // a notification: no answer
    if (answer(mqtt::Message{topic, std::string(text), 1, false, {}, correlation})) return;
    refused(unsent, "could not publish a call's answer on '" + topic + "' (the broker is away, or the topic is not one)");
  }

  void refused(std::atomic<std::uint64_t>& counter, const std::string& what) {
    const auto n = ++counter;
    if (log && worthSaying(n)) log("warning", "MQTT call refused: " + what + " (" + std::to_string(n) + " so far)");
  }

  // On the engine's thread: what Connection makes of the message.
  void receive(const std::string& payload, const std::string& topic, const std::optional<std::string>& correlation,
               std::shared_ptr<State> self) {
    --waiting;
    if (closed) return;
    auto to = api::responder([self = std::move(self), topic, correlation](std::string_view text) {
      self->reply(topic, correlation, text);
    });
    connection.receive(payload, *to);
  }

  engine::ServiceAccess engine;
  api::Limits limits;
  Answer answer;
  Log log;
  api::Connection connection;  // the engine's thread's only
  std::atomic<bool> closed{false};
  std::atomic<std::size_t> waiting{0};  // posted, not yet read by the engine
  std::atomic<std::uint64_t> unanswerable{0}, unsent{0};
};

Calls::Calls(engine::ServiceAccess engine, api::Limits limits, Answer answer, Log log)
    : state_(std::make_shared<State>(engine, limits, std::move(answer), std::move(log))) {}

Calls::~Calls() { close(); }

void Calls::close() { state_->closed = true; }

void Calls::heard(const mqtt::Message& m) {
  auto& s = *state_;
  if (s.closed) return;
  if (m.responseTopic.empty())
    return s.refused(s.unanswerable, "a call on '" + m.topic + "' without a response topic (MQTT 5) has nowhere to be answered");
  if (m.payload.size() > s.limits.maxMessageBytes) {
    // Answered from here: the text is never copied to the engine.
    return s.connection.tooLarge(*api::responder([self = state_, topic = m.responseTopic, correlation = m.correlation](
                                                     std::string_view text) { self->reply(topic, correlation, text); }));
  }
  if (s.waiting >= s.limits.maxInFlight) {
    const api::RpcError busy(api::code::kLimitExceeded, "too-many-calls",
                             "more than " + std::to_string(s.limits.maxInFlight) + " calls wait for the engine");
    return s.reply(m.responseTopic, m.correlation, api::errorText(nullptr, busy));
  }
  ++s.waiting;
  s.engine.clock.post([self = state_, payload = m.payload, topic = m.responseTopic, correlation = m.correlation]() mutable {
    self->receive(payload, topic, correlation, self);
  });
}

}  // namespace autolife::fleet
