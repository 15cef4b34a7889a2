// A topic loaded into a Dialog over map variables: say a line, get what the
// robot answers (assignments applied at once, as after speaking).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "autolife/dialog/dialog.hpp"

namespace autolife::dialog::testing {

// The header of the one-topic dialogs the suites write.
inline const std::string kHeader = "topic: ~t()\nlanguage: English\n";

class Conversation {
public:
  explicit Conversation(const std::string& source, DialogOptions options = {}) : dialog(variables, std::move(options)) {
    add(source);
  }
  std::string add(const std::string& source, const std::string& file = "test.top") {
    ParseResult r = parseTopic(source, file);
    for (const auto& p : r.problems) ADD_FAILURE() << p.format();
    if (!r.topic) return "";
    const std::string language = r.topic->language;
    auto loaded = dialog.load(std::move(*r.topic));
    EXPECT_EQ(loaded.error, "");
    dialog.setLanguage(language);
    dialog.activate(loaded.name);
    return loaded.name;
  }
  // The robot's answer ("" when it says nothing); "?" when not understood.
  std::string say(const std::string& utterance, double confidence = 1.0) {
    last = dialog.hear(utterance, confidence);
    return apply(last);
  }
  std::string event(const std::string& key, const std::string& value = "1") {
    variables.set(key, value);
    last = dialog.event(key, value);
    return apply(last);
  }
  std::string apply(const Reply& r) {
    std::string out;
    for (const auto& a : r.answers) {
      for (const auto& [k, v] : a.assignments) variables.set(k, v);
      for (const auto& k : a.clears) variables.clear(k);
      if (!a.text.empty()) out += (out.empty() ? "" : " | ") + a.text;
    }
    return r.understood || !r.answers.empty() ? out : "?";
  }

  MapVariables variables;
  Dialog dialog;
  Reply last;
};

}  // namespace autolife::dialog::testing
