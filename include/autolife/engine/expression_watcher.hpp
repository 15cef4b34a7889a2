// NAOqi's ALExpressionWatcher on the conditions engine: an app watches a
// condition written in the launch triggers' language (memory keys, time
// operators, bang(), Service.member operands such as `ALMood.attention`) and
// is told through the signal of the object add() returns, according to its
// report mode. The expression is watched for as long as that object lives.
// See docs/conditions.md, "ALExpressionWatcher".
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "autolife/condition/explain.hpp"
#include "autolife/condition/monitor.hpp"
#include "autolife/core/signal.hpp"
#include "autolife/engine/service_operands.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

// NAOqi's REPORT_CHANGE, REPORT_EDGE, REPORT_EDGE_TRUE.
enum class ReportMode : int { Change = 0, Edge = 1, EdgeTrue = 2 };

// Whether going from `before` to `after` is reported in `mode`: any change
// of the value; a change of its truth (bool() of it, Invalid false); false
// to true.
bool reported(ReportMode mode, const core::Value& before, const core::Value& after);

class ExpressionWatcher {
public:
  class Watch;

  ExpressionWatcher(condition::ConditionMonitor& monitor, ServiceOperandBridge& operands);
  // Stops watching every expression; Watches still held elsewhere answer
  // Invalid from then on and report nothing.
  ~ExpressionWatcher();
  ExpressionWatcher(const ExpressionWatcher&) = delete;
  ExpressionWatcher& operator=(const ExpressionWatcher&) = delete;

  // Compiles and watches `expression`. Throws service::CallError:
  // bad-expression ("1:17: expected ...", with the line and a caret) or
  // bad-argument (a report mode other than 0, 1, 2). Its service operands
  // are fed from the registry before it is first evaluated.
  std::shared_ptr<Watch> add(const std::string& expression, int reportMode);

  struct Watched {
    std::uint64_t id;
    std::string expression;
    int reportMode;
    core::Value value;
    condition::Explanation explanation;
  };
  // Every expression watched now, oldest first, explained now.
  std::vector<Watched> watched() const;

private:
  struct Shared;
  std::shared_ptr<Shared> shared_;
};

// One watched expression. Its reports come through `reported` (on the
// thread that changed memory, after memory's lock is released), each the
// expression's value.
class ExpressionWatcher::Watch {
public:
  ~Watch();
  Watch(const Watch&) = delete;
  Watch& operator=(const Watch&) = delete;

  std::uint64_t id() const { return id_; }
  const std::string& expression() const { return expression_; }
  ReportMode reportMode() const { return mode_; }
  // Evaluated now (Invalid once the watcher is gone).
  core::Value value() const;
  condition::Explanation explain() const;

  core::Signal<const core::Value&> reported;

private:
  friend class ExpressionWatcher;
  Watch(std::shared_ptr<Shared> shared, std::uint64_t id, std::string expression, ReportMode mode);
  void onChange(const core::Value& value);
  void prime(const core::Value& value);

  std::shared_ptr<Shared> shared_;
  std::uint64_t id_;
  std::string expression_;
  ReportMode mode_;
  condition::ConditionId condition_ = 0;
  std::mutex mutex_;
  bool primed_ = false;  // the value at add() is known: what follows is a change
  core::Value last_;
};

// The ALExpressionWatcher service: add(expression, report_mode) → an
// ExpressionObject (service/object.hpp) with getValue(), getExpression(),
// getReportMode(), explain() and the signal `signal(expressionValue)`; and,
// autolife's own, watched(): every expression watched now, explained.
std::shared_ptr<service::Service> makeExpressionWatcherService(ExpressionWatcher& watcher);

}  // namespace autolife::engine
