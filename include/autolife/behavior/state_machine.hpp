// The state machine of a Timeline's behavior layers, built as libqicore's
// converter builds it (converter/new_format_generator.py), so that several
// layers of keyframes become one sequence of states:
//
//   - each keyframe spans [its index, the next keyframe's index in its
//     layer); the last keyframe of each layer spans to `lastFrame`, one past
//     the largest last-keyframe index of all layers;
//   - every frame where some keyframe starts begins a new state, which lasts
//     until the next such frame (or `lastFrame`); its keyframes are those
//     whose span covers it, ordered by start frame, then layer, then file
//     order; its labels are the names of the keyframes that start with it;
//   - the states run in frame order: state i has one transition, to i + 1,
//     with a time-out of (end - begin) frames at the timeline's fps (none
//     when fps is 0); the first state is initial, the last one final.
//
// A keyframe is therefore in every state its span covers: the runtime loads
// its boxes once (reference counted) and unloads them when the last state
// holding it is left. Labels keep the keyframes' names as written (libqicore
// rewrote them as file-name-safe words), so goTo("my label") still finds them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/behavior/xar_model.hpp"

namespace autolife::behavior {

// timeline.layers[layer].keyframes[keyframe]
struct KeyframeRef {
  std::size_t layer = 0;
  std::size_t keyframe = 0;
  bool operator==(const KeyframeRef&) const = default;
};

struct State {
  int begin = 0;  // first frame
  int end = 0;    // one past the last frame: where the next state begins
  std::vector<std::string> labels;
  std::vector<KeyframeRef> keyframes;
};

struct Transition {
  std::size_t from = 0;
  std::size_t to = 0;
  int timeoutMs = -1;  // -1: no time-out (fps 0); the timeline's frame flags drive it
};

struct StateMachine {
  std::vector<State> states;  // in frame order
  std::vector<Transition> transitions;
  std::size_t initial = 0;  // meaningful when states is not empty
  std::size_t final = 0;
  int lastFrame = 0;

  // The state whose [begin, end) holds `frame` (for goTo(frame)).
  std::optional<std::size_t> stateAt(int frame) const;
  // The first state with that label (for goTo(label)).
  std::optional<std::size_t> stateWithLabel(std::string_view label) const;
};

// Keyframes of a layer that share a frame (which the parser refuses): the
// last one in file order is used, the others are in no state.
StateMachine buildStateMachine(const Timeline& timeline);

}  // namespace autolife::behavior
