// The names libqicore's converter gives a behavior's boxes in the new
// format (converter/name_map_builder.py), which are also their file names:
//
//   l<level>_<name>: level 0 is the root box, its diagrams' boxes are level
//   1, and so on; <name> is the box name with every character that is not
//   printable ASCII removed and every run of other characters than letters
//   and digits (underscores included) replaced by one '_' ("Play Sound" ->
//   "Play_Sound", "FPS (%)" -> "FPS_"); an empty result is "unnamed_object".
//   Names are given depth first in file order (a box, then the boxes of its
//   layers' keyframes); a name already given gets the first free suffix
//   _1, _2, ... ("l1_Blink", "l1_Blink_1"). As libqicore, each keyframe's
//   diagram also takes the name <box>_diagram (then _1, ...) after its boxes.
//
// Two rules are autolife's own, so that files never collide: a box whose
// timeline writes <name>_timeline, <name>_state_machine and
// <name>_state_<n> takes a suffix when one of those is already taken, and
// those names are then taken too; and a sanitised name is cut at 100
// characters, so file names stay short enough for every file system.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "autolife/behavior/xar_model.hpp"

namespace autolife::behavior {

std::string sanitizeObjectName(std::string_view name);

class ObjectNames {
public:
  explicit ObjectNames(const Box& root);

  // The object name of a box of this behavior (by address); "" if unknown.
  const std::string& of(const Box& box) const;
  // Every box with its name, in naming order (the root first).
  const std::vector<std::pair<const Box*, std::string>>& all() const { return order_; }

private:
  void visit(const Box& box, int level);
  std::string claim(const std::string& base, std::size_t states, bool hasTimeline);

  std::unordered_map<std::string, bool> taken_;
  std::unordered_map<std::string, std::size_t> nextSuffix_;  // last suffix tried per base name
  std::unordered_map<const Box*, std::string> names_;
  std::vector<std::pair<const Box*, std::string>> order_;
};

}  // namespace autolife::behavior
