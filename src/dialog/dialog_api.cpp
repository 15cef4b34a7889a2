// The ALDialog service's methods, with NAOqi's names and signatures
// (aldialogproxy.h, aldialog-api): what a box's ALProxy("ALDialog"), a
// scenario's call step or a network client reaches.
#include "autolife/dialog/services.hpp"
#include "service_values.hpp"

namespace autolife::dialog {

using service::Any;
using service::Arguments;
using service::CallError;
using service::Type;

namespace {

std::vector<std::string> stringListArg(const Arguments& a, std::size_t i) {
  return dialog::stringListArg(a, i, "argument " + std::to_string(i + 1) + " must be a list of strings");
}

std::string languageArg(const Arguments& a, std::size_t i) {
  const std::string given = service::stringArg(a, i);
  const std::string name = languageName(given);
  if (name.empty()) throw CallError("bad-argument", "unknown language " + given);
  return name;
}

}  // namespace

std::shared_ptr<service::Service> DialogService::makeService() {
  auto s = std::make_shared<service::Service>("ALDialog", "QiChat dialogs: topics, focus, what the robot answers");
  auto m = [&](std::string name, std::vector<service::Parameter> params, Type result, std::string description,
               service::Handler h) { s->method(std::move(name), std::move(params), result, std::move(description), std::move(h)); };
  auto topicArg = [](const Arguments& a, std::size_t i) {
    std::string t = service::stringArg(a, i);
    if (!t.empty() && t[0] == '~') t.erase(0, 1);
    return t;
  };

  m("setLanguage", {{"language", Type::String}}, Type::Void, "The language topics are matched in",
    [this](const Arguments& a) {
      const std::string l = languageArg(a, 0);
      {
        auto lock = lockState();
        dialog_.setLanguage(l);
      }
      memory_.insertData("Dialog/Language", l);
      return Any();
    });
  m("getLanguage", {}, Type::String, "", [this](const Arguments&) {
      auto lock = lockState();
      return Any(dialog_.language());
    });
  m("loadTopic", {{"topicPath", Type::String}}, Type::String, "Loads a .top file; returns the topic's name",
    [this](const Arguments& a) { return Any(loadFile(service::stringArg(a, 0))); });
  m("loadTopicContent", {{"topicContent", Type::String}}, Type::String, "Loads QiChat text; returns the topic's name",
    [this](const Arguments& a) { return Any(loadContent(service::stringArg(a, 0))); });
  m("unloadTopic", {{"topicName", Type::String}}, Type::Void, "",
    [this, topicArg](const Arguments& a) { return unload(topicArg(a, 0)), Any(); });
  m("getLoadedTopics", {{"language", Type::String}}, Type::List, "",
    [this](const Arguments& a) {
      auto lock = lockState();
      return service::toAny(dialog_.loadedTopics(languageArg(a, 0)));
    });
  m("getAllLoadedTopics", {}, Type::List, "", [this](const Arguments&) {
      auto lock = lockState();
      return service::toAny(dialog_.allLoadedTopics());
    });
  m("activateTopic", {{"topicName", Type::String}}, Type::Void, "",
    [this, topicArg](const Arguments& a) { return activate(topicArg(a, 0)), Any(); });
  m("deactivateTopic", {{"topicName", Type::String}}, Type::Void, "",
    [this, topicArg](const Arguments& a) { return deactivate(topicArg(a, 0)), Any(); });
  m("getActivatedTopics", {}, Type::List, "", [this](const Arguments&) {
      auto lock = lockState();
      return service::toAny(dialog_.activatedTopics());
    });
  m("subscribe", {{"name", Type::String}}, Type::Void, "Starts listening (Dialog/IsStarted = 1)",
    [this](const Arguments& a) { return subscribe(service::stringArg(a, 0)), Any(); });
  m("subscribe", {{"name", Type::String}, {"period", Type::Int}, {"precision", Type::Float}}, Type::Void, "",
    [this](const Arguments& a) { return subscribe(service::stringArg(a, 0)), Any(); });
  m("unsubscribe", {{"name", Type::String}}, Type::Void, "",
    [this](const Arguments& a) { return unsubscribe(service::stringArg(a, 0)), Any(); });
  m("getSubscribersInfo", {}, Type::List, "", [this](const Arguments&) {
    auto lock = lockState();
    return subscribersInfo(subscribers_);
  });
  auto runDialog = [this](const Arguments&) { return subscribe("runDialog"), Any(); };
  auto stopDialog = [this](const Arguments&) {
    std::set<std::string> all;
    {
      auto lock = lockState();
      all = subscribers_;
    }
    for (const auto& n : all) unsubscribe(n);
    return Any();
  };
  m("runDialog", {}, Type::Void, "Subscribes as \"runDialog\"", runDialog);
  m("stopDialog", {}, Type::Void, "", stopDialog);
  // NAOqi 2.x's private methods that Choregraphe's own boxes call (the Choice
  // box v9, apps that run the main dialog): without them those boxes go
  // silent. The behavior's path is where NAOqi looked for the topic's
  // behaviors; here a topic's ^run names are resolved as loadTopic's are.
  m("_addDialogFromTopicBox", {{"topicPath", Type::String}, {"behaviorPath", Type::String}}, Type::String,
    "As loadTopic (what Choregraphe's Choice box calls)",
    [this](const Arguments& a) { return Any(loadFile(service::stringArg(a, 0))); });
  m("_preloadMain", {}, Type::Void, "Nothing to do: a topic is compiled when it loads", [](const Arguments&) { return Any(); });
  m("_runMain", {}, Type::Void, "As runDialog", runDialog);
  m("_stopMain", {}, Type::Void, "As stopDialog", stopDialog);
  m("setFocus", {{"topicName", Type::String}}, Type::Void, "", [this, topicArg](const Arguments& a) {
    {
      auto lock = lockState();
      if (!dialog_.setFocus(topicArg(a, 0))) throw CallError("no-such-topic", "no active topic ~" + topicArg(a, 0));
    }
    // After the lock: the dialog hears its own e:Dialog/Focus.
    memory_.insertData("Dialog/Focus", topicArg(a, 0));
    return Any();
  });
  m("getFocus", {}, Type::String, "", [this](const Arguments&) {
      auto lock = lockState();
      return Any(dialog_.focus());
    });
  m("activateTag", {{"tagName", Type::String}, {"topicName", Type::String}}, Type::Void, "",
    [this, topicArg](const Arguments& a) {
      auto lock = lockState();
      return Any(dialog_.activateTag(service::stringArg(a, 0), topicArg(a, 1))), Any();
    });
  m("deactivateTag", {{"tagName", Type::String}, {"topicName", Type::String}}, Type::Void, "",
    [this, topicArg](const Arguments& a) {
      auto lock = lockState();
      return Any(dialog_.deactivateTag(service::stringArg(a, 0), topicArg(a, 1))), Any();
    });
  m("gotoTag", {{"tagName", Type::String}, {"topicName", Type::String}}, Type::Void, "Says the rule or proposal with %tag",
    [this, topicArg](const Arguments& a) {
      Reply r;
      {
        core::Dispatcher::Hold hold(memory_.dispatcher());
        auto lock = lockState();
        r = dialog_.gotoTag(service::stringArg(a, 0), topicArg(a, 1));
      }
      speak(r);
      return Any();
    });
  m("gotoTopic", {{"topicName", Type::String}}, Type::Void, "Gives the topic the focus and says its next proposal",
    [this, topicArg](const Arguments& a) {
      Reply r;
      {
        core::Dispatcher::Hold hold(memory_.dispatcher());
        auto lock = lockState();
        r = dialog_.gotoTopic(topicArg(a, 0));
      }
      speak(r);
      return Any();
    });
  m("setConcept", {{"conceptName", Type::String}, {"language", Type::String}, {"content", Type::List}}, Type::Void, "",
    [this](const Arguments& a) {
      auto lock = lockState();
      dialog_.setConcept(service::stringArg(a, 0), languageArg(a, 1), stringListArg(a, 2));
      return Any();
    });
  m("setConcept", {{"conceptName", Type::String}, {"language", Type::String}, {"content", Type::List}, {"store", Type::Bool}},
    Type::Void, "", [this](const Arguments& a) {
      auto lock = lockState();
      dialog_.setConcept(service::stringArg(a, 0), languageArg(a, 1), stringListArg(a, 2));
      return Any();
    });
  m("addToConcept", {{"conceptName", Type::String}, {"language", Type::String}, {"content", Type::List}}, Type::Void, "",
    [this](const Arguments& a) {
      auto lock = lockState();
      dialog_.addToConcept(service::stringArg(a, 0), languageArg(a, 1), stringListArg(a, 2));
      return Any();
    });
  m("getConcept", {{"conceptName", Type::String}, {"language", Type::String}}, Type::List, "",
    [this](const Arguments& a) {
      auto lock = lockState();
      return service::toAny(dialog_.getConcept(service::stringArg(a, 0), languageArg(a, 1)));
    });
  m("clearConcepts", {}, Type::Void, "", [](const Arguments&) { return Any(); });
  m("forceInput", {{"input", Type::String}}, Type::Void, "As if a person said it (heard with full confidence)",
    [this](const Arguments& a) { return input(service::stringArg(a, 0), 1.0, true), Any(); });
  m("forceOutput", {}, Type::Void, "Says the focused topic's next proposal", [this](const Arguments&) { return forceOutput(), Any(); });
  m("setASRConfidenceThreshold", {{"threshold", Type::Float}}, Type::Void, "",
    [this](const Arguments& a) {
      auto lock = lockState();
      return dialog_.setConfidenceThreshold(service::floatArg(a, 0)), Any();
    });
  m("getASRConfidenceThreshold", {}, Type::Float, "", [this](const Arguments&) {
      auto lock = lockState();
      return Any(dialog_.confidenceThreshold());
    });
  m("setConfidenceThreshold", {{"ruleType", Type::String}, {"threshold", Type::Float}}, Type::Void, "",
    [this](const Arguments& a) {
      auto lock = lockState();
      return dialog_.setConfidenceThreshold(service::floatArg(a, 1)), Any();
    });
  m("setConfidenceThreshold", {{"ruleType", Type::String}, {"threshold", Type::Float}, {"language", Type::String}},
    Type::Void, "", [this](const Arguments& a) {
      auto lock = lockState();
      return dialog_.setConfidenceThreshold(service::floatArg(a, 1)), Any();
    });
  m("getConfidenceThreshold", {{"ruleType", Type::String}}, Type::Float, "",
    [this](const Arguments&) {
      auto lock = lockState();
      return Any(dialog_.confidenceThreshold());
    });
  m("setDelay", {{"eventName", Type::String}, {"delay", Type::Int}}, Type::Void,
    "Accepted, not applied: how long (ms, -1 for ever) an event stays valid while the robot speaks",
    [](const Arguments&) { return Any(); });
  m("setVariablePath", {{"topicName", Type::String}, {"eventName", Type::String}, {"path", Type::String}}, Type::Void,
    "Accepted (variables are ALMemory keys of their own name)", [](const Arguments&) { return Any(); });
  m("insertUserData", {{"variableName", Type::String}, {"variableValue", Type::String}, {"userID", Type::Int}},
    Type::Void, "", [this](const Arguments& a) {
      auto lock = lockState();
      dialog_.setUserData(service::stringArg(a, 0), service::stringArg(a, 1), static_cast<int>(service::intArg(a, 2)));
      return Any();
    });
  m("getUserData", {{"variableName", Type::String}, {"userID", Type::Int}}, Type::String, "", [this](const Arguments& a) {
    auto lock = lockState();
    auto v = dialog_.userData(service::stringArg(a, 0), static_cast<int>(service::intArg(a, 1)));
    return Any(v.value_or(""));
  });
  m("getUserDataList", {{"userID", Type::Int}}, Type::List, "",
    [this](const Arguments& a) {
      auto lock = lockState();
      return service::toAny(dialog_.userDataList(static_cast<int>(service::intArg(a, 0))));
    });
  m("getUserList", {}, Type::List, "", [](const Arguments&) { return service::toAny(std::vector<int>{0}); });
  m("openSession", {{"id", Type::Int}}, Type::Void, "", [this](const Arguments& a) {
    memory_.raiseEvent("Dialog/OpenSession", service::intArg(a, 0));
    return Any();
  });
  m("closeSession", {}, Type::Void, "", [](const Arguments&) { return Any(); });
  m("resetAll", {}, Type::Void, "Proposals and tags as loaded", [this](const Arguments&) {
    auto lock = lockState();
    dialog_.resetAll();
    return Any();
  });
  m("compileAll", {}, Type::Void, "", [](const Arguments&) { return Any(); });
  m("setAnimatedSpeechConfiguration", {{"configuration"}}, Type::Void, "", [](const Arguments&) { return Any(); });
  m("getEventList", {}, Type::List, "The memory events the active topics wait for",
    [this](const Arguments&) {
      auto lock = lockState();
      return service::toAny(dialog_.eventKeys());
    });
  return s;
}

}  // namespace autolife::dialog
