#include "naoqi_keys.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "autolife/core/clock.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/launchpad/key_names.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/suggestions.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/naoqi/catalog.hpp"

namespace autolife::app {

namespace {

bool autolifeWrites(std::string_view key) {
  namespace lk = launchpad::keys;
  if (std::find(lk::all.begin(), lk::all.end(), key) != lk::all.end()) return true;
  if (key.starts_with(lk::FocusCountPrefix)) return true;
  using life::AutonomousLife;
  const std::array<std::string_view, 5> lifeEvents = {AutonomousLife::kStateEvent, AutonomousLife::kFocusedEvent,
                                                      AutonomousLife::kCompletedEvent, AutonomousLife::kNextEvent,
                                                      life::Suggestions::kEvent};
  if (std::find(lifeEvents.begin(), lifeEvents.end(), key) != lifeEvents.end()) return true;
  return key == "ALMemory/KeyAdded" || key == "ALMemory/KeyRemoved" || key == "ALMemory/KeyTypeChanged";
}

// NAOqi 2.5-2.8's module and extractor namespaces (the documentation's
// events and memory keys are all under one of them).
constexpr std::array<std::string_view, 40> kNamespaces = {
    "ALAnimatedSpeech/", "ALAudioSourceLocalization/", "ALBasicAwareness/", "ALBattery/",
    "ALBehaviorManager/", "ALChestButton/", "ALDiagnosis/", "ALDialog/", "ALLocalization/",
    "ALMotion/", "ALRecharge/", "ALSoundLocalization/", "ALSpeechRecognition/", "ALSystem/",
    "ALTabletService/", "ALTactileGesture/", "ALTextToSpeech/", "ALTracker/", "ALVoiceEmotionAnalysis/",
    "BacklightingDetection/", "BarcodeReader/", "DarknessDetection/", "Device/", "Dialog/",
    "EngagementZones/", "FaceCharacteristics/", "GazeAnalysis/", "MovementDetection/", "Navigation/",
    "NotificationManager/", "PeoplePerception/", "Segmentation3D/", "SittingPeopleDetection/", "UserSession/",
    "VisualCompass/", "WavingDetection/", "robot/", "ALPeoplePerception/", "ALFaceDetection/",
    "CloseObjectDetection/"};

// Events without a namespace (sensors and the older extractors).
constexpr std::array<std::string_view, 33> kEvents = {
    "FaceDetected", "WordRecognized", "LastWordRecognized", "SpeechDetected", "TouchChanged",
    "FrontTactilTouched", "MiddleTactilTouched", "RearTactilTouched", "HandRightLeftTouched",
    "HandRightRightTouched", "HandLeftLeftTouched", "HandLeftRightTouched", "LeftBumperPressed",
    "RightBumperPressed", "BackBumperPressed", "ChestButtonPressed", "BatteryChargeChanged",
    "BatteryPowerPluggedChanged", "BatteryLowDetected", "PostureChanged", "PostureFamilyChanged",
    "robotIsWakeUp", "RedBallDetected", "LandmarkDetected", "PictureDetected", "SonarLeftDetected",
    "SonarRightDetected", "HotDeviceDetected", "BodyStiffnessChanged", "footContactChanged",
    "HandLeftBackTouched", "HandRightBackTouched", "SoundDetected"};

// The keys the simulated robot has from its start, NAO's and Pepper's: what
// its world writes at boot as a robot's extractors do (decision 303:
// nobody tracked, -1; empty lists), the Launchpad's, Life's.
const std::set<std::string, std::less<>>& bootKeys() {
  static const std::set<std::string, std::less<>> keys = [] {
    std::set<std::string, std::less<>> out;
    for (auto model : {launchpad::RobotModel::Nao, launchpad::RobotModel::Pepper}) {
      core::VirtualClock clock;
      engine::EngineOptions options;
      options.model = model;
      engine::Engine engine(clock, options);
      engine.start();
      clock.runUntil(clock.now());
      for (auto& k : engine.memory.getDataList("")) out.insert(std::move(k));
    }
    return out;
  }();
  return keys;
}

}  // namespace

bool hasValueFromStart(std::string_view key) {
  namespace lk = launchpad::keys;
  return std::find(lk::all.begin(), lk::all.end(), key) != lk::all.end() || bootKeys().contains(key);
}

bool naoqiWrites(std::string_view key) {
  if (autolifeWrites(key) || naoqi::Catalog::naoqi().knowsKey(key) || bootKeys().contains(key)) return true;
  if (std::find(kEvents.begin(), kEvents.end(), key) != kEvents.end()) return true;
  return std::any_of(kNamespaces.begin(), kNamespaces.end(), [key](std::string_view ns) { return key.starts_with(ns); });
}

}  // namespace autolife::app
