#include "autolife/fleet/broadcaster.hpp"

#include <deque>
#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include "autolife/fleet/topics.hpp"

namespace autolife::fleet {

struct Broadcaster::State {
  explicit State(BroadcasterOptions o) : options(std::move(o)) {}

  void say(const char* level, const std::string& text) const {
    if (options.log) options.log(level, text);
  }
  std::string brokerText() const { return mqtt::brokerText(options.client.broker); }

  // Under the lock. False when the client could not send it: the link is
  // down (its handler will say so), what follows waits.
  bool send(std::string_view leaf, const std::string& payload, bool retain) {
    if (client->publish(mqtt::Message{topicOf(options.robot, leaf), payload, 1, retain, {}, std::nullopt})) return true;
    live = false;
    return false;
  }

  void wait(std::string_view leaf, std::string payload) {
    if (options.maxWaiting == 0) {
      ++dropped;
      return;
    }
    if (waiting.size() >= options.maxWaiting) {
      waiting.pop_front();
      ++dropped;
    }
    waiting.emplace_back(std::string(leaf), std::move(payload));
  }

  // A connection (the client's thread): online, what is kept, then what
  // waited, oldest first; live once all of it is handed to the client.
  void connected() {
    std::lock_guard lock(mutex);
    live = true;
    if (!send(topic::Online, "true", true)) return;
    for (const auto leaf : kRetained) {
      auto it = retained.find(std::string(leaf));
      if (it != retained.end() && !send(leaf, it->second, true)) return;
    }
    const std::size_t sent = waiting.size();
    while (!waiting.empty()) {
      if (!send(waiting.front().first, waiting.front().second, false)) return;
      waiting.pop_front();
      ++published;
    }
    // Events are dropped only while away: those since the last connection.
    const auto droppedAway = dropped - droppedAtConnection;
    droppedAtConnection = dropped;
    if (saidAway)
      say("info", "MQTT broker " + brokerText() + " reached" + (everConnected ? " again" : "") + ": " + std::to_string(sent) +
                      " events that waited sent, " + std::to_string(droppedAway) + " older ones dropped");
    else if (!everConnected)
      say("info", "MQTT: publishing to " + brokerText() + " as " + topicOf(options.robot, "#"));
    everConnected = true;
    saidAway = false;
  }

  void unreachable(const std::string& why) {
    std::lock_guard lock(mutex);
    live = false;
    saidAway = true;
    say("warning", "MQTT broker " + brokerText() + " unreachable: " + why + "; retrying with backoff, up to " +
                       std::to_string(options.maxWaiting) + " events wait, the oldest dropped beyond");
  }

  BroadcasterOptions options;
  mqtt::Client* client = nullptr;  // set once made, before it starts
  mutable std::mutex mutex;
  bool live = false;  // connected, and nothing waits: events go out at once
  std::map<std::string, std::string> retained;
  std::deque<std::pair<std::string, std::string>> waiting;
  std::uint64_t published = 0, dropped = 0, droppedAtConnection = 0;
  bool everConnected = false, saidAway = false;
};

Broadcaster::Broadcaster(BroadcasterOptions options) {
  if (auto problem = robotNameProblem(options.robot); !problem.empty()) throw std::invalid_argument(problem);
  options.client.will = mqtt::Message{topicOf(options.robot, topic::Online), "false", 1, true, {}, std::nullopt};
  if (options.client.clientId.empty()) options.client.clientId = "autolife-" + options.robot;
  state_ = std::make_shared<State>(options);
  std::weak_ptr<State> weak = state_;
  mqtt::Client::Handlers handlers;
  handlers.connected = [weak] {
    if (auto s = weak.lock()) s->connected();
  };
  handlers.unreachable = [weak](const std::string& why) {
    if (auto s = weak.lock()) s->unreachable(why);
  };
  handlers.message = [weak](const mqtt::Message& m) {
    if (auto s = weak.lock(); s && s->options.call) s->options.call(m);
  };
  client_ = std::make_unique<mqtt::Client>(state_->options.client, std::move(handlers));
  state_->client = client_.get();
  client_->subscribe(topicOf(state_->options.robot, topic::Call));
}

Broadcaster::~Broadcaster() { stop(); }

void Broadcaster::start() { client_->start(); }

void Broadcaster::stop() { client_->stop(true); }

void Broadcaster::retain(std::string_view leaf, std::string payload) {
  std::lock_guard lock(state_->mutex);
  auto& kept = state_->retained[std::string(leaf)];
  if (kept == payload && !kept.empty()) return;  // the broker has it
  kept = std::move(payload);
  if (state_->live) state_->send(leaf, kept, true);
}

void Broadcaster::event(std::string_view leaf, std::string payload) {
  std::lock_guard lock(state_->mutex);
  if (state_->live && state_->send(leaf, payload, false)) {
    ++state_->published;
    return;
  }
  state_->wait(leaf, std::move(payload));
}

bool Broadcaster::answer(const mqtt::Message& message) { return client_->publish(message); }

Broadcaster::Counts Broadcaster::counts() const {
  std::lock_guard lock(state_->mutex);
  return {state_->published, state_->waiting.size(), state_->dropped};
}

bool Broadcaster::connected() const { return client_->connected(); }

const std::string& Broadcaster::robot() const { return state_->options.robot; }

}  // namespace autolife::fleet
