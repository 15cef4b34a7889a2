#include "autolife/engine/package_services.hpp"

#include <mutex>
#include <set>

#include "autolife/naoqi/service_builder.hpp"

namespace autolife::engine {

using service::Any;
using service::CallError;

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
  naoqi::ServiceBuilder s("PackageManager", "Installs and removes packages");
  s.bind("install", [&store](const std::string& path) {
    auto result = store.install(path);
    if (!result.installed) throw CallError("package-refused", "the package was not installed: " + problemsJson(result.problems).dump());
    return true;
  }, "Installs a package (a folder or a .pkg); refused with reason package-refused and its problems");
  s.bind("removePkg", [&store](const std::string& uuid) { return store.remove(uuid); }, "Removes a package; false if it is not installed");
  s.bind("hasPackage", [&store](const std::string& uuid) { return store.has(uuid); }, "Whether a package is installed");
  s.bind("packages", [&store] {
    Any out = Any::array();
    for (const auto& p : store.packages()) out.push_back(infoJson(p));
    return out;
  }, "[{uuid, version, names, path}]");
  s.bind("package", [&store](const std::string& uuid) {
    auto p = store.package(uuid);
    if (!p) throw CallError("unknown-package", "no package " + uuid + " is installed");
    return infoJson(package::infoOf(*p));
  }, "{uuid, version, names, path}");
  return s.build();
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
  naoqi::ServiceBuilder s("ALBehaviorManager", "Runs behaviors directly");
  auto runs = std::make_shared<DirectRuns>();
  auto isRunning = [&life, runs](const std::string& name) {
    std::lock_guard lock(runs->mutex);
    return runs->running.contains(name) || life.focusedActivity() == name;
  };
  auto start = [&store, &runner, runs, isRunning](const std::string& name) {
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
  s.bind("startBehavior", start, "Starts a behavior and returns");
  s.bind("runBehavior", start, "Starts a behavior (autolife returns at once; use isBehaviorRunning to follow it)");
  s.bind("stopBehavior", [&life, &runner, runs](const std::string& name) {
    if (life.focusedActivity() == name) {
      life.stopFocus();
      return;
    }
    std::lock_guard lock(runs->mutex);
    if (runs->running.erase(name)) runner.stop(name);
  }, "Stops a behavior (the focused activity: its focus)");
  s.bind("stopAllBehaviors", [&runner, runs] {
    std::lock_guard lock(runs->mutex);
    for (const auto& name : runs->running) runner.stop(name);
    runs->running.clear();
  }, "Stops every behavior started here");
  s.bind("isBehaviorRunning", isRunning, "Whether it runs (here or as life's focus)");
  s.bind("isBehaviorInstalled", [&store](const std::string& name) { return store.behavior(name).has_value(); }, "Whether it is installed");
  s.bind("isBehaviorPresent", [&store](const std::string& name) { return store.behavior(name).has_value(); },
         "Whether it is installed (as isBehaviorInstalled)");
  s.bind("preloadBehavior", [&store](const std::string& name) {
    auto b = store.behavior(name);
    return b && b->valid;
  }, "Whether it could be loaded");
  auto installed = [&store] {
    std::vector<std::string> out;
    for (const auto& b : store.behaviors()) out.push_back(b.name);
    return out;
  };
  s.bind("getInstalledBehaviors", installed, "Every installed behavior's name");
  s.bind("getBehaviorNames", installed, "Every installed behavior's name (as getInstalledBehaviors)");
  s.bind("getUserBehaviorNames", installed, "Every installed behavior's name (all are the user's in the simulation)");
  s.bind("getRunningBehaviors", [&life, runs] {
    std::set<std::string> names;
    {
      std::lock_guard lock(runs->mutex);
      names = runs->running;
    }
    if (auto f = life.focusedActivity(); !f.empty()) names.insert(f);
    return std::vector<std::string>(names.begin(), names.end());
  }, "The behaviors running now");
  return s.build();
}

}  // namespace autolife::engine
