#include "autolife/engine/engine.hpp"

#include "parts.hpp"
#include "voice_methods.hpp"

#include <algorithm>
#include <random>

#include "autolife/engine/animation_length.hpp"
#include "autolife/engine/autolife_service.hpp"
#include "autolife/engine/dashboard_methods.hpp"
#include "behavior_methods.hpp"
#include "autolife/engine/package_dialogs.hpp"
#include "autolife/engine/memory_service.hpp"
#include "autolife/engine/package_services.hpp"
#include "autolife/engine/knowledge_service.hpp"
#include "autolife/engine/preference_service.hpp"
#include "autolife/engine/service_manager.hpp"
#include "autolife/life/life_service.hpp"
#include "autolife/naoqi/service_builder.hpp"

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

Engine::Parts::Parts(core::Clock& c, const EngineOptions& o)
    : preferenceStore(preferencesFor(o)),
      journal(journalFor(o)),
      clock(c),
      memory(c),
      monitor(memory, monitorOptions(o, *preferenceStore)),
      keys(memory, launchpad::RobotProfile::forModel(o.model)),
      scripted(c, monitor),
      programs(c),
      workers(c, dynamic_cast<core::VirtualClock*>(&c) ? core::Workers::Mode::Virtual : core::Workers::Mode::Real),
      pythonBridge(workers, {o.seed}),
      resources(c),
      behaviorLog(o.store, c, o.storageProblem),
      boxStates(behaviorLog),
      behaviors(runtime::RuntimeContext{services, workers, &memory, &resources,
                                        [this](const runtime::RunEvent& e) { behaviorEvents(e); }, {}, &pythonBridge,
                                        &boxObservers}),
      runners(scripted, programs),
      keysListener(keys),
      life({memory, monitor, services, runners, &keysListener, journal.get()}, lifeOptions(o)),
      packages(installRoot(o, temporaryRoot)),
      perceived(keys, life),
      world(memory, launchpad::RobotProfile::forModel(o.model), perceived),
      robot(memory, c, o.model),
      inputs(memory, world, robot, perceived),
      speechRecognition(memory),
      dialog(c, memory, services, o.seed),
      serviceOperands(memory, services),
      expressions(monitor, serviceOperands) {}

Engine::Engine(core::Clock& c, EngineOptions o)
    : options_(std::move(o)),
      parts_(std::make_unique<Parts>(c, options_)),
      clock(parts_->clock),
      memory(parts_->memory),
      preferences(*parts_->preferenceStore),
      monitor(parts_->monitor),
      services(parts_->services),
      keys(parts_->keys),
      scripted(parts_->scripted),
      programs(parts_->programs),
      behaviorEvents(parts_->behaviorEvents),
      workers(parts_->workers),
      pythonBridge(parts_->pythonBridge),
      resources(parts_->resources),
      behaviors(parts_->behaviors),
      boxObservers(parts_->boxObservers),
      behaviorLog(parts_->behaviorLog),
      runners(parts_->runners),
      life(parts_->life),
      packages(parts_->packages),
      perceived(parts_->perceived),
      world(parts_->world),
      robot(parts_->robot),
      inputs(parts_->inputs),
      speechRecognition(parts_->speechRecognition),
      dialog(parts_->dialog),
      topicRefused(parts_->topicRefused),
      serviceOperands(parts_->serviceOperands),
      serviceProcesses(parts_->serviceProcesses) {
  runners.setBehaviorRunner(&behaviors);
  // The log first: it numbers the runs the states report.
  boxObservers.add(&parts_->behaviorLog);
  boxObservers.add(&parts_->boxStates);
  parts_->keysListener.setWorld(&world);
  if (options_.turnLimit) workers.setLimits({*options_.turnLimit, workers.limits().afterCancel});
  // In virtual time box threads run, in turn, after each clock task.
  if (auto* virtualClock = dynamic_cast<core::VirtualClock*>(&c))
    virtualClock->setAfterEachTask([this] { workers.settle(); });
  packages.packageInstalled.connect([this](const std::string& uuid) { addPackageActivities(uuid); });
  packages.packageRemoved.connect([this](const std::string& uuid) { removePackageActivities(uuid); });
  for (const auto& info : packages.packages()) addPackageActivities(info.uuid);
  registerServices();
  // A client's call is an input: told to the door's observer.
  services.clientCalled.connect([this](std::string_view service, std::string_view method, const service::Arguments& args) {
    if (auto* o = inputs.observer()) o->called(service, method, args);
  });
  // What ALDialog says of the robot, which topics read ($Dialog/RobotName).
  const bool pepper = options_.model == launchpad::RobotModel::Pepper;
  memory.insertData("Dialog/RobotName", pepper ? "pepper" : "nao");
  memory.insertData("Dialog/RobotModel", pepper ? "juliette" : "nao");
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
  if (parts_->temporaryRoot) {
    std::error_code ignored;
    std::filesystem::remove_all(*parts_->temporaryRoot, ignored);
  }
}

