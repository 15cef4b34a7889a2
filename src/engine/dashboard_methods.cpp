#include "autolife/engine/dashboard_methods.hpp"

#include <algorithm>
#include <cmath>

#include "autolife/engine/engine.hpp"
#include "autolife/package/store.hpp"
#include "autolife/robot/devices.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/robot/system_services.hpp"
#include "autolife/runtime/behavior_runner.hpp"

namespace autolife::engine {

using service::Any;
using service::Arguments;
using service::CallError;
using service::Type;

// ---- box logs -------------------------------------------------------------------------

void BoxLogs::add(const runtime::RunEvent& e) {
  if (e.kind != runtime::RunEvent::Kind::Log && e.kind != runtime::RunEvent::Kind::Idle) return;
  const bool idle = e.kind == runtime::RunEvent::Kind::Idle;
  Any entry = Any::Map{{"t", core::toSeconds(e.time)},
                       {"activity", e.behavior},
                       {"box", e.box},
                       {"level", idle ? std::string("warning") : e.level},
                       {"message", idle ? "idle: " + e.message : e.message}};
  {
    std::lock_guard lock(mutex_);
    kept_.push_back(entry);
    if (kept_.size() > kKept) kept_.pop_front();
  }
  added(entry);
}

Any BoxLogs::list() const {
  std::lock_guard lock(mutex_);
  return Any(Any::Array(kept_.begin(), kept_.end()));
}

// ---- ALLogger ---------------------------------------------------------------------------

std::shared_ptr<service::Service> makeLoggerService(core::Clock& clock, core::Signal<const runtime::RunEvent&>& events) {
  auto s = std::make_shared<service::Service>("ALLogger", "NAOqi's logging: messages of a module at a level");
  const std::pair<const char*, const char*> levels[] = {{"debug", "debug"}, {"lowDebug", "debug"}, {"info", "info"},
                                                         {"lowInfo", "info"},  {"warn", "warning"},  {"error", "error"},
                                                         {"fatal", "fatal"}};
  for (const auto& [method, level] : levels)
    s->method(method, {{"moduleName", Type::String}, {"message", Type::String}}, Type::Void,
              std::string("Logs the message at level ") + level + " (a box's log: docs/behaviors.md)",
              [&clock, &events, level = std::string(level)](const Arguments& a) {
                runtime::RunEvent e;
                e.kind = runtime::RunEvent::Kind::Log;
                e.time = clock.now();
                e.behavior = service::CallerScope::current();
                e.box = service::stringArg(a, 0);
                e.level = level;
                e.message = service::stringArg(a, 1);
                events(e);
                return Any();
              });
  return s;
}

// ---- the world, by hand -----------------------------------------------------------------

namespace {

const Any* field(const Any& map, const char* name) { return map.isMap() ? map.find(name) : nullptr; }

double numberOf(const Any& v, const std::string& what) {
  if (v.isInt()) return static_cast<double>(v.asInt());
  if (v.isFloat() && std::isfinite(v.asFloat())) return v.asFloat();
  throw CallError("bad-argument", what + " must be a number");
}

bool flagOf(const Any& v, const std::string& what) {
  if (v.isBool()) return v.asBool();
  throw CallError("bad-argument", what + " must be true or false");
}

void needsSimulatedWorld(const Engine& engine) {
  if (!engine.world.connected())
    throw CallError("robot-world", "the world is a real robot's (--robot URL): it cannot be placed by hand");
}

std::vector<launchpad::Person> peopleFrom(const Any& list) {
  if (!list.isArray()) throw CallError("bad-argument", "people must be a list of {id, distance, angle, looking, waving}");
  std::vector<launchpad::Person> people;
  for (const auto& p : list.asArray()) {
    const Any* id = field(p, "id");
    if (!id || !id->isString() || id->asString().empty())
      throw CallError("bad-argument", "a person needs an id (and distance, angle, looking, waving)");
    launchpad::Person person;
    person.id = id->asString();
    if (const Any* v = field(p, "distance")) person.distance = numberOf(*v, "distance");
    if (const Any* v = field(p, "angle")) person.angle = numberOf(*v, "angle");
    if (const Any* v = field(p, "looking")) person.looking = flagOf(*v, "looking");
    if (const Any* v = field(p, "waving")) person.waving = flagOf(*v, "waving");
    if (person.distance < 0) throw CallError("bad-argument", "distance must be 0 or more (meters)");
    people.push_back(std::move(person));
  }
  return people;
}

robot::WorldUpdate worldFrom(const Any& map) {
  if (!map.isMap()) throw CallError("bad-argument", "the world is a map: {battery, charging, onPod}");
  robot::WorldUpdate u;
  for (const auto& [key, value] : map.asMap()) {
    if (key == "battery") {
      u.battery = numberOf(value, "battery");
      if (*u.battery < 0 || *u.battery > 100) throw CallError("bad-argument", "battery is a percentage, 0 to 100");
    } else if (key == "charging") {
      u.charging = flagOf(value, "charging");
    } else if (key == "onPod") {
      u.onPod = flagOf(value, "onPod");
    } else {
      throw CallError("bad-argument", "unknown world field '" + key + "' (battery, charging, onPod)");
    }
  }
  return u;
}

Any worldNow(Engine& engine) {
  Any::Array people;
  for (const auto& p : engine.world.people())
    people.emplace_back(Any::Map{{"id", p.id}, {"distance", p.distance}, {"angle", p.angle},
                                 {"looking", p.looking}, {"waving", p.waving}});
  Any::Array sensors;
  for (const auto& name : engine.robot.devices().touchSensors()) sensors.emplace_back(name);
  return Any::Map{{"simulated", engine.world.connected()}, {"battery", engine.world.battery()},
                  {"charging", engine.world.charging()}, {"onPod", engine.world.onPod()},
                  {"people", std::move(people)}, {"touchSensors", std::move(sensors)}};
}

}  // namespace

void addDashboardMethods(const std::shared_ptr<service::Service>& service, Engine& engine,
                         std::shared_ptr<BoxLogs> logs) {
  service::Service& autolife = *service;
  autolife.method("logs", {}, Type::List,
                  "The latest box logs of the engine's behaviors, oldest first (at most 300): [{t, activity, box, "
                  "level, message}], level debug, info, warning, error or fatal; an idle behavior is a warning "
                  "\"idle: ...\" (docs/behaviors.md)",
                  [logs](const Arguments&) { return logs->list(); });
  autolife.signal("log", {{"entry", Type::Map}}, "Each box log as it is written: {t, activity, box, level, message}");
  std::weak_ptr<service::Service> weak = service;
  logs->added.connect([weak](const Any& entry) {
    if (auto self = weak.lock()) self->emit("log", entry);
  });
  autolife.method("world", {}, Type::Map,
                  "The simulated world now: {simulated, battery, charging, onPod, people: [{id, distance, angle, "
                  "looking, waving}], touchSensors}",
                  [&engine](const Arguments&) { return worldNow(engine); });
  autolife.method("setWorld", {{"world", Type::Map, "{battery (percent), charging, onPod}: the fields to change"}},
                  Type::Map, "Changes the simulated robot's battery, charging and pod, as a scenario's world step; "
                  "the world now",
                  [&engine](const Arguments& a) {
                    needsSimulatedWorld(engine);
                    const auto update = worldFrom(a.at(0));
                    engine.world.apply(update);
                    engine.robot.system().sense(update);
                    return worldNow(engine);
                  });
  autolife.method("setPeople", {{"people", Type::List, "[{id, distance (m), angle (degrees, 0 ahead), looking, waving}]"}},
                  Type::Map, "Everyone the simulated robot perceives now, as a scenario's people step; the world now",
                  [&engine](const Arguments& a) {
                    needsSimulatedWorld(engine);
                    engine.world.setPeople(peopleFrom(a.at(0)));
                    return worldNow(engine);
                  });
  autolife.method("touch", {{"sensor", Type::String, "FrontTactil, MiddleTactil, RightBumper..."}, {"seconds", Type::Float}},
                  Type::Bool, "Presses a touch sensor for that long, as a scenario's touch step; false for a sensor "
                  "this robot lacks",
                  [&engine](const Arguments& a) {
                    needsSimulatedWorld(engine);
                    const double seconds = service::floatArg(a, 1);
                    if (!(seconds > 0 && seconds <= 60)) throw CallError("bad-argument", "seconds: more than 0, at most 60");
                    return Any(engine.robot.devices().press(service::stringArg(a, 0), seconds));
                  });
}

// ---- what the cards show -------------------------------------------------------------------

void describeActivityMore(Engine& engine, const std::string& activity, Any::Map& out) {
  Any app;
  if (auto b = engine.packages.behavior(activity))
    if (auto pkg = engine.packages.package(b->packageUuid)) {
      const auto& names = pkg->manifest.names;
      if (auto en = std::find_if(names.begin(), names.end(), [](const auto& n) { return n.first.starts_with("en"); });
          en != names.end())
        app = en->second;
      else if (!names.empty())
        app = names.begin()->second;
    }
  out.insert_or_assign("app", app);
  Any idle;
  if (auto i = engine.behaviors.idle(activity)) {
    Any::Array waiting;
    for (const auto& w : i->waiting) waiting.emplace_back(Any::Map{{"box", w.box}, {"for", w.what}});
    idle = Any::Map{{"why", i->why}, {"waiting", std::move(waiting)}};
  }
  out.insert_or_assign("idle", idle);
}

}  // namespace autolife::engine
