#include "autolife/robot/animation_player.hpp"

#include <algorithm>

#include "arguments.hpp"
#include "autolife/naoqi/service_builder.hpp"

namespace autolife::robot {

using service::Any;

namespace {

const std::vector<naoqi::CatalogAnimation>& stock(const RobotCore& core) {
  return naoqi::Catalog::naoqi().animations(core.pepper() ? "Pepper" : "NAO");
}

// "animations/Stand/Gestures/Hey_1", "Stand/Gestures/Hey_1" and
// "animations/Stand/Gestures/Hey_1.qianim" name the same stock animation.
std::string normalised(std::string name) {
  if (name.ends_with(".qianim")) name.resize(name.size() - 7);
  while (name.ends_with("/")) name.pop_back();
  if (!name.starts_with("animations/")) name = "animations/" + name;
  return name;
}

}  // namespace

AnimationPlayer::AnimationPlayer(RobotCore& core) : core_(core) {}

void AnimationPlayer::setResolver(Resolver resolver) {
  std::lock_guard lock(core_.mutex);
  resolver_ = std::move(resolver);
}

std::vector<std::string> AnimationPlayer::played() const {
  std::lock_guard lock(core_.mutex);
  return played_;
}

bool AnimationPlayer::isStock(const std::string& name) const {
  std::string_view full(name);
  while (full.ends_with('/')) full.remove_suffix(1);
  const auto& all = stock(core_);
  return std::any_of(all.begin(), all.end(), [full](const auto& a) { return a.name == full; });
}

std::vector<std::string> AnimationPlayer::stockNames() const {
  std::vector<std::string> out;
  for (const auto& a : stock(core_)) out.push_back(a.name);
  return out;
}

void AnimationPlayer::playedAsBehavior(const std::string& name) {
  std::lock_guard lock(core_.mutex);
  played_.push_back(name);
}

std::pair<std::string, double> AnimationPlayer::find(const std::string& name) const {
  const std::string full = normalised(name);
  for (const auto& a : stock(core_))
    if (a.name == full) return {a.name, kStockSeconds};
  Resolver resolver;
  {
    std::lock_guard lock(core_.mutex);
    resolver = resolver_;
  }
  if (resolver)
    if (auto seconds = resolver(name)) return {name, *seconds};
  service::refuse("unknown-animation", "no animation named '" + name + "' on this " + std::string(core_.modelName()) +
                                           " (a stock animation, animations/..., or an installed package's behavior)");
}

std::vector<std::string> AnimationPlayer::tagged(const std::string& tag, const std::string& under) const {
  std::vector<std::string> out;
  if (auto it = customTags_.find(tag); it != customTags_.end())
    for (const auto& name : it->second)
      if (under.empty() || name.starts_with(under)) out.push_back(name);
  for (const auto& a : stock(core_))
    if (std::find(a.tags.begin(), a.tags.end(), tag) != a.tags.end() && (under.empty() || a.name.starts_with(under)))
      out.push_back(a.name);
  return out;
}

void AnimationPlayer::play(const std::string& name, double seconds) {
  {
    std::lock_guard lock(core_.mutex);
    played_.push_back(name);
  }
  service::takes(args::seconds(seconds));
}

std::shared_ptr<service::Service> AnimationPlayer::makeService() {
  auto b = declare(core_, "ALAnimationPlayer", "Simulated animations: they take time and are recorded");
  b.bind("run", [this](const std::string& name) {
    const std::pair<std::string, double> found = find(name);
    play(found.first, found.second);
  }, "Plays an animation: stock ones take 2.5 s, a package's its timeline's length");
  b.bind("run", {"name", "configuration"}, [this](const std::string& name, const Any&) {
    const std::pair<std::string, double> found = find(name);
    play(found.first, found.second);
  }, "Plays an animation with a configuration (ignored)");
  auto runTag = [this](const std::string& under, const std::string& tag) {
    std::string pick;
    {
      std::lock_guard lock(core_.mutex);
      const auto names = tagged(tag, under.empty() ? std::string() : normalised(under));
      if (names.empty()) service::refuse("unknown-tag", "no animation is tagged '" + tag + "'" + (under.empty() ? "" : " under " + under));
      pick = names[turns_[tag]++ % names.size()];
    }
    const std::pair<std::string, double> found = find(pick);
    play(found.first, found.second);
  };
  b.bind("runTag", [runTag](const std::string& tag) { runTag("", tag); }, "Plays one of the animations a tag names, each in turn");
  b.bind("runTag", [runTag](const std::string& path, const std::string& tag) { runTag(path, tag); },
         "Plays one of the animations under a path that a tag names");
  b.bind("addTagForAnimations", [this](const std::map<std::string, std::vector<std::string>>& tags) {
    std::lock_guard lock(core_.mutex);
    for (const auto& [tag, names] : tags)
      for (const auto& name : names) customTags_[tag].push_back(name);
  }, "Adds animations to tags: {tag: [animation, ...]}");
  b.bind("declarePathForTags", [this](const std::string& path) {
    std::lock_guard lock(core_.mutex);
    tagPaths_.push_back(path);
  }, "Where tagged animations are looked for (recorded)");
  b.bind("reset", [this] {
    std::lock_guard lock(core_.mutex);
    customTags_.clear();
    tagPaths_.clear();
    turns_.clear();
  }, "Forgets the tags and paths added");
  return b.build();
}

}  // namespace autolife::robot
