#include "autolife/engine/package_services.hpp"

#include <mutex>
#include <set>

namespace autolife::engine {

using service::Any;
using service::Arguments;
using service::CallError;
using service::Type;

namespace {

Any infoJson(const package::PackageInfo& p) {
  return {{"uuid", p.uuid}, {"version", p.version}, {"names", p.names}, {"path", p.path.string()}};
}

Any problemsJson(const std::vector<core::Problem>& problems) {
  Any out = Any::array();
  for (const auto& p : problems) out.push_back(p.format());
  return out;
}

}  // namespace

std::shared_ptr<service::Service> makePackageManagerService(package::PackageStore& store) {
  auto s = std::make_shared<service::Service>("PackageManager", "Installs and removes packages");
  s->method("install", {{"path", Type::String, "a package folder or a .pkg"}}, Type::Bool,
            "Installs a package; refused with reason package-refused and its problems",
            [&store](const Arguments& a) {
              auto result = store.install(service::stringArg(a, 0));
              if (!result.installed)
                throw CallError("package-refused", "the package was not installed: " + problemsJson(result.problems).dump());
              return Any(true);
            });
  s->method("removePkg", {{"uuid", Type::String}}, Type::Bool, "Removes a package; false if it is not installed",
            [&store](const Arguments& a) { return Any(store.remove(service::stringArg(a, 0))); });
  s->method("hasPackage", {{"uuid", Type::String}}, Type::Bool, "Whether a package is installed",
            [&store](const Arguments& a) { return Any(store.has(service::stringArg(a, 0))); });
  s->method("packages", {}, Type::List, "[{uuid, version, names, path}]", [&store](const Arguments&) {
    Any out = Any::array();
    for (const auto& p : store.packages()) out.push_back(infoJson(p));
    return out;
  });
  s->method("package", {{"uuid", Type::String}}, Type::Map, "{uuid, version, names, path}",
            [&store](const Arguments& a) {
              auto p = store.package(service::stringArg(a, 0));
              if (!p) throw CallError("unknown-package", "no package " + service::stringArg(a, 0) + " is installed");
              return infoJson(package::infoOf(*p));
            });
  return s;
}

namespace {

// The behaviors ALBehaviorManager started itself (not life's focus).
struct DirectRuns {
  std::mutex mutex;
  std::set<std::string> running;
};

}  // namespace

std::shared_ptr<service::Service> makeBehaviorManagerService(package::PackageStore& store, life::AutonomousLife& life,
                                                            life::ActivityRunner& runner) {
  auto s = std::make_shared<service::Service>("ALBehaviorManager", "Runs behaviors directly");
  auto runs = std::make_shared<DirectRuns>();
  auto isRunning = [&life, runs](const std::string& name) {
    std::lock_guard lock(runs->mutex);
    return runs->running.contains(name) || life.focusedActivity() == name;
  };
  auto start = [&store, &runner, runs, isRunning](const Arguments& args) {
    const std::string name = service::stringArg(args, 0);
    auto behavior = store.behavior(name);
    if (!behavior) throw CallError("unknown-behavior", "no behavior named " + name + " is installed");
    if (isRunning(name)) throw CallError("already-running", name + " is already running");
    {
      std::lock_guard lock(runs->mutex);
      runs->running.insert(name);
    }
    life::Activity direct;
    direct.name = name;
    direct.run = life::RunBehavior{behavior->behaviorFile.string()};
    runner.start(direct, [runs, name](const std::string&) {
      std::lock_guard lock(runs->mutex);
      runs->running.erase(name);
    });
    return Any();
  };
  // A removed package's behaviors stop, as its activities do (Engine): none
  // runs from files that are gone, or is said to run while not installed.
  store.packageRemoved.connect([&runner, runs](const std::string& uuid) {
    std::lock_guard lock(runs->mutex);
    for (auto it = runs->running.begin(); it != runs->running.end();) {
      if (!it->starts_with(uuid + "/")) {
        ++it;
        continue;
      }
      runner.stop(*it);
      it = runs->running.erase(it);
    }
  });
  s->method("startBehavior", {{"name", Type::String}}, Type::Void, "Starts a behavior and returns", start);
  s->method("runBehavior", {{"name", Type::String}}, Type::Void,
            "Starts a behavior (autolife returns at once; use isBehaviorRunning to follow it)", start);
  s->method("stopBehavior", {{"name", Type::String}}, Type::Void, "Stops a behavior (the focused activity: its focus)",
            [&life, &runner, runs](const Arguments& a) {
              const std::string name = service::stringArg(a, 0);
              if (life.focusedActivity() == name) {
                life.stopFocus();
                return Any();
              }
              std::lock_guard lock(runs->mutex);
              if (runs->running.erase(name)) runner.stop(name);
              return Any();
            });
  s->method("stopAllBehaviors", {}, Type::Void, "Stops every behavior started here", [&runner, runs](const Arguments&) {
    std::lock_guard lock(runs->mutex);
    for (const auto& name : runs->running) runner.stop(name);
    runs->running.clear();
    return Any();
  });
  s->method("isBehaviorRunning", {{"name", Type::String}}, Type::Bool, "Whether it runs (here or as life's focus)",
            [isRunning](const Arguments& a) { return Any(isRunning(service::stringArg(a, 0))); });
  s->method("isBehaviorInstalled", {{"name", Type::String}}, Type::Bool, "Whether it is installed",
            [&store](const Arguments& a) { return Any(store.behavior(service::stringArg(a, 0)).has_value()); });
  s->method("preloadBehavior", {{"name", Type::String}}, Type::Bool, "Whether it could be loaded",
            [&store](const Arguments& a) {
              auto b = store.behavior(service::stringArg(a, 0));
              return Any(b && b->valid);
            });
  s->method("getInstalledBehaviors", {}, Type::List, "Every installed behavior's name", [&store](const Arguments&) {
    Any out = Any::array();
    for (const auto& b : store.behaviors()) out.push_back(b.name);
    return out;
  });
  s->method("getRunningBehaviors", {}, Type::List, "The behaviors running now", [&life, runs](const Arguments&) {
    std::set<std::string> names;
    {
      std::lock_guard lock(runs->mutex);
      names = runs->running;
    }
    if (auto f = life.focusedActivity(); !f.empty()) names.insert(f);
    return Any(std::vector<std::string>(names.begin(), names.end()));
  });
  return s;
}

}  // namespace autolife::engine
