#include "autolife/fleet/topics.hpp"

namespace autolife::fleet {

std::string topicOf(std::string_view robot, std::string_view leaf) {
  std::string t(kRoot);
  t += '/';
  t += robot;
  t += '/';
  t += leaf;
  return t;
}

std::string everyRobot(std::string_view leaf) { return topicOf("+", leaf); }

std::optional<RobotTopic> parseTopic(std::string_view topic) {
  if (!topic.starts_with(kRoot) || topic.size() <= kRoot.size() || topic[kRoot.size()] != '/') return std::nullopt;
  topic.remove_prefix(kRoot.size() + 1);
  const auto slash = topic.find('/');
  if (slash == std::string_view::npos || slash == 0) return std::nullopt;
  const auto leaf = topic.substr(slash + 1);
  if (leaf.empty() || leaf.find('/') != std::string_view::npos) return std::nullopt;
  return RobotTopic{std::string(topic.substr(0, slash)), std::string(leaf)};
}

std::string robotNameProblem(std::string_view name) {
  if (name.empty()) return "a robot's name may not be empty";
  if (name.size() > 64) return "a robot's name is at most 64 bytes";
  if (name == "fleet") return "'fleet' is not a robot's name: autolife/fleet/ holds the fleet pages' answers";
  for (const unsigned char c : name) {
    if (c == '/' || c == '+' || c == '#') return "a robot's name may not hold '/', '+' or '#' (MQTT topic characters)";
    if (c < 0x20 || c == 0x7f) return "a robot's name may not hold control characters";
  }
  return {};
}

}  // namespace autolife::fleet
