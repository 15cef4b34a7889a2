// Choregraphe's Dialog box, as on the robot: onStart loads the topics its
// .dlg lists (one per language, "enu:greet_enu.top"), activates them,
// subscribes to ALDialog and raises the qiChat event onStart (a topic's
// u:(e:onStart) opening); each output is bound to the variable of its
// name, so `$onStopped=1` in the topic fires onStopped. onStop, or the
// onStopped output, deactivates and unloads them. Everything goes through
// the registry's ALDialog, as the box's own code would.
#include <filesystem>
#include <algorithm>
#include <fstream>

#include "parts.hpp"

namespace autolife::runtime::detail {

namespace {

// The topic files a .dlg lists, next to it.
std::vector<std::filesystem::path> dialogTopicFiles(const std::filesystem::path& dlg) {
  std::vector<std::filesystem::path> out;
  std::ifstream in(dlg);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon), value = line.substr(colon + 1);
    key.erase(0, key.find_first_not_of(" \t"));
    value.erase(0, value.find_first_not_of(" \t"));
    if (key == "multilanguage" || value.empty()) continue;
    out.push_back(dlg.parent_path() / value);
  }
  return out;
}

}  // namespace

void BoxInstance::startDialog() {
  auto& registry = run_.context().services;
  auto* memory = run_.context().memory;
  stopDialog();
  const std::filesystem::path dlg = std::filesystem::path(behaviorPath()) / model_.dialogFile;
  std::vector<std::filesystem::path> files = dialogTopicFiles(dlg);
  if (files.empty() && dlg.extension() == ".top") files.push_back(dlg);
  if (files.empty()) {
    log("error", "Dialog box: no topic listed in " + dlg.string());
    return;
  }
  const std::string subscriber = "box " + behaviorId() + "/" + model_.name;
  try {
    for (const auto& f : files) {
      const std::string name = registry.call("ALDialog", "loadTopic", {f.string()}).asString();
      if (std::find(dialogTopics_.begin(), dialogTopics_.end(), name) == dialogTopics_.end()) dialogTopics_.push_back(name);
    }
    for (const auto& name : dialogTopics_) registry.call("ALDialog", "activateTopic", {name});
    registry.call("ALDialog", "subscribe", {subscriber});
  } catch (const service::CallError& e) {
    log("error", std::string("Dialog box: ") + e.what());
    return;
  }
  if (!memory) return;
  for (const auto& out : model_.outputs) {
    std::weak_ptr<BoxInstance> weak = shared_from_this();
    dialogSubscriptions_.push_back(memory->subscribeToEvent(
        out.name, subscriber, [weak, id = out.id](const std::string&, const core::Value& v) {
          auto self = weak.lock();
          if (!self) return;
          Run::Lock lock(self->run_);
          self->emit(id, v);
        }));
  }
  if (run_.observed()) watchDialogLines(subscriber);
  memory->raiseEvent("onStart", 1);
}

// What ALDialog hears and answers while the box runs (its topics are then
// active): Dialog/LastInput, then Dialog/Answered with the rule's topic and
// line (Dialog/MatchedTopic, Dialog/MatchedLine, written just before).
void BoxInstance::watchDialogLines(const std::string& subscriber) {
  auto* lines = run_.context().memory;
  std::weak_ptr<BoxInstance> weak = shared_from_this();
  auto watch = [&](const char* key, BoxEventKind kind) {
    dialogSubscriptions_.push_back(lines->subscribeToEvent(
        key, subscriber, [weak, kind, lines](const std::string&, const core::Value& v) {
          auto self = weak.lock();
          if (!self) return;
          std::string line = v.isString() ? v.asString() : v.toJson();
          if (kind == BoxEventKind::Said) {
            try {
              const auto topic = lines->getData("Dialog/MatchedTopic");
              const auto at = lines->getData("Dialog/MatchedLine");
              if (topic.isString() && !topic.asString().empty()) line += " (" + topic.asString() + ":" + at.toJson() + ")";
            } catch (const memory::MemoryError&) {
            }
          }
          Run::Lock lock(self->run_);
          if (self->loaded_ && !self->dialogTopics_.empty()) self->run_.observe(kind, *self, line);
        }));
  };
  watch("Dialog/LastInput", BoxEventKind::Heard);
  watch("Dialog/Answered", BoxEventKind::Said);
}

void BoxInstance::stopDialog() {
  auto* memory = run_.context().memory;
  if (memory)
    for (auto id : dialogSubscriptions_) memory->unsubscribeToEvent(id);
  dialogSubscriptions_.clear();
  if (dialogTopics_.empty()) return;
  auto& registry = run_.context().services;
  const std::string subscriber = "box " + behaviorId() + "/" + model_.name;
  try {
    registry.call("ALDialog", "unsubscribe", {subscriber});
  } catch (const service::CallError&) {
  }
  for (const auto& name : dialogTopics_) {
    try {
      registry.call("ALDialog", "deactivateTopic", {name});
      registry.call("ALDialog", "unloadTopic", {name});
    } catch (const service::CallError&) {
    }
  }
  dialogTopics_.clear();
}

}  // namespace autolife::runtime::detail
