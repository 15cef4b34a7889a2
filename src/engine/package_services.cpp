#include "autolife/engine/package_services.hpp"

#include <mutex>
#include <variant>
#include <set>

#include <nlohmann/json.hpp>

#include "autolife/naoqi/service_builder.hpp"

namespace autolife::engine {

using service::Any;
using service::CallError;

namespace {

Any infoOf(const package::PackageInfo& p) {
  return Any::Map{{"uuid", p.uuid},
                  {"version", p.version},
                  {"names", service::toAny(p.names)},
                  {"path", p.path.string()}};
}

// The problems as the JSON list of their texts, for a refusal's sentence.
std::string problemsText(const std::vector<core::Problem>& problems) {
  auto out = nlohmann::json::array();
  for (const auto& p : problems) out.push_back(p.format());
  return out.dump();
}

}  // namespace

std::shared_ptr<service::Service> makePackageManagerService(package::PackageStore& store) {
  naoqi::ServiceBuilder s("PackageManager", "Installs and removes packages");
  s.bind("install", [&store](const std::string& path) {
    auto result = store.install(path);
    if (!result.installed) throw CallError("package-refused", "the package was not installed: " + problemsText(result.problems));
    return true;
  }, "Installs a package (a folder or a .pkg); refused with reason package-refused and its problems");
  s.bind("removePkg", [&store](const std::string& uuid) { return store.remove(uuid); }, "Removes a package; false if it is not installed");
  s.bind("hasPackage", [&store](const std::string& uuid) { return store.has(uuid); }, "Whether a package is installed");
  s.bind("packages", [&store] {
    Any::Array out;
    for (const auto& p : store.packages()) out.push_back(infoOf(p));
    return Any(std::move(out));
  }, "[{uuid, version, names, path}]");
  s.bind("package", [&store](const std::string& uuid) {
    auto p = store.package(uuid);
    if (!p) throw CallError("unknown-package", "no package " + uuid + " is installed");
    return infoOf(package::infoOf(*p));
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
                                                            life::ActivityRunner& runner,
                                                            robot::AnimationPlayer& animations) {
  naoqi::ServiceBuilder s("ALBehaviorManager", "Runs behaviors directly");
  auto runs = std::make_shared<DirectRuns>();
  auto isRunning = [&life, runs](const std::string& name) {
    std::lock_guard lock(runs->mutex);
    return runs->running.contains(name) || life.focusedActivity() == name;
  };
  auto installed = [&store, &animations](const std::string& name) {
    return store.behavior(name).has_value() || animations.isStock(name);
  };
  // What the behavior runs: its behavior.xar, or a stock animation's length.
  auto runOf = [&store, &animations](const std::string& name) -> life::Run {
    if (auto behavior = store.behavior(name)) return life::RunBehavior{behavior->behaviorFile.string()};
    if (animations.isStock(name))
      return life::RunFor{core::fromSeconds(robot::AnimationPlayer::kStockSeconds)};
    throw CallError("unknown-behavior", "no behavior named " + name + " is installed");
  };
  auto start = [&runner, &animations, runs, isRunning, runOf](const std::string& name) {
    life::Activity direct;
    direct.name = name;
    direct.run = runOf(name);
    if (isRunning(name)) throw CallError("already-running", name + " is already running");
    {
      std::lock_guard lock(runs->mutex);
      runs->running.insert(name);
    }
    if (std::holds_alternative<life::RunFor>(direct.run)) animations.playedAsBehavior(name);
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
  s.bind("runBehavior", [start, &animations](const std::string& name) {
    start(name);
    // A stock animation's length is known: the caller waits for its end, as on a robot.
    if (animations.isStock(name))
      service::takes(core::fromSeconds(robot::AnimationPlayer::kStockSeconds));
  }, "Runs a behavior: a stock animation until it ends; a package's behavior is started (autolife returns at once; "
     "use isBehaviorRunning to follow it)");
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
  s.bind("isBehaviorInstalled", installed, "Whether it is installed (a package's behavior or a stock animation)");
  s.bind("isBehaviorPresent", installed, "Whether it is installed (as isBehaviorInstalled)");
  s.bind("preloadBehavior", [&store, &animations](const std::string& name) {
    auto b = store.behavior(name);
    return (b && b->valid) || animations.isStock(name);
  }, "Whether it could be loaded");
  auto user = [&store] {
    std::vector<std::string> out;
    for (const auto& b : store.behaviors()) out.push_back(b.name);
    return out;
  };
  auto everyOne = [user, &animations] {
    auto out = user();
    for (auto& name : animations.stockNames()) out.push_back(std::move(name));
    return out;
  };
  s.bind("getInstalledBehaviors", everyOne, "Every installed behavior's name: the packages', then the stock animations");
  s.bind("getBehaviorNames", everyOne, "Every installed behavior's name (as getInstalledBehaviors)");
  s.bind("getUserBehaviorNames", user, "The installed packages' behaviors");
  s.bind("getSystemBehaviorNames", [&animations] { return animations.stockNames(); },
         "The robot's stock animations (animations/...)");
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
