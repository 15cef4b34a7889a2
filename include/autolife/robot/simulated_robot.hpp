// The simulated robot behind the NAOqi services real behaviors call:
// ALTextToSpeech, ALAnimatedSpeech, ALMotion, ALRobotPosture, ALLeds, DCM,
// ALAudioPlayer, ALBasicAwareness, the system's (ALSystem, ALRobotModel,
// ALBattery, ALBodyTemperature, ALAudioDevice), the tablet, animations,
// navigation, perception, touch, cameras and notifications, and a stub of
// every other NAOqi module (ALMemory and Life's are the engine's). It owns
// the body state (joints, stiffness, posture, base, LEDs, speech, sounds,
// screen) of a NAO or a Pepper, writes memory as the robot would, and makes
// its actions take robot time on the engine clock (docs/robot.md).
//
// It starts awake, standing ("Stand"), every joint stiff, LEDs in their
// default state.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "autolife/core/signal.hpp"
#include "autolife/robot/animated_speech.hpp"
#include "autolife/robot/animation_player.hpp"
#include "autolife/robot/audio_player.hpp"
#include "autolife/robot/basic_awareness.hpp"
#include "autolife/robot/body.hpp"
#include "autolife/robot/dcm.hpp"
#include "autolife/robot/devices.hpp"
#include "autolife/robot/leds.hpp"
#include "autolife/robot/motion.hpp"
#include "autolife/robot/navigation.hpp"
#include "autolife/robot/perception.hpp"
#include "autolife/robot/robot_core.hpp"
#include "autolife/robot/robot_posture.hpp"
#include "autolife/robot/system_services.hpp"
#include "autolife/robot/tablet.hpp"
#include "autolife/robot/text_to_speech.hpp"

namespace autolife::robot {

class SimulatedRobot {
public:
  SimulatedRobot(memory::Memory& memory, core::Clock& clock, launchpad::RobotModel model);
  ~SimulatedRobot();
  SimulatedRobot(const SimulatedRobot&) = delete;
  SimulatedRobot& operator=(const SimulatedRobot&) = delete;

  // Adds the modelled services (CallError service-exists if a name is
  // taken), then a stub of every other NAOqi catalog module no one
  // registered (registerCatalogStubs).
  void registerServices(service::Registry& registry);
  // The stubs alone: each catalog module the registry lacks, every method
  // answering the neutral value of its type. The engine calls it again
  // once its own services are in, so that they keep their names.
  static void registerCatalogStubs(service::Registry& registry);
  // The modelled service objects, as registered.
  std::vector<std::shared_ptr<service::Service>> makeServices();
  // The names of every service the simulated robot registers, modelled or
  // stubbed (a connected robot's own replace them): the catalog's modules
  // but the engine's own (engineServiceNames).
  static const std::vector<std::string>& serviceNames();
  // The catalog modules the engine itself provides (ALMemory,
  // ALAutonomousLife, ALBehaviorManager, ALKnowledge, ALPreferenceManager,
  // PackageManager, and the dialog engine's ALDialog and
  // ALSpeechRecognition).
  static const std::vector<std::string>& engineServiceNames();

  launchpad::RobotModel model() const { return core_.model; }
  Body& body() { return body_; }
  TextToSpeech& textToSpeech() { return tts_; }
  AnimatedSpeech& animatedSpeech() { return animatedSpeech_; }
  Motion& motion() { return motion_; }
  RobotPosture& posture() { return posture_; }
  Leds& leds() { return leds_; }
  AudioPlayer& audioPlayer() { return audio_; }
  BasicAwareness& basicAwareness() { return awareness_; }
  RobotSystem& system() { return system_; }
  Tablet& tablet() { return tablet_; }
  AnimationPlayer& animationPlayer() { return animations_; }
  Perception& perception() { return perception_; }
  Devices& devices() { return devices_; }

  // The posture changed (name, family), at the end of the move that changed
  // it; the engine tells the Launchpad keys.
  core::Signal<const std::string&, const std::string&>& postureChanged() { return body_.postureChanged; }

private:
  RobotCore core_;
  Body body_;
  TextToSpeech tts_;
  AnimatedSpeech animatedSpeech_;
  Motion motion_;
  RobotPosture posture_;
  Leds leds_;
  Dcm dcm_;
  AudioPlayer audio_;
  BasicAwareness awareness_;
  RobotSystem system_;
  Tablet tablet_;
  AnimationPlayer animations_;
  Navigation navigation_;
  Perception perception_;
  Devices devices_;
};

}  // namespace autolife::robot
