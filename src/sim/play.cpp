#include "autolife/sim/play.hpp"

#include <condition_variable>
#include <mutex>

#include "autolife/core/workers.hpp"
#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/package/store.hpp"
#include "autolife/python/python_box.hpp"
#include "autolife/runtime/behavior_runner.hpp"
#include "autolife/runtime/resources.hpp"
#include "autolife/service/service.hpp"
#include "autolife/sim/installed_app.hpp"

namespace autolife::sim {

namespace {

using ordered = nlohmann::ordered_json;

// The records `play` prints, stamped with engine time; callers from box
// threads and the clock's thread take turns.
class PlayOutput {
public:
  PlayOutput(core::Clock& clock, const std::function<void(const Record&)>& output) : clock_(clock), output_(output) {}

  void call(const service::CallRecord& c) {
    ordered j{{"t", 0.0}, {"service", c.service}, {"method", c.method}, {"args", argumentsJson(c.arguments)}};
    std::string text = pad("call") + c.service + "." + c.method + "(" + argumentsText(c.arguments) + ")";
    if (!c.errorReason.empty()) {
      j["error"] = c.errorReason;
      text += "  refused: " + c.errorMessage;
    }
    emit(std::move(j), text);
    // The first call of a method the simulated robot does not model says so.
    if (!c.warning.empty()) emit({{"t", 0.0}, {"warning", c.warning}}, pad("warning") + c.warning);
  }

  void event(const runtime::RunEvent& e) {
    using Kind = runtime::RunEvent::Kind;
    switch (e.kind) {
      case Kind::Log:
        emit({{"t", 0.0}, {"log", e.level}, {"box", e.box}, {"message", e.message}},
             pad("log") + "[" + e.level + "] " + e.box + ": " + e.message);
        break;
      case Kind::BoxError:
        emit({{"t", 0.0}, {"error", e.message}, {"box", e.box}}, pad("error") + e.message);
        break;
      case Kind::MissingService:
        emit({{"t", 0.0}, {"service", e.service}, {"method", e.method}, {"args", argumentsJson(e.arguments)}, {"missing", true}},
             pad("missing") + e.service + "." + e.method + "(" + argumentsText(e.arguments) +
                 ")  no such service on this robot: a no-op");
        break;
      case Kind::Ended:
        break;  // play() reports the end itself, once the boxes have unloaded
    }
  }

  // A Dialog box's rule that cannot answer (issue 32: never silent), at
  // `at` (its topic's file:line as the user knows it).
  void dialogRecord(const dialog::DialogRecord& r, const std::string& at) {
    if (r.kind != "speak-failure") return;
    emit({{"t", 0.0}, {"dialog", r.kind}, {"reason", r.text}, {"at", at}},
         pad("dialog") + "could not answer: " + r.text + " (" + at + ")");
  }

  // A record told by a hook (a package service's start, output, end).
  void record(ordered j, const std::string& label, const std::string& text) { emit(std::move(j), pad(label) + text); }

  void end(const PlayResult& r) {
    ordered j{{"t", 0.0}, {"end", endName(r.end)}};
    std::string text = pad("end") + endName(r.end);
    if (!r.error.empty()) {
      j["error"] = r.error;
      text += ": " + r.error;
    }
    emit(std::move(j), text);
  }

  int calls() const {
    std::lock_guard lock(mutex_);
    return calls_;
  }

private:
  static std::string pad(const std::string& label) { return label + std::string(label.size() < 9 ? 9 - label.size() : 1, ' '); }

  void emit(ordered j, const std::string& text) {
    std::lock_guard lock(mutex_);
    const core::Time t = clock_.now();
    j["t"] = core::toSeconds(t);
    if (j.contains("service")) ++calls_;
    output_({t, std::move(j), clockText(t) + "  " + text});
  }

  core::Clock& clock_;
  const std::function<void(const Record&)>& output_;
  mutable std::mutex mutex_;
  int calls_ = 0;
};

// How the run ended, as heard from the behavior (any thread).
struct Ending {
  std::mutex mutex;
  std::condition_variable changed;
  std::optional<std::string> error;  // set when ended: "" finished

