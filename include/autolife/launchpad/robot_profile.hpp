// What the Launchpad keys need to know about the robot they run on
// (REFERENCE §4): its model, its engagement zones, how far it perceives
// people, and the offset of local time from UTC. Every field can be
// overridden after taking a model's defaults.
#pragma once

#include <chrono>
#include <optional>
#include <string_view>

namespace autolife::launchpad {

enum class RobotModel { Nao, Pepper };

// "nao" or "pepper": the value of Launchpad/RobotType.
std::string_view modelName(RobotModel model);
// The inverse of modelName; nullopt for any other text.
std::optional<RobotModel> parseModel(std::string_view name);

// ALEngagementZones: two distances and an angle split the space around the
// robot into zones 1 (near, in front), 2 and 3 (see zones.hpp).
struct EngagementZones {
  double firstLimitDistance = 1.5;   // metres
  double secondLimitDistance = 2.5;  // metres
  double limitAngle = 90.0;          // degrees, the whole "in front" sector
};

struct RobotProfile {
  RobotModel model = RobotModel::Nao;
  EngagementZones zones;
  // Nobody (and no movement) farther than this is perceived.
  double perceptionRange = 3.5;  // metres
  // Local time = the engine's wall clock (UTC) + this offset; whole minutes,
  // as every real time zone is.
  std::chrono::minutes utcOffset{0};

  // The REFERENCE §4 defaults of each model.
  static RobotProfile nao();
  static RobotProfile pepper();
  static RobotProfile forModel(RobotModel model);
};

}  // namespace autolife::launchpad
