#include "autolife/fleet/fleet_server.hpp"

#include <map>

#include "autolife/api/json_rpc.hpp"
#include "autolife/api/server.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/fleet/assets.hpp"
#include "autolife/fleet/fleet_view.hpp"
#include "autolife/fleet/topics.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/net/stream.hpp"
#include "autolife/service/service.hpp"

namespace autolife::fleet {

namespace {

using core::Value;
using service::CallError;
using service::Type;

// How long the dashboard's probe waits for a TCP connection.
constexpr auto kProbeTimeout = std::chrono::seconds(3);

// A robot's answer, a JSON-RPC response, as the call's outcome.
service::Outcome outcomeOf(const std::string& text) {
  try {
    const auto response = core::parseJson(text, 256);
    if (response.is_object() && response.contains("result")) return core::jsonToValue(response["result"]);
    if (response.is_object() && response.contains("error") && response["error"].is_object()) {
      const auto& e = response["error"];
      const auto reason = e.contains("data") && e["data"].is_object() && e["data"].value("reason", nlohmann::json()).is_string()
                              ? e["data"]["reason"].get<std::string>()
                              : std::string("error");
      return CallError(reason, e.value("message", nlohmann::json()).is_string() ? e["message"].get<std::string>() : reason);
    }
  } catch (const std::exception&) {
  }
  return CallError("bad-answer", "the robot's answer is not a JSON-RPC response: " + text.substr(0, 200));
}

}  // namespace

struct FleetServer::Impl : std::enable_shared_from_this<Impl> {
  Impl(net::EventLoop& l, FleetOptions o) : loop(l), options(std::move(o)), memory(l.clock()) {}

  void build() {
    std::weak_ptr<Impl> weak = weak_from_this();
    auto onLoop = [weak, &clock = loop.clock()](auto f) {
      clock.post([weak, f = std::move(f)] {
        if (auto self = weak.lock(); self && !self->stopped) f(*self);
      });
    };
    mqtt::Client::Handlers handlers;
    handlers.connected = [onLoop] { onLoop([](Impl& s) { s.brokerChanged(true, ""); }); };
    handlers.unreachable = [onLoop](const std::string& why) { onLoop([why](Impl& s) { s.brokerChanged(false, why); }); };
    handlers.message = [onLoop](const mqtt::Message& m) { onLoop([m](Impl& s) { s.heard(m); }); };
    client = std::make_unique<mqtt::Client>(options.client, std::move(handlers));
    // Answers come back on a topic of this client's own (docs/fleet.md's ACL).
    replyTopic = std::string(kRoot) + "/fleet/" + client->options().clientId + "/reply";
    for (const auto leaf : kRetained) client->subscribe(everyRobot(leaf));
    client->subscribe(everyRobot(topic::Transition));
    client->subscribe(everyRobot(topic::Problem));
    client->subscribe(replyTopic);
    services.add(makeService());
    server = std::make_unique<api::Server>(engine::ServiceAccess{loop.clock(), memory, services}, loop,
                                           api::ServerOptions{options.host, options.port, options.token, api::Limits{}});
    server->serveFiles(findAsset);
  }

  std::shared_ptr<service::Service> makeService() {
    auto s = std::make_shared<service::Service>("Fleet", "autolife fleet: the robots on the broker (docs/fleet.md)");
    std::weak_ptr<Impl> weak = weak_from_this();
    s->method("robots", {}, Type::List, "Every robot the broker knows, sorted by name",
              [weak](const service::Arguments&) { return weak.lock() ? weak.lock()->view.robots() : Value(Value::Array{}); });
    s->method("broker", {}, Type::Map, "{url, connected}: the broker and whether the fleet reaches it",
              [weak](const service::Arguments&) { return weak.lock() ? weak.lock()->brokerStatus() : Value(); });
    s->asyncMethod("call", {{"robot", Type::String}, {"method", Type::String}, {"params", Type::Any}}, Type::Any,
                   "A JSON-RPC call to a robot over the broker (its network API's methods): its result, or its refusal",
                   [weak](const service::Arguments& a, service::Reply reply) {
                     auto self = weak.lock();
                     if (!self) return reply(CallError("stopped", "the fleet is stopping"));
                     self->call(service::stringArg(a, 0), service::stringArg(a, 1), a.at(2), std::move(reply));
                   });
    s->signal("robot", {{"change", Type::Map}}, "A robot changed: {name, <what changed>: value}");
    s->signal("broker", {{"status", Type::Map}}, "The broker reached or lost: {url, connected}");
    service = s;
    return s;
  }

  // ---- on the loop's thread ----

  Value brokerStatus() const {
    return Value::Map{{"url", mqtt::brokerText(options.client.broker)}, {"connected", brokerUp}};
  }

