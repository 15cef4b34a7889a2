// ALAnimationPlayer, simulated: an animation takes time and is recorded.
// The robot's stock animations (the NAOqi catalog's list for NAO or
// Pepper, with their tags) last kStockSeconds; an application's own
// animation (a behavior of an installed package, "uuid/path") lasts as
// long as its timeline, as the engine's resolver reads it. runTag picks,
// in turn, each animation the tag names: a run is reproducible.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class AnimationPlayer {
public:
  // NAOqi's stock gestures last from about one to about four seconds; one
  // length stands for all of them (docs/robot.md).
  static constexpr double kStockSeconds = 2.5;

  explicit AnimationPlayer(RobotCore& core);

  std::shared_ptr<service::Service> makeService();

  // How long an animation that is not a stock one lasts, if the engine
  // knows it (an installed package's behavior); nullopt: unknown.
  using Resolver = std::function<std::optional<double>(const std::string& name)>;
  void setResolver(Resolver resolver);

  // The animations played, in order (full names).
  std::vector<std::string> played() const;

  // The robot's stock animations by their behavior names, as
  // ALBehaviorManager runs them ("animations/Stand/Gestures/Hey_1"; a
  // trailing '/' is ignored): whether `name` is one, and all of them.
  bool isStock(const std::string& name) const;
  std::vector<std::string> stockNames() const;
  // Records a stock animation run as a behavior (ALBehaviorManager); it
  // lasts kStockSeconds.
  void playedAsBehavior(const std::string& name);

private:
  // The animation's full name and length; refuses an unknown one. Takes
  // the robot's lock only to read the resolver, which it calls unlocked
  // (the engine's reads the packages and the behavior's file).
  std::pair<std::string, double> find(const std::string& name) const;
  std::vector<std::string> tagged(const std::string& tag, const std::string& under) const;  // the robot's lock held
  void play(const std::string& name, double seconds);

  RobotCore& core_;
  Resolver resolver_;
  std::map<std::string, std::vector<std::string>> customTags_;  // addTagForAnimations
  std::vector<std::string> tagPaths_;                           // declarePathForTags
  std::map<std::string, std::size_t> turns_;                    // runTag's next pick, by tag
  std::vector<std::string> played_;
};

}  // namespace autolife::robot
