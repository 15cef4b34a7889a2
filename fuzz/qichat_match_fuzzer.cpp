// libFuzzer target for the QiChat matcher: the input is a rule's input
// pattern, a newline, then what is said. The pattern becomes
// `u:(PATTERN) ok` in a topic with concepts (static, nested, recursive); if
// it parses, the utterance is heard. Any pattern against any bytes is
// matched or not understood, within the matcher's step budget.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "autolife/dialog/dialog.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace autolife::dialog;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto newline = input.find('\n');
  const std::string_view pattern = input.substr(0, newline);
  const std::string said(newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1));
  if (pattern.find('\n') != std::string_view::npos || pattern.find('\r') != std::string_view::npos) return 0;
  const std::string topic = "topic: ~f()\nlanguage: enu\nconcept:(a) [x y \"x y\" {z}]\nconcept:(b) [~a \"~b w\" *]\n"
                            "u:(" + std::string(pattern) + ") ok $v=$1\n  u1:(*) again\n";
  ParseResult r = parseTopic(topic, "match.top");
  if (!r.topic) return 0;
  MapVariables variables;
  Dialog dialog(variables);
  auto loaded = dialog.load(std::move(*r.topic));
  dialog.activate(loaded.name);
  Reply reply = dialog.hear(said);
  if (reply.explanation.outcome.empty()) autolife::fuzz::fail("an input without an outcome", said);
  if (reply.understood) dialog.hear(said + " " + said);
  return 0;
}
