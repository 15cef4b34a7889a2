#include "autolife/api/api.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/service/service.hpp"

#include <optional>
#include <string>
#include <thread>

namespace autolife::api {

namespace {

// Each parameter's and result's kind ("string", "list"...) and, additively,
// its exact qi signature ("[s]"); each method says whether the simulation
// models it (a catalog stub answers a neutral value).
Json describeService(const service::Service& s) {
  auto parameters = [](const std::vector<service::Parameter>& ps) {
    Json out = Json::array();
    for (const auto& p : ps)
      out.push_back({{"name", p.name}, {"type", service::typeName(p.type)}, {"signature", p.type.signature()}});
    return out;
  };
  Json methods = Json::array(), signals = Json::array();
  for (const auto& m : s.methods()) {
    Json method = {{"name", m.name},
                   {"parameters", parameters(m.parameters)},
                   {"result", service::typeName(m.result)},
                   {"resultSignature", m.result.signature()},
                   {"description", m.description},
                   {"modelled", m.modelled}};
    if (m.variadic) method["variadic"] = true;
    methods.push_back(std::move(method));
  }
  for (const auto& sig : s.signals())
    signals.push_back({{"name", sig.name}, {"parameters", parameters(sig.parameters)}, {"description", sig.description}});
  return {{"description", s.description()}, {"methods", methods}, {"signals", signals}};
}

bool namesMatch(const service::Method& m, const core::Value::Map& object) {
  if (m.parameters.size() != object.size()) return false;
  for (const auto& p : m.parameters)
    if (!object.contains(p.name)) return false;
  return true;
}

// This thread's response text, whose memory serves every response made on
// it: a view of it holds until the next response on this thread
// (Responder's contract: the text is valid during the call).
std::string& responseBuffer() {
  thread_local std::string text;
  return text;
}

// The response's text to a request (its id; none, "", for a notification)
// from what `run` returns (JSON, or a service's value) or throws, in
// responseBuffer().
template <class Run>
std::string_view respond(const Json& id, bool notification, const Run& run) {
  std::string& text = responseBuffer();
  std::optional<RpcError> failed;
  try {
    const auto& result = run();  // a reference to the outcome's value, or a temporary kept alive
    if (notification) return {};
    writeResultText(text, id, result);
    return text;
  } catch (const RpcError& e) {
    failed = e;
  } catch (const service::CallError& e) {
    failed = fromCallError(e);
  } catch (const std::exception& e) {
    failed.emplace(code::kInternalError, "error", e.what());
  }
  if (notification) return {};
  text.assign(errorText(id, *failed));
  return text;
}

template <class Run>
std::string_view respond(const Request& request, const Run& run) {
  return respond(request.id, request.notification, run);
}

class FunctionResponder : public Responder, public std::enable_shared_from_this<FunctionResponder> {
public:
  explicit FunctionResponder(std::function<void(std::string_view)> f) : f_(std::move(f)) {}
  void respond(std::string_view text) override { f_(text); }
  std::shared_ptr<Responder> keep() override { return shared_from_this(); }

private:
  std::function<void(std::string_view)> f_;
};

// A call's outcome as respond's `run` gives it: the value, or its error thrown.
const service::Any& answerWith(const service::Outcome& outcome) {
  if (const auto* error = std::get_if<service::CallError>(&outcome)) throw *error;
  const auto& result = std::get<service::Any>(outcome);
  // An object (ALExpressionWatcher.add's) lives where it is held: JSON
  // cannot hand it out. Its signal comes through a subscription.
  if (result.isObject())
    throw service::CallError("use-subscribe",
                             "the result is an object, which JSON cannot carry; ALExpressionWatcher.add's is "
                             R"(subscribe {"expression": "...", "reportMode": 0|1|2})");
  return result;
}

}  // namespace

std::shared_ptr<Responder> responder(std::function<void(std::string_view)> f) {
  return std::make_shared<FunctionResponder>(std::move(f));
}

service::Arguments argumentsFor(const service::Service& s, std::string_view method, const core::Value& params) {
  if (params.isInvalid()) return {};
  if (params.isArray()) return params.asArray();
  const auto& named = params.asMap();  // readRequest let only arrays and objects through
  for (const auto& m : s.methods()) {
    if (m.name != method || !namesMatch(m, named)) continue;
    service::Arguments args;
    for (const auto& p : m.parameters) args.push_back(named.find(p.name)->second);
    return args;
  }
  std::string names;
  for (const auto& [k, v] : named) names += (names.empty() ? "" : ", ") + k;
  throw service::CallError("wrong-arity", s.name() + "." + std::string(method) + " has no overload taking (" +
                                              names + ")");
}

Json Api::describe() const {
  Json services = Json::object();
  for (const auto& name : engine_.services.names())
    if (auto s = engine_.services.find(name)) services[name] = describeService(*s);
  return {{"services", services}};
}

void Api::execute(const Request& request, Client& client, Responder& to) {
  const auto dot = request.method.find('.');
  if (dot == std::string::npos) return to.respond(respond(request, [&] { return dispatch(request, client); }));
  // Service.method: a method that answers later (a robot's) answers on the
  // engine's thread once it does; any other answers here, now.
  const std::string_view qualified = request.method;
  const std::string_view serviceName = qualified.substr(0, dot), method = qualified.substr(dot + 1);
  std::shared_ptr<service::Service> s;
  service::Arguments named;  // arguments given by name, in the declaration's order
  try {
    s = engine_.services.find(serviceName);
    if (!s) throw service::CallError("no-such-service", "there is no service named " + std::string(serviceName));
    if (!request.params.isArray()) named = argumentsFor(*s, method, request.params);
  } catch (...) {
    const auto refused = std::current_exception();
    return to.respond(respond(request, [&]() -> Json { std::rethrow_exception(refused); }));
  }
  // Positional arguments are the request's own array, not a copy.
  const auto& arguments = request.params.isArray() ? request.params.asArray() : named;
  if (auto outcome = engine_.services.callAtOnce(serviceName, s, method, arguments))
    return to.respond(respond(request, [&] { return answerWith(*outcome); }));
  // What the answer needs of the request: its id, not its params (copied for nothing).
  const auto here = std::this_thread::get_id();
  auto& clock = engine_.clock;
  engine_.services.callAsync(serviceName, s, method, arguments,
                             [id = request.id, notification = request.notification, here, &clock,
                              to = to.keep()](service::Outcome outcome) mutable {
                               auto respondWith = [id = std::move(id), notification, to = std::move(to),
                                                   outcome = std::move(outcome)] {
                                 to->respond(respond(id, notification, [&] { return answerWith(outcome); }));
                               };
                               if (std::this_thread::get_id() == here) return respondWith();
                               clock.post(std::move(respondWith));
                             });
}

Json Api::dispatch(const Request& request, Client& client) {
  if (request.method == "describe") return describe();
  if (request.method == "subscribe") return subscribe(request.params, client);
  if (request.method == "unsubscribe") return unsubscribe(request.params, client);
  throw RpcError(code::kMethodNotFound, "no-such-method",
                 "'" + request.method + "' is neither Service.method nor describe, subscribe, unsubscribe");
}

namespace {

const core::Value& member(const core::Value& params, const char* name, std::size_t position) {
  if (const auto* named = params.find(name)) return *named;
  if (params.isArray() && params.asArray().size() > position) return params.asArray()[position];
  static const core::Value missing;
  return missing;
}

// How many members the params have (none when absent).
std::size_t sizeOf(const core::Value& params) {
  return params.isMap() ? params.asMap().size() : params.isArray() ? params.asArray().size() : 0;
}

RpcError badParams(const std::string& message) { return {code::kInvalidParams, "bad-argument", message}; }

}  // namespace

Json Api::subscribe(const core::Value& params, Client& client) {
  if (!client.streaming)
    throw RpcError(code::kRefused, "needs-websocket", "subscriptions are delivered over a WebSocket, not HTTP");
  const auto& event = member(params, "event", 0);
  const auto& signal = member(params, "signal", 0);
  if (params.isMap() && sizeOf(params) == 1 && event.isString()) return client.subscriptions.toEvent(event.asString());
  if (params.isMap() && sizeOf(params) == 1 && signal.isString()) return client.subscriptions.toSignal(signal.asString());
  // ALExpressionWatcher.add's object, as a subscription (an object cannot
  // cross JSON): {"expression": "...", "reportMode": 0|1|2} (default 0).
  const auto* expression = params.find("expression");
  const auto* mode = params.find("reportMode");
  if (params.isMap() && expression && expression->isString() && sizeOf(params) == (mode ? 2u : 1u) &&
      (!mode || mode->isInt()))
    return client.subscriptions.toExpression(expression->asString(), mode ? static_cast<int>(mode->asInt()) : 0);
  throw badParams(
      R"(subscribe takes {"event": "memory/key"}, {"signal": "Service.signal"} or {"expression": "condition", "reportMode": 0|1|2})");
}

Json Api::unsubscribe(const core::Value& params, Client& client) {
  const auto& id = member(params, "subscription", 0);
  if (!(id.isInt() || id.isUInt()) || sizeOf(params) != 1)
    throw badParams(R"(unsubscribe takes {"subscription": id} or [id])");
  const auto subscription = id.isInt() ? id.asInt() : static_cast<std::int64_t>(id.asUInt());
  if (!client.subscriptions.remove(subscription))
    throw RpcError(code::kRefused, "no-such-subscription",
                   "this connection has no subscription " + std::to_string(subscription));
  return true;
}

}  // namespace autolife::api
