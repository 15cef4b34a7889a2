#include "autolife/api/api.hpp"
#include "autolife/service/later.hpp"
#include "autolife/service/service.hpp"

namespace autolife::api {

namespace {

Json describeService(const service::Service& s) {
  auto parameters = [](const std::vector<service::Parameter>& ps) {
    Json out = Json::array();
    for (const auto& p : ps) out.push_back({{"name", p.name}, {"type", service::typeName(p.type)}});
    return out;
  };
  Json methods = Json::array(), signals = Json::array();
  for (const auto& m : s.methods())
    methods.push_back({{"name", m.name},
                       {"parameters", parameters(m.parameters)},
                       {"result", service::typeName(m.result)},
                       {"description", m.description}});
  for (const auto& sig : s.signals())
    signals.push_back({{"name", sig.name}, {"parameters", parameters(sig.parameters)}, {"description", sig.description}});
  return {{"description", s.description()}, {"methods", methods}, {"signals", signals}};
}

bool namesMatch(const service::Method& m, const Json& object) {
  if (m.parameters.size() != object.size()) return false;
  for (const auto& p : m.parameters)
    if (!object.contains(p.name)) return false;
  return true;
}

}  // namespace

service::Arguments argumentsFor(const service::Service& s, std::string_view method, const Json& params) {
  if (params.is_null()) return {};
  if (params.is_array()) return service::Arguments(params.begin(), params.end());
  for (const auto& m : s.methods()) {
    if (m.name != method || !namesMatch(m, params)) continue;
    service::Arguments args;
    for (const auto& p : m.parameters) args.push_back(params.at(p.name));
    return args;
  }
  std::string names;
  for (const auto& [k, v] : params.items()) names += (names.empty() ? "" : ", ") + k;
  throw service::CallError("wrong-arity", s.name() + "." + std::string(method) + " has no overload taking (" +
                                              names + ")");
}

Json Api::describe() const {
  Json services = Json::object();
  for (const auto& name : engine_.services.names())
    if (auto s = engine_.services.find(name)) services[name] = describeService(*s);
  return {{"services", services}};
}

Json Api::execute(const Request& request, Client& client) {
  Json result;
  try {
    result = resultResponse(request.id, dispatch(request, client));
  } catch (const RpcError& e) {
    result = errorResponse(request.id, e);
  } catch (const service::CallError& e) {
    result = errorResponse(request.id, fromCallError(e));
  } catch (const std::exception& e) {
    result = errorResponse(request.id, RpcError(code::kInternalError, "error", e.what()));
  }
  return request.notification ? Json() : result;
}

void Api::execute(const Request& request, Client& client, std::function<void(Json)> done) {
  service::LaterScope later;
  Json response = execute(request, client);
  auto answer = later.taken();
  if (!answer) return done(std::move(response));
  answer->then([id = request.id, notification = request.notification, done = std::move(done)](
                   const service::Any* value, std::exception_ptr error) {
    Json result;
    try {
      if (!value) std::rethrow_exception(error);
      result = resultResponse(id, *value);
    } catch (const service::CallError& e) {
      result = errorResponse(id, fromCallError(e));
    } catch (const std::exception& e) {
      result = errorResponse(id, RpcError(code::kInternalError, "error", e.what()));
    }
    done(notification ? Json() : std::move(result));
  });
}

Json Api::dispatch(const Request& request, Client& client) {
  if (request.method.find('.') != std::string::npos) return callService(request);
  if (request.method == "describe") return describe();
  if (request.method == "subscribe") return subscribe(request.params, client);
  if (request.method == "unsubscribe") return unsubscribe(request.params, client);
  throw RpcError(code::kMethodNotFound, "no-such-method",
                 "'" + request.method + "' is neither Service.method nor describe, subscribe, unsubscribe");
}

Json Api::callService(const Request& request) {
  const auto dot = request.method.find('.');
  const std::string serviceName = request.method.substr(0, dot), method = request.method.substr(dot + 1);
  auto s = engine_.services.find(serviceName);
  if (!s) throw service::CallError("no-such-service", "there is no service named " + serviceName);
  return engine_.services.call(serviceName, method, argumentsFor(*s, method, request.params));
}

namespace {

const Json& member(const Json& params, const char* name, std::size_t position) {
  if (params.is_object() && params.contains(name)) return params.at(name);
  if (params.is_array() && params.size() > position) return params.at(position);
  static const Json missing;
  return missing;
}

RpcError badParams(const std::string& message) { return {code::kInvalidParams, "bad-argument", message}; }

}  // namespace

Json Api::subscribe(const Json& params, Client& client) {
  if (!client.streaming)
    throw RpcError(code::kRefused, "needs-websocket", "subscriptions are delivered over a WebSocket, not HTTP");
  const Json& event = member(params, "event", 0);
  const Json& signal = member(params, "signal", 0);
  if (params.is_object() && params.size() == 1 && event.is_string())
    return client.subscriptions.toEvent(event.get<std::string>());
  if (params.is_object() && params.size() == 1 && signal.is_string())
    return client.subscriptions.toSignal(signal.get<std::string>());
  throw badParams(R"(subscribe takes {"event": "memory/key"} or {"signal": "Service.signal"})");
}

Json Api::unsubscribe(const Json& params, Client& client) {
  const Json& id = member(params, "subscription", 0);
  if (!id.is_number_integer() || params.size() != 1)
    throw badParams(R"(unsubscribe takes {"subscription": id} or [id])");
  if (!client.subscriptions.remove(id.get<std::int64_t>()))
    throw RpcError(code::kRefused, "no-such-subscription",
                   "this connection has no subscription " + std::to_string(id.get<std::int64_t>()));
  return true;
}

}  // namespace autolife::api
