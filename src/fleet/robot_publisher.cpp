#include "autolife/fleet/robot_publisher.hpp"

#include <atomic>
#include <mutex>
#include <set>
#include <vector>

#include "autolife/api/json_rpc.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/fleet/calls.hpp"
#include "autolife/fleet/topics.hpp"
#include "autolife/launchpad/key_names.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/suggestions.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/service/service.hpp"

namespace autolife::fleet {

namespace {

using api::Json;

// How often the activities' triggers are read again: they change with time
// (a `~` window filling), not only on the events that also refresh them.
constexpr auto kActivitiesPeriod = std::chrono::seconds(1);
// The battery's charge is asked every this many periods too.
constexpr unsigned kBatteryEvery = 10;

Json jsonOf(const core::Value& v) {
  try {
    return core::valueToJson(v);
  } catch (const std::invalid_argument&) {
    return nullptr;  // an object handle: stays where it lives
  }
}

const core::Value* field(const core::Value& map, const char* name) { return map.isMap() ? map.find(name) : nullptr; }

std::string stringField(const core::Value& map, const char* name) {
  const auto* v = field(map, name);
  return v && v->isString() ? v->asString() : std::string();
}

}  // namespace

struct RobotPublisher::Impl : std::enable_shared_from_this<Impl> {
  Impl(engine::ServiceAccess e, PublisherOptions o) : engine(e), options(std::move(o)) {}

  void build() {
    std::weak_ptr<Impl> weak = weak_from_this();
    calls = std::make_unique<Calls>(
        engine, options.limits,
        [weak](const mqtt::Message& m) {
          auto self = weak.lock();
          return self && self->broadcaster->answer(m);
        },
        options.broadcaster.log);
    options.broadcaster.call = [weak](const mqtt::Message& m) {
      if (auto self = weak.lock()) self->calls->heard(m);
    };
    broadcaster = std::make_unique<Broadcaster>(options.broadcaster);
  }

  // ---- what is kept on the broker ----

  void publishKey(std::string_view leaf, const std::string& key) {
    try {
      broadcaster->retain(leaf, api::text(jsonOf(engine.memory.getData(key))));
    } catch (const memory::MemoryError&) {
      // not written yet: published once it is
    }
  }

  // The charge (ALBattery.getBatteryCharge, percent: a robot's answers
  // later) and whether it charges (the Launchpad's key), published when
  // either changed. Asked again when the Launchpad's battery keys change,
  // on the simulated robot's BatteryChargeChanged, and every 10 s (a real
  // robot's charge reaches no key of the engine's memory).
  void readBattery() {
    engine.services.callAsync("ALBattery.getBatteryCharge", {}, [weak = weak_from_this()](service::Outcome o) {
      auto self = weak.lock();
      if (!self || self->stopped) return;
      Json level = nullptr;
      if (const auto* charge = std::get_if<service::Any>(&o)) level = jsonOf(*charge);
      Json charging = nullptr;
      try {
        charging = jsonOf(self->engine.memory.getData(launchpad::keys::BatteryIsCharging));
      } catch (const memory::MemoryError&) {
      }
      self->broadcaster->retain(topic::Battery, api::text(Json{{"level", level}, {"charging", charging}}));
    });
  }

  void follow(const std::string& key, std::function<void()> changed) {
    auto subscriber = engine.memory.subscriber(key);
    subscriber->signal.connect([changed = std::move(changed)](const core::Value&) { changed(); });
    subscribers.push_back(std::move(subscriber));
  }

  // On the engine's thread: every activity with its trigger's value now,
  // published when it changed; an activity that cannot run, said once.
  void refreshActivities() {
    core::Value list;
    try {
      list = engine.services.call("Autolife.activities", {});
    } catch (const service::CallError&) {
      return;  // an engine without the Autolife service: nothing to say
    }
    Json out = Json::array();
    for (const auto& a : list.isArray() ? list.asArray() : core::Value::Array{}) {
      const auto* explanation = field(a, "explanation");
      const auto* value = explanation ? field(*explanation, "value") : nullptr;
      const auto* trigger = field(a, "launchTrigger");
      out.push_back({{"name", stringField(a, "name")},
                     {"trigger", trigger ? jsonOf(*trigger) : nullptr},
                     {"value", value ? jsonOf(*value) : nullptr}});
      const auto* failure = field(a, "failure");
      const std::string problem = stringField(a, "problem");
      if (!problem.empty() && (!failure || failure->isInvalid()) && saidCannotRun.insert(stringField(a, "name") + '\n' + problem).second)
        problemEvent(stringField(a, "name"), "cannot-run", problem);
    }
    broadcaster->retain(topic::Activities, api::text(out));
  }

