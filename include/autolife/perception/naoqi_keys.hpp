// The memory keys and events NAOqi's extractors write (NAOqi 2.8 documents,
// one place spells them): what the simulated world writes as a robot would
// (ExtractorWriter) and what autolife follows on a real robot
// (ExtractorReader). docs/qi.md, "Perception from the robot", maps each
// to what it means to the Launchpad, Life's context and the safeguards.
#pragma once

#include <string>
#include <string_view>

namespace autolife::perception::naoqi {

// ALPeoplePerception (ids are ints; Person/<ID>/... per person).
inline constexpr std::string_view PeopleList = "PeoplePerception/PeopleList";
inline constexpr std::string_view VisiblePeopleList = "PeoplePerception/VisiblePeopleList";
inline constexpr std::string_view NonVisiblePeopleList = "PeoplePerception/NonVisiblePeopleList";
inline constexpr std::string_view JustArrived = "PeoplePerception/JustArrived";
inline constexpr std::string_view JustLeft = "PeoplePerception/JustLeft";
inline constexpr std::string_view PopulationUpdated = "PeoplePerception/PopulationUpdated";
inline constexpr std::string_view PersonPrefix = "PeoplePerception/Person/";
// PeoplePerception/Person/<id>/<attribute>
std::string personKey(long long id, std::string_view attribute);
inline constexpr std::string_view Distance = "Distance";                  // float, metres
inline constexpr std::string_view AnglesYawPitch = "AnglesYawPitch";      // [yaw, pitch], radians
inline constexpr std::string_view PositionInRobotFrame = "PositionInRobotFrame";  // [x, y, z], metres
inline constexpr std::string_view IsVisible = "IsVisible";                // bool
inline constexpr std::string_view IsLookingAtRobot = "IsLookingAtRobot";  // bool (ALGazeAnalysis)
inline constexpr std::string_view IsWaving = "IsWaving";                  // bool (ALWavingDetection)
inline constexpr std::string_view EngagementZone = "EngagementZone";      // int, 0 unknown (ALEngagementZones)

// ALEngagementZones.
inline constexpr std::string_view PeopleInZone1 = "EngagementZones/PeopleInZone1";
inline constexpr std::string_view PeopleInZone2 = "EngagementZones/PeopleInZone2";
inline constexpr std::string_view PeopleInZone3 = "EngagementZones/PeopleInZone3";
inline constexpr std::string_view PeopleInZonesUpdated = "EngagementZones/PeopleInZonesUpdated";
inline constexpr std::string_view PersonEnteredZone1 = "EngagementZones/PersonEnteredZone1";
inline constexpr std::string_view PersonEnteredZone2 = "EngagementZones/PersonEnteredZone2";
inline constexpr std::string_view PersonEnteredZone3 = "EngagementZones/PersonEnteredZone3";
inline constexpr std::string_view PersonApproached = "EngagementZones/PersonApproached";
inline constexpr std::string_view PersonMovedAway = "EngagementZones/PersonMovedAway";
inline constexpr std::string_view LastMovementsInZone1 = "EngagementZones/LastMovementsInZone1";
inline constexpr std::string_view LastMovementsInZone2 = "EngagementZones/LastMovementsInZone2";
inline constexpr std::string_view LastMovementsInZone3 = "EngagementZones/LastMovementsInZone3";
inline constexpr std::string_view MovementsInZonesUpdated = "EngagementZones/MovementsInZonesUpdated";

// ALGazeAnalysis, ALWavingDetection.
inline constexpr std::string_view PeopleLookingAtRobot = "GazeAnalysis/PeopleLookingAtRobot";
inline constexpr std::string_view PersonStartsLookingAtRobot = "GazeAnalysis/PersonStartsLookingAtRobot";
inline constexpr std::string_view PersonStopsLookingAtRobot = "GazeAnalysis/PersonStopsLookingAtRobot";
inline constexpr std::string_view PersonWaving = "WavingDetection/PersonWaving";

// ALBasicAwareness, ALUserSession (a simulated person's user session id is
// their people-perception id).
inline constexpr std::string_view HumanTracked = "ALBasicAwareness/HumanTracked";  // id, -1 nobody
inline constexpr std::string_view HumanLost = "ALBasicAwareness/HumanLost";
inline constexpr std::string_view FocusedUser = "UserSession/FocusedUser";  // id, -1 nobody
inline constexpr std::string_view OpenSessions = "UserSession/OpenSessions";
inline constexpr std::string_view SessionsOpened = "UserSession/SessionsOpened";
inline constexpr std::string_view SessionsClosed = "UserSession/SessionsClosed";
inline constexpr std::string_view NoOpenSessions = "UserSession/NoOpenSessions";

// ALBattery, ALMotion's fall manager and push recovery, ALRobotPosture,
// ALFSR, ALBodyTemperature, ALDiagnosis, ALTextToSpeech, ALSpeechRecognition.
inline constexpr std::string_view BatteryChargeChanged = "BatteryChargeChanged";            // int percent
inline constexpr std::string_view BatteryChargingFlagChanged = "BatteryChargingFlagChanged";  // bool
inline constexpr std::string_view BatteryPowerPluggedChanged = "BatteryPowerPluggedChanged";  // bool
inline constexpr std::string_view ConnectedToChargingStation = "ALBattery/ConnectedToChargingStation";  // bool (Pepper)
inline constexpr std::string_view BatteryTrapIsOpen = "BatteryTrapIsOpen";  // bool: the hatch (Pepper)
inline constexpr std::string_view RobotIsFalling = "ALMotion/RobotIsFalling";
inline constexpr std::string_view RobotHasFallen = "robotHasFallen";
inline constexpr std::string_view RobotIsStand = "ALMotion/RobotIsStand";
inline constexpr std::string_view RobotPushed = "ALMotion/RobotPushed";  // [angle, intensity]
inline constexpr std::string_view PostureChanged = "PostureChanged";
inline constexpr std::string_view PostureFamilyChanged = "PostureFamilyChanged";
inline constexpr std::string_view FootContact = "footContact";                // float 1.0 / 0.0 (NAO)
inline constexpr std::string_view FootContactChanged = "footContactChanged";  // bool
inline constexpr std::string_view RestFinished = "ALMotion/Stiffness/restFinished";
inline constexpr std::string_view WakeUpStarted = "ALMotion/Stiffness/wakeUpStarted";
inline constexpr std::string_view TemperatureStatusChanged = "TemperatureStatusChanged";  // [level 0-3, [devices]]
inline constexpr std::string_view HotDeviceDetected = "HotDeviceDetected";                // [devices]
inline constexpr std::string_view DeviceNoLongerHotDetected = "DeviceNoLongerHotDetected";  // [devices]
// Device/SubDeviceList/<joint>/Temperature/Sensor/Value (°C)
std::string temperatureKey(std::string_view joint);
inline constexpr std::string_view TemperatureKeySuffix = "/Temperature/Sensor/Value";
inline constexpr std::string_view DiagnosisErrorChanged = "ALDiagnosis/DiagnosisErrorChanged";  // [level 0-2, [devices]]
inline constexpr std::string_view TextStarted = "ALTextToSpeech/TextStarted";
inline constexpr std::string_view TextDone = "ALTextToSpeech/TextDone";
inline constexpr std::string_view ActiveListening = "ALSpeechRecognition/ActiveListening";

// ALBodyTemperature's levels (TemperatureStatusChanged), ALDiagnosis's.
inline constexpr int kTemperatureCritical = 3;
inline constexpr int kDiagnosisCritical = 2;

}  // namespace autolife::perception::naoqi
