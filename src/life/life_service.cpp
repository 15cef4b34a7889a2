#include "autolife/life/life_service.hpp"

#include "autolife/naoqi/service_builder.hpp"

namespace autolife::life {

using service::Any;
using service::Type;

namespace {

void declareState(naoqi::ServiceBuilder& s, AutonomousLife& life) {
  s.bind("setState", [&life](const std::string& state) { life.setState(state); },
         "Sets the state: solitary, interactive, safeguard or disabled (disabled and safeguard stop all activities)");
  s.bind("getState", [&life] { return life.getState(); }, "The current state");
  s.bind("setRobotOffsetFromFloor", [&life](double offset) { life.setRobotOffsetFromFloor(offset); },
         "How high the robot stands above the floor (a table, say), in meters");
  s.bind("getRobotOffsetFromFloor", [&life] { return life.getRobotOffsetFromFloor(); }, "The robot's offset from the floor, in meters");
  s.bind("setSafeguardEnabled", [&life](const std::string& name, bool enabled) { life.setSafeguardEnabled(name, enabled); },
         "Whether life handles a safeguard cause (all are enabled again at the end of each activity)");
  s.bind("isSafeguardEnabled", [&life](const std::string& name) { return life.isSafeguardEnabled(name); },
         "Whether life handles a safeguard cause");
}

void declareFocus(naoqi::ServiceBuilder& s, AutonomousLife& life) {
  s.bind("focusedActivity", [&life] { return life.focusedActivity(); }, "The focused activity, \"\" if none");
  s.bind("switchFocus", [&life](const std::string& activity) { life.switchFocus(activity); },
         "Starts an activity, stopping the focused one (STOP_CURRENT)");
  s.bind("switchFocus", [&life](const std::string& activity, int flags) { life.switchFocus(activity, flags); },
         "Starts an activity; flags 0 STOP_CURRENT, 1 STOP_AND_STACK_CURRENT (the focused one is stacked and restarted after)");
  s.bind("stopFocus", [&life] { life.stopFocus(); }, "Stops the focused activity; the top of the stack restarts");
  s.bind("stopAll", [&life] { life.stopAll(); }, "Stops the focused activity and clears the stack");
}

void declareUtilities(naoqi::ServiceBuilder& s, AutonomousLife& life) {
  s.bind("getLifeTime", [&life] { return life.getLifeTime(); }, "Seconds since the epoch, as life sees time");
  s.bind("getActivityStatistics", [&life] { return life.getActivityStatistics(); },
         "Per activity: prevFocusTime, prevUnfocusTime, focusCount, totalDuration");
  s.bind("getAutonomousActivityStatistics", [&life] { return life.getAutonomousActivityStatistics(); },
         "The same, for activities with a launch trigger");
  s.bind("getFocusHistory", [&life] { return life.getFocusHistory(); }, "[activity, time focused] pairs, oldest first");
  s.bind("getFocusHistory", [&life](int depth) { return life.getFocusHistory(depth); },
         "The last `depth` focus changes, oldest first");
  s.bind("getStateHistory", [&life] { return life.getStateHistory(); }, "[state, time entered] pairs, oldest first");
  s.bind("getStateHistory", [&life](int depth) { return life.getStateHistory(depth); }, "The last `depth` state entries, oldest first");
  s.bind("getActivityNature", [&life](const std::string& activity) { return life.getActivityNature(activity); },
         "\"interactive\" or \"solitary\"");
  s.bind("getActivityContextPermissionViolations", [&life](const std::string& activity) {
    return life.getActivityContextPermissionViolations(activity);
  }, "What keeps the activity from running now: nature, canRunOnPod, canRunInSleep, error");
  s.bind("getFocusContext", {"key"}, [&life](const std::string& key) { return life.getFocusContext(key); },
         "[sec, usec, value] of a condition key at the last autonomous focus", Type::List);
  s.bind("getLaunchSuggestions", {}, [&life] { return life.launchSuggestions(); },
         "The activities whose launch trigger is true now (autolife)");
  s.bind("getFocusStack", {}, [&life] { return life.focusStack(); }, "The stacked activities, bottom first (autolife)");
}

void declareAbilities(naoqi::ServiceBuilder& s, AutonomousLife& life) {
  s.bind("setAutonomousAbilityEnabled", {"name", "enabled"}, [&life](const std::string& name, bool enabled) {
    life.setAutonomousAbilityEnabled(name, enabled);
  }, "Enables or disables an autonomous ability (\"All\": every one)");
  s.bind("getAutonomousAbilityEnabled", {"name"}, [&life](const std::string& name) { return life.getAutonomousAbilityEnabled(name); },
         "Whether an ability is enabled");
  s.bind("getAutonomousAbilitiesStatus", [&life] { return life.getAutonomousAbilitiesStatus(); },
         "[{name, enabled, running}] for each ability");
}

}  // namespace

std::shared_ptr<service::Service> makeLifeService(AutonomousLife& life) {
  naoqi::ServiceBuilder s("ALAutonomousLife", "Autonomous Life: states, focus, abilities");
  declareState(s, life);
  declareFocus(s, life);
  declareUtilities(s, life);
  declareAbilities(s, life);
  s.service().signal("activityTransition", {{"transition", Type::Map}},
                     "TransitionTime, PreviousActivityName, PreviousActivityStopReason, FocusedActivityName, "
                     "FocusedActivityStartReason");
  auto built = s.build();
  std::weak_ptr<service::Service> weak = built;
  life.activityTransition.connect([weak](const Any& payload) {
    if (auto service = weak.lock()) service->emit("activityTransition", payload);
  });
  return built;
}

}  // namespace autolife::life
