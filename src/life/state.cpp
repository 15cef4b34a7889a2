#include "autolife/life/abilities.hpp"
#include "autolife/life/activity.hpp"
#include "autolife/life/safeguards.hpp"
#include "autolife/life/state.hpp"

namespace autolife::life {

std::string_view stateName(State s) {
  switch (s) {
    case State::Solitary: return "solitary";
    case State::Interactive: return "interactive";
    case State::Safeguard: return "safeguard";
    case State::Disabled: return "disabled";
  }
  return "solitary";
}

std::optional<State> parseState(std::string_view name) {
  for (State s : {State::Solitary, State::Interactive, State::Safeguard, State::Disabled})
    if (stateName(s) == name) return s;
  return std::nullopt;
}

std::string_view natureName(Nature n) { return n == Nature::Interactive ? "interactive" : "solitary"; }

std::string_view safeguardName(SafeguardCause c) { return kSafeguardNames[static_cast<std::size_t>(c)]; }

std::optional<SafeguardCause> parseSafeguard(std::string_view name) {
  for (std::size_t i = 0; i < kSafeguardNames.size(); ++i)
    if (kSafeguardNames[i] == name) return static_cast<SafeguardCause>(i);
  return std::nullopt;
}

std::vector<SafeguardCause> Safeguards::tripped() const {
  std::vector<SafeguardCause> out;
  for (std::size_t i = 0; i < active_.size(); ++i)
    if (active_[i] && enabled_[i]) out.push_back(static_cast<SafeguardCause>(i));
  return out;
}

// ---- abilities -------------------------------------------------------------

Abilities::Abilities() {
  for (auto n : kNames) enabled_.emplace(std::string(n), true);
}

bool Abilities::known(std::string_view name) {
  for (auto n : kNames)
    if (n == name) return true;
  return false;
}

bool Abilities::setEnabled(std::string_view name, bool enabled) {
  if (name == "All") {
    for (auto& [n, e] : enabled_) e = enabled;
    return true;
  }
  auto it = enabled_.find(name);
  if (it == enabled_.end()) return false;
  it->second = enabled;
  return true;
}

bool Abilities::enabled(std::string_view name) const {
  auto it = enabled_.find(name);
  return it != enabled_.end() && it->second;
}

void Abilities::configure(State state) {
  state_ = state;
  engagementMode_ = state == State::Interactive ? "FullyEngaged" : "Unengaged";
}

// Disabled: all off but SpeakingMovement. Safeguard: all stopped.
bool Abilities::allowed(std::string_view name) const {
  switch (state_) {
    case State::Solitary:
    case State::Interactive: return true;
    case State::Disabled: return name == "SpeakingMovement";
    case State::Safeguard: return false;
  }
  return false;
}

bool Abilities::running(std::string_view name) const {
  if (!enabled(name) || !allowed(name)) return false;
  if (name == "AutonomousBlinking" || name == "BasicAwareness") return true;
  // The movement abilities: the highest-priority one that applies and may
  // run takes the body.
  auto mayRun = [&](std::string_view n) { return enabled(n) && allowed(n); };
  if (speaking_ && mayRun("SpeakingMovement")) return name == "SpeakingMovement";
  if (listening_ && mayRun("ListeningMovement")) return name == "ListeningMovement";
  return name == "BackgroundMovement";
}

std::vector<Abilities::Status> Abilities::status() const {
  std::vector<Status> out;
  for (auto n : kNames) out.push_back({std::string(n), enabled(n), running(n)});
  return out;
}

}  // namespace autolife::life
