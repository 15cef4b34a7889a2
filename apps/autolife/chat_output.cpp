#include "chat_output.hpp"

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "autolife/core/json_line.hpp"

namespace autolife::app {

namespace {

}  // namespace

bool stdinIsTerminal() { return isatty(STDIN_FILENO) == 1; }

void ChatOutput::print(const dialog::DialogRecord& r) {
  if (printedElsewhere_ && printedElsewhere_(r)) return;
  if (json_) json(r);
  else plain(r);
  out_.flush();
}

void ChatOutput::plain(const dialog::DialogRecord& r) {
  if (r.kind == "human") {
    if (!interactive_) out_ << "human: " << r.text << '\n';  // a terminal shows it after the prompt
  } else if (r.kind == "robot") {
    out_ << "robot: " << dialog::spokenText(r.text) << '\n';
  } else if (r.kind == "not-understood") {
    out_ << "robot: (not understood)\n";
  } else if (r.kind == "speak-failure") {
    out_ << "robot: (could not answer: " << r.text << ", " << r.value << ")\n";
  } else if (r.kind == "action") {
    out_ << "robot: " << dialog::actionText({r.text, r.args, {}}) << '\n';
  } else if (r.kind == "action-failed") {
    out_ << "robot: (" << dialog::actionText({r.value, r.args, {}}) << " failed: " << r.text << ")\n";
  }
}

void ChatOutput::json(const dialog::DialogRecord& r) {
  nlohmann::ordered_json j;
  j["t"] = core::toSeconds(r.time);
  if (r.kind == "set") {
    j["set"] = r.text;
    j["value"] = r.value;
  } else if (r.kind == "action") {
    j["action"] = r.text;
    j["args"] = r.args;
  } else if (r.kind == "robot") {
    j["robot"] = dialog::spokenText(r.text);
    j["raw"] = r.text;
  } else if (r.kind == "speak-failure") {
    j["speak-failure"] = r.text;
    j["at"] = r.value;
  } else if (r.kind == "action-failed") {
    j["action-failed"] = r.value;
    j["args"] = r.args;
    j["reason"] = r.text;
  } else {
    j[r.kind] = r.text;
  }
  if (decorate_) decorate_(r, j);
  out_ << core::jsonLine(j) << '\n';
}

void ChatOutput::prompt() {
  if (json_ || !interactive_) return;
  out_ << "human: " << std::flush;
}

void ChatOutput::finish() {
  if (!json_ && interactive_) out_ << '\n' << std::flush;
}

}  // namespace autolife::app
