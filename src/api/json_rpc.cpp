#include "autolife/api/json_rpc.hpp"

#include "autolife/core/value_json.hpp"

namespace autolife::api {

int codeForReason(std::string_view reason) {
  if (reason == "no-such-service" || reason == "no-such-method" || reason == "bad-method-name")
    return code::kMethodNotFound;
  if (reason == "wrong-arity" || reason == "bad-argument") return code::kInvalidParams;
  if (reason == "error") return code::kInternalError;
  return code::kRefused;
}

RpcError fromCallError(const service::CallError& e) { return {codeForReason(e.reason()), e.reason(), e.what()}; }

Json parseMessage(std::string_view text, std::size_t maxDepth) {
  try {
    return core::parseJson(text, maxDepth);
  } catch (const Json::parse_error& e) {
    throw RpcError(code::kParseError, "parse-error", std::string("not JSON: ") + e.what());
  } catch (const std::invalid_argument& e) {
    const std::string why = e.what();
    const bool deep = why.find("nested") != std::string::npos;
    throw RpcError(deep ? code::kInvalidRequest : code::kParseError, deep ? "too-deep" : "parse-error", why);
  }
}

namespace {

bool validId(const Json& id) { return id.is_string() || id.is_number() || id.is_null(); }

RpcError invalid(const std::string& message) { return {code::kInvalidRequest, "invalid-request", message}; }

}  // namespace

Request readRequest(const Json& message, Json& id) {
  if (!message.is_object()) throw invalid("a request is a JSON object");
  Request r;
  auto found = message.find("id");
  r.notification = found == message.end();
  if (!r.notification && validId(*found)) id = r.id = *found;
  if (!r.notification && !validId(*found)) throw invalid("id must be a string, a number or null");
  auto version = message.find("jsonrpc");
  if (version == message.end() || *version != "2.0") throw invalid("jsonrpc must be \"2.0\"");
  auto method = message.find("method");
  if (method == message.end() || !method->is_string()) throw invalid("method must be a string");
  r.method = method->get<std::string>();
  auto params = message.find("params");
  if (params != message.end()) {
    if (!params->is_array() && !params->is_object()) throw invalid("params must be an array or an object");
    r.params = core::jsonToValue(*params);
  }
  return r;
}

Json notification(std::string_view method, Json params) {
  return Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

std::string text(const Json& message) { return message.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string resultText(const Json& id, const Json& result) {
  std::string out = R"({"id":)";
  out += text(id);
  out += R"(,"jsonrpc":"2.0","result":)";
  out += text(result);
  out += '}';
  return out;
}

std::string resultText(const Json& id, const core::Value& result) { return resultText(id, core::valueToJson(result)); }

std::string errorText(const Json& id, const RpcError& error) {
  return text(Json{{"jsonrpc", "2.0"},
                   {"id", id},
                   {"error", {{"code", error.code()}, {"message", error.what()}, {"data", {{"reason", error.reason()}}}}}});
}

}  // namespace autolife::api
