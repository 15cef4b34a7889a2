// The autonomous abilities (REFERENCE §5): which are enabled (the user's
// choice, kept across states), which the state allows, and which run.
// SpeakingMovement > ListeningMovement > BackgroundMovement: one of the three
// runs at a time; AutonomousBlinking and BasicAwareness run alongside.
#pragma once

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/life/state.hpp"

namespace autolife::life {

class Abilities {
public:
  static constexpr std::array<std::string_view, 5> kNames = {
      "AutonomousBlinking", "BackgroundMovement", "BasicAwareness", "ListeningMovement", "SpeakingMovement"};

  Abilities();
  static bool known(std::string_view name);

  // `name` is an ability or "All"; false for an unknown name.
  bool setEnabled(std::string_view name, bool enabled);
  bool enabled(std::string_view name) const;

  // Reconfigures for a state entry (or reassertion): what the state allows,
  // and BasicAwareness's engagement mode.
  void configure(State state);
  void setSpeaking(bool speaking) { speaking_ = speaking; }
  void setListening(bool listening) { listening_ = listening; }

  bool running(std::string_view name) const;
  // "Unengaged" in solitary, "FullyEngaged" in interactive.
  const std::string& engagementMode() const { return engagementMode_; }

  struct Status {
    std::string name;
    bool enabled;
    bool running;
  };
  std::vector<Status> status() const;  // in kNames order

private:
  bool allowed(std::string_view name) const;
  std::map<std::string, bool, std::less<>> enabled_;
  State state_ = State::Solitary;
  bool speaking_ = false;
  bool listening_ = false;
  std::string engagementMode_ = "Unengaged";
};

}  // namespace autolife::life
