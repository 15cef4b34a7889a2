// The Python box tests' fixture: a box host that records what the box does
// (outputs, logs, calls to missing services, its timeline), on a virtual
// clock with a memory and a registry holding a small ALTextToSpeech.
#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/clock.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/python/python_box.hpp"
#include "../support/any_json.hpp"

namespace python_test {

using namespace autolife;
using namespace std::chrono_literals;
using python::BoxScript;
using python::PythonBox;
using service::Any;

// The runtime side of a box, recording what the box does.
class FakeHost : public python::BoxHost {
public:
  explicit FakeHost(core::Workers& w, service::Registry& r) : workers_(w), registry_(r) {}
  std::string boxName() const override { return "Say"; }
  std::string boxPath() const override { return path; }
  std::string behaviorId() const override { return "demo/."; }
  std::string behaviorPath() const override { return "/pkg/demo"; }
  std::string packageUid() const override { return "demo"; }
  std::string behaviorRelativePath() const override { return "."; }
  std::vector<std::string> outputNames() const override { return outputs; }
  void fire(const std::string& output, const Any& value) override {
    events.push_back(t() + " fire " + output + " " + test::jsonOf(value).dump());
  }
  bool stimulate(const std::string& name, const std::optional<Any>& value) override {
    events.push_back(t() + " stimulate " + name + " " + (value ? test::jsonOf(*value).dump() : "bang"));
    return name != "nothing";
  }
  Any parameter(const std::string& name) const override {
    auto it = parameters.find(name);
    if (it == parameters.end()) throw service::CallError("unknown-parameter", "no parameter " + name);
    return it->second;
  }
  std::vector<std::string> parameterNames() const override {
    std::vector<std::string> names;
    for (const auto& [name, value] : parameters) names.push_back(name);
    return names;
  }
  void setParameter(const std::string& name, const Any& value) override { parameters[name] = value; }
  void log(const std::string& level, const std::string& message) override { logs.push_back(level + ": " + message); }
  service::Registry& services() override { return registry_; }
  core::Workers& workers() override { return workers_; }
  core::Workers::Group group() const override { return 1; }
  void missingService(const std::string& s, const std::string& m, const service::Arguments&) override {
    events.push_back(t() + " missing " + s + "." + m);
  }
  // Timelines: the box's own (when `ownTimeline`) and its parent's, recorded.
  int timeline(TimelineOf which, TimelineAction action, const std::string& place, int value) override {
    const bool exists = which != TimelineOf::Own || ownTimeline;
    if (action == TimelineAction::Exists) return exists ? 1 : 0;
    if (!exists) return -1;
    static const char* const whose[] = {"own", "parent", "nearest"};
    static const char* const what[] = {"exists", "fps", "set_fps", "size", "play", "pause", "stop", "goto",
                                       "goto_and_stop", "goto_and_play"};
    if (action == TimelineAction::Fps) return fps;
    if (action == TimelineAction::Size) return 120;
    if (action == TimelineAction::SetFps) fps = value;
    events.push_back(t() + " timeline " + whose[static_cast<int>(which)] + " " + what[static_cast<int>(action)] +
                     (place.empty() ? "" : " " + place) + (action == TimelineAction::SetFps ? " " + std::to_string(value) : ""));
    return place == "nowhere" ? 0 : 1;
  }
  void exitBehavior() override { events.push_back(t() + " exitBehavior"); }
  void releaseResources() override { events.push_back(t() + " releaseResource"); }
  // As the runtime does: each write starts the callback in a box thread.
  std::uint64_t subscribeMemory(const std::string& key, const std::string& name, MemoryCallback onChange) override {
    if (!memory || unloaded) return 0;
    auto id = memory->subscribeToEvent(key, name, [this, onChange](const std::string& k, const core::Value& v) {
      workers_.spawn(1, [onChange, k, value = test::anyOf(core::valueToJson(v))] { onChange(k, value); });
    });
    subscriptions.push_back(id);
    return id;
  }
  void unsubscribeMemory(std::uint64_t id) override {
    if (std::erase(subscriptions, id)) memory->unsubscribeToEvent(id);
  }
  void deliver(std::function<void()> task) override {
    if (!unloaded) workers_.spawn(1, std::move(task));
  }
  void unload() {
    unloaded = true;
    for (auto id : subscriptions) memory->unsubscribeToEvent(id);
    subscriptions.clear();
  }
  std::string t() const { return std::to_string(workers_.clock().now().count() / 1000000) + "ms"; }

  std::map<std::string, Any> parameters{{"Speed (%)", 100}};
  std::vector<std::string> outputs{"onStopped", "answer"};
  std::string path = "root/Say";
  bool ownTimeline = false;
  int fps = 25;
  std::vector<std::string> events;
  std::vector<std::string> logs;
  memory::Memory* memory = nullptr;
  std::vector<std::uint64_t> subscriptions;
  bool unloaded = false;

private:
  core::Workers& workers_;
  service::Registry& registry_;
};

struct Fixture {
  explicit Fixture(std::uint64_t seed = 0) : bridge(workers, {seed}) { setUp(); }
  core::VirtualClock clock;
  memory::Memory memory{clock};
  core::Workers workers{clock, core::Workers::Mode::Virtual};
  python::Bridge bridge;
  service::Registry registry;
  FakeHost host{workers, registry};
  std::unique_ptr<PythonBox> box;
  std::optional<python::BoxError> error;

  void setUp() {
    host.memory = &memory;
    workers.setInterrupter(bridge.interrupter());
    clock.setAfterEachTask([this] { workers.settle(); });
    auto tts = std::make_shared<service::Service>("ALTextToSpeech");
    tts->method("say", {{"text", service::Type::String}}, service::Type::Void, "speaks", [this](const service::Arguments& a) {
      host.events.push_back(host.t() + " say " + service::stringArg(a, 0));
      service::takes(1500ms);
      return Any();
    });
    tts->method("getLanguage", {}, service::Type::String, "", [](const service::Arguments&) { return Any("English"); });
    registry.add(tts);
  }

  ~Fixture() {
    box.reset();
    workers.shutdown();
  }

  // Runs `f` in a box thread and lets time run until `until`.
  void inTask(std::function<void()> f, core::Time until = core::Time(0)) {
    workers.spawn(1, std::move(f));
    workers.settle();
    clock.runUntil(until);
  }

  void load(const std::string& source, int firstLine = 10, int firstColumn = 1) {
    inTask([&] {
      auto created = PythonBox::create(BoxScript{"Say", source, "/pkg/demo/behavior.xar", firstLine, firstColumn}, host, bridge);
      if (auto* e = std::get_if<python::BoxError>(&created)) error = *e;
      else box = std::move(std::get<std::unique_ptr<PythonBox>>(created));
    });
  }
};


// Runs one of the box's methods ("onLoad", "onInput_onStart") in a box
// thread, with a value or none, and lets time run until `until`; its error.
inline std::optional<python::BoxError> run(Fixture& f, const std::string& method, const Any* value = nullptr,
                                           core::Time until = core::Time(0)) {
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callMethod(method, value); }, until);
  return e;
}

}  // namespace python_test
