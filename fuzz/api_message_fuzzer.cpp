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
// Not sent: PackageManager.install (json_rpc_check.hpp says why).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "autolife/api/connection.hpp"
#include "engine_harness.hpp"
#include "json_rpc_check.hpp"

namespace {

using namespace autolife;
using api::Json;

// One engine for the whole run (engine_harness.hpp); each input is a new connection.
struct Harness : fuzz::EngineHarness {
  Harness() : EngineHarness("api_message") {}
  std::shared_ptr<api::Api> api = std::make_shared<api::Api>(engine, api::Limits{});
};

Harness& harness() {
  // Never destroyed: the engine's threads outlive exit() otherwise.
  static Harness* h = new Harness;
  return *h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (fuzz::callsInstall(text)) return 0;
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
  fuzz::checkAnswer(answer);
  return 0;
}
