// Box events as output records (`play --boxes`, `simulate --boxes`): an
// observer of the runtime's seam (runtime/run_observer.hpp) that turns each
// box event into {"box", "event", "detail"} (with "activity" first for
// simulate, where several behaviors run) and its line of text.
#pragma once

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "autolife/runtime/run_observer.hpp"

namespace autolife::sim {

class BoxRecords final : public runtime::RunObserver {
public:
  // `body` without "t" (the caller stamps it); `text` without the time.
  using Report = std::function<void(nlohmann::ordered_json body, const std::string& text)>;
  BoxRecords(bool withActivity, Report report) : withActivity_(withActivity), report_(std::move(report)) {}

  void runStarted(const runtime::RunInfo&, core::Time) override {}
  void boxEvent(const runtime::RunInfo& run, const runtime::BoxEvent& event) override;
  void runEnded(const runtime::RunInfo&, const runtime::RunEnding&) override {}

private:
  bool withActivity_;
  Report report_;
};

}  // namespace autolife::sim
