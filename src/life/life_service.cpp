#include "autolife/life/life_service.hpp"

namespace autolife::life {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

Any strings(const std::vector<std::string>& v) { return Any(v); }

void declareState(service::Service& s, AutonomousLife& life) {
  s.method("setState", {{"state", Type::String, "solitary, interactive, safeguard or disabled"}}, Type::Void,
           "Sets the state (disabled and safeguard stop all activities)",
           [&life](const Arguments& a) { life.setState(service::stringArg(a, 0)); return Any(); });
  s.method("getState", {}, Type::String, "The current state",
           [&life](const Arguments&) { return Any(life.getState()); });
  s.method("setRobotOffsetFromFloor", {{"offset", Type::Float, "meters"}}, Type::Void,
           "How high the robot stands above the floor (a table, say)",
           [&life](const Arguments& a) { life.setRobotOffsetFromFloor(service::floatArg(a, 0)); return Any(); });
  s.method("getRobotOffsetFromFloor", {}, Type::Float, "The robot's offset from the floor, in meters",
           [&life](const Arguments&) { return Any(life.getRobotOffsetFromFloor()); });
  s.method("setSafeguardEnabled", {{"name", Type::String}, {"enabled", Type::Bool}}, Type::Void,
           "Whether life handles a safeguard cause (all are enabled again at the end of each activity)",
           [&life](const Arguments& a) {
             life.setSafeguardEnabled(service::stringArg(a, 0), service::boolArg(a, 1));
             return Any();
           });
  s.method("isSafeguardEnabled", {{"name", Type::String}}, Type::Bool, "Whether life handles a safeguard cause",
           [&life](const Arguments& a) { return Any(life.isSafeguardEnabled(service::stringArg(a, 0))); });
}

void declareFocus(service::Service& s, AutonomousLife& life) {
  s.method("focusedActivity", {}, Type::String, "The focused activity, \"\" if none",
           [&life](const Arguments&) { return Any(life.focusedActivity()); });
  s.method("switchFocus", {{"activity_name", Type::String}}, Type::Void,
           "Starts an activity, stopping the focused one (STOP_CURRENT)",
           [&life](const Arguments& a) { life.switchFocus(service::stringArg(a, 0)); return Any(); });
  s.method("switchFocus", {{"activity_name", Type::String}, {"flags", Type::Int, "0 STOP_CURRENT, 1 STOP_AND_STACK_CURRENT"}},
           Type::Void, "Starts an activity; with flags 1 the focused one is stacked and restarted after",
           [&life](const Arguments& a) {
             life.switchFocus(service::stringArg(a, 0), static_cast<int>(service::intArg(a, 1)));
             return Any();
           });
  s.method("stopFocus", {}, Type::Void, "Stops the focused activity; the top of the stack restarts",
           [&life](const Arguments&) { life.stopFocus(); return Any(); });
  s.method("stopAll", {}, Type::Void, "Stops the focused activity and clears the stack",
           [&life](const Arguments&) { life.stopAll(); return Any(); });
}

void declareUtilities(service::Service& s, AutonomousLife& life) {
  s.method("getLifeTime", {}, Type::Int, "Seconds since the epoch, as life sees time",
           [&life](const Arguments&) { return Any(life.getLifeTime()); });
  s.method("getActivityStatistics", {}, Type::Map,
           "Per activity: prevFocusTime, prevUnfocusTime, focusCount, totalDuration",
           [&life](const Arguments&) { return life.getActivityStatistics(); });
  s.method("getAutonomousActivityStatistics", {}, Type::Map, "The same, for activities with a launch trigger",
           [&life](const Arguments&) { return life.getAutonomousActivityStatistics(); });
  s.method("getFocusHistory", {}, Type::List, "[activity, time focused] pairs, oldest first",
           [&life](const Arguments&) { return life.getFocusHistory(); });
  s.method("getFocusHistory", {{"depth", Type::Int}}, Type::List, "The last `depth` focus changes, oldest first",
           [&life](const Arguments& a) { return life.getFocusHistory(static_cast<int>(service::intArg(a, 0))); });
  s.method("getStateHistory", {}, Type::List, "[state, time entered] pairs, oldest first",
           [&life](const Arguments&) { return life.getStateHistory(); });
  s.method("getStateHistory", {{"depth", Type::Int}}, Type::List, "The last `depth` state entries, oldest first",
           [&life](const Arguments& a) { return life.getStateHistory(static_cast<int>(service::intArg(a, 0))); });
  s.method("getActivityNature", {{"activity_name", Type::String}}, Type::String, "\"interactive\" or \"solitary\"",
           [&life](const Arguments& a) { return Any(life.getActivityNature(service::stringArg(a, 0))); });
  s.method("getActivityContextPermissionViolations", {{"activity_name", Type::String}}, Type::List,
           "What keeps the activity from running now: nature, canRunOnPod, canRunInSleep, error",
           [&life](const Arguments& a) {
             return strings(life.getActivityContextPermissionViolations(service::stringArg(a, 0)));
           });
  s.method("getFocusContext", {{"key", Type::String}}, Type::List,
           "[sec, usec, value] of a condition key at the last autonomous focus",
           [&life](const Arguments& a) { return life.getFocusContext(service::stringArg(a, 0)); });
  s.method("getLaunchSuggestions", {}, Type::List, "The activities whose launch trigger is true now",
           [&life](const Arguments&) { return strings(life.launchSuggestions()); });
  s.method("getFocusStack", {}, Type::List, "The stacked activities, bottom first (autolife)",
           [&life](const Arguments&) { return strings(life.focusStack()); });
}

void declareAbilities(service::Service& s, AutonomousLife& life) {
  s.method("setAutonomousAbilityEnabled", {{"name", Type::String, "an ability or \"All\""}, {"enabled", Type::Bool}},
           Type::Void, "Enables or disables an autonomous ability",
           [&life](const Arguments& a) {
             life.setAutonomousAbilityEnabled(service::stringArg(a, 0), service::boolArg(a, 1));
             return Any();
           });
  s.method("getAutonomousAbilityEnabled", {{"name", Type::String}}, Type::Bool, "Whether an ability is enabled",
           [&life](const Arguments& a) { return Any(life.getAutonomousAbilityEnabled(service::stringArg(a, 0))); });
  s.method("getAutonomousAbilitiesStatus", {}, Type::List, "[{name, enabled, running}] for each ability",
           [&life](const Arguments&) { return life.getAutonomousAbilitiesStatus(); });
}

}  // namespace

std::shared_ptr<service::Service> makeLifeService(AutonomousLife& life) {
  auto s = std::make_shared<service::Service>("ALAutonomousLife", "Autonomous Life: states, focus, abilities");
  declareState(*s, life);
  declareFocus(*s, life);
  declareUtilities(*s, life);
  declareAbilities(*s, life);
  s->signal("activityTransition", {{"transition", Type::Map}},
            "TransitionTime, PreviousActivityName, PreviousActivityStopReason, FocusedActivityName, "
            "FocusedActivityStartReason");
  std::weak_ptr<service::Service> weak = s;
  life.activityTransition.connect([weak](const Any& payload) {
    if (auto service = weak.lock()) service->emit("activityTransition", payload);
  });
  return s;
}

}  // namespace autolife::life
