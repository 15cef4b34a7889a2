#include "autolife/engine/engine.hpp"

#include <algorithm>
#include <random>

#include "autolife/engine/autolife_service.hpp"
#include "autolife/engine/memory_service.hpp"
#include "autolife/engine/package_services.hpp"
#include "autolife/engine/preference_service.hpp"
#include "autolife/life/life_service.hpp"

namespace autolife::engine {

namespace {

condition::MonitorOptions monitorOptions(const EngineOptions& o, core::PreferenceSource& preferences) {
  condition::MonitorOptions m;
  m.seed = o.seed;
  m.preferences = &preferences;
  return m;
}

std::unique_ptr<core::PreferenceStore> preferencesFor(const EngineOptions& o) {
  if (o.store) return std::make_unique<store::StoredPreferences>(*o.store);
  return std::make_unique<core::InMemoryPreferences>();
}

std::unique_ptr<store::StoredLifeJournal> journalFor(const EngineOptions& o) {
  if (!o.store) return nullptr;
  return std::make_unique<store::StoredLifeJournal>(*o.store, o.storageProblem);
}

life::LifeOptions lifeOptions(const EngineOptions& o) {
  life::LifeOptions l;
  l.pepper = o.model == launchpad::RobotModel::Pepper;
  return l;
}

// The install root: the one given, or a fresh temporary folder.
std::filesystem::path installRoot(const EngineOptions& o, std::optional<std::filesystem::path>& temporary) {
  if (!o.packageRoot.empty()) return o.packageRoot;
  std::random_device random;
  auto dir = std::filesystem::temp_directory_path() / ("autolife-packages-" + std::to_string(random()));
  temporary = dir;
  return dir;
}

}  // namespace

life::Activity activityFrom(const package::Behavior& b) {
  life::Activity a;
  a.name = b.name;
  a.nature = b.nature() == package::Nature::Interactive ? life::Nature::Interactive : life::Nature::Solitary;
  if (const auto* trigger = b.launchTrigger()) {
    a.launchTrigger = trigger->text;
    a.triggerFile = (b.packageRoot / "manifest.xml").string();
    a.triggerLine = trigger->start.line;
    a.triggerColumn = trigger->start.column;
  }
  a.permissions = {b.content.permissions.canRunOnPod, b.content.permissions.canStandUp,
                   b.content.permissions.canRunInSleep};
  // Loading responses: English if given, else the first language's.
  const auto& responses = b.content.loadingResponses;
  if (auto en = responses.find("en_US"); en != responses.end()) a.loadingResponses = en->second;
  else if (!responses.empty()) a.loadingResponses = responses.begin()->second;
  a.run = life::RunBehavior{b.behaviorFile.string()};
  return a;
}

namespace {

// The package's own report of what makes this behavior unusable (its
// trigger's compile error, located exactly in manifest.xml, CRLF and
// entities included), or a sentence when it has none.
core::Diagnostic problemOf(const package::Package& pkg, const package::Behavior& b) {
  const auto* trigger = b.launchTrigger();
  if (trigger) {
    const int first = trigger->start.line;
    const int last = first + static_cast<int>(std::count(trigger->text.begin(), trigger->text.end(), '\n'));
    for (const auto& p : pkg.problems)
      if (p.isError() && p.diagnostic.file.ends_with("manifest.xml") && p.diagnostic.line >= first &&
          p.diagnostic.line <= last)
        return p.diagnostic;
  }
  core::Diagnostic d;
  d.file = (b.packageRoot / "manifest.xml").string();
  d.line = b.content.position.line;
  d.column = b.content.position.column;
  d.message = b.name + " cannot run (see `autolife check` for its package's problems)";
  return d;
}

}  // namespace

Engine::Engine(core::Clock& c, EngineOptions o)
    : preferenceStore_(preferencesFor(o)),
      journal_(journalFor(o)),
      clock(c),
      memory(c),
      preferences(*preferenceStore_),
      monitor(memory, monitorOptions(o, preferences)),
      keys(memory, launchpad::RobotProfile::forModel(o.model)),
      scripted(c, monitor),
      programs(c),
      workers(c, dynamic_cast<core::VirtualClock*>(&c) ? core::Workers::Mode::Virtual : core::Workers::Mode::Real),
      resources(c),
      behaviors(runtime::RuntimeContext{services, workers, &memory, &resources,
                                        [this](const runtime::RunEvent& e) { behaviorEvents(e); }, {}}),
      runners(scripted, programs),
      keysListener(keys),
      life({memory, monitor, services, runners, &keysListener, journal_.get()}, lifeOptions(o)),
      packages(installRoot(o, temporaryRoot_)),
      perceived(keys, life),
      world(memory, launchpad::RobotProfile::forModel(o.model), perceived),
      robot(memory, c, o.model),
      serviceOperands(memory, services),
      options_(std::move(o)) {
  runners.setBehaviorRunner(&behaviors);
  keysListener.setWorld(&world);
  if (options_.turnLimit) workers.setLimits({*options_.turnLimit, workers.limits().afterCancel});
  // In virtual time box threads run, in turn, after each clock task.
  if (auto* virtualClock = dynamic_cast<core::VirtualClock*>(&c))
    virtualClock->setAfterEachTask([this] { workers.settle(); });
  packages.packageInstalled.connect([this](const std::string& uuid) { addPackageActivities(uuid); });
  packages.packageRemoved.connect([this](const std::string& uuid) { removePackageActivities(uuid); });
  for (const auto& info : packages.packages()) addPackageActivities(info.uuid);
  registerServices();
  if (options_.store) restoreLife();
}

void Engine::restoreLife() {
  try {
    life.restore(options_.store->lifeRecord());
  } catch (const core::StorageError& e) {
    if (options_.storageProblem) options_.storageProblem(e.what());
  }
}

Engine::~Engine() {
  // Behaviors end while the services their boxes call still exist.
  behaviors.stopAll();
  workers.shutdown();
  if (auto* virtualClock = dynamic_cast<core::VirtualClock*>(&clock)) virtualClock->setAfterEachTask({});
  if (temporaryRoot_) {
    std::error_code ignored;
    std::filesystem::remove_all(*temporaryRoot_, ignored);
  }
}

void Engine::start() {
  world.start();
  keys.start();
  life.start();
}

void Engine::registerServices() {
  services.add(makeMemoryService(memory));
  services.add(life::makeLifeService(life));
  services.add(makePackageManagerService(packages));
  services.add(makeBehaviorManagerService(packages, life, runners));
  services.add(makePreferenceManagerService(preferences));
  services.add(makeAutolifeService(memory, life, &serviceOperands));
  robot.registerServices(services);
  // Launchpad/Posture follows ALRobotPosture, as on a robot.
  robot.postureChanged().connect([this](const std::string& posture, const std::string& family) { world.postureChanged(posture, family); });
}

package::InstallResult Engine::loadPackage(const std::filesystem::path& path) {
  return std::filesystem::is_directory(path) ? packages.loadInPlace(path) : packages.install(path);
}

std::optional<core::Diagnostic> Engine::addActivity(life::Activity activity) {
  keys.setFocusCount(activity.name, 0);
  trackServiceOperands(activity);
  return life.addActivity(std::move(activity));
}

// Before Life loads the trigger: its properties are then already in memory
// when it is first evaluated. A trigger that does not compile reads nothing.
void Engine::trackServiceOperands(const life::Activity& activity) {
  if (activity.error || activity.launchTrigger.empty()) {
    serviceOperands.untrack(activity.name);
    return;
  }
  auto compiled = condition::compile(activity.launchTrigger);
  if (auto* program = std::get_if<std::shared_ptr<const condition::Program>>(&compiled))
    serviceOperands.track(activity.name, **program);
  else
    serviceOperands.untrack(activity.name);
}

bool Engine::overrideRun(const std::string& name, const life::Run& run, core::Duration loadTime) {
  runOverrides_[name] = {run, loadTime};
  auto it = fromPackages_.find(name);
  if (it == fromPackages_.end()) return false;
  it->second.run = run;
  it->second.loadTime = loadTime;
  life.addActivity(it->second);
  return true;
}

void Engine::addPackageActivities(const std::string& uuid) {
  removePackageActivities(uuid);  // a reinstall replaces them
  auto pkg = packages.package(uuid);
  if (!pkg) return;
  for (const auto& b : pkg->behaviors) {
    if (!b.isActivity()) continue;
    life::Activity a = activityFrom(b);
    if (!b.valid || (b.launchTrigger() && !b.launchTrigger()->valid())) a.error = problemOf(*pkg, b);
    if (auto o = runOverrides_.find(a.name); o != runOverrides_.end()) {
      a.run = o->second.first;
      a.loadTime = o->second.second;
    }
    fromPackages_[a.name] = a;
    addActivity(std::move(a));
  }
}

void Engine::removePackageActivities(const std::string& uuid) {
  const std::string prefix = uuid + "/";
  for (auto it = fromPackages_.begin(); it != fromPackages_.end();) {
    if (it->first.starts_with(prefix)) {
      life.removeActivity(it->first);
      serviceOperands.untrack(it->first);
      it = fromPackages_.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace autolife::engine
