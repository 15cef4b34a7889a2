#include "autolife/core/problem.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/engine/inputs.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/package/store.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/runtime/behavior_run.hpp"
#include "autolife/runtime/run_observer.hpp"
#include "autolife/service/service.hpp"
#include "autolife/sim/box_records.hpp"
#include "autolife/sim/simulator.hpp"
#include "hear_audio.hpp"

#include <cstdio>
#include <stdexcept>


namespace autolife::sim {

using nlohmann::ordered_json;

ordered_json outputJson(const service::Any& value) {
  try {
    return core::valueToJson(value);
  } catch (const std::invalid_argument&) {  // an object
    return nullptr;
  }
}

ordered_json argumentsJson(const service::Arguments& args) {
  ordered_json out = ordered_json::array();
  for (const auto& a : args) out.push_back(outputJson(a));
  return out;
}

ordered_json waitingJson(const std::vector<runtime::Waiting>& waiting) {
  ordered_json out = ordered_json::array();
  for (const auto& w : waiting) out.push_back({{"box", w.box}, {"for", w.what}});
  return out;
}

std::string argumentsText(const service::Arguments& args) {
  constexpr std::size_t kShown = 160;
  std::string text;
  for (const auto& a : args) text += (text.empty() ? "" : ", ") + outputJson(a).dump(-1, ' ', false, ordered_json::error_handler_t::replace);
  if (text.size() > kShown) text = text.substr(0, kShown) + "...";
  return text;
}

std::string clockText(core::Time t) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t).count();
  char buf[48];
  std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld.%03lld", static_cast<long long>(ms / 3600000),
                static_cast<long long>(ms / 60000 % 60), static_cast<long long>(ms / 1000 % 60),
                static_cast<long long>(ms % 1000));
  return buf;
}

core::Time endOf(const Scenario& s, const SimulationOptions& o) {
  if (o.until) return *o.until;
  if (s.until) return *s.until;
  core::Time end{0};
  if (!s.steps.empty()) end = std::max(end, s.steps.back().time);
  if (!s.expectations.empty()) end = std::max(end, s.expectations.back().time);
  return end;
}

namespace {

launchpad::RobotModel modelOf(const Scenario& s) {
  return s.robot == "pepper" ? launchpad::RobotModel::Pepper : launchpad::RobotModel::Nao;
}

engine::EngineOptions engineOptions(const Scenario& s, const SimulationOptions& o) {
  engine::EngineOptions options;
  options.model = o.model.value_or(modelOf(s));
  options.seed = o.seed.value_or(s.seed);
  options.turnLimit = o.turnLimit;
  return options;
}

// Collects the engine's events as records and checks expectations.
class Run {
public:
  Run(const Scenario& s, const SimulationOptions& o, const std::function<void(const Record&)>& output)
      : hooks_(o.hooks),
        explain_(o.explain),
        textOnly_(o.textOnly),
        feed_(o.feed),
        boxes_(o.boxes),
        scenario_(s),
        clock_(s.start.value_or(core::VirtualClock::defaultWallStart())),
        engine_(clock_, engineOptions(s, o)),
        output_(output),
        boxRecords_(true, [this](ordered_json body, const std::string& text) { emit(std::move(body), pad("box") + text); }) {}

  ~Run() { engine_.boxObservers.remove(&boxRecords_); }

  SimulationResult execute(core::Time end) {
    if (hooks_.built) hooks_.built(engine_);
    const auto seed = engine_.options().seed;
    emit({{"seed", seed}}, pad("seed") + std::to_string(seed));
    observe();
    loadPackages();
    if (hooks_.attach) hooks_.attach(engine_);
    if (hooks_.observe)
      hooks_.observe(engine_, [this](ordered_json body, const std::string& label, const std::string& text) {
        emit(std::move(body), pad(label) + text);
      });
    engine_.start();
    for (const auto& step : scenario_.steps) clock_.schedule(step.time, [this, &step] { apply(step); });
    if (feed_) {
      fedOrder_ = clock_.reserve(feed_->size());
      scheduleFed();
    }
    for (const auto& e : scenario_.expectations)
      clock_.schedule(e.time, [this, &e] { check(e); }, core::Phase::Observe);
    clock_.runUntil(end);
    if (hooks_.settle) {
      hooks_.settle();
      clock_.runUntil(end);  // what it told meanwhile, at the end
    }
    if (explain_) explainWhyNot();
    if (hooks_.detach) hooks_.detach();
    result_.endedAt = end;
    return result_;
  }

private:
  // An event's value as the timeline shows it: a name ("(none)" for ""), a
  // list of names, or JSON.
  static std::string shownValue(const core::Value& v) {
    if (v.isString()) return v.asString().empty() ? "(none)" : v.asString();
    if (!v.isArray()) return v.toJson();
    std::string out;
    for (const auto& n : v.asArray()) out.append(out.empty() ? "" : ", ").append(n.isString() ? n.asString() : n.toJson());
    return out.empty() ? "(none)" : out;
  }

