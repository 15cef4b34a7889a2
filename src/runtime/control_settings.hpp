// The breakpoints and faults one activity's runs obey (run_control.hpp),
// checked against its behavior's model: set while it runs or before, kept
// from one run to the next (a fault until its box next starts). Shared by
// the runner (which keeps them per activity) and the activity's live run.
// Thread-safe; the hot path (a signal reaching an input with no breakpoint
// anywhere) is one atomic load.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "autolife/behavior/xar_model.hpp"
#include "autolife/runtime/run_control.hpp"

namespace autolife::runtime::detail {

class ControlSettings {
public:
  explicit ControlSettings(std::shared_ptr<const behavior::Behavior> model) : model_(std::move(model)) {}

  // Refused (service::CallError): unknown-box, unknown-input.
  void setBreakpoint(const std::string& box, const std::string& input);
  bool clearBreakpoint(const std::string& box, const std::string& input);
  // Refused: unknown-box, no-start-input.
  void injectFault(const std::string& box, Fault fault);

  bool breaksAt(std::string_view box, std::string_view input) const;
  // The fault waiting for this box to start, taken (once).
  std::optional<Fault> takeFault(std::string_view box);
  RunControl::Settings settings() const;
  // Whether these are about that model (an activity whose behavior was read
  // again gets new ones).
  bool about(const behavior::Behavior& model) const { return model_.get() == &model; }

private:
  const behavior::Box& box(const std::string& path) const;

  std::shared_ptr<const behavior::Behavior> model_;
  mutable std::mutex mutex_;
  std::set<std::pair<std::string, std::string>, std::less<>> breakpoints_;
  std::map<std::string, Fault, std::less<>> faults_;
  std::atomic<bool> any_{false};  // some breakpoint or fault is set
};

}  // namespace autolife::runtime::detail
