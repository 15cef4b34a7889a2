// libFuzzer target for QiChat: the input is the text of a topic. Every input
// is parsed; problems must be located inside the text. A topic that parses
// is loaded into a Dialog and hears a few fixed utterances and events, so
// the matcher, the answers and the ^functions run on whatever the fuzzer
// writes (any pattern, any nesting): none may crash or hang.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "autolife/dialog/check.hpp"
#include "autolife/dialog/dialog.hpp"
#include "fuzz_support.hpp"

namespace {

bool isAscii(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace autolife::dialog;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ParseResult r = parseTopic(text, "fuzz.top");
  if (!r.topic && !autolife::core::hasErrors(r.problems)) autolife::fuzz::fail("refused without an error", std::string(text));
  for (const auto& p : r.problems)
    if (isAscii(text)) autolife::fuzz::checkLocatedIn(text, p.diagnostic, "fuzz.top");
  if (!r.topic) return 0;
  MapVariables variables;
  DialogOptions options;
  options.call = [](const std::string&, const std::vector<std::string>& args) -> std::optional<std::string> {
    return args.empty() ? std::nullopt : std::optional(args[0]);
  };
  Dialog dialog(variables, options);
  const std::string language = r.topic->language;
  auto loaded = dialog.load(std::move(*r.topic));
  dialog.setLanguage(language);
  dialog.activate(loaded.name);
  for (const char* said : {"hello", "yes", "my name is bob", "a b c d e f g h i j", "", "1 2 3"}) {
    Reply reply = dialog.hear(said);
    if (reply.explanation.outcome.empty()) autolife::fuzz::fail("an input without an outcome", said);
    for (const auto& a : reply.answers)
      for (const auto& [k, v] : a.assignments) variables.set(k, v);
  }
  for (const auto& key : dialog.eventKeys()) dialog.event(key, "1");
  dialog.nextProposal();
  return 0;
}
