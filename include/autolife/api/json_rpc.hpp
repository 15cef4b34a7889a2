// JSON-RPC 2.0 messages (docs/api.md): reading requests, writing responses,
// errors and notifications. Every error carries a machine-readable reason
// in `error.data.reason`, the CallError reason when a service refused.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/core/value.hpp"
#include "autolife/service/service.hpp"

namespace autolife::api {

using Json = nlohmann::json;

// The error codes the API answers with: JSON-RPC's own, and two of ours.
namespace code {
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
constexpr int kRefused = -32000;        // a service refused the call (its own reason)
constexpr int kLimitExceeded = -32001;  // a limit of docs/api.md was exceeded
}  // namespace code

class RpcError : public std::runtime_error {
public:
  RpcError(int code, std::string reason, const std::string& message)
      : std::runtime_error(message), code_(code), reason_(std::move(reason)) {}
  int code() const { return code_; }
  const std::string& reason() const { return reason_; }

private:
  int code_;
  std::string reason_;
};

// The code for a service's refusal: unknown service or method -32601, wrong
// arguments -32602, an unexpected failure -32603, anything else -32000.
int codeForReason(std::string_view reason);
RpcError fromCallError(const service::CallError& e);

struct Request {
  Json id;                    // a string, a number or null (written back as it came)
  bool notification = false;  // no id member: no response
  std::string method;
  core::Value params;         // an Array, a Map, or Invalid when absent
};

// Parses a message's text (strict integers, nesting bounded by maxDepth):
// RpcError parse-error or too-deep otherwise.
Json parseMessage(std::string_view text, std::size_t maxDepth);
// One request of a message: RpcError invalid-request when it is not one.
// `id` is set whenever one could be read, to answer with it.
Request readRequest(const Json& message, Json& id);

// A response's text: {"id", "jsonrpc": "2.0", "result"} in nlohmann's key
// order, the result's written without building the response object (the
// common answer of every call); an error's {"error": {code, data: {reason},
// message}, "id", "jsonrpc"}.
std::string resultText(const Json& id, const Json& result);
// The same for a service's result (its JSON text: bytes as a string, a tuple
// as an array; an object cannot be written: std::invalid_argument).
std::string resultText(const Json& id, const core::Value& result);
// The same written over `out`, whose memory is reused.
void writeResultText(std::string& out, const Json& id, const Json& result);
void writeResultText(std::string& out, const Json& id, const core::Value& result);
std::string errorText(const Json& id, const RpcError& error);
Json notification(std::string_view method, Json params);
// Serialised as one line; invalid UTF-8 in strings is replaced, not thrown.
std::string text(const Json& message);

}  // namespace autolife::api
