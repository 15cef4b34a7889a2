#include "autolife/sim/box_records.hpp"

namespace autolife::sim {

void BoxRecords::boxEvent(const runtime::RunInfo& run, const runtime::BoxEvent& event) {
  nlohmann::ordered_json body;
  if (withActivity_) body["activity"] = std::string(run.behavior);
  const std::string detail = event.detail();
  body["box"] = std::string(event.box);
  body["event"] = runtime::boxEventName(event.kind);
  body["detail"] = detail;
  std::string text = withActivity_ ? std::string(run.behavior) + "  " : std::string();
  text += event.box.empty() ? std::string("(root)") : std::string(event.box);
  text += std::string("  ") + runtime::boxEventName(event.kind);
  if (!detail.empty()) text += "  " + detail;
  report_(std::move(body), text);
}

}  // namespace autolife::sim
