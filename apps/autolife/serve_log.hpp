// What `autolife serve` says on stderr: one line per thing worth saying
// (a problem, an activity that failed), as a sentence, or as JSON Lines
// with --log-json, so that a supervisor can read it. The scenario's step
// outcomes are JSON either way (docs/api.md).
#pragma once

#include <iostream>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "autolife/core/json_line.hpp"
#include "autolife/core/time.hpp"
#include "autolife/dialog/dialog.hpp"

namespace autolife::app {

class ServeLog {
public:
  explicit ServeLog(bool json) : json_(json) {}

  // "autolife serve: TEXT" / {"level": "error", "message": TEXT}
  void problem(const std::string& text, const char* level = "error") {
    write({{"level", level}, {"message", text}}, text);
  }

  // A warning of the simulated robot (a method it does not model, once).
  void warning(const std::string& text) { write({{"level", "warning"}, {"message", text}}, "warning: " + text); }

  // An activity whose run ended with an error (a box raised, its program
  // failed), at engine time t.
  void activityFailed(core::Time t, const std::string& activity, const std::string& error) {
    write({{"t", core::toSeconds(t)}, {"level", "error"}, {"activity", activity}, {"error", error}},
          activity + " failed at t=" + core::formatSeconds(t) + ": " + error);
  }

  // A box's log line (self.log, self.logger, print, ALLogger), at engine time t.
  void boxLog(core::Time t, const std::string& activity, const std::string& box, const std::string& level,
              const std::string& message) {
    write({{"t", core::toSeconds(t)}, {"level", level}, {"activity", activity}, {"box", box}, {"message", message}},
          "[" + level + "] " + activity + (box.empty() ? "" : ": " + box) + ": " + message);
  }

  // An activity's behavior went idle (no box code running or due): why,
  // and what its boxes wait for; a focused one keeps the focus, as on NAOqi.
  void activityIdle(core::Time t, const std::string& activity, const std::string& why,
                    const nlohmann::ordered_json& waiting, bool focused) {
    write({{"t", core::toSeconds(t)}, {"level", "warning"}, {"activity", activity}, {"idle", why}, {"waiting", waiting}},
          activity + " is idle at t=" + core::formatSeconds(t) + ": " + why +
              (focused ? " (it keeps the focus until stopped, as on NAOqi)" : ""));
  }

  // A dialog rule that matched and cannot answer (a speak failure), at
  // engine time t: why, and the rule's file:line (issue 32).
  void dialogFailure(core::Time t, const std::string& reason, const std::string& at) {
    write({{"t", core::toSeconds(t)}, {"level", "warning"}, {"dialog", "speak-failure"}, {"reason", reason}, {"at", at}},
          "dialog could not answer at t=" + core::formatSeconds(t) + ": " + reason + " (" + at + ")");
  }

  void dialogActionFailure(core::Time t, const dialog::Action& action, const std::string& reason) {
    write({{"t", core::toSeconds(t)}, {"level", "warning"}, {"dialog", "action-failed"}, {"action", action.name},
           {"args", action.args}, {"reason", reason}},
          "dialog's " + dialog::actionText(action) + " failed at t=" + core::formatSeconds(t) + ": " + reason);
  }

  // The token, created on first use (shown once).
  void token(const std::string& value, const std::string& keptIn) {
    write({{"level", "info"}, {"message", "clients must present this token"}, {"token", value}, {"file", keptIn}},
          "clients must present this token (shown once; kept in " + keptIn + "): " + value);
  }

  // A line that is JSON in both forms (a scenario step's outcome).
  void json(const nlohmann::ordered_json& line) { emit(core::jsonLine(line)); }

  bool jsonLines() const { return json_; }

private:
  void write(const nlohmann::ordered_json& line, const std::string& sentence) {
    emit(json_ ? core::jsonLine(line) : "autolife serve: " + sentence);
  }
  void emit(const std::string& line) {
    std::lock_guard lock(mutex_);  // box threads, the engine's and the main thread write
    std::cerr << line << std::endl;
  }

  bool json_;
  std::mutex mutex_;
};

}  // namespace autolife::app
