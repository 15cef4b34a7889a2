#include "autolife/behavior/object_names.hpp"

#include "autolife/behavior/state_machine.hpp"

namespace autolife::behavior {

namespace {

constexpr std::size_t kMaxNameLength = 100;

bool isPrintableAscii(char c) {
  auto u = static_cast<unsigned char>(c);
  return (u >= 0x20 && u < 0x7F) || (u >= 0x09 && u <= 0x0D);
}

bool isAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// The names a box's timeline writes besides the box's own files.
std::vector<std::string> derivedNames(const std::string& name, std::size_t states, bool hasTimeline) {
  std::vector<std::string> names;
  if (!hasTimeline) return names;
  names.push_back(name + "_timeline");
  if (states == 0) return names;
  names.push_back(name + "_state_machine");
  for (std::size_t i = 0; i < states; ++i) names.push_back(name + "_state_" + std::to_string(i));
  return names;
}

}  // namespace

std::string sanitizeObjectName(std::string_view name) {
  std::string out;
  bool inRun = false;
  for (char c : name) {
    if (!isPrintableAscii(c)) continue;
    if (isAlnum(c)) {
      out += c;
      inRun = false;
    } else if (!inRun) {
      out += '_';
      inRun = true;
    }
    if (out.size() >= kMaxNameLength) break;
  }
  return out.empty() ? "unnamed_object" : out;
}

ObjectNames::ObjectNames(const Box& root) { visit(root, 0); }

const std::string& ObjectNames::of(const Box& box) const {
  static const std::string kUnknown;
  auto it = names_.find(&box);
  return it == names_.end() ? kUnknown : it->second;
}

std::string ObjectNames::claim(const std::string& base, std::size_t states, bool hasTimeline) {
  auto isFree = [&](const std::string& name) {
    if (taken_.count(name)) return false;
    for (const std::string& derived : derivedNames(name, states, hasTimeline))
      if (taken_.count(derived)) return false;
    return true;
  };
  // Names are never given back, so the search for a free suffix can resume
  // where the last one for this base stopped (same result, linear time).
  std::string name = base;
  std::size_t& suffix = nextSuffix_[base];
  if (!isFree(name)) {
    do name = base + "_" + std::to_string(++suffix);
    while (!isFree(name));
  }
  taken_[name] = true;
  for (const std::string& derived : derivedNames(name, states, hasTimeline)) taken_[derived] = true;
  return name;
}

void ObjectNames::visit(const Box& box, int level) {
  std::size_t states = box.timeline ? buildStateMachine(*box.timeline).states.size() : 0;
  std::string base = "l" + std::to_string(level) + "_" + sanitizeObjectName(box.name);
  std::string name = claim(base, states, box.timeline.has_value());
  names_[&box] = name;
  order_.emplace_back(&box, name);
  if (!box.timeline) return;
  for (const BehaviorLayer& layer : box.timeline->layers) {
    for (const BehaviorKeyframe& keyframe : layer.keyframes) {
      for (const Box& child : keyframe.diagram.boxes) visit(child, level + 1);
      claim(name + "_diagram", 0, false);
    }
  }
}

}  // namespace autolife::behavior