  void problemEvent(const std::string& activity, const char* kind, const std::string& message) {
    broadcaster->event(topic::Problem, api::text(Json{{"activity", activity},
                                                      {"kind", kind},
                                                      {"message", message},
                                                      {"t", core::toSeconds(engine.clock.now())}}));
  }

  // From any thread: the battery read on the engine's thread.
  void requestBattery() {
    engine.clock.post([weak = weak_from_this()] {
      if (auto self = weak.lock(); self && !self->stopped) self->readBattery();
    });
  }

  // From any thread: one refresh queued on the engine's, however many asked.
  void requestRefresh() {
    if (refreshQueued.exchange(true)) return;
    engine.clock.post([weak = weak_from_this()] {
      auto self = weak.lock();
      if (!self || self->stopped) return;
      self->refreshQueued = false;
      self->refreshActivities();
    });
  }

  void scheduleRefresh() {
    std::lock_guard lock(timerMutex);
    if (stopped) return;
    timer = engine.clock.schedule(engine.clock.now() + std::chrono::duration_cast<core::Duration>(kActivitiesPeriod),
                                  [weak = weak_from_this()] {
                                    auto self = weak.lock();
                                    if (!self || self->stopped) return;
                                    self->refreshActivities();
                                    if (++self->ticks % kBatteryEvery == 0) self->readBattery();
                                    self->scheduleRefresh();
                                  });
  }

  void onTransition(const core::Value& payload) {
    broadcaster->event(topic::Transition, api::text(jsonOf(payload)));
    if (stringField(payload, "PreviousActivityStopReason") == "error")
      problemEvent(stringField(payload, "PreviousActivityName"), "failed", stringField(payload, "PreviousActivityError"));
    requestRefresh();
  }

  void start() {
    publishKey(topic::State, life::AutonomousLife::kStateEvent);
    publishKey(topic::Focus, life::AutonomousLife::kFocusedEvent);
    readBattery();
    if (!options.dashboardUrl.empty()) broadcaster->retain(topic::Dashboard, api::text(Json(options.dashboardUrl)));
    std::weak_ptr<Impl> weak = weak_from_this();
    auto with = [weak](void (Impl::*f)()) {
      return [weak, f] {
        if (auto self = weak.lock(); self && !self->stopped) ((*self).*f)();
      };
    };
    follow(life::AutonomousLife::kStateEvent, [weak] {
      if (auto self = weak.lock()) self->publishKey(topic::State, life::AutonomousLife::kStateEvent);
    });
    follow(life::AutonomousLife::kFocusedEvent, [weak] {
      if (auto self = weak.lock()) self->publishKey(topic::Focus, life::AutonomousLife::kFocusedEvent);
    });
    follow(std::string(launchpad::keys::BatteryLevel), with(&Impl::requestBattery));
    follow(std::string(launchpad::keys::BatteryIsCharging), with(&Impl::requestBattery));
    follow("BatteryChargeChanged", with(&Impl::requestBattery));
    follow(life::Suggestions::kEvent, with(&Impl::requestRefresh));
    if ((lifeService = engine.services.find("ALAutonomousLife")))
      transitionLink = lifeService->emitted.connect([weak](const std::string& signal, const core::Value& payload) {
        if (signal != "activityTransition") return;
        if (auto self = weak.lock(); self && !self->stopped) self->onTransition(payload);
      });
    refreshActivities();
    scheduleRefresh();
    broadcaster->start();
  }

  void stop() {
    {
      std::lock_guard lock(timerMutex);
      if (stopped.exchange(true)) return;
      engine.clock.cancel(timer);
    }
    for (auto& s : subscribers) s->signal.disconnectAll();
    if (lifeService) lifeService->emitted.disconnect(transitionLink);
    calls->close();
    broadcaster->stop();
  }

  engine::ServiceAccess engine;
  PublisherOptions options;
  std::unique_ptr<Calls> calls;
  std::unique_ptr<Broadcaster> broadcaster;
  std::vector<std::shared_ptr<memory::Subscriber>> subscribers;
  std::shared_ptr<service::Service> lifeService;
  core::SignalLink transitionLink = 0;
  std::mutex timerMutex;
  core::TimerId timer = 0;
  std::atomic<bool> stopped{false}, refreshQueued{false};
  std::set<std::string> saidCannotRun;  // the engine's thread's
  unsigned ticks = 0;                   // the engine's thread's
};

RobotPublisher::RobotPublisher(engine::ServiceAccess engine, PublisherOptions options)
    : impl_(std::make_shared<Impl>(engine, std::move(options))) {
  impl_->build();
}

RobotPublisher::~RobotPublisher() { stop(); }

void RobotPublisher::start() { impl_->start(); }

void RobotPublisher::stop() { impl_->stop(); }

Broadcaster& RobotPublisher::broadcaster() { return *impl_->broadcaster; }

}  // namespace autolife::fleet
