#include "autolife/robot/simulated_robot.hpp"

#include <algorithm>

namespace autolife::robot {

SimulatedRobot::SimulatedRobot(memory::Memory& memory, core::Clock& clock, launchpad::RobotModel model)
    : core_(memory, clock, model),
      body_(core_),
      tts_(core_),
      animatedSpeech_(core_, tts_),
      motion_(core_, body_),
      posture_(core_, body_),
      leds_(core_),
      dcm_(core_, leds_),
      audio_(core_),
      awareness_(core_),
      system_(core_),
      tablet_(core_),
      animations_(core_),
      navigation_(core_, body_, motion_),
      perception_(core_),
      devices_(core_) {}

// Pending clock tasks and registered handlers must not reach a robot that is gone.
SimulatedRobot::~SimulatedRobot() { core_.shutdown(); }

std::vector<std::shared_ptr<service::Service>> SimulatedRobot::makeServices() {
  return {tts_.makeService(),
          animatedSpeech_.makeService(),
          motion_.makeService(),
          posture_.makeService(),
          leds_.makeService(),
          dcm_.makeService(),
          audio_.makeService(),
          awareness_.makeService(),
          system_.makeSystem(),
          system_.makeRobotModel(),
          system_.makeBattery(),
          system_.makeBodyTemperature(),
          system_.makeAudioDevice(),
          tablet_.makeService(),
          animations_.makeService(),
          navigation_.makeNavigation(),
          navigation_.makeLocalization(),
          navigation_.makeAutonomousMoves(),
          perception_.makePeoplePerception(),
          perception_.makeFaceDetection(),
          perception_.makeEngagementZones(),
          perception_.makeMood(),
          perception_.makeUserSession(),
          devices_.makeTouch(),
          devices_.makeVideoDevice(),
          devices_.makePhotoCapture(),
          devices_.makeNotificationManager()};
}

const std::vector<std::string>& SimulatedRobot::engineServiceNames() {
  static const std::vector<std::string> names{"ALAutonomousLife",    "ALBehaviorManager",   "ALDialog",      "ALKnowledge",
                                              "ALMemory",            "ALPreferenceManager", "ALSpeechRecognition", "PackageManager"};
  return names;
}

const std::vector<std::string>& SimulatedRobot::serviceNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    const auto& engine = engineServiceNames();
    for (const auto& m : naoqi::Catalog::naoqi().modules())
      if (std::find(engine.begin(), engine.end(), m.name) == engine.end()) out.push_back(m.name);
    return out;
  }();
  return names;
}

void SimulatedRobot::registerServices(service::Registry& registry) {
  for (auto& s : makeServices()) registry.add(std::move(s));
  registerCatalogStubs(registry);
}

void SimulatedRobot::registerCatalogStubs(service::Registry& registry) {
  for (const auto& m : naoqi::Catalog::naoqi().modules())
    if (!registry.find(m.name)) registry.add(naoqi::makeStubService(m));
}

}  // namespace autolife::robot