  void emit(ordered_json body, std::string text) {
    ordered_json j;
    if (!textOnly_) {
      j["t"] = core::toSeconds(clock_.now());
      for (auto& [k, v] : body.items()) j[k] = std::move(v);
    }
    output_({clock_.now(), std::move(j), clockText(clock_.now()) + "  " + text});
  }

  // The body of one of the frequent records (an event, a transition): not
  // built when only the text is wanted.
  template <class Body>
  void emitFrequent(Body body, std::string text) {
    emit(textOnly_ ? ordered_json() : body(), std::move(text));
  }

  // ---- what the engine does ----
  void observe() {
    static const std::vector<std::pair<const char*, const char*>> events = {
        {"AutonomousLife/State", "state"},
        {"AutonomousLife/LaunchSuggestions", "suggestions"},
        {"AutonomousLife/CompletedActivity", "completed"},
        {"AutonomousLife/NextActivity", "next"},
        {"AutonomousLife/FocusedActivity", "focused"},
    };
    for (const auto& [key, label] : events) {
      auto sub = engine_.memory.subscriber(key);
      sub->signal.connect([this, key = std::string(key), label = std::string(label)](const core::Value& v) {
        emitFrequent([&] { return ordered_json{{"event", key}, {"value", core::valueToJson(v)}}; }, pad(label) + shownValue(v));
      });
      subscribers_.push_back(sub);
    }
    engine_.services.find("ALAutonomousLife")->emitted.connect([this](const std::string& signal, const service::Any& v) {
      if (signal != "activityTransition") return;
      std::string text = pad("transition") + both(v, "PreviousActivityName", "PreviousActivityStopReason") + " -> " +
                         both(v, "FocusedActivityName", "FocusedActivityStartReason");
      emitFrequent([&] { return ordered_json{{"signal", signal}, {"value", outputJson(v)}}; }, std::move(text));
    });
    observeBehaviors();
    engine_.topicRefused.connect([this](const std::string& why) { problem(why); });
    engine_.dialog.records.connect([this](const dialog::DialogRecord& r) {
      if (r.kind == "robot") emit({{"dialog", "robot"}, {"said", r.text}}, pad("robot says") + r.text);
      if (r.kind == "set")
        emit({{"dialog", "set"}, {"name", r.text}, {"value", r.value}}, pad("dialog set") + "$" + r.text + "=" + r.value);
      if (r.kind == "speak-failure")
        emit({{"dialog", r.kind}, {"reason", r.text}, {"at", r.value}},
             pad("dialog") + "could not answer: " + r.text + " (" + r.value + ")");
      if (r.kind == "action-failed")
        emit({{"dialog", r.kind}, {"action", r.value}, {"args", r.args}, {"reason", r.text}},
             pad("dialog") + dialog::actionText({r.value, r.args, {}}) + " failed: " + r.text);
    });
    engine_.life.activityFailed.connect([this](const std::string& activity, const std::string& error) {
      emit({{"activity", activity}, {"error", error}}, pad("failed") + activity + ": " + error);
    });
    if (explain_) engine_.life.launchpadDecided.connect([this] { explainWhyNot(); });
    if (boxes_) engine_.boxObservers.add(&boxRecords_);
  }

  // Why each activity that is not focused is not (issue 16's plain form:
  // "why-not  pkg/act lost-priority: other/act was focused less recently").
  void explainWhyNot() {
    for (const auto& w : engine_.life.whyNotAll()) emit(w.json(), "why-not  " + w.text());
  }

