// What a run shows and how it is steered: its box events to the observer
// (run_observer.hpp), its breakpoints, held signals and injected faults
// (run_control.hpp).
#include "autolife/behavior/box_paths.hpp"
#include "parts.hpp"

namespace autolife::runtime::detail {

// ---- what observers hear ---------------------------------------------------------

const std::string& Run::pathOf(const behavior::Box& box) const {
  static const std::string kUnknown;
  auto it = paths_.find(&box);
  return it == paths_.end() ? kUnknown : it->second;
}

void Run::observe(BoxEventKind kind, const BoxInstance& box, std::string_view text,
                  const std::optional<service::Any>& value) {
  if (!context_.observer) return;
  context_.observer->boxEvent(info_, {clock().now(), kind, box.path(), text, value ? &*value : nullptr});
}

void BoxInstance::started() {
  running_ = true;
  run_.observe(BoxEventKind::Start, *this, {});
}

void BoxInstance::stopped(std::string_view why) {
  if (!running_) return;
  running_ = false;
  run_.observe(BoxEventKind::Stop, *this, why);
}

void BoxInstance::failed(const python::BoxError& error) {
  running_ = false;
  run_.observe(BoxEventKind::Error, *this, error.format());
  run_.fail(error);
}

// ---- breakpoints --------------------------------------------------------------------

bool Run::holds(BoxInstance& box, const behavior::Input& input, const std::optional<service::Any>& value) {
  if (!paused_ && !controls_->breaksAt(box.path(), input.name)) return false;
  const bool hits = !paused_;
  held_.push_back({box.weak(), &input, value, hits});
  if (hits) {
    paused_ = true;
    observe(BoxEventKind::Paused, box, input.name);
  }
  return true;
}

void Run::resume() {
  Lock lock(*this);
  if (!paused_) service::refuse("not-paused", "'" + id_ + "' is not held at a breakpoint");
  paused_ = false;
  while (!paused_ && !held_.empty()) {
    Held next = std::move(held_.front());
    held_.pop_front();
    auto box = next.box.lock();
    if (!box || !box->loaded()) continue;  // unloaded while it waited
    if (!next.pastBreakpoint && controls_->breaksAt(box->path(), next.input->name)) {
      // Held again, first in line.
      const behavior::Input& input = *next.input;
      next.pastBreakpoint = true;
      held_.push_front(std::move(next));
      paused_ = true;
      observe(BoxEventKind::Paused, *box, input.name);
      break;
    }
    box->pass(*next.input, next.value);
  }
}

bool Run::paused() const {
  Lock lock(*this);
  return paused_;
}

void Run::setBreakpoint(const std::string& box, const std::string& input) { controls_->setBreakpoint(box, input); }

bool Run::clearBreakpoint(const std::string& box, const std::string& input) {
  return controls_->clearBreakpoint(box, input);
}

void Run::injectFault(const std::string& box, Fault fault) { controls_->injectFault(box, fault); }

RunControl::Settings Run::settings() const { return controls_->settings(); }

// ---- faults -------------------------------------------------------------------------

// The box starts, and at once fails (as if its code raised, onError
// included) or stops without running anything.
void BoxInstance::injected(Fault fault) {
  started();
  if (fault == Fault::Skip) {
    log("info", "skipped (an injected fault): onStopped at once");
    emitStopped();
    return;
  }
  const auto& where = model_.source;
  python::BoxError error;
  error.box = model_.name;
  error.file = where.path();
  error.line = where.line;
  error.column = where.column;
  error.message = "injected fault";
  const behavior::Output* onError = model_.findOutput("onError");
  if (!onError) return failed(error);
  run_.observe(BoxEventKind::Error, *this, error.format());
  log("warning", error.format() + " (sent to its onError output)");
  emit(onError->id, service::Any(model_.name + ":injected fault"));
}

}  // namespace autolife::runtime::detail