void Engine::start() {
  if (auto* o = inputs.observer()) o->started();
  world.start();
  keys.start();
  life.start();
}

namespace {

// Autolife.hear's answer: what was heard and what came of it.
service::Any heardValue(const dialog::Heard& h, const std::string& utterance) {
  const dialog::Explanation& ex = h.dialog->explanation;
  std::vector<std::string> answers;
  for (const auto& answer : h.dialog->answers) answers.push_back(answer.text);
  return service::Any::Map{{"heard", utterance}, {"wordRecognized", h.wordRecognized}, {"outcome", ex.outcome},
                           {"reason", ex.reason}, {"topic", ex.topic}, {"file", ex.file}, {"line", ex.line},
                           {"rule", ex.rule}, {"notes", service::toAny(ex.notes)}, {"answers", service::toAny(answers)}};
}

}  // namespace

void Engine::registerServices() {
  services.add(makeMemoryService(memory));
  services.add(life::makeLifeService(life));
  services.add(makePackageManagerService(packages));
  services.add(makeBehaviorManagerService(packages, life, runners, robot.animationPlayer()));
  services.add(makePreferenceManagerService(preferences));
  services.add(makeKnowledgeService(options_.store, options_.storageProblem));
  auto autolife = makeAutolifeService(memory, life, &serviceOperands, &services,
                                      [this](const std::string& name, service::Any::Map& out) { describeActivityMore(*this, name, out); });
  // Box logs, the world by hand (dashboard_methods.cpp); ALLogger's lines are box logs.
  auto logs = std::make_shared<BoxLogs>();
  behaviorEvents.connect([logs](const runtime::RunEvent& e) { logs->add(e); });
  addDashboardMethods(autolife, *this, logs);
  services.add(naoqi::ServiceBuilder(makeLoggerService(clock, behaviorEvents)).build());
  // The dashboard's "say to the robot": speech as input, explained.
  autolife->method("hear", {{"text", service::Type::String}, {"confidence", service::Type::Float}}, service::Type::Map,
                   "What a person says to the robot (ALSpeechRecognition, then ALDialog): {heard, wordRecognized, "
                   "outcome, reason, topic, file, line, rule, notes, answers}",
                   [this](const service::Arguments& a) { return heardValue(hear(service::stringArg(a, 0), service::floatArg(a, 1)), service::stringArg(a, 0)); });
  // Watching and steering behaviors: the diagram, box states, runs, breakpoints, faults.
  addBehaviorMethods(*autolife, {life, behaviors, parts_->behaviorLog, parts_->boxStates});
  parts_->boxStates.emitOn(autolife);
  addVoiceMethods(*autolife, *this);
  services.add(autolife);
  services.add(makeServiceManagerService(services, serviceProcesses));
  // The modelled speech services: registered as the engine's own, before
  // the simulated robot's stubs take the catalog's names still free.
  // Completed with the catalog's methods they do not model, as every
  // simulated service is.
  services.add(naoqi::ServiceBuilder(speechRecognition.makeService()).build());
  services.add(naoqi::ServiceBuilder(dialog.makeService()).build());
  services.add(makeExpressionWatcherService(parts_->expressions));
  robot.registerServices(services);
  // An installed package's behavior plays as an animation for as long as its timeline.
  robot.animationPlayer().setResolver([this](const std::string& name) -> std::optional<double> {
    auto b = packages.behavior(name);
    return b ? animationSeconds(b->behaviorFile) : std::nullopt;
  });
  // Launchpad/Posture follows ALRobotPosture, as on a robot.
  robot.postureChanged().connect([this](const std::string& posture, const std::string& family) { world.postureChanged(posture, family); });
}

