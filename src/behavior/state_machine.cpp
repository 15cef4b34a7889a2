#include "autolife/behavior/state_machine.hpp"

#include <algorithm>
#include <limits>

namespace autolife::behavior {

namespace {

// One keyframe's span of frames, and where it is in the timeline.
struct Span {
  int begin = 0;
  int end = 0;  // exclusive
  KeyframeRef ref;
};

// The keyframes of one layer in frame order (file order among equals).
std::vector<std::size_t> framesOrder(const BehaviorLayer& layer) {
  std::vector<std::size_t> order(layer.keyframes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return layer.keyframes[a].index < layer.keyframes[b].index;
  });
  return order;
}

// Every keyframe's span; `lastFrame` is one past the largest last index.
std::vector<Span> spansOf(const Timeline& timeline, int& lastFrame) {
  std::vector<Span> spans;
  std::vector<std::size_t> unfinished;  // spans still waiting for lastFrame
  bool any = false;
  for (std::size_t l = 0; l < timeline.layers.size(); ++l) {
    const BehaviorLayer& layer = timeline.layers[l];
    std::vector<std::size_t> order = framesOrder(layer);
    for (std::size_t i = 0; i < order.size(); ++i) {
      int begin = layer.keyframes[order[i]].index;
      if (i + 1 < order.size()) {
        int next = layer.keyframes[order[i + 1]].index;
        if (next > begin) spans.push_back(Span{begin, next, KeyframeRef{l, order[i]}});
        continue;
      }
      int after = begin == std::numeric_limits<int>::max() ? begin : begin + 1;
      lastFrame = any ? std::max(lastFrame, after) : after;
      any = true;
      unfinished.push_back(spans.size());
      spans.push_back(Span{begin, 0, KeyframeRef{l, order[i]}});
    }
  }
  for (std::size_t i : unfinished) spans[i].end = lastFrame;
  // Start frame, then layer, then file order: the order of a state's keyframes.
  std::stable_sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
  return spans;
}

int timeoutMs(const State& state, int fps) {
  if (fps <= 0) return -1;
  long long frames = static_cast<long long>(state.end) - state.begin;
  return static_cast<int>(std::min<long long>(frames * 1000 / fps, std::numeric_limits<int>::max()));
}

// A sweep over the start frames: at each one, the spans that ended leave,
// the spans that start join (after the others, keeping the order).
void addStates(const Timeline& timeline, const std::vector<Span>& spans, StateMachine& machine) {
  std::vector<Span> active;
  std::size_t next = 0;
  while (next < spans.size()) {
    int begin = spans[next].begin;
    std::erase_if(active, [&](const Span& span) { return span.end <= begin; });
    std::size_t firstNew = active.size();
    for (; next < spans.size() && spans[next].begin == begin; ++next) active.push_back(spans[next]);
    int end = next < spans.size() ? spans[next].begin : machine.lastFrame;
    State state{begin, end, {}, {}};
    for (std::size_t i = 0; i < active.size(); ++i) {
      state.keyframes.push_back(active[i].ref);
      if (i >= firstNew) state.labels.push_back(timeline.layers[active[i].ref.layer].keyframes[active[i].ref.keyframe].name);
    }
    machine.states.push_back(std::move(state));
  }
}

}  // namespace

StateMachine buildStateMachine(const Timeline& timeline) {
  StateMachine machine;
  std::vector<Span> spans = spansOf(timeline, machine.lastFrame);
  addStates(timeline, spans, machine);
  for (std::size_t i = 0; i + 1 < machine.states.size(); ++i)
    machine.transitions.push_back(Transition{i, i + 1, timeoutMs(machine.states[i], timeline.fps)});
  if (!machine.states.empty()) machine.final = machine.states.size() - 1;
  return machine;
}

std::optional<std::size_t> StateMachine::stateAt(int frame) const {
  for (std::size_t i = 0; i < states.size(); ++i)
    if (states[i].begin <= frame && frame < states[i].end) return i;
  return std::nullopt;
}

std::optional<std::size_t> StateMachine::stateWithLabel(std::string_view label) const {
  for (std::size_t i = 0; i < states.size(); ++i)
    if (std::find(states[i].labels.begin(), states[i].labels.end(), label) != states[i].labels.end()) return i;
  return std::nullopt;
}

}  // namespace autolife::behavior
