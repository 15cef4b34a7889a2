// libFuzzer target for the calls heard on autolife/ROBOT/call (docs/fleet.md,
// "Calls"): what `serve --mqtt` does with any message a broker hands it. The
// input's first byte says which MQTT 5 properties the message carries (bit
// 0: a response topic, bit 1: correlation data, the next up to 16 bytes; bit
// 2: a response topic with a wildcard, which the broker would not take);
// the rest is the payload, given to fleet::Calls with a small size limit
// (4 KiB, so that the oversized path is reached) and run on a whole engine.
// Whatever the bytes, nothing throws, and:
//   - without a response topic: no answer, one refusal said (the log's
//     1st, 10th, 100th...);
//   - with one: at most one answer (none for notifications only), on that
//     topic, with the correlation data as it came, JSON-RPC 2.0
//     (json_rpc_check.hpp).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "autolife/fleet/calls.hpp"
#include "engine_harness.hpp"
#include "json_rpc_check.hpp"

namespace {

using namespace autolife;

struct Harness : fuzz::EngineHarness {
  Harness() : EngineHarness("mqtt_call") {
    limits.maxMessageBytes = 4096;
    calls = std::make_unique<fleet::Calls>(
        engine, limits,
        [this](const mqtt::Message& m) {
          answers.push_back(m);
          return m.responseTopic.empty() && m.topic.find_first_of("#+") == std::string::npos;  // as a client publishes
        },
        [this](const char*, const std::string& text) { said.push_back(text); });
  }
  api::Limits limits;
  std::unique_ptr<fleet::Calls> calls;
  std::vector<mqtt::Message> answers;
  std::vector<std::string> said;
};

Harness& harness() {
  static Harness* h = new Harness;  // never destroyed: the engine's threads outlive exit() otherwise
  return *h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t flags = data[0];
  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  mqtt::Message m{"autolife/fuzz/call", {}, 1, false, {}, std::nullopt};
  if (flags & 1) m.responseTopic = (flags & 4) ? "replies/#" : "replies/fuzz";
  if (flags & 2) {
    const auto n = std::min<std::size_t>(rest.size(), 16);
    m.correlation = std::string(rest.substr(0, n));
    rest.remove_prefix(n);
  }
  m.payload = std::string(rest);
  if (fuzz::callsInstall(m.payload)) return 0;
  Harness& h = harness();
  h.answers.clear();
  h.said.clear();
  h.calls->heard(m);
  h.settle();
  if (m.responseTopic.empty()) {
    if (!h.answers.empty()) fuzz::fail("an answer to a call without a response topic", m.payload);
    return 0;
  }
  if (h.answers.size() > 1) fuzz::fail("more than one answer", std::to_string(h.answers.size()));
  if (h.answers.empty()) return 0;  // notifications only
  const auto& a = h.answers.front();
  if (a.topic != m.responseTopic) fuzz::fail("an answer on another topic", a.topic);
  if (a.correlation != m.correlation) fuzz::fail("the correlation data changed", a.correlation.value_or("(none)"));
  if (a.retain || a.qos != 1) fuzz::fail("an answer not sent at QoS 1, unretained", a.payload);
  if (a.payload.empty()) fuzz::fail("an empty answer", m.payload);
  fuzz::checkAnswer(a.payload);
  return 0;
}
