// What the fuzz targets of the network API's messages share (the API's own,
// api_message, and the calls heard over MQTT, mqtt_call): the calls they do
// not send, and the check that an answer is JSON-RPC 2.0.
#pragma once

#include <string>
#include <string_view>

#include "autolife/api/json_rpc.hpp"
#include "autolife/api/limits.hpp"
#include "fuzz_support.hpp"

namespace autolife::fuzz {

// PackageManager.install reads (and installs) whatever path it is given: a
// fuzzer that guesses "/dev/stdin" only finds a blocked read.
inline bool callsInstall(std::string_view text) {
  api::Json message;
  try {
    message = api::parseMessage(text, api::Limits{}.maxDepth);
  } catch (const api::RpcError&) {
    return false;
  }
  const auto& items = message.is_array() ? message : api::Json::array({message});
  for (const auto& item : items) {
    if (!item.is_object()) continue;
    auto method = item.find("method");
    if (method != item.end() && method->is_string() && *method == "PackageManager.install") return true;
  }
  return false;
}

inline void checkResponse(const api::Json& r, const std::string& answer) {
  if (!r.is_object()) fail("a response that is not an object", answer);
  if (r.value("jsonrpc", "") != "2.0") fail("a response without jsonrpc 2.0", answer);
  if (!r.contains("id")) fail("a response without an id", answer);
  const bool result = r.contains("result"), error = r.contains("error");
  if (result == error) fail("a response with both or neither of result and error", answer);
  if (error) {
    const api::Json& e = r["error"];
    if (!e.is_object() || !e.contains("code") || !e["code"].is_number_integer() || !e.contains("message") ||
        !e["message"].is_string() || !e.contains("data") || !e["data"].is_object() ||
        !e["data"].contains("reason") || !e["data"]["reason"].is_string())
      fail("a malformed error", answer);
  }
}

// An answer's text: empty (notifications only), or a response, or a
// non-empty array of them.
inline void checkAnswer(const std::string& answer) {
  if (answer.empty()) return;
  if (!api::Json::accept(answer)) fail("an answer that is not JSON", answer);
  const api::Json parsed = api::Json::parse(answer);
  if (parsed.is_array()) {
    if (parsed.empty()) fail("an empty batch answer", answer);
    for (const auto& r : parsed) checkResponse(r, answer);
  } else {
    checkResponse(parsed, answer);
  }
}

}  // namespace autolife::fuzz
