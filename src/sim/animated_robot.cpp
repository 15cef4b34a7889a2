#include "autolife/sim/animated_robot.hpp"

#include <map>
#include <optional>

#include "autolife/core/ascii.hpp"
#include "autolife/behavior/box_paths.hpp"
#include "autolife/robot/body_model.hpp"

namespace autolife::sim {

namespace {

using launchpad::RobotModel;

const char* nameOf(RobotModel model) { return model == RobotModel::Pepper ? "Pepper" : "NAO"; }

// Each robot the timelines name, with the first thing that named it.
using Evidence = std::map<RobotModel, std::string>;

void written(Evidence& models, const std::string& model) {
  const std::string m = core::asciiLower(model);
  if (m == "juliette" || m == "pepper") models.emplace(RobotModel::Pepper, "model \"" + model + "\"");
  if (m == "nao") models.emplace(RobotModel::Nao, "model \"" + model + "\"");
}

void moved(Evidence& joints, const std::string& joint) {
  const bool nao = robot::BodyModel::of(RobotModel::Nao).joint(joint).has_value();
  const bool pepper = robot::BodyModel::of(RobotModel::Pepper).joint(joint).has_value();
  if (nao != pepper) joints.emplace(nao ? RobotModel::Nao : RobotModel::Pepper, joint);
}

}  // namespace

std::optional<AnimatedRobot> robotAnimatedBy(const behavior::Behavior& behavior) {
  Evidence models, joints;
  behavior::forEachBox(behavior, [&](const behavior::Box& box, const std::string&, const behavior::Box*) {
    if (!box.timeline || box.timeline->actuators.curves.empty()) return;  // a model with nothing animated says nothing
    written(models, box.timeline->actuators.model);
    for (const auto& curve : box.timeline->actuators.curves) moved(joints, curve.actuator);
  });
  if (models.size() == 1) {
    const auto& [model, said] = *models.begin();
    return AnimatedRobot{model, std::string("its timelines are made for ") + nameOf(model) + " (" + said + ")"};
  }
  if (models.empty() && joints.size() == 1) {
    const auto& [model, joint] = *joints.begin();
    return AnimatedRobot{model, "its timelines move " + joint + ", which only " + nameOf(model) + " has"};
  }
  return std::nullopt;
}

}  // namespace autolife::sim
