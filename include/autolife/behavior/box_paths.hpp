// What each box of a behavior is called from outside it (the behavior view,
// box events, breakpoints, fault injection): its path, the box names from
// the top diagram down joined by '/' ("Say Hello", "Animation/Stand Up").
// The behavior's root box is not part of it: its own path is "".
//
// Sibling boxes (one parent, any of its diagrams: every keyframe of every
// layer of its timeline) may share a name in a hand-written file; the
// second is then "Name#2", the third "Name#3", in file order, so that every
// path names one box (decision 1062).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "autolife/behavior/xar_model.hpp"

namespace autolife::behavior {

// Every box of the behavior, parents before their children, in file order
// (layers, then keyframes, then boxes), with its path and its parent (null
// for the root).
void forEachBox(const Behavior& behavior,
                const std::function<void(const Box& box, const std::string& path, const Box* parent)>& visit);

// The path of every box, the root's "" included.
std::unordered_map<const Box*, std::string> boxPaths(const Behavior& behavior);

// The box at `path`, or null ("" is the root).
const Box* findBoxByPath(const Behavior& behavior, std::string_view path);

// The diagrams a box holds: its timeline's keyframes' (a flow diagram's
// one), in file order.
void forEachDiagram(const Box& box, const std::function<void(const Diagram& diagram)>& visit);

}  // namespace autolife::behavior