dialog::Heard Engine::hear(const std::string& utterance, double confidence) {
  if (auto* o = inputs.observer()) o->heard(utterance, confidence);
  return dialog::hear(speechRecognition, dialog, utterance, confidence);
}

dialog::HeardAudio Engine::hearAudio(const voice::Audio& audio,
                                     const std::function<void(const dialog::HeardAudio&)>& recognized,
                                     std::string_view source) {
  if (auto* o = inputs.observer()) o->heardAudio(source, audio);
  return dialog::hearAudio(speechRecognition, dialog, audio, recognized);
}

package::InstallResult Engine::loadPackage(const std::filesystem::path& path) {
  auto* observer = inputs.observer();
  auto result = std::filesystem::is_directory(path) ? packages.loadInPlace(path) : packages.install(path);
  if (observer) observer->packageLoaded(path, result);
  return result;
}

std::optional<core::Diagnostic> Engine::addActivity(life::Activity activity) {
  if (auto* o = inputs.observer()) o->activityAdded(activity);
  return addLifeActivity(std::move(activity));
}

std::optional<core::Diagnostic> Engine::addLifeActivity(life::Activity activity) {
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
  parts_->runOverrides[name] = {run, loadTime};
  auto it = parts_->fromPackages.find(name);
  if (auto* o = inputs.observer()) o->runOverridden(name, run, loadTime, it != parts_->fromPackages.end());
  if (it == parts_->fromPackages.end()) return false;
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
    if (auto o = parts_->runOverrides.find(a.name); o != parts_->runOverrides.end()) {
      a.run = o->second.first;
      a.loadTime = o->second.second;
    }
    parts_->fromPackages[a.name] = a;
    addLifeActivity(std::move(a));
  }
  loadPackageTopics(*pkg);
}

// A package's topics (manifest <dialogContent>, .pml <Topics>), every
// language, load into ALDialog as on the robot; activating them is for
// whoever runs the dialog (a Dialog box, a box's ALDialog calls).
void Engine::loadPackageTopics(const package::Package& pkg) {
  std::vector<std::filesystem::path> files;
  for (const auto& language : dialog::languageNames())
    for (auto& f : dialogTopicsOf(pkg, language)) files.push_back(std::move(f));
  for (const auto& f : files) {
    try {
      parts_->packageTopics[pkg.uuid()].push_back(dialog.loadFile(f.string()));
    } catch (const service::CallError& e) {
      topicRefused(e.what());
    }
  }
}

void Engine::removePackageActivities(const std::string& uuid) {
  for (const auto& topic : parts_->packageTopics[uuid]) {
    try {
      dialog.unload(topic);
    } catch (const service::CallError&) {  // unloaded through ALDialog already
    }
  }
  parts_->packageTopics.erase(uuid);
  const std::string prefix = uuid + "/";
  for (auto it = parts_->fromPackages.begin(); it != parts_->fromPackages.end();) {
    if (it->first.starts_with(prefix)) {
      life.removeActivity(it->first);
      serviceOperands.untrack(it->first);
      it = parts_->fromPackages.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace autolife::engine
