#include "autolife/robot/body_model.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "autolife/launchpad/posture.hpp"

namespace autolife::robot {

namespace {

// NAO H25 (V5/V6), from the joint tables of the NAO documentation.
std::vector<JointInfo> naoJoints() {
  return {
      {"HeadYaw", -2.0857, 2.0857, 8.26, 1.55},
      {"HeadPitch", -0.6720, 0.5149, 7.19, 1.55},
      {"LShoulderPitch", -2.0857, 2.0857, 8.26, 1.33},
      {"LShoulderRoll", -0.3142, 1.3265, 7.19, 1.33},
      {"LElbowYaw", -2.0857, 2.0857, 8.26, 1.33},
      {"LElbowRoll", -1.5446, -0.0349, 7.19, 1.33},
      {"LWristYaw", -1.8238, 1.8238, 24.62, 0.16},
      {"LHand", 0.0, 1.0, 8.33, 0.16},
      {"LHipYawPitch", -1.145303, 0.740810, 4.16, 3.35},
      {"LHipRoll", -0.379472, 0.790477, 4.16, 3.35},
      {"LHipPitch", -1.535889, 0.484090, 6.40, 3.02},
      {"LKneePitch", -0.092346, 2.112528, 6.40, 3.02},
      {"LAnklePitch", -1.189516, 0.922747, 6.40, 3.02},
      {"LAnkleRoll", -0.397880, 0.769001, 4.16, 3.35},
      {"RHipYawPitch", -1.145303, 0.740810, 4.16, 3.35},
      {"RHipRoll", -0.790477, 0.379472, 4.16, 3.35},
      {"RHipPitch", -1.535889, 0.484090, 6.40, 3.02},
      {"RKneePitch", -0.103083, 2.120198, 6.40, 3.02},
      {"RAnklePitch", -1.186448, 0.932056, 6.40, 3.02},
      {"RAnkleRoll", -0.768992, 0.397935, 4.16, 3.35},
      {"RShoulderPitch", -2.0857, 2.0857, 8.26, 1.33},
      {"RShoulderRoll", -1.3265, 0.3142, 7.19, 1.33},
      {"RElbowYaw", -2.0857, 2.0857, 8.26, 1.33},
      {"RElbowRoll", 0.0349, 1.5446, 7.19, 1.33},
      {"RWristYaw", -1.8238, 1.8238, 24.62, 0.16},
      {"RHand", 0.0, 1.0, 8.33, 0.16},
  };
}

// Pepper 1.8, from the joint tables of the Pepper documentation.
std::vector<JointInfo> pepperJoints() {
  return {
      {"HeadYaw", -2.0857, 2.0857, 7.33, 2.0},
      {"HeadPitch", -0.7068, 0.6371, 9.23, 2.0},
      {"HipRoll", -0.5149, 0.5149, 2.27, 10.0},
      {"HipPitch", -1.0385, 1.0385, 2.90, 10.0},
      {"KneePitch", -0.5149, 0.5149, 2.94, 10.0},
      {"LShoulderPitch", -2.0857, 2.0857, 7.33, 2.0},
      {"LShoulderRoll", 0.0087, 1.5620, 9.27, 2.0},
      {"LElbowYaw", -2.0857, 2.0857, 7.33, 2.0},
      {"LElbowRoll", -1.5620, -0.0087, 9.27, 2.0},
      {"LWristYaw", -1.8239, 1.8239, 17.38, 0.2},
      {"LHand", 0.0, 1.0, 6.28, 0.2},
      {"RShoulderPitch", -2.0857, 2.0857, 7.33, 2.0},
      {"RShoulderRoll", -1.5620, -0.0087, 9.27, 2.0},
      {"RElbowYaw", -2.0857, 2.0857, 7.33, 2.0},
      {"RElbowRoll", 0.0087, 1.5620, 9.27, 2.0},
      {"RWristYaw", -1.8239, 1.8239, 17.38, 0.2},
      {"RHand", 0.0, 1.0, 6.28, 0.2},
  };
}

std::vector<std::size_t> range(std::size_t from, std::size_t to) {
  std::vector<std::size_t> r;
  for (std::size_t i = from; i < to; ++i) r.push_back(i);
  return r;
}

std::vector<std::size_t> join(std::vector<std::size_t> a, const std::vector<std::size_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The right side mirrors the left: rolls and yaws change sign.
using Arm = std::array<double, 6>;  // ShoulderPitch, ShoulderRoll, ElbowYaw, ElbowRoll, WristYaw, Hand
using Leg = std::array<double, 6>;  // HipYawPitch, HipRoll, HipPitch, KneePitch, AnklePitch, AnkleRoll
Arm mirrorArm(const Arm& l) { return {l[0], -l[1], -l[2], -l[3], -l[4], l[5]}; }
Leg mirrorLeg(const Leg& l) { return {l[0], -l[1], l[2], l[3], l[4], -l[5]}; }

std::vector<double> naoAngles(std::array<double, 2> head, const Arm& arm, const Leg& leg) {
  std::vector<double> a(head.begin(), head.end());
  a.insert(a.end(), arm.begin(), arm.end());
  a.insert(a.end(), leg.begin(), leg.end());
  const Leg rleg = mirrorLeg(leg);
  a.insert(a.end(), rleg.begin(), rleg.end());
  const Arm rarm = mirrorArm(arm);
  a.insert(a.end(), rarm.begin(), rarm.end());
  return a;
}

std::vector<double> pepperAngles(std::array<double, 2> head, std::array<double, 3> leg, const Arm& arm) {
  std::vector<double> a(head.begin(), head.end());
  a.insert(a.end(), leg.begin(), leg.end());
  a.insert(a.end(), arm.begin(), arm.end());
  const Arm rarm = mirrorArm(arm);
  a.insert(a.end(), rarm.begin(), rarm.end());
  return a;
}

PostureInfo posture(std::string name, std::vector<double> angles, bool recognisable = true) {
  std::string family(launchpad::postureFamily(name));
  return {std::move(name), std::move(family), std::move(angles), recognisable};
}

std::vector<PostureInfo> naoPostures() {
  const Arm standArm{1.40, 0.30, -1.39, -1.00, 0.0, 0.25};
  const Arm zeroArm{0, 0, 0, 0, 0, 0};
  const Arm crouchArm{1.55, 0.13, -1.39, -0.40, 0.0, 0.0};
  const Arm sitArm{0.90, 0.20, -1.20, -0.80, 0.0, 0.25};
  const Arm relaxArm{2.00, 0.20, -0.50, -0.30, 0.0, 0.25};
  const Arm lyingArm{1.50, 0.10, 0.0, -0.10, 0.0, 0.0};
  return {
      posture("Stand", naoAngles({0, 0}, standArm, {0, 0, -0.17, 0.35, -0.18, 0})),
      posture("StandInit", naoAngles({0, 0}, standArm, {0, 0, -0.45, 0.70, -0.35, 0})),
      posture("StandZero", naoAngles({0, 0}, zeroArm, {0, 0, 0, 0, 0, 0})),
      posture("Crouch", naoAngles({0, 0}, crouchArm, {0, 0, -0.87, 2.11, -1.18, 0})),
      posture("Sit", naoAngles({0, 0}, sitArm, {-0.60, 0.17, -1.53, 0.87, 0.90, 0})),
      posture("SitRelax", naoAngles({0, 0}, relaxArm, {-0.60, 0.17, -1.00, 0.87, 0.90, 0})),
      posture("LyingBack", naoAngles({0, 0}, lyingArm, {0, 0, 0, 0, 0, 0}), false),
      posture("LyingBelly", naoAngles({0, 0}, lyingArm, {0, 0, 0, 0, 0, 0}), false),
  };
}

std::vector<PostureInfo> pepperPostures() {
  const Arm standArm{1.58, 0.13, -1.22, -0.52, 0.0, 0.6};
  const Arm zeroArm{0, 0, 0, 0, 0, 0};
  const Arm crouchArm{1.56, 0.12, -1.22, -0.52, 0.0, 0.0};
  return {
      posture("Stand", pepperAngles({0, -0.21}, {0, -0.03, 0}, standArm)),
      posture("StandInit", pepperAngles({0, -0.21}, {0, -0.04, -0.01}, standArm)),
      posture("StandZero", pepperAngles({0, 0}, {0, 0, 0}, zeroArm)),
      posture("Crouch", pepperAngles({0, 0.40}, {0, -1.0385, 0.5149}, crouchArm)),
  };
}

}  // namespace

BodyModel::BodyModel(launchpad::RobotModel model) : model_(model) {
  if (model == launchpad::RobotModel::Pepper) {
    joints_ = pepperJoints();
    const auto head = range(0, 2), leg = range(2, 5), larm = range(5, 11), rarm = range(11, 17);
    chains_ = {{"Head", head}, {"Leg", leg}, {"LArm", larm}, {"RArm", rarm}, {"Arms", join(larm, rarm)}, {"Legs", leg}};
    postureJoints_ = leg;
    postures_ = pepperPostures();
    walkSpeed_ = 0.35;
    turnSpeed_ = 1.0;
  } else {
    joints_ = naoJoints();
    const auto head = range(0, 2), larm = range(2, 8), lleg = range(8, 14), rleg = range(14, 20), rarm = range(20, 26);
    chains_ = {{"Head", head},  {"LArm", larm}, {"LLeg", lleg}, {"RLeg", rleg},
               {"RArm", rarm},  {"Arms", join(larm, rarm)}, {"Legs", join(lleg, rleg)}};
    postureJoints_ = join(lleg, rleg);
    postures_ = naoPostures();
    walkSpeed_ = 0.1;
    turnSpeed_ = 0.5;
    coupledHips_ = std::make_pair(std::size_t{8}, std::size_t{14});
  }
  const auto all = range(0, joints_.size());
  for (const char* alias : {"Body", "BodyJoints", "BodyActuators", "JointActuators", "Joints", "Actuators"})
    chains_.emplace_back(alias, all);
  // Every posture angle lies inside the limits (StandZero's elbows cannot be 0).
  for (auto& p : postures_)
    for (std::size_t j = 0; j < joints_.size(); ++j) p.angles[j] = std::clamp(p.angles[j], joints_[j].min, joints_[j].max);
}

const BodyModel& BodyModel::of(launchpad::RobotModel model) {
  static const BodyModel nao(launchpad::RobotModel::Nao);
  static const BodyModel pepper(launchpad::RobotModel::Pepper);
  return model == launchpad::RobotModel::Pepper ? pepper : nao;
}

std::optional<std::size_t> BodyModel::joint(std::string_view name) const {
  for (std::size_t i = 0; i < joints_.size(); ++i)
    if (joints_[i].name == name) return i;
  return std::nullopt;
}

std::optional<std::vector<std::size_t>> BodyModel::chain(std::string_view name) const {
  for (const auto& [n, joints] : chains_)
    if (n == name) return joints;
  return std::nullopt;
}

std::vector<std::string> BodyModel::chainNames() const {
  std::vector<std::string> out;
  for (const auto& c : chains_) out.push_back(c.first);
  return out;
}

const PostureInfo* BodyModel::posture(std::string_view name) const {
  for (const auto& p : postures_)
    if (p.name == name) return &p;
  return nullptr;
}

std::vector<std::string> BodyModel::postureFamilies() const {
  std::vector<std::string> out;
  for (const auto& p : postures_)
    if (std::find(out.begin(), out.end(), p.family) == out.end()) out.push_back(p.family);
  return out;
}

}  // namespace autolife::robot