  // What activities' behaviors make the robot do (their service calls), and their boxes' logs.
  void observeBehaviors() {
    // A method the simulated robot does not model, said once (whoever called it).
    engine_.services.warned.connect([this](const std::string& message) { emit({{"warning", message}}, pad("warning") + message); });
    engine_.services.called.connect([this](const service::CallRecord& c) {
      if (c.caller.empty() || c.errorReason == "no-such-service") return;
      emit({{"behavior", c.caller}, {"service", c.service}, {"method", c.method}, {"args", argumentsJson(c.arguments)}},
           pad("robot") + c.service + "." + c.method + "(" + argumentsText(c.arguments) + ")");
    });
    engine_.behaviorEvents.connect([this](const runtime::RunEvent& e) {
      using Kind = runtime::RunEvent::Kind;
      if (e.kind == Kind::Log)
        emit({{"behavior", e.behavior}, {"log", e.level}, {"box", e.box}, {"message", e.message}},
             pad("log") + e.behavior + " [" + e.level + "] " + e.box + ": " + e.message);
      // An activity's behavior that went idle keeps the focus, as on NAOqi
      // (docs/behaviors.md "Idle behaviors"): said once for each new wait.
      if (e.kind == Kind::Idle) {
        const bool focused = engine_.life.focusedActivity() == e.behavior;
        emit({{"behavior", e.behavior}, {"idle", e.message}, {"waiting", waitingJson(e.waiting)}},
             pad("idle") + e.behavior + ": " + e.message + (focused ? " (it keeps the focus until stopped, as on NAOqi)" : ""));
      }
      if (e.kind == Kind::MissingService)
        emit({{"behavior", e.behavior}, {"service", e.service}, {"method", e.method}, {"args", argumentsJson(e.arguments)}, {"missing", true}},
             pad("missing") + e.service + "." + e.method + "(" + argumentsText(e.arguments) + "): no such service, a no-op");
    });
  }

  static std::string pad(const std::string& label) {
    std::string out = label;
    out.resize(std::max<std::size_t>(out.size() + 1, 13), ' ');
    return out;
  }

  // "name (reason)" from activityTransition's map, "(none)" for no activity.
  static std::string both(const service::Any& transition, const char* name, const char* reason) {
    auto text = [&transition](const char* key) {
      const service::Any* v = transition.find(key);
      return v && v->isString() ? v->asString() : std::string();
    };
    const std::string n = text(name);
    return n.empty() ? "(none)" : n + " (" + text(reason) + ")";
  }

  void problem(const std::string& text) {
    ++result_.problems;
    emit({{"problem", text}}, pad("problem") + text);
  }

  // ---- setup ----
  void loadPackages() {
    prepare(engine_, scenario_, [this](const std::string& text) { problem(text); });
  }

  // ---- steps ----
  void apply(const Step& step) {
    if (auto outcome = applyStep(engine_, step)) report(*outcome);
  }

  // The feed's next input, in its reserved order: scheduled when the one
  // before it runs.
  void scheduleFed() {
    const auto at = feed_->next();
    if (!at) return;
    clock_.scheduleReserved(*at, fedOrder_++, [this] {
      auto outcome = feed_->apply(engine_);
      scheduleFed();
      if (outcome) report(*outcome);
    });
  }

  // A step's (or a fed input's) outcome: a call's result or refusal, what was heard.
  void report(const ordered_json& outcome) {
    if (outcome.contains("hear")) {
      emit(outcome, pad("heard") + "\"" + outcome["hear"].get<std::string>() + "\": " + outcome["reason"].get<std::string>());
      return;
    }
    const std::string method = outcome["call"].get<std::string>();
    if (outcome.contains("result"))
      emit(outcome, pad("call") + method + " -> " +
                        outcome["result"].dump(-1, ' ', false, ordered_json::error_handler_t::replace));
    else
      emit(outcome, pad("call") + method + " refused (" + outcome["error"]["reason"].get<std::string>() +
                        "): " + outcome["error"]["message"].get<std::string>());
  }

  // ---- expectations ----
  void check(const Expectation& e) {
    std::vector<std::string> diff;
    ordered_json expected;
    auto compare = [&](const char* field, const auto& want, const auto& got, auto show) {
      expected[field] = want;
      if (want != got) diff.push_back(std::string(field) + ": expected " + show(want) + ", got " + show(got));
    };
    auto quote = [](const std::string& s) { return "\"" + s + "\""; };
    auto list = [](const std::vector<std::string>& v) { return ordered_json(v).dump(); };
    if (e.focused) compare("focused", *e.focused, engine_.life.focusedActivity(), quote);
    if (e.state) compare("state", *e.state, engine_.life.getState(), quote);
    if (e.stack) compare("stack", *e.stack, engine_.life.focusStack(), list);
    if (e.suggestions) compare("suggestions", *e.suggestions, engine_.life.launchSuggestions(), list);
    const std::string where = scenario_.file + ":" + std::to_string(e.line);
    if (diff.empty()) {
      emit({{"expect", expected}, {"ok", true}}, pad("expect") + "ok (" + where + ")");
      return;
    }
    ++result_.failedExpectations;
    std::string text = pad("EXPECT") + "FAILED at " + where + ":";
    for (const auto& d : diff) text += "\n" + std::string(26, ' ') + d;
    emit({{"expect", expected}, {"ok", false}, {"diff", diff}, {"where", where}}, text);
  }

