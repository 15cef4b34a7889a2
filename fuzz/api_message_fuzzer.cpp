// libFuzzer target for the network API's messages (docs/api.md): the input
// is the text of one WebSocket message or HTTP body, given to
// api::Connection::receive, the function both transports hand every message
// to. It parses the JSON (bounded depth), reads each request of a batch,
// applies the limits, and runs the calls on the engine's thread: here a
// whole engine (all its services) on a virtual clock, run until the answer
// is there. Whatever the bytes: exactly one answer, empty (notifications
// only) or JSON-RPC 2.0: an object, or for a batch an array of objects,
// each with jsonrpc "2.0", an id, and a result or an error with an integer
// code and a reason.
//
// Not sent: PackageManager.install, which reads (and installs) whatever path
// it is given; a fuzzer that guesses "/dev/stdin" only finds a blocked read.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "autolife/api/connection.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/engine/engine.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace autolife;
using api::Json;

// One engine for the whole run: building one costs more than most messages.
// Each input is a new connection; the engine's time moves 1 s per input so
// that what a call started (a move, a timer) ends instead of piling up.
struct Harness {
  core::VirtualClock clock;
  engine::Engine engine{clock, engineOptions()};
  std::shared_ptr<api::Api> api = std::make_shared<api::Api>(engine, api::Limits{});

  Harness() {
    engine.start();
    clock.runUntil(clock.now());
  }
  static engine::EngineOptions engineOptions() {
    engine::EngineOptions o;
    o.packageRoot = fuzz::scratchFolder("api_message") / "packages";
    return o;
  }
};

Harness& harness() {
  // Never destroyed: the engine's threads outlive exit() otherwise.
  static Harness* h = new Harness;
  return *h;
}

bool callsInstall(std::string_view text) {
  Json message;
  try {
    message = api::parseMessage(text, api::Limits{}.maxDepth);
  } catch (const api::RpcError&) {
    return false;
  }
  const auto& items = message.is_array() ? message : Json::array({message});
  for (const auto& item : items) {
    if (!item.is_object()) continue;
    auto method = item.find("method");
    if (method != item.end() && method->is_string() && *method == "PackageManager.install") return true;
  }
  return false;
}

void checkResponse(const Json& r, const std::string& answer) {
  if (!r.is_object()) fuzz::fail("a response that is not an object", answer);
  if (r.value("jsonrpc", "") != "2.0") fuzz::fail("a response without jsonrpc 2.0", answer);
  if (!r.contains("id")) fuzz::fail("a response without an id", answer);
  const bool result = r.contains("result"), error = r.contains("error");
  if (result == error) fuzz::fail("a response with both or neither of result and error", answer);
  if (error) {
    const Json& e = r["error"];
    if (!e.is_object() || !e.contains("code") || !e["code"].is_number_integer() || !e.contains("message") ||
        !e["message"].is_string() || !e.contains("data") || !e["data"].is_object() ||
        !e["data"].contains("reason") || !e["data"]["reason"].is_string())
      fuzz::fail("a malformed error", answer);
  }
}

void checkAnswer(const std::string& answer) {
  if (answer.empty()) return;  // notifications only
  if (!Json::accept(answer)) fuzz::fail("an answer that is not JSON", answer);
  const Json parsed = Json::parse(answer);
  if (parsed.is_array()) {
    if (parsed.empty()) fuzz::fail("an empty batch answer", answer);
    for (const auto& r : parsed) checkResponse(r, answer);
  } else {
    checkResponse(parsed, answer);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (callsInstall(text)) return 0;
  Harness& h = harness();
  int answers = 0;
  std::string answer;
  {
    // Odd sizes come over WebSocket (streaming: may subscribe), even ones over HTTP.
    api::Connection connection(h.api, [](std::string) {}, size % 2 == 1);
    connection.receive(text, *api::responder([&](std::string_view a) {
      ++answers;
      answer = a;
    }));
    h.clock.runUntil(h.clock.now());
  }
  h.clock.runUntil(h.clock.now() + core::fromSeconds(1));
  if (answers != 1) fuzz::fail("not exactly one answer", std::to_string(answers));
  checkAnswer(answer);
  return 0;
}
