#include "autolife/api/json_rpc.hpp"

#include <charconv>

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

namespace {

void appendInteger(std::string& out, auto n) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  out.append(digits, end);
}

// The ids and results most calls have (null, a boolean, an integer) as
// nlohmann writes them, without its serializer (a tenth of a call's time);
// false for anything else.
bool appendPlain(std::string& out, const Json& j) {
  switch (j.type()) {
    case Json::value_t::null: out += "null"; return true;
    case Json::value_t::boolean: out += j.get<bool>() ? "true" : "false"; return true;
    case Json::value_t::number_integer: appendInteger(out, j.get<std::int64_t>()); return true;
    case Json::value_t::number_unsigned: appendInteger(out, j.get<std::uint64_t>()); return true;
    default: return false;
  }
}

bool appendPlain(std::string& out, const core::Value& v) {
  switch (v.type()) {
    case core::Value::Type::Invalid: out += "null"; return true;
    case core::Value::Type::Bool: out += v.asBool() ? "true" : "false"; return true;
    case core::Value::Type::Int: appendInteger(out, v.asInt()); return true;
    default: return false;
  }
}

std::string textOf(const Json& json) { return text(json); }
std::string textOf(const core::Value& value) { return text(core::valueToJson(value)); }

template <class Result>
void writeResultTextOf(std::string& out, const Json& id, const Result& result) {
  out.assign(R"({"id":)");
  if (!appendPlain(out, id)) out += text(id);
  out += R"(,"jsonrpc":"2.0","result":)";
  if (!appendPlain(out, result)) out += textOf(result);
  out += '}';
}

template <class Result>
std::string resultTextOf(const Json& id, const Result& result) {
  std::string out;
  out.reserve(64);
  writeResultTextOf(out, id, result);
  return out;
}

}  // namespace

std::string resultText(const Json& id, const Json& result) { return resultTextOf(id, result); }

std::string resultText(const Json& id, const core::Value& result) { return resultTextOf(id, result); }

void writeResultText(std::string& out, const Json& id, const Json& result) { writeResultTextOf(out, id, result); }

void writeResultText(std::string& out, const Json& id, const core::Value& result) { writeResultTextOf(out, id, result); }

std::string errorText(const Json& id, const RpcError& error) {
  return text(Json{{"jsonrpc", "2.0"},
                   {"id", id},
                   {"error", {{"code", error.code()}, {"message", error.what()}, {"data", {{"reason", error.reason()}}}}}});
}

}  // namespace autolife::api
