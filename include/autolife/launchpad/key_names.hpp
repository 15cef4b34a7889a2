// The names of the Launchpad/* memory keys (seeds/000: the launch trigger
// conditions key table and event list). One place spells them.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace autolife::launchpad::keys {

// People and movements. The ones marked (solitary) come from extractors that
// run in solitary state only; they keep their last value in other states.
inline constexpr std::string_view NumMotionZone1 = "Launchpad/NumMotionZone1";  // (solitary)
inline constexpr std::string_view NumMotionZone2 = "Launchpad/NumMotionZone2";  // (solitary)
inline constexpr std::string_view NumMotionZone3 = "Launchpad/NumMotionZone3";  // (solitary)
inline constexpr std::string_view NoMotionInZones = "Launchpad/NoMotionInZones";  // (solitary)
inline constexpr std::string_view WavingDetection = "Launchpad/WavingDetection";  // (solitary)
inline constexpr std::string_view NumPeopleZone1 = "Launchpad/NumPeopleZone1";  // (solitary)
inline constexpr std::string_view NumPeopleZone2 = "Launchpad/NumPeopleZone2";  // (solitary)
inline constexpr std::string_view NumPeopleZone3 = "Launchpad/NumPeopleZone3";  // (solitary)
inline constexpr std::string_view NoPeopleInZones = "Launchpad/NoPeopleInZones";  // (solitary)
inline constexpr std::string_view PeopleNotSeen = "Launchpad/PeopleNotSeen";  // (solitary)

// The person BasicAwareness tracks.
inline constexpr std::string_view SameTrackedHuman = "Launchpad/SameTrackedHuman";
inline constexpr std::string_view ZoneOfTrackedHuman = "Launchpad/ZoneOfTrackedHuman";
inline constexpr std::string_view DistanceOfTrackedHuman = "Launchpad/DistanceOfTrackedHuman";
inline constexpr std::string_view TrackedHumanIsLookingAtRobot = "Launchpad/TrackedHumanIsLookingAtRobot";

// Battery, hardware, posture, incidents, temperature.
inline constexpr std::string_view BatteryIsCharging = "Launchpad/BatteryIsCharging";
inline constexpr std::string_view BatteryLevel = "Launchpad/BatteryLevel";
inline constexpr std::string_view BatteryStatus = "Launchpad/BatteryStatus";
inline constexpr std::string_view RobotType = "Launchpad/RobotType";
inline constexpr std::string_view Lifted = "Launchpad/Lifted";
inline constexpr std::string_view PostureFamily = "Launchpad/PostureFamily";
inline constexpr std::string_view Posture = "Launchpad/Posture";
inline constexpr std::string_view RobotFellRecently = "Launchpad/RobotFellRecently";
inline constexpr std::string_view RobotPushedRecently = "Launchpad/RobotPushedRecently";
inline constexpr std::string_view TemperatureStatus = "Launchpad/TemperatureStatus";
inline constexpr std::string_view HighestTemperature = "Launchpad/HighestTemperature";
inline constexpr std::string_view HighestJoint = "Launchpad/HighestJoint";

// Local time.
inline constexpr std::string_view Year = "Launchpad/Year";
inline constexpr std::string_view Month = "Launchpad/Month";
inline constexpr std::string_view MonthName = "Launchpad/MonthName";
inline constexpr std::string_view Day = "Launchpad/Day";
inline constexpr std::string_view DayName = "Launchpad/DayName";
inline constexpr std::string_view Date = "Launchpad/Date";
inline constexpr std::string_view Hour = "Launchpad/Hour";
inline constexpr std::string_view Minute = "Launchpad/Minute";
inline constexpr std::string_view MinuteOfDay = "Launchpad/MinuteOfDay";
inline constexpr std::string_view Week = "Launchpad/Week";

// Activity history.
inline constexpr std::string_view LifeTime = "Launchpad/LifeTime";
inline constexpr std::string_view State = "Launchpad/State";
inline constexpr std::string_view PreviousState = "Launchpad/PreviousState";
inline constexpr std::string_view FocusedActivity = "Launchpad/FocusedActivity";
inline constexpr std::string_view PreviousActivity = "Launchpad/PreviousActivity";
inline constexpr std::string_view FocusCountPrefix = "Launchpad/FocusCount/";

// "Launchpad/FocusCount/<package-uuid>/<behavior-path>" for an activity
// named "<package-uuid>/<behavior-path>".
inline std::string focusCount(std::string_view activity) {
  return std::string(FocusCountPrefix) + std::string(activity);
}

// Every fixed key above (FocusCount/... keys are per activity), in the
// seed's order.
inline constexpr std::array<std::string_view, 41> all = {
    NumMotionZone1, NumMotionZone2, NumMotionZone3, NoMotionInZones, WavingDetection,
    NumPeopleZone1, NumPeopleZone2, NumPeopleZone3, NoPeopleInZones, PeopleNotSeen,
    SameTrackedHuman, ZoneOfTrackedHuman, DistanceOfTrackedHuman, TrackedHumanIsLookingAtRobot,
    BatteryIsCharging, BatteryLevel, BatteryStatus, RobotType,
    Lifted, PostureFamily, Posture, RobotFellRecently, RobotPushedRecently,
    TemperatureStatus, HighestTemperature, HighestJoint,
    Year, Month, MonthName, Day, DayName, Date, Hour, Minute, MinuteOfDay, Week,
    LifeTime, State, PreviousState, FocusedActivity, PreviousActivity};

}  // namespace autolife::launchpad::keys
