#include "control_settings.hpp"

#include "autolife/behavior/box_paths.hpp"
#include "autolife/service/service.hpp"

namespace autolife::runtime::detail {

namespace {

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "'" : ", '") + n + "'";
  return out.empty() ? "none" : out;
}

}  // namespace

const behavior::Box& ControlSettings::box(const std::string& path) const {
  const behavior::Box* found = path.empty() ? nullptr : behavior::findBoxByPath(*model_, path);
  if (found) return *found;
  std::vector<std::string> top;
  behavior::forEachBox(*model_, [&](const behavior::Box&, const std::string& p, const behavior::Box* parent) {
    if (parent == &model_->root) top.push_back(p);
  });
  service::refuse("unknown-box", "the behavior has no box '" + path +
                                     "' (a box is named by its path, names from the top diagram down joined by '/'; "
                                     "its top boxes: " + listed(top) + ")");
}

void ControlSettings::setBreakpoint(const std::string& path, const std::string& input) {
  const auto& b = box(path);
  if (!b.findInput(input)) {
    std::vector<std::string> inputs;
    for (const auto& i : b.inputs) inputs.push_back(i.name);
    service::refuse("unknown-input", "box '" + path + "' has no input '" + input + "' (its inputs: " + listed(inputs) + ")");
  }
  std::lock_guard lock(mutex_);
  breakpoints_.emplace(path, input);
  any_ = true;
}

bool ControlSettings::clearBreakpoint(const std::string& path, const std::string& input) {
  const auto& b = box(path);
  if (!b.findInput(input)) service::refuse("unknown-input", "box '" + path + "' has no input '" + input + "'");
  std::lock_guard lock(mutex_);
  const bool removed = breakpoints_.erase({path, input}) > 0;
  any_ = !breakpoints_.empty() || !faults_.empty();
  return removed;
}

void ControlSettings::injectFault(const std::string& path, Fault fault) {
  const auto& b = box(path);
  bool starts = false;
  for (const auto& i : b.inputs) starts = starts || i.nature == behavior::InputNature::OnStart;
  if (!starts)
    service::refuse("no-start-input", "box '" + path + "' has no onStart input: it never starts, so no fault would happen");
  std::lock_guard lock(mutex_);
  faults_.insert_or_assign(path, fault);
  any_ = true;
}

bool ControlSettings::breaksAt(std::string_view box, std::string_view input) const {
  if (!any_.load(std::memory_order_relaxed)) return false;
  std::lock_guard lock(mutex_);
  return breakpoints_.contains(std::pair<std::string, std::string>(box, input));
}

std::optional<Fault> ControlSettings::takeFault(std::string_view box) {
  if (!any_.load(std::memory_order_relaxed)) return std::nullopt;
  std::lock_guard lock(mutex_);
  auto it = faults_.find(box);
  if (it == faults_.end()) return std::nullopt;
  const Fault f = it->second;
  faults_.erase(it);
  any_ = !breakpoints_.empty() || !faults_.empty();
  return f;
}

RunControl::Settings ControlSettings::settings() const {
  std::lock_guard lock(mutex_);
  RunControl::Settings s;
  s.breakpoints.assign(breakpoints_.begin(), breakpoints_.end());
  s.faults.assign(faults_.begin(), faults_.end());
  return s;
}

}  // namespace autolife::runtime::detail
