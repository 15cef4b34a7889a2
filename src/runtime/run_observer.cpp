#include "autolife/runtime/run_observer.hpp"

#include <algorithm>
#include <array>

#include "autolife/runtime/run_control.hpp"

namespace autolife::runtime {

namespace {

constexpr std::array<const char*, kBoxEventKinds> kNames = {"start", "stop",  "error", "input", "output",
                                                            "paused", "frame", "heard", "said"};
constexpr std::size_t kValueShown = 200;

}  // namespace

const char* boxEventName(BoxEventKind kind) { return kNames[static_cast<std::size_t>(kind)]; }

std::optional<BoxEventKind> boxEventKind(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (name == kNames[i]) return static_cast<BoxEventKind>(i);
  return std::nullopt;
}

std::string BoxEvent::detail() const {
  std::string out(text);
  if (!value) return out;
  std::string json = value->toJson();
  if (json.size() > kValueShown) json = json.substr(0, kValueShown) + "...";
  return out + " = " + json;
}

const char* runEndingName(RunEnding::How how) {
  switch (how) {
    case RunEnding::How::Finished: return "finished";
    case RunEnding::How::Error: return "error";
    case RunEnding::How::Stopped: return "stopped";
  }
  return "?";
}

const char* faultName(Fault fault) { return fault == Fault::Error ? "error" : "skip"; }

std::optional<Fault> faultNamed(std::string_view name) {
  if (name == "error") return Fault::Error;
  if (name == "skip") return Fault::Skip;
  return std::nullopt;
}

// ---- RunObservers -------------------------------------------------------------

void RunObservers::add(RunObserver* observer) {
  std::lock_guard lock(mutex_);
  auto next = std::make_shared<List>(*observers_);
  next->push_back(observer);
  observers_ = std::move(next);
}

void RunObservers::remove(RunObserver* observer) {
  std::lock_guard lock(mutex_);
  auto next = std::make_shared<List>(*observers_);
  std::erase(*next, observer);
  observers_ = std::move(next);
}

bool RunObservers::empty() const { return list()->empty(); }

std::shared_ptr<const RunObservers::List> RunObservers::list() const {
  std::lock_guard lock(mutex_);
  return observers_;
}

void RunObservers::runStarted(const RunInfo& run, core::Time time) {
  for (auto* o : *list()) o->runStarted(run, time);
}

void RunObservers::boxEvent(const RunInfo& run, const BoxEvent& event) {
  for (auto* o : *list()) o->boxEvent(run, event);
}

void RunObservers::runEnded(const RunInfo& run, const RunEnding& ending) {
  for (auto* o : *list()) o->runEnded(run, ending);
}

}  // namespace autolife::runtime
