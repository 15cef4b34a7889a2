// The five safeguard causes (REFERENCE §5): which are active (the world says
// so) and which Life handles (setSafeguardEnabled; all enabled again at the
// end of each activity). Life enters safeguard when one is both.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace autolife::life {

enum class SafeguardCause { RobotFell, RobotPushed, RobotMoved, CriticalDiagnosis, CriticalTemperature };
inline constexpr std::array<std::string_view, 5> kSafeguardNames = {
    "RobotFell", "RobotPushed", "RobotMoved", "CriticalDiagnosis", "CriticalTemperature"};
std::string_view safeguardName(SafeguardCause c);
std::optional<SafeguardCause> parseSafeguard(std::string_view name);

class Safeguards {
public:
  void setEnabled(SafeguardCause c, bool enabled) { enabled_[index(c)] = enabled; }
  bool enabled(SafeguardCause c) const { return enabled_[index(c)]; }
  void enableAll() { enabled_.fill(true); }

  void setActive(SafeguardCause c, bool active) { active_[index(c)] = active; }
  bool active(SafeguardCause c) const { return active_[index(c)]; }

  // Active and handled: what puts (or keeps) life in safeguard.
  std::vector<SafeguardCause> tripped() const;

private:
  static std::size_t index(SafeguardCause c) { return static_cast<std::size_t>(c); }
  std::array<bool, 5> enabled_{true, true, true, true, true};
  std::array<bool, 5> active_{};
};

}  // namespace autolife::life
