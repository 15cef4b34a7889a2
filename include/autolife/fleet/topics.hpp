// The fleet's topics on the broker (docs/fleet.md): each robot publishes
// under autolife/ROBOT/, every payload JSON text.
//
//   retained   online (true; the will: false), state, focus, battery,
//              activities, dashboard
//   events     transition, problem
//   requests   call (JSON-RPC 2.0, answered on the MQTT 5 response topic)
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace autolife::fleet {

inline constexpr std::string_view kRoot = "autolife";

namespace topic {
inline constexpr std::string_view Online = "online";
inline constexpr std::string_view State = "state";
inline constexpr std::string_view Focus = "focus";
inline constexpr std::string_view Battery = "battery";
inline constexpr std::string_view Activities = "activities";
inline constexpr std::string_view Dashboard = "dashboard";
inline constexpr std::string_view Transition = "transition";
inline constexpr std::string_view Problem = "problem";
inline constexpr std::string_view Call = "call";
}  // namespace topic

// What a robot keeps on the broker (retained), in the order it publishes
// them on each connection.
inline constexpr std::string_view kRetained[] = {topic::Online, topic::State, topic::Focus,
                                                 topic::Battery, topic::Activities, topic::Dashboard};

// "autolife/ROBOT/leaf"
std::string topicOf(std::string_view robot, std::string_view leaf);
// "autolife/+/leaf": that leaf of every robot.
std::string everyRobot(std::string_view leaf);

struct RobotTopic {
  std::string robot;
  std::string leaf;
};
// The robot and leaf of "autolife/ROBOT/leaf"; nullopt for anything else.
std::optional<RobotTopic> parseTopic(std::string_view topic);

// Why `name` cannot name a robot (empty, a topic separator or wildcard in
// it, longer than 64 bytes, a control character, "fleet": the fleet pages'
// answers come back under autolife/fleet/), or "" when it can.
std::string robotNameProblem(std::string_view name);

}  // namespace autolife::fleet