  void brokerChanged(bool up, const std::string& why) {
    brokerUp = up;
    if (options.log) {
      if (up) options.log("info", "MQTT: following the robots on " + mqtt::brokerText(options.client.broker));
      else options.log("warning", "MQTT broker " + mqtt::brokerText(options.client.broker) + " unreachable: " + why + "; retrying with backoff");
    }
    service->emit("broker", brokerStatus());
  }

  void heard(const mqtt::Message& m) {
    if (m.topic == replyTopic) return answered(m);
    auto change = view.apply(m);
    if (!change) return;
    service->emit("robot", *change);
    const auto parsed = parseTopic(m.topic);
    if (parsed->leaf == topic::Dashboard || (parsed->leaf == topic::Online && view.online(parsed->robot))) probe(parsed->robot);
  }

  void call(const std::string& robot, const std::string& method, const Value& params, service::Reply reply) {
    if (auto problem = robotNameProblem(robot); !problem.empty()) return reply(CallError("bad-argument", problem));
    if (!brokerUp) return reply(CallError("broker-unreachable", "the fleet does not reach the broker now"));
    if (!view.online(robot)) return reply(CallError("robot-offline", robot + " is not online"));
    const auto id = std::to_string(nextCall++);
    nlohmann::json request{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
    try {
      if (!params.isInvalid()) request["params"] = core::valueToJson(params);
    } catch (const std::invalid_argument& e) {
      return reply(CallError("bad-argument", std::string("params: ") + e.what()));
    }
    if (!client->publish(mqtt::Message{topicOf(robot, topic::Call), api::text(request), 1, false, replyTopic, id}))
      return reply(CallError("broker-unreachable", "the call could not be sent to the broker"));
    const auto timer = loop.clock().schedule(
        loop.clock().now() + std::chrono::duration_cast<core::Duration>(options.callTimeout),
        [weak = weak_from_this(), id, robot] {
          auto self = weak.lock();
          if (!self) return;
          auto it = self->pending.find(id);
          if (it == self->pending.end()) return;
          auto r = std::move(it->second.reply);
          self->pending.erase(it);
          r(CallError("robot-timeout", robot + " did not answer within " + std::to_string(self->options.callTimeout.count()) + " ms"));
        });
    pending.emplace(id, Pending{std::move(reply), timer});
  }

  void answered(const mqtt::Message& m) {
    if (!m.correlation) return;
    auto it = pending.find(*m.correlation);
    if (it == pending.end()) return;  // timed out already
    loop.clock().cancel(it->second.timer);
    auto reply = std::move(it->second.reply);
    pending.erase(it);
    reply(outcomeOf(m.payload));
  }

  // Whether the robot's dashboard answers from here: a TCP connection.
  void probe(const std::string& robot) {
    const auto address = httpAddressOf(view.dashboard(robot));
    if (!address) {
      if (auto change = view.setReachable(robot, false)) service->emit("robot", *change);
      return;
    }
    std::shared_ptr<net::Stream> stream = net::Stream::client(loop.ioContext(), nullptr);
    const auto timer = loop.clock().schedule(loop.clock().now() + std::chrono::duration_cast<core::Duration>(kProbeTimeout),
                                             [stream] { stream->close(); });
    stream->connect(net::Url{false, address->host, address->port},
                    [weak = weak_from_this(), stream, timer, robot](const std::string& error) {
                      auto self = weak.lock();
                      if (!self) return;
                      self->loop.clock().cancel(timer);
                      stream->close();
                      if (self->stopped) return;
                      if (auto change = self->view.setReachable(robot, error.empty() && self->view.online(robot)))
                        self->service->emit("robot", *change);
                    });
  }

  struct Pending {
    service::Reply reply;
    core::TimerId timer;
  };

  net::EventLoop& loop;
  FleetOptions options;
  memory::Memory memory;  // the API's subscriptions need one; the page subscribes to signals only
  service::Registry services;
  std::shared_ptr<service::Service> service;
  std::unique_ptr<mqtt::Client> client;
  std::unique_ptr<api::Server> server;
  std::string replyTopic;
  // The loop's thread's:
  FleetView view;
  bool brokerUp = false;
  std::map<std::string, Pending> pending;
  std::uint64_t nextCall = 1;
  std::atomic<bool> stopped{false};
};

FleetServer::FleetServer(net::EventLoop& loop, FleetOptions options)
    : impl_(std::make_shared<Impl>(loop, std::move(options))) {
  impl_->build();
}

FleetServer::~FleetServer() { stop(); }

std::string FleetServer::start() {
  auto address = impl_->server->start();
  impl_->client->start();
  return address;
}

void FleetServer::stop() {
  if (impl_->stopped.exchange(true)) return;
  impl_->client->stop();
  impl_->server->stop();
}

}  // namespace autolife::fleet
