// ALDialog on the engine (services.hpp): memory keys and events as NAOqi
// writes them, answers said through ALAnimatedSpeech, assignments applied
// when the sentence has been said.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <utility>

#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"
#include "autolife/dialog/services.hpp"
#include "clock_variables.hpp"
#include "includes.hpp"
#include "text.hpp"

namespace autolife::dialog {

using service::Any;
using service::Arguments;
using service::CallError;
using service::Type;

// ---- MemoryVariables ----------------------------------------------------------

core::Value MemoryVariables::typed(const std::string& value) {
  std::int64_t i = 0;
  auto ri = std::from_chars(value.data(), value.data() + value.size(), i);
  if (!value.empty() && ri.ec == std::errc() && ri.ptr == value.data() + value.size()) return i;
  double d = 0;
  auto rd = std::from_chars(value.data(), value.data() + value.size(), d);
  if (!value.empty() && rd.ec == std::errc() && rd.ptr == value.data() + value.size()) return d;
  return value;
}

std::optional<std::string> MemoryVariables::text(const core::Value& v) {
  switch (v.type()) {
    case core::Value::Type::Int: return std::to_string(v.asInt());
    case core::Value::Type::Float: return core::formatFloat(v.asFloat());
    case core::Value::Type::Bool: return v.asBool() ? "1" : "0";
    case core::Value::Type::String:
      if (v.asString().empty()) return std::nullopt;
      return v.asString();
    default: return std::nullopt;
  }
}

std::optional<std::string> MemoryVariables::get(const std::string& name) const {
  if (clock_)
    if (auto v = clockVariable(name, clock_->wallTime(clock_->now()))) return v;
  try {
    return text(memory_.getData(name));
  } catch (const memory::MemoryError&) {
    return std::nullopt;
  }
}

void MemoryVariables::set(const std::string& name, const std::string& value) {
  // Raised, not just written: e:name rules and a Dialog box's outputs hear
  // every assignment, even of the value the key already holds.
  if (!name.empty()) memory_.raiseEvent(name, typed(value));
}

void MemoryVariables::clear(const std::string& name) {
  try {
    memory_.removeData(name);
  } catch (const memory::MemoryError&) {
  }
}

// ---- DialogService ----------------------------------------------------------------

DialogService::DialogService(core::Clock& clock, memory::Memory& memory, service::Registry& registry, std::uint64_t seed)
    : clock_(clock), memory_(memory), registry_(registry), variables_(memory, &clock), dialog_(variables_, [&] {
        DialogOptions o;
        o.seed = seed;
        o.call = [this](const std::string& m, const std::vector<std::string>& a) { return callService(m, a); };
        o.now = [this] { return clock_.wallTime(clock_.now()); };
        return o;
      }()) {
  memory_.insertData("Dialog/IsStarted", 0);
  memory_.insertData("Dialog/Language/English", 1);
  memory_.insertData("Dialog/Language/French", 1);
  for (const char* e : {"Dialog/LastInput", "Dialog/Answered", "Dialog/LastAnswer", "Dialog/NotUnderstood",
                        "Dialog/SaidMisunderstood", "Dialog/Focus", "Dialog/Tag", "Dialog/ActivateTopic",
                        "Dialog/DeactivateTopic", "Dialog/Scope", "Dialog/MatchedTopic", "Dialog/MatchedLine",
                        "Dialog/MatchedInput", "Dialog/CurrentString", "Dialog/NothingToSay"})
    memory_.declareEvent(e);
}

DialogService::~DialogService() {
  for (const auto& [key, id] : eventSubscriptions_) memory_.unsubscribeToEvent(id);
  std::lock_guard lock(mutex_);
  endSilence(personSilent_);
  endSilence(allSilent_);
}

std::unique_lock<std::mutex> DialogService::lockState() const {
  if (callingOut_.load() == std::this_thread::get_id())
    throw CallError("dialog-busy", "ALDialog cannot be called from a service that its own ^call is running");
  return std::unique_lock(mutex_);
}

namespace {

// Marks the thread that runs a ^call for its length (nested ^calls restore).
class CallingOut {
public:
  explicit CallingOut(std::atomic<std::thread::id>& who) : who_(who), previous_(who.exchange(std::this_thread::get_id())) {}
  ~CallingOut() { who_.store(previous_); }
  CallingOut(const CallingOut&) = delete;
  CallingOut& operator=(const CallingOut&) = delete;

private:
  std::atomic<std::thread::id>& who_;
  std::thread::id previous_;
};

}  // namespace

std::optional<std::string> DialogService::callService(const std::string& method, const std::vector<std::string>& args) {
  CallingOut mark(callingOut_);
  try {
    Arguments a;
    // Each argument typed as a variable's text is (an int, a float or text).
    for (const auto& s : args) a.push_back(MemoryVariables::typed(s));
    Any result = registry_.call(method, a);
    if (result.isString()) return result.asString();
    if (result.isInvalid()) return std::string();
    // Any other answer as its JSON text, as the rule has always said it.
    return core::valueToJson(result).dump();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string DialogService::load(Topic topic) {
  auto lock = lockState();
  auto r = dialog_.load(std::move(topic));
  if (!r.error.empty()) throw CallError("bad-topic", r.error);
  return r.name;
}

std::string DialogService::loadFile(const std::string& path) { return loadFileAt(path, 0); }

std::string DialogService::loadFileAt(const std::string& path, int depth) {
  const std::string key = std::filesystem::weakly_canonical(path).string();
  {
    auto lock = lockState();
    auto it = loadedFiles_.find(key);
    if (it != loadedFiles_.end() && dialog_.isLoaded(it->second.first)) {
      ++it->second.second;
      return it->second.first;
    }
  }
  ParseResult parsed = loadTopicFile(path, language());
  std::vector<std::string> included;
  if (parsed.topic) included = loadIncludes(path, parsed.topic->includes, depth + 1);
  std::string name = loadParsed(std::move(parsed));
  auto lock = lockState();
  loadedFiles_[key] = {name, 1};
  if (!included.empty()) includes_[name] = std::move(included);
  return name;
}

// include: file.top (next to the topic, or in its package: includes.hpp):
// loaded with it, activated with it. The SDK's lexicons (lexicon_enu.top...)
// are built in.
std::vector<std::string> DialogService::loadIncludes(const std::string& path, const std::vector<std::string>& includes,
                                                     int depth) {
  if (depth > 8) throw CallError("bad-topic", path + ": includes nested more than 8 deep");
  std::vector<std::string> names;
  for (const auto& include : includes) {
    const std::filesystem::path file = findInclude(path, include);
    if (!file.empty()) names.push_back(loadFileAt(file.string(), depth));
    else if (!isLexiconInclude(include))
      throw CallError("bad-topic", path + ": include: " + include + " is neither next to the topic nor in its package");
  }
  return names;
}

void DialogService::unload(const std::string& topic) {
  auto lock = lockState();
  for (auto it = loadedFiles_.begin(); it != loadedFiles_.end(); ++it) {
    if (it->second.first != topic) continue;
    if (--it->second.second > 0) return;  // another load still uses it
    loadedFiles_.erase(it);
    break;
  }
  if (!dialog_.unload(topic)) throw CallError("no-such-topic", "no topic ~" + topic + " is loaded");
  std::erase(toAnnounce_, topic);
  resubscribeEvents();
}

std::string DialogService::loadParsed(ParseResult r) {
  if (!r.topic) {
    std::string message;
    for (const auto& p : r.problems)
      if (p.isError()) message += (message.empty() ? "" : "\n") + p.format();
    throw CallError("bad-topic", message);
  }
  return load(std::move(*r.topic));
}

std::string DialogService::loadContent(const std::string& content) {
  return loadParsed(parseTopic(content, "<loadTopicContent>", language()));
}

void DialogService::activate(const std::string& topic) {
  bool running;
  {
    auto lock = lockState();
    if (!dialog_.activate(topic)) throw CallError("no-such-topic", "no topic ~" + topic + " is loaded");
    if (auto it = includes_.find(topic); it != includes_.end())
      for (const auto& included : it->second) dialog_.activate(included);
    resubscribeEvents();
    running = !subscribers_.empty();
    if (!running) toAnnounceLater(topic);
  }
  memory_.raiseEvent("Dialog/ActivateTopic", topic);
  if (running) raiseTo(topic, kActivation, "");
  service::takes(core::Duration{0});  // as on NAOqi, returns before the question is said
}

// u:(in:onActivation): what a topic says when it is activated and the
// dialog runs. Choregraphe's Choice box (v9) activates its generated topic,
// then subscribes, and has its question said by such a rule; so a topic
// activated while the dialog was stopped is announced when it starts
// (decision 1185), in the order they were activated, each to its own rules
// only: the box before may still have its topic active (mutex_ held).
void DialogService::toAnnounceLater(const std::string& topic) {
  if (std::find(toAnnounce_.begin(), toAnnounce_.end(), topic) == toAnnounce_.end()) toAnnounce_.push_back(topic);
}

void DialogService::deactivate(const std::string& topic) {
  {
    auto lock = lockState();
    if (!dialog_.deactivate(topic)) throw CallError("no-such-topic", "no topic ~" + topic + " is loaded");
    std::erase(toAnnounce_, topic);
    if (auto it = includes_.find(topic); it != includes_.end())
      for (const auto& included : it->second) dialog_.deactivate(included);
    resubscribeEvents();
  }
  memory_.raiseEvent("Dialog/DeactivateTopic", topic);
}

// The qiChat events the dialog raises itself, not through ALMemory
// (dialog-syntax_full, "qiChat events"): a rule waiting for one must not
// hear it twice.
namespace {
bool dialogOnlyEvent(const std::string& key) {
  for (const char* prefix : {"Dialog/NotUnderstood", "Dialog/SpeakFailure", "Dialog/SameRule", "Dialog/Fallback",
                             "Dialog/NothingToSay", "Dialog/Failure", "Dialog/NotSpeaking", "Dialog/NoOneSpeak", "in:"})
    if (key.starts_with(prefix)) return true;
  return false;
}

constexpr int kSilenceSeconds[] = {5, 10, 15, 20};
}  // namespace

void DialogService::restartSilence(Silence& silence, core::Time from) {
  endSilence(silence);
  for (int seconds : kSilenceSeconds)
    silence.timers.push_back(clock_.schedule(core::addSaturating(from, core::fromSeconds(seconds)),
                                             [this, prefix = silence.prefix, seconds] { silenceEnded(prefix, seconds); }));
}

// Both silences start again now (the robot's: once it stops speaking).
void DialogService::personSpoke() {
  restartSilence(personSilent_, clock_.now());
  restartSilence(allSilent_, std::max(clock_.now(), busyUntil_));
}

void DialogService::endSilence(Silence& silence) {
  for (auto id : silence.timers) clock_.cancel(id);
  silence.timers.clear();
}

// Dialog/NotSpeaking10 and the like, to the rules of the active topics that
// wait for them; Dialog/NoOneSpeak (its value the seconds) with each
// Dialog/NoOneSpeakN. An event no active rule waits for is not raised.
void DialogService::silenceEnded(const char* prefix, int seconds) {
  std::vector<std::pair<std::string, std::string>> events{{prefix + std::to_string(seconds), ""}};
  if (std::string_view(prefix) == "Dialog/NoOneSpeak") events.emplace_back(prefix, std::to_string(seconds));
  for (const auto& [key, value] : events) {
    bool waited;
    {
      auto lock = lockState();
      const auto keys = dialog_.eventKeys();
      waited = !subscribers_.empty() && std::find(keys.begin(), keys.end(), key) != keys.end();
    }
    if (waited) raise(key, value);
  }
}

// The memory events the active topics wait for (u:(e:Key)); a variable
// the dialog sets is an event too.
void DialogService::resubscribeEvents() {
  const std::vector<std::string> keys = dialog_.eventKeys();
  for (auto it = eventSubscriptions_.begin(); it != eventSubscriptions_.end();) {
    if (std::find(keys.begin(), keys.end(), it->first) == keys.end()) {
      memory_.unsubscribeToEvent(it->second);
      it = eventSubscriptions_.erase(it);
    } else {
      ++it;
    }
  }
  for (const auto& key : keys) {
    if (eventSubscriptions_.contains(key) || dialogOnlyEvent(key)) continue;
    eventSubscriptions_[key] = memory_.subscribeToEvent(key, "ALDialog", [this](const std::string& k, const core::Value& v) {
      if (running()) raise(k, MemoryVariables::text(v).value_or(""));
    });
  }
}

void DialogService::subscribe(const std::string& name) {
  bool started;
  std::vector<std::string> announce;
  {
    auto lock = lockState();
    started = subscribers_.empty();
    subscribers_.insert(name);
    if (started) personSpoke();  // the counts start with the dialog
    if (started) announce = std::exchange(toAnnounce_, {});
  }
  if (started) memory_.insertData("Dialog/IsStarted", 1);
  for (const auto& topic : announce) raiseTo(topic, kActivation, "");
  service::takes(core::Duration{0});  // as on NAOqi, returns before the question is said
}

void DialogService::unsubscribe(const std::string& name) {
  bool stopped;
  {
    auto lock = lockState();
    if (!subscribers_.erase(name)) throw CallError("no-such-subscriber", "no subscriber named " + name);
    stopped = subscribers_.empty();
    if (stopped) {
      endSilence(personSilent_);
      endSilence(allSilent_);
    }
  }
  if (stopped) memory_.insertData("Dialog/IsStarted", 0);
}

std::string DialogService::language() const {
  auto lock = lockState();
  return dialog_.language();
}

bool DialogService::running() const {
  auto lock = lockState();
  return !subscribers_.empty();
}

core::Time DialogService::busyUntil() const {
  auto lock = lockState();
  return busyUntil_;
}

const Explanation& DialogService::lastExplanation() const {
  auto lock = lockState();
  return lastExplanation_;
}

void DialogService::record(DialogRecord r) { records(r); }

Reply DialogService::input(const std::string& utterance, double confidence, bool forced) {
  record({clock_.now(), "human", utterance, {}, {}});
  Reply reply;
  bool heard;
  {
    auto lock = lockState();
    if (!forced && subscribers_.empty()) {
      reply.explanation.input = utterance;
      reply.explanation.outcome = "ignored";
      reply.explanation.reason = "ALDialog is not listening (no subscriber: call ALDialog.subscribe)";
      lastExplanation_ = reply.explanation;
      return reply;
    }
    heard = confidence >= dialog_.confidenceThreshold();
    if (heard && !subscribers_.empty()) personSpoke();
  }
  // Before the answer is chosen: u:(hello) $Dialog/LastInput says it.
  // Dialog/Confidence first: Choregraphe's Choice box reads it when
  // Dialog/LastInput comes (and asks "did you say...?" below its threshold).
  if (heard) {
    memory_.insertData("Dialog/Confidence", confidence);
    memory_.raiseEvent("Dialog/LastInput", utterance);
  }
  {
    core::Dispatcher::Hold hold(memory_.dispatcher());
    auto lock = lockState();
    reply = dialog_.hear(utterance, confidence);
    lastExplanation_ = reply.explanation;
  }
  if (reply.explanation.outcome == "ignored") return reply;
  if (reply.explanation.outcome == "not-understood") {
    memory_.raiseEvent("Dialog/NotUnderstood", utterance);
    memory_.raiseEvent("Dialog/SaidMisunderstood", utterance);
    record({clock_.now(), "not-understood", utterance, {}, {}});
  }
  recordSpeakFailure(reply.explanation);
  speak(reply);
  return reply;
}

// Every surface shows a rule that cannot answer, with why and where
// (issue 32): a "speak-failure" record, its text the reason, its value
// file:line.
void DialogService::recordSpeakFailure(const Explanation& ex) {
  if (ex.outcome != "speak-failure") return;
  record({clock_.now(), "speak-failure", ex.failure, ex.file + ":" + std::to_string(ex.line), {}});
}

Reply DialogService::forceOutput() {
  Reply reply;
  {
    core::Dispatcher::Hold hold(memory_.dispatcher());
    auto lock = lockState();
    reply = dialog_.nextProposal();
  }
  speak(reply);
  return reply;
}

Reply DialogService::raise(const std::string& key, const std::string& value) { return raiseTo("", key, value); }

// `topic` "": to every active topic; else to that topic's rules alone, and
// only while the dialog runs (stopped since: an activation is kept for its
// start, any other topic event dropped).
Reply DialogService::raiseTo(const std::string& topic, const std::string& key, const std::string& value) {
  Reply reply;
  {
    core::Dispatcher::Hold hold(memory_.dispatcher());
    auto lock = lockState();
    if (!topic.empty() && subscribers_.empty()) {
      if (key == kActivation) toAnnounceLater(topic);
      return reply;
    }
    reply = topic.empty() ? dialog_.event(key, value) : dialog_.topicEvent(topic, key);
    if (reply.understood || reply.explanation.outcome == "speak-failure") lastExplanation_ = reply.explanation;
  }
  recordSpeakFailure(reply.explanation);
  speak(reply);
  return reply;
}

// Says each answer after what is being said now; its assignments, clears
// and Dialog/Tag events land when it has been said.
void DialogService::speak(const Reply& reply) {
  for (const Answer& a : reply.answers) {
    std::string focus;
    {
      auto lock = lockState();
      focus = dialog_.focus();
    }
    memory_.insertData("Dialog/Focus", focus);
    memory_.insertData("Dialog/MatchedTopic", a.topic);
    memory_.insertData("Dialog/MatchedLine", a.line);
    core::Duration takes{0};
    if (!a.said.empty()) {
      const bool animated = registry_.find("ALAnimatedSpeech") != nullptr;
      try {
        registry_.call(animated ? "ALAnimatedSpeech" : "ALTextToSpeech", "say", {animated ? a.said : a.text});
        takes = service::takenByLastCall();
      } catch (const CallError&) {
      }
      memory_.raiseEvent("Dialog/Answered", a.text);
      memory_.insertData("Dialog/LastAnswer", a.text);
      record({clock_.now(), "robot", a.text, {}, {}});
    }
    for (const Action& act : a.actions) {
      record({clock_.now(), "action", act.name, {}, act.args});
      if (act.name != "switchFocus") perform(act);
    }
    if (a.nothingToSay) memory_.raiseEvent("Dialog/NothingToSay", a.topic);
    const core::Time end = clock_.now() + takes;
    {
      auto lock = lockState();
      busyUntil_ = std::max(busyUntil_, end);
      if (!a.said.empty() && !subscribers_.empty()) restartSilence(allSilent_, busyUntil_);  // the robot spoke
    }
    auto land = [this, a, end] {
      for (const auto& tag : a.bookmarks) memory_.raiseEvent("Dialog/Tag", tag);
      for (const auto& [name, value] : a.assignments) {
        variables_.set(name, value);
        record({end, "set", name, value, {}});
      }
      for (const auto& name : a.clears) variables_.clear(name);
      for (const Action& act : a.actions)
        if (act.name == "switchFocus") perform(act);
    };
    if (end <= clock_.now()) land();
    else clock_.schedule(end, land);
  }
}

// What an answer does besides speaking, as it is said: ^runBehavior
// (package/behavior) starts a behavior (NAOqi's documentation does not list
// it, but SoftBank's own Pepper dialogs run their animations with it,
// decision 1194); ^pCall(Service.method(args)) calls without waiting for
// the answer; ^addKnowledge, ^updateKnowledge and ^removeKnowledge write
// ALKnowledge (decision 1197); ^switchFocus(app/behavior) "stops the
// dialog engine and runs a behavior" (dialog-syntax_full): Life's
// switchFocus, called once its answer has been said. A refusal (not installed, Life not running) is an
// "action-failed" record; the answer stays said. Called with no lock held;
// what the caller of ALDialog waits for stays the speech's length.
void DialogService::perform(const Action& act) {
  std::string method;
  std::vector<std::string> args;
  if (!act.call.empty()) {  // ^pCall, the knowledge functions' writes
    method = act.call[0];
    args.assign(act.call.begin() + 1, act.call.end());
  } else if ((act.name == "runBehavior" || act.name == "switchFocus") && !act.args.empty() && !act.args[0].empty()) {
    method = act.name == "runBehavior" ? "ALBehaviorManager.runBehavior" : "ALAutonomousLife.switchFocus";
    args = {act.args[0]};
  } else {
    return;
  }
  const core::Duration taken = service::takenByLastCall();
  try {
    Arguments typed;
    for (const auto& a : args) typed.push_back(MemoryVariables::typed(a));
    registry_.call(method, typed);
  } catch (const std::exception& e) {
    record({clock_.now(), "action-failed", e.what(), act.name, act.args});
  }
  service::takes(taken);
}

}  // namespace autolife::dialog
