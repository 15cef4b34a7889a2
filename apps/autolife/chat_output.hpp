// How `autolife chat` prints a conversation (docs/dialog.md): plain lines
// for a person (a prompt when a person types at a terminal, what the robot
// says as heard, "(not understood)", the rule that could not answer,
// actions), or JSON Lines with the virtual time.
#pragma once

#include <functional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "autolife/dialog/services.hpp"

namespace autolife::app {

class ChatOutput {
public:
  // `interactive`: a person types at a terminal, which shows what they type.
  ChatOutput(std::ostream& out, bool json, bool interactive) : out_(out), json_(json), interactive_(interactive) {}

  void print(const dialog::DialogRecord& r);
  // Another printer's share (chat's voice): records it prints itself, and
  // what it adds to a JSON line.
  void share(std::function<bool(const dialog::DialogRecord&)> printedElsewhere,
             std::function<void(const dialog::DialogRecord&, nlohmann::ordered_json&)> decorate) {
    printedElsewhere_ = std::move(printedElsewhere);
    decorate_ = std::move(decorate);
  }
  // Before each utterance read from a terminal: "human: ".
  void prompt();
  // The input ended: the prompt's line is closed.
  void finish();

private:
  void plain(const dialog::DialogRecord& r);
  void json(const dialog::DialogRecord& r);

  std::ostream& out_;
  bool json_;
  bool interactive_;
  std::function<bool(const dialog::DialogRecord&)> printedElsewhere_;
  std::function<void(const dialog::DialogRecord&, nlohmann::ordered_json&)> decorate_;
};

// Standard input is a terminal.
bool stdinIsTerminal();

}  // namespace autolife::app
