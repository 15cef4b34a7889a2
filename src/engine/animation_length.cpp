#include "autolife/engine/animation_length.hpp"

#include <algorithm>

#include "autolife/behavior/xar_parser.hpp"

namespace autolife::engine {

namespace {

double timelineSeconds(const behavior::Timeline& t) {
  if (t.fps <= 0) return 0.0;
  int last = t.endFrame;
  if (last < 0) {
    for (const auto& curve : t.actuators.curves)
      for (const auto& key : curve.keys) last = std::max(last, key.frame);
    for (const auto& layer : t.layers)
      for (const auto& keyframe : layer.keyframes) last = std::max(last, keyframe.index);
  }
  return last > t.startFrame ? static_cast<double>(last - t.startFrame) / t.fps : 0.0;
}

double longest(const behavior::Box& box) {
  double out = box.timeline ? timelineSeconds(*box.timeline) : 0.0;
  if (!box.timeline) return out;
  for (const auto& layer : box.timeline->layers)
    for (const auto& keyframe : layer.keyframes)
      for (const auto& child : keyframe.diagram.boxes) out = std::max(out, longest(child));
  return out;
}

}  // namespace

std::optional<double> animationSeconds(const std::filesystem::path& behaviorFile) {
  auto loaded = behavior::parseXarFile(behaviorFile);
  if (!loaded.ok()) return std::nullopt;
  return longest(loaded.behavior->root);
}

}  // namespace autolife::engine
