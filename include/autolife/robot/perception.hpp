// The perception services a behavior asks about people (docs/robot.md):
// ALPeoplePerception, ALFaceDetection, ALEngagementZones, ALMood and
// ALUserSession. They answer from the NAOqi memory keys a robot's
// extractors write (PeoplePerception/*, EngagementZones/*, UserSession/*):
// in simulation the world writes them, on a robot the robot does; these
// services only read them. Their own settings (ranges, limits, learnt
// faces, subscriptions) are theirs.
//
// While someone is subscribed to ALFaceDetection, a change of
// PeoplePerception/VisiblePeopleList raises FaceDetected with the faces of
// the people visible, as NAOqi's extractor does (an empty list when the
// last face is lost).
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

class Perception {
public:
  explicit Perception(RobotCore& core);
  ~Perception();
  Perception(const Perception&) = delete;
  Perception& operator=(const Perception&) = delete;

  std::shared_ptr<service::Service> makePeoplePerception();
  std::shared_ptr<service::Service> makeFaceDetection();
  std::shared_ptr<service::Service> makeEngagementZones();
  std::shared_ptr<service::Service> makeMood();
  std::shared_ptr<service::Service> makeUserSession();

  // The people visible now (PeoplePerception/VisiblePeopleList), by id.
  std::vector<int> visiblePeople() const;

private:
  // A key's value as JSON; null when it is not in memory.
  service::Any read(const std::string& key) const;
  std::vector<int> ids(const std::string& key) const;
  void faceDetectionSubscribed(bool on);
  // unengaged, semiEngaged or fullyEngaged, from the people in memory.
  std::string attentionNow() const;
  void followPeople(const std::shared_ptr<service::Service>& mood);
  void facesChanged();
  // Extractor subscriptions, shared by every extractor-like service.
  void declareSubscriptions(naoqi::ServiceBuilder& b, const std::string& extractor);

  RobotCore& core_;
  std::map<std::string, std::set<std::string>> subscribers_;  // by extractor
  std::map<std::string, bool> switches_;                      // "ALPeoplePerception/FaceDetection"...
  std::map<std::string, double> settings_;                    // ranges and limits
  std::vector<std::string> learntFaces_;
  std::shared_ptr<memory::Subscriber> visible_;  // while ALFaceDetection has subscribers
  bool facesSeen_ = false;
  std::shared_ptr<memory::Subscriber> people_;  // ALMood's: PopulationUpdated
};

}  // namespace autolife::robot
