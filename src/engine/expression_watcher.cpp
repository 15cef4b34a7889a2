#include "autolife/engine/expression_watcher.hpp"

#include <condition_variable>

#include "autolife/condition/operations.hpp"
#include "autolife/naoqi/service_builder.hpp"
#include "autolife/service/object.hpp"

namespace autolife::engine {

using service::Any;
using service::Type;

namespace {

bool truth(const core::Value& v) {
  const core::Value b = condition::castBool(v);
  return b.isBool() && b.asBool();
}

std::string modeName(ReportMode mode) {
  switch (mode) {
    case ReportMode::Change: return "any change";
    case ReportMode::Edge: return "any edge";
    case ReportMode::EdgeTrue: return "rising edge";
  }
  return "?";
}

// The owner under which the watch's service operands are fed.
std::string operandOwner(std::uint64_t id) { return "ALExpressionWatcher#" + std::to_string(id); }

}  // namespace

bool reported(ReportMode mode, const core::Value& before, const core::Value& after) {
  switch (mode) {
    case ReportMode::Change: return !identical(before, after);
    case ReportMode::Edge: return truth(before) != truth(after);
    case ReportMode::EdgeTrue: return !truth(before) && truth(after);
  }
  return false;
}

// What the watcher and its watches share. `alive` turns false when the
// watcher goes: watches held elsewhere (a box's Python object, a qi
// client's reference) then touch neither the monitor nor the operands. The
// monitor and the operands are called without the mutex (a monitor call
// drains memory's dispatcher on this thread: listeners run there), inside
// a Use, which the watcher's destructor waits for.
struct ExpressionWatcher::Shared {
  std::mutex mutex;
  std::condition_variable idle;
  bool alive = true;
  int using_ = 0;
  condition::ConditionMonitor* monitor;
  ServiceOperandBridge* operands;
  std::uint64_t nextId = 1;
  std::map<std::uint64_t, std::weak_ptr<Watch>> watches;

  // While one lives, the monitor and the operands stay; entered() is false
  // once the watcher is going.
  class Use {
  public:
    explicit Use(Shared& s) : s_(s) {
      std::lock_guard lock(s_.mutex);
      entered_ = s_.alive;
      if (entered_) ++s_.using_;
    }
    ~Use() {
      if (!entered_) return;
      std::lock_guard lock(s_.mutex);
      if (--s_.using_ == 0) s_.idle.notify_all();
    }
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;
    bool entered() const { return entered_; }

