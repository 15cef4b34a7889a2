// Choregraphe's Dialog box, as on the robot: onStart loads the topic its
// .dlg lists for the robot's language (ALDialog's; "enu:greet_enu.top"),
// activates it, subscribes to ALDialog and raises the qiChat event onStart
// (a topic's u:(e:onStart) opening); each output is bound to the variable
// of its name, so `$onStopped=1` in the topic fires onStopped. onStop, or
// the onStopped output, deactivates and unloads them. Everything goes
// through the registry's ALDialog, as the box's own code would.
#include <algorithm>
#include <filesystem>

#include "dlg_file.hpp"
#include "parts.hpp"

namespace autolife::runtime::detail {

namespace {

std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

}  // namespace

// The .dlg's topics in the robot's language; one warning names the other
// languages' files that are missing (they would fail on a robot speaking
// them), one error a .dlg with no topic in the robot's language.
std::vector<std::filesystem::path> BoxInstance::dialogTopicFiles(const std::filesystem::path& dlg) {
  const std::vector<DlgTopic> topics = readDlg(dlg);
  if (topics.empty()) {
    log("error", "Dialog box: no topic listed in " + dlg.string());
    return {};
  }
  std::string robotLanguage = "English";
  try {
    robotLanguage = run_.context().services.call("ALDialog", "getLanguage", {}).asString();
  } catch (const service::CallError&) {
  }
  std::vector<std::filesystem::path> files;
  std::vector<std::string> missing, others;
  for (const auto& t : topics) {
    if (t.language == robotLanguage) {
      files.push_back(t.file);
      continue;
    }
    others.push_back(t.language.empty() ? "'" + t.code + "'" : t.language);
    if (!std::filesystem::exists(t.file)) missing.push_back(t.code + ":" + t.file.filename().string());
  }
  if (!missing.empty())
    log("warning", "Dialog box: " + dlg.filename().string() + " lists " + listed(missing) +
                       ", which do not exist (skipped: the robot speaks " + robotLanguage + ")");
  if (files.empty())
    log("error", "Dialog box: " + dlg.filename().string() + " has no topic in " + robotLanguage +
                     ", the robot's language (it has " + listed(others) + ")");
  return files;
}

void BoxInstance::startDialog() {
  auto& registry = run_.context().services;
  auto* memory = run_.context().memory;
  stopDialog();
  const std::filesystem::path dlg = std::filesystem::path(behaviorPath()) / model_.dialogFile;
  const std::vector<std::filesystem::path> files = dialogTopicFiles(dlg);
  if (files.empty()) return;
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
  memory->raiseEvent("onStart", 1);
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