  void set(const std::string& e) {
    std::lock_guard lock(mutex);
    error = e;
    changed.notify_all();
  }
  bool done() {
    std::lock_guard lock(mutex);
    return error.has_value();
  }
};

// Virtual time: runs the clock until the behavior ends, `until`, or nothing
// is left to happen.
PlayResult::End runVirtual(core::VirtualClock& clock, Ending& ending, std::optional<core::Time> until) {
  for (;;) {
    if (ending.done()) return PlayResult::End::Finished;
    auto next = clock.nextEventTime();
    if (!next) return PlayResult::End::Idle;
    if (until && *next > *until) {
      clock.runUntil(*until);
      return ending.done() ? PlayResult::End::Finished : PlayResult::End::Until;
    }
    clock.runNext();
  }
}

PlayResult::End runReal(core::Clock& clock, Ending& ending, std::optional<core::Time> until) {
  std::unique_lock lock(ending.mutex);
  if (!until) {
    ending.changed.wait(lock, [&] { return ending.error.has_value(); });
    return PlayResult::End::Finished;
  }
  const auto deadline = std::chrono::steady_clock::now() + (*until - clock.now());
  if (ending.changed.wait_until(lock, deadline, [&] { return ending.error.has_value(); }))
    return PlayResult::End::Finished;
  return PlayResult::End::Until;
}

}  // namespace

const char* endName(PlayResult::End end) {
  switch (end) {
    case PlayResult::End::Finished: return "finished";
    case PlayResult::End::Error: return "error";
    case PlayResult::End::Until: return "until";
    case PlayResult::End::Idle: return "idle";
    case PlayResult::End::Unreadable: return "unreadable";
  }
  return "?";
}

PlayResult play(const PlayOptions& options, const std::function<void(const Record&)>& output) {
  PlayResult result;
  auto loaded = runtime::loadBehavior(options.behavior);
  if (!loaded.ok()) {
    result.problems = loaded.errors;
    return result;
  }
  result.problems = loaded.warnings;
  auto model = std::make_shared<const behavior::Behavior>(std::move(*loaded.behavior));
  // Before the clock starts: in real time, starting Python would count as
  // the first box's time.
  python::prepareInterpreter();

  std::unique_ptr<core::VirtualClock> virtualClock;
  std::unique_ptr<core::RealClock> realClock;
  core::Clock* clock = nullptr;
  if (options.realtime) clock = (realClock = std::make_unique<core::RealClock>()).get();
  else clock = (virtualClock = std::make_unique<core::VirtualClock>()).get();

  PlayOutput out(*clock, output);
  Ending ending;
  // A package's behavior runs from NAOqi's install path of the package, as
  // box code expects (Show Image's appsFolderFragment); in place when the
  // link cannot be made.
  std::optional<InstalledApp> installed;
  if (auto package = packageOf(options.behavior)) {
    try {
      installed.emplace(*package);
    } catch (const std::exception& e) {
      result.problems.push_back({options.behavior.string(), 0, 0,
                                 std::string("it runs where it is, not from an install path: ") + e.what(), ""});
    }
  }
  {
    // Life is not started: only the behavior acts on the robot.
    engine::EngineOptions engineOptions;
    engineOptions.model = options.model;
    engineOptions.turnLimit = options.turnLimit;
    engineOptions.seed = options.seed;
    engine::Engine engine(*clock, engineOptions);
    if (options.package) {
      auto loaded = engine.loadPackage(*options.package);
      for (auto& p : loaded.problems) result.problems.push_back(std::move(p.diagnostic));
      if (!loaded.installed)
        result.problems.push_back({options.package->string(), 0, 0, "the package cannot be loaded: its services do not run", ""});
    }
    if (const std::string language = packageDialogLanguage(options.behavior); !language.empty())
      engine.services.call("ALDialog", "setLanguage", {language});  // the robot speaks its app's language
    if (options.hooks.attach) options.hooks.attach(engine);
    auto calls = engine.services.called.connect([&](const service::CallRecord& c) {
      // Calls to missing services are reported by the runtime, as no-ops.
      if (c.errorReason != "no-such-service") out.call(c);
    });
    // A topic read through the install path is named by the package's own folder.
    auto dialogRecords = engine.dialog.records.connect([&](const dialog::DialogRecord& r) {
      out.dialogRecord(r, installed ? installed->asGiven(r.value) : r.value);
    });
    if (options.hooks.observe)
      options.hooks.observe(engine, [&out](ordered body, const std::string& label, const std::string& text) {
        out.record(std::move(body), label, text);
      });
    runtime::RuntimeContext context{engine.services, engine.workers, &engine.memory, &engine.resources,
                                    [&](const runtime::RunEvent& e) { out.event(e); }, {}, &engine.pythonBridge};
    if (installed)
      context.folderAsSeen = [&installed](const std::string& folder) { return installed->installed(folder).string(); };
    auto run = runtime::BehaviorRun::create(model, options.behavior.string(), context,
                                            [&](const std::string& error) { ending.set(error); });
    clock->post([run] { run->start(); });
    // In real time --until counts from the behavior's start, not from the
    // clock's: building the engine takes wall time before it.
    std::optional<core::Time> until = options.until;
    if (until && !virtualClock) until = core::addSaturating(*until, clock->now());
    result.end = virtualClock ? runVirtual(*virtualClock, ending, until) : runReal(*clock, ending, until);
    if (result.end == PlayResult::End::Finished && !ending.error->empty()) {
      result.end = PlayResult::End::Error;
      result.error = *ending.error;
    }
    run->stop();
    if (options.hooks.settle) options.hooks.settle();
    if (options.hooks.detach) options.hooks.detach();
    if (virtualClock) engine.workers.settle();
    engine.workers.shutdown();
    result.endedAt = clock->now();
    out.end(result);
    engine.services.called.disconnect(calls);
    engine.dialog.records.disconnect(dialogRecords);
    // The clock's thread stops before the engine whose timers it runs goes.
    if (realClock) realClock->stop();
  }
  result.calls = out.calls();
  return result;
}

}  // namespace autolife::sim