  private:
    Shared& s_;
    bool entered_ = false;
  };
};

ExpressionWatcher::ExpressionWatcher(condition::ConditionMonitor& monitor, ServiceOperandBridge& operands)
    : shared_(std::make_shared<Shared>()) {
  shared_->monitor = &monitor;
  shared_->operands = &operands;
}

ExpressionWatcher::~ExpressionWatcher() {
  std::map<std::uint64_t, std::weak_ptr<Watch>> watches;
  {
    std::unique_lock lock(shared_->mutex);
    shared_->alive = false;
    shared_->idle.wait(lock, [&] { return shared_->using_ == 0; });
    watches.swap(shared_->watches);
  }
  for (const auto& [id, weak] : watches) {
    if (auto w = weak.lock()) shared_->monitor->remove(w->condition_);
    shared_->operands->untrack(operandOwner(id));
  }
}

std::shared_ptr<ExpressionWatcher::Watch> ExpressionWatcher::add(const std::string& expression, int reportMode) {
  if (reportMode < 0 || reportMode > 2)
    service::refuse("bad-argument", "report_mode is 0 (any change), 1 (any edge) or 2 (rising edge), not " +
                                        std::to_string(reportMode));
  auto compiled = condition::compile(expression);
  if (auto* d = std::get_if<core::Diagnostic>(&compiled))
    service::refuse("bad-expression", d->formatWithExcerpt());
  auto program = std::get<std::shared_ptr<const condition::Program>>(std::move(compiled));

  Shared::Use use(*shared_);
  if (!use.entered()) service::refuse("stopped", "the engine is stopping");
  std::uint64_t id;
  {
    std::lock_guard lock(shared_->mutex);
    id = shared_->nextId++;
  }
  std::shared_ptr<Watch> watch(new Watch(shared_, id, expression, static_cast<ReportMode>(reportMode)));
  // Its properties are in memory before its first evaluation.
  shared_->operands->track(operandOwner(id), *program);
  std::weak_ptr<Watch> weak = watch;
  condition::ConditionOptions options;
  options.listener = [weak](const condition::ConditionChange& change) {
    if (auto w = weak.lock()) w->onChange(change.value);
  };
  watch->condition_ = shared_->monitor->add(std::move(program), std::move(options));
  watch->prime(shared_->monitor->value(watch->condition_));
  std::lock_guard lock(shared_->mutex);
  shared_->watches.emplace(id, watch);
  return watch;
}

std::vector<ExpressionWatcher::Watched> ExpressionWatcher::watched() const {
  std::vector<Watched> out;
  Shared::Use use(*shared_);
  if (!use.entered()) return out;
  std::vector<std::shared_ptr<Watch>> live;
  {
    std::lock_guard lock(shared_->mutex);
    for (const auto& [id, weak] : shared_->watches)
      if (auto w = weak.lock()) live.push_back(std::move(w));
  }
  for (const auto& w : live) {
    auto explanation = shared_->monitor->explain(w->condition_);
    out.push_back({w->id_, w->expression_, static_cast<int>(w->mode_), explanation.value, std::move(explanation)});
  }
  return out;
}

ExpressionWatcher::Watch::Watch(std::shared_ptr<Shared> shared, std::uint64_t id, std::string expression,
                                ReportMode mode)
    : shared_(std::move(shared)), id_(id), expression_(std::move(expression)), mode_(mode) {}

ExpressionWatcher::Watch::~Watch() {
  Shared::Use use(*shared_);
  if (!use.entered()) return;
  {
    std::lock_guard lock(shared_->mutex);
    shared_->watches.erase(id_);
  }
  if (condition_) shared_->monitor->remove(condition_);
  shared_->operands->untrack(operandOwner(id_));
}

core::Value ExpressionWatcher::Watch::value() const {
  Shared::Use use(*shared_);
  return use.entered() ? shared_->monitor->value(condition_) : core::Value();
}

condition::Explanation ExpressionWatcher::Watch::explain() const {
  Shared::Use use(*shared_);
  if (!use.entered()) return {};
  return shared_->monitor->explain(condition_);
}

// The value when it was added is where reports start from: an expression
// already true is not a rising edge. Its first evaluation may be told
// before or after add() returns (memory's dispatcher may be draining
// already): whichever comes first primes.
void ExpressionWatcher::Watch::prime(const core::Value& value) {
  std::lock_guard lock(mutex_);
  if (primed_) return;
  primed_ = true;
  last_ = value;
}

void ExpressionWatcher::Watch::onChange(const core::Value& value) {
  bool report;
  {
    std::lock_guard lock(mutex_);
    if (!primed_) {
      primed_ = true;
      last_ = value;
      return;
    }
    report = engine::reported(mode_, last_, value);
    last_ = value;
  }
  if (report) reported(value);
}

namespace {

// The object add() returns; its methods and signal hold the watch alive.
std::shared_ptr<service::Service> expressionObject(std::shared_ptr<ExpressionWatcher::Watch> watch) {
  auto object = std::make_shared<service::Service>(
      "ExpressionObject", "A watched condition expression: its signal fires as its report mode says");
  object->bind("getValue", {}, [watch] { return watch->value(); },
               "The expression's value now", Type::Any);
  object->bind("getExpression", {}, [watch] { return watch->expression(); }, "The condition expression");
  object->bind("getReportMode", {}, [watch] { return static_cast<int>(watch->reportMode()); },
               "0 any change, 1 any edge, 2 rising edge");
  object->bind("explain", {}, [watch] { return watch->explain().asValue(); },
               "The expression explained now: {t, value, tree} (autolife's)", Type::Any);
  object->signal("signal", {{"expressionValue", Type::Any}}, "The expression's value, when its report mode reports it");
  std::weak_ptr<service::Service> weak = object;
  watch->reported.connect([weak](const core::Value& value) {
    if (auto o = weak.lock()) o->emit("signal", value);
  });
  return object;
}

}  // namespace

std::shared_ptr<service::Service> makeExpressionWatcherService(ExpressionWatcher& watcher) {
  naoqi::ServiceBuilder b("ALExpressionWatcher",
                          "Condition expressions watched on the conditions engine (launch-trigger language)");
  b.bind(
      "add",
      [&watcher](const std::string& expression, int reportMode) {
        return service::objectValue(expressionObject(watcher.add(expression, reportMode)));
      },
      "An ExpressionObject whose signal fires with the expression's value: report mode 0 at any change, 1 at "
      "any change of its truth, 2 when it becomes true",
      *Type::parse("o"));
  b.bind(
      "watched", std::vector<std::string>{},
      [&watcher] {
        Any::Array out;
        for (auto& w : watcher.watched())
          out.push_back(Any::Map{{"id", static_cast<std::int64_t>(w.id)},
                                 {"expression", w.expression},
                                 {"reportMode", w.reportMode},
                                 {"reportModeName", modeName(static_cast<ReportMode>(w.reportMode))},
                                 {"value", w.value},
                                 {"explanation", w.explanation.asValue()}});
        return Any(std::move(out));
      },
      "Every expression watched now, explained: [{id, expression, reportMode, reportModeName, value, "
      "explanation}] (autolife's)",
      Type::List);
  return b.build();
}

}  // namespace autolife::engine