  const EngineHooks& hooks_;
  const bool explain_;
  const bool textOnly_;
  InputFeed* const feed_;
  core::TimerId fedOrder_ = 0;
  const bool boxes_;
  const Scenario& scenario_;
  core::VirtualClock clock_;
  engine::Engine engine_;
  const std::function<void(const Record&)>& output_;
  std::vector<std::shared_ptr<memory::Subscriber>> subscribers_;
  SimulationResult result_;
  sim::BoxRecords boxRecords_;
};

}  // namespace

void prepare(engine::Engine& engine, const Scenario& scenario, const std::function<void(const std::string&)>& problem) {
  for (const auto& path : scenario.packages) {
    auto r = engine.loadPackage(path);
    for (const auto& p : r.problems) problem(p.format());
    if (!r.installed && r.problems.empty()) problem(path + ": the package could not be loaded");
  }
  for (const auto& inline_ : scenario.activities) {
    const auto& a = inline_.activity;
    if (inline_.overridesRun && engine.overrideRun(a.name, a.run, a.loadTime)) continue;
    if (auto d = engine.addActivity(a)) problem(core::error(*d).format());
  }
}

namespace {

// A step's inputs: the world, touch, people, set, raise (its hear and
// call apart), through the engine's door (engine/inputs.hpp).
void applyInputs(engine::Engine& engine, const Step& step) {
  if (step.world) engine.inputs.world(*step.world);
  if (step.touch) engine.inputs.touch(step.touch->sensor, step.touch->seconds);
  if (step.people) engine.inputs.people(*step.people);
  if (!step.set.empty()) {
    std::vector<memory::Write> writes;
    for (const auto& [k, v] : step.set) writes.push_back({memory::Write::Kind::Set, k, v});
    engine.inputs.write(writes);
  }
  if (!step.raise.empty()) {
    std::vector<memory::Write> writes;
    for (const auto& [k, v] : step.raise) writes.push_back({memory::Write::Kind::Raise, k, v});
    engine.inputs.write(writes);
  }
}

// A step's call is a client's: said to the registry before it is made.
void sayCall(engine::Engine& engine, const Call& call) {
  const auto dot = call.method.find('.');
  if (dot == std::string::npos) return engine.services.clientCalls(call.method, "", call.arguments);
  engine.services.clientCalls(std::string_view(call.method).substr(0, dot), std::string_view(call.method).substr(dot + 1),
                              call.arguments);
}

// What a person says (hear:), heard; its outcome when the step has no call.
std::optional<ordered_json> applyHear(engine::Engine& engine, const Step& step) {
  if (!step.hear) return std::nullopt;
  if (!step.hear->audio.empty() || step.hear->recorded) {
    ordered_json out = hearAudioOutcome(engine, step.hear->audio, step.hear->recorded.get());
    if (step.call) return std::nullopt;
    return out;
  }
  const dialog::Heard heard = engine.hear(step.hear->text, step.hear->confidence);
  if (step.call) return std::nullopt;
  const dialog::Explanation& ex = heard.dialog->explanation;
  ordered_json out{{"hear", step.hear->text}, {"outcome", ex.outcome}, {"reason", ex.reason}};
  if (heard.wordRecognized) out["wordRecognized"] = true;
  return out;
}

}  // namespace

ordered_json callOutcome(const std::string& method, const service::Outcome& outcome) {
  if (const auto* e = std::get_if<service::CallError>(&outcome))
    return ordered_json{{"call", method}, {"error", {{"reason", e->reason()}, {"message", e->what()}}}};
  return ordered_json{{"call", method}, {"result", outputJson(std::get<service::Any>(outcome))}};
}

std::optional<nlohmann::ordered_json> applyStep(engine::Engine& engine, const Step& step) {
  engine::Inputs::Together together(engine.inputs);
  applyInputs(engine, step);
  if (auto heard = applyHear(engine, step)) return heard;
  if (!step.call) return std::nullopt;
  const auto& c = *step.call;
  sayCall(engine, c);
  try {
    return callOutcome(c.method, engine.services.call(c.method, c.arguments));
  } catch (const service::CallError& e) {
    return callOutcome(c.method, e);
  }
}

void applyStepAsync(engine::Engine& engine, const Step& step, std::function<void(nlohmann::ordered_json)> outcome) {
  engine::Inputs::Together together(engine.inputs);
  applyInputs(engine, step);
  if (auto heard = applyHear(engine, step)) return outcome(std::move(*heard));
  if (!step.call) return;
  const auto& c = *step.call;
  sayCall(engine, c);
  engine.services.callAsync(c.method, c.arguments, [method = c.method, outcome = std::move(outcome)](service::Outcome o) {
    outcome(callOutcome(method, o));
  });
}

SimulationResult simulate(const Scenario& scenario, const SimulationOptions& options,
                          const std::function<void(const Record&)>& output) {
  Run run(scenario, options, output);
  return run.execute(endOf(scenario, options));
}

}  // namespace autolife::sim
