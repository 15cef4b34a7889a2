#include "autolife/launchpad/robot_profile.hpp"

namespace autolife::launchpad {

std::string_view modelName(RobotModel model) {
  return model == RobotModel::Pepper ? "pepper" : "nao";
}

std::optional<RobotModel> parseModel(std::string_view name) {
  if (name == "nao") return RobotModel::Nao;
  if (name == "pepper") return RobotModel::Pepper;
  return std::nullopt;
}

RobotProfile RobotProfile::nao() {
  RobotProfile p;
  p.model = RobotModel::Nao;
  p.zones = {1.5, 2.5, 90.0};
  return p;
}

// REFERENCE §4: Pepper's zones are much closer than NAO's.
RobotProfile RobotProfile::pepper() {
  RobotProfile p;
  p.model = RobotModel::Pepper;
  p.zones = {0.8, 0.9, 90.0};
  return p;
}

RobotProfile RobotProfile::forModel(RobotModel model) {
  return model == RobotModel::Pepper ? pepper() : nao();
}

}  // namespace autolife::launchpad
