#include "autolife/trace/evaluation.hpp"

#include <nlohmann/json.hpp>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"

namespace autolife::trace {

namespace {

// Turns the monitor's notifications into output lines: the first evaluation
// of the first step, then every change.
class Printer {
public:
  explicit Printer(const std::function<void(const OutputLine&)>& output) : output_(output) {}

  void onEvaluation(const condition::ConditionChange& c) {
    if (printing_ && (!printedFirst_ || c.changed)) print({c.time, c.value, c.explanation});
  }
  void startPrinting() { printing_ = true; }
  bool printedFirst() const { return printedFirst_; }
  void print(const OutputLine& line) {
    printedFirst_ = true;
    output_(line);
  }

private:
  const std::function<void(const OutputLine&)>& output_;
  bool printing_ = false;
  bool printedFirst_ = false;
};

}  // namespace

std::optional<condition::Explanation> evaluate(const std::shared_ptr<const condition::Program>& program, Reader* steps,
              const EvaluationOptions& options, const std::function<void(const OutputLine&)>& output) {
  core::VirtualClock clock;
  memory::Memory memory(clock, memory::Threads::One);  // this thread's alone
  core::InMemoryPreferences preferences;
  condition::MonitorOptions monitorOptions;
  monitorOptions.seed = options.seed;
  monitorOptions.preferences = &preferences;
  condition::ConditionMonitor monitor(memory, monitorOptions);
  Printer printer(output);
  condition::ConditionOptions conditionOptions;
  conditionOptions.listener = [&](const condition::ConditionChange& c) { printer.onEvaluation(c); };
  conditionOptions.notifyEveryEvaluation = true;
  conditionOptions.explainEachEvaluation = options.explain;
  const auto id = monitor.add(program, conditionOptions);

  // A step that does not touch the condition's keys evaluates nothing: its
  // line shows the value as it stands.
  auto printCurrent = [&] {
    std::shared_ptr<const condition::Explanation> e;
    if (options.explain) e = std::make_shared<const condition::Explanation>(monitor.explain(id));
    printer.print({clock.now(), monitor.value(id), e});
  };

  core::Time lastStep{0};
  Step step;  // reused: no allocation per line
  std::vector<memory::Write> writes;
  bool everyEvaluation = true;
  while (steps && steps->next(step)) {
    if (options.until && step.time > *options.until) break;
    clock.advanceTo(step.time);
    printer.startPrinting();
    if (step.preferences.empty()) {
      apply(step, memory, nullptr, writes);
    } else {
      // Preferences and keys set on one line are one input.
      condition::ConditionMonitor::PreferenceHold oneInput(monitor);
      apply(step, memory, &preferences, writes);
    }
    if (!printer.printedFirst()) printCurrent();
    if (everyEvaluation) {
      // Past the first step only changes print: unchanged evaluations need
      // not be delivered at all.
      monitor.setNotifyEveryEvaluation(id, false);
      everyEvaluation = false;
    }
    lastStep = step.time;
  }
  if (!printer.printedFirst()) {
    printer.startPrinting();
    printCurrent();
  }
  clock.runUntil(options.until.value_or(core::addSaturating(lastStep, monitor.largestWindow(id))));
  if (!options.explain) return std::nullopt;
  return monitor.explain(id);
}

std::string formatLine(const OutputLine& line) {
  std::string out;
  appendLine(out, line);
  out.pop_back();  // the newline
  return out;
}

void appendLine(std::string& out, const OutputLine& line) {
  out += "{\"t\": ";
  core::appendSeconds(out, line.time);
  out += ", \"value\": ";
  line.value.appendJson(out);
  // Keys and strings are bytes, JSON is UTF-8: bytes that are not UTF-8 print
  // as U+FFFD instead of throwing (dump()'s default).
  if (line.explanation)
    out += ", \"explain\": " +
           line.explanation->json()["tree"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  out += "}\n";
}

}  // namespace autolife::trace
