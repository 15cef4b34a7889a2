#include "autolife/robot/perception.hpp"

#include <algorithm>
#include <cmath>

#include "arguments.hpp"
#include "autolife/launchpad/robot_profile.hpp"
#include "autolife/naoqi/service_builder.hpp"

namespace autolife::robot {

using service::Any;

namespace {

// A memory value read as a number, `otherwise` when it is not one.
double numberOr(const Any& v, double otherwise) {
  if (v.isInt()) return static_cast<double>(v.asInt());
  return v.isFloat() ? v.asFloat() : otherwise;
}

// PeoplePerception/Person/<id>/IsLookingAtRobot: true, or 1 (as 1 or 1.0).
bool lookingAtRobot(const Any& v) {
  return (v.isBool() && v.asBool()) || (v.isNumber() && numberOr(v, 0.0) == 1.0);
}

constexpr const char* kVisible = "PeoplePerception/VisiblePeopleList";
constexpr const char* kPeople = "PeoplePerception/PeopleList";

std::string personKey(int id, const char* what) { return "PeoplePerception/Person/" + std::to_string(id) + "/" + what; }

// The catalog's events and memory keys of a module, for getEventList and getMemoryKeyList.
std::vector<std::string> catalogKeys(const std::string& module, bool events) {
  std::vector<std::string> out;
  if (const auto* m = naoqi::Catalog::naoqi().find(module))
    for (const auto& k : events ? m->events : m->memoryKeys) out.push_back(k.name);
  return out;
}

}  // namespace

Perception::Perception(RobotCore& core) : core_(core) {
  const auto profile = launchpad::RobotProfile::forModel(core.model);
  settings_ = {{"maximumDetectionRange", profile.perceptionRange},   {"minimumBodyHeight", 0.9},      {"maximumBodyHeight", 2.2},
               {"timeBeforePersonDisappears", 10}, {"timeBeforeVisiblePersonDisappears", 3},
               {"firstLimitDistance", profile.zones.firstLimitDistance}, {"secondLimitDistance", profile.zones.secondLimitDistance},
               {"limitAngle", profile.zones.limitAngle}, {"recognitionThreshold", 0.4}};
  switches_ = {{"faceDetection", true}, {"movementDetection", false}, {"fastMode", false}, {"graphicalDisplay", false},
               {"recognition", true},   {"tracking", true}};
}

// The subscriber is dropped once the lock is released: dropping it
// unsubscribes from memory, which the robot never calls holding its lock.
Perception::~Perception() {
  std::shared_ptr<memory::Subscriber> drop, people;
  std::lock_guard lock(core_.mutex);
  drop = std::move(visible_);
  people = std::move(people_);
}

Any Perception::read(const std::string& key) const {
  try {
    return core_.memory.getData(key);
  } catch (const std::exception&) {
    return Any();
  }
}

std::vector<int> Perception::ids(const std::string& key) const {
  std::vector<int> out;
  const Any v = read(key);
  if (!v.isArray()) return out;
  for (const auto& id : v.asArray())
    if (id.isInt()) out.push_back(static_cast<int>(id.asInt()));
  return out;
}

std::vector<int> Perception::visiblePeople() const { return ids(kVisible); }

void Perception::declareSubscriptions(naoqi::ServiceBuilder& b, const std::string& extractor) {
  auto subscribe = [this, extractor](const std::string& name) {
    bool first = false;
    {
      std::lock_guard lock(core_.mutex);
      auto& s = subscribers_[extractor];
      first = s.empty();
      s.insert(name);
    }
    if (first && extractor == "ALFaceDetection") faceDetectionSubscribed(true);
  };
  b.bind("subscribe", subscribe, "Starts the extractor for a subscriber");
  b.bind("subscribe", [subscribe](const std::string& name, int, double) { subscribe(name); },
         "Starts the extractor for a subscriber (period and precision recorded)");
  b.bind("unsubscribe", [this, extractor](const std::string& name) {
    bool last = false;
    {
      std::lock_guard lock(core_.mutex);
      auto& s = subscribers_[extractor];
      if (!s.erase(name)) service::refuse("not-subscribed", name + " is not subscribed");
      last = s.empty();
    }
    if (last && extractor == "ALFaceDetection") faceDetectionSubscribed(false);
  }, "Stops the extractor for a subscriber");
  b.bind("getSubscribersInfo", [this, extractor] {
    std::lock_guard lock(core_.mutex);
    Any::Array out;
    for (const auto& name : subscribers_[extractor]) out.push_back(Any::Array{name, 500, 0.0});
    return Any(std::move(out));
  }, "[[name, period, precision], ...]");
  b.bind("getEventList", [extractor] { return catalogKeys(extractor, true); }, "The events it raises");
  b.bind("getMemoryKeyList", [extractor] { return catalogKeys(extractor, false); }, "The memory keys it writes");
  b.bind("getOutputNames", [extractor] {
    auto out = catalogKeys(extractor, false);
    for (auto& e : catalogKeys(extractor, true)) out.push_back(std::move(e));
    return out;
  }, "Its memory keys and events");
  b.bind("isProcessing", [this, extractor] {
    std::lock_guard lock(core_.mutex);
    return !subscribers_[extractor].empty() && !switches_[extractor + "/paused"];
  }, "Whether it runs: subscribed to and not paused");
  b.bind("isPaused", [this, extractor] {
    std::lock_guard lock(core_.mutex);
    return switches_[extractor + "/paused"];
  }, "Whether it is paused");
  b.bind("pause", [this, extractor](bool paused) {
    std::lock_guard lock(core_.mutex);
    switches_[extractor + "/paused"] = paused;
  }, "Pauses or resumes it");
  b.bind("getCurrentPeriod", [] { return 500; }, "Its period (ms)");
  b.bind("getCurrentPrecision", [] { return 0.0f; }, "Its precision");
  b.bind("getMyPeriod", [](const std::string&) { return 500; }, "A subscriber's period (ms)");
  b.bind("getMyPrecision", [](const std::string&) { return 0.0f; }, "A subscriber's precision");
  b.bind("updatePeriod", [](const std::string&, int) {}, "A subscriber's period (recorded)");
  b.bind("updatePrecision", [](const std::string&, double) {}, "A subscriber's precision (recorded)");
}

std::shared_ptr<service::Service> Perception::makePeoplePerception() {
  auto b = declare(core_, "ALPeoplePerception", "People perception's settings; the people are in memory (PeoplePerception/*)");
  declareSubscriptions(b, "ALPeoplePerception");
  auto setting = [this](const char* name) {
    return [this, name] {
      std::lock_guard lock(core_.mutex);
      return static_cast<float>(settings_[name]);
    };
  };
  auto setSetting = [this](const char* name, double lo, double hi) {
    return [this, name, lo, hi](double v) {
      args::within(v, lo, hi, name);
      std::lock_guard lock(core_.mutex);
      settings_[name] = v;
    };
  };
  b.bind("getMaximumDetectionRange", setting("maximumDetectionRange"), "How far people are perceived (m)");
  b.bind("setMaximumDetectionRange", setSetting("maximumDetectionRange", 0, 10), "How far people are perceived (m)");
  b.bind("getMinimumBodyHeight", setting("minimumBodyHeight"), "The smallest person perceived (m)");
  b.bind("setMinimumBodyHeight", setSetting("minimumBodyHeight", 0, 3), "The smallest person perceived (m)");
  b.bind("getMaximumBodyHeight", setting("maximumBodyHeight"), "The tallest person perceived (m)");
  b.bind("setMaximumBodyHeight", setSetting("maximumBodyHeight", 0, 3), "The tallest person perceived (m)");
  b.bind("getTimeBeforePersonDisappears", setting("timeBeforePersonDisappears"), "Seconds before a person unseen is forgotten");
  b.bind("setTimeBeforePersonDisappears", setSetting("timeBeforePersonDisappears", 0, 1e6), "Seconds before a person unseen is forgotten");
  b.bind("getTimeBeforeVisiblePersonDisappears", setting("timeBeforeVisiblePersonDisappears"),
         "Seconds before a person unseen is no longer visible");
  b.bind("setTimeBeforeVisiblePersonDisappears", setSetting("timeBeforeVisiblePersonDisappears", 0, 1e6),
         "Seconds before a person unseen is no longer visible");
  auto flag = [this](const char* name) {
    return std::pair{[this, name] {
                       std::lock_guard lock(core_.mutex);
                       return switches_[name];
                     },
                     [this, name](bool on) {
                       std::lock_guard lock(core_.mutex);
                       switches_[name] = on;
                     }};
  };
  for (const auto& [key, method] : std::vector<std::pair<const char*, std::string>>{
           {"faceDetection", "FaceDetection"}, {"movementDetection", "MovementDetection"}, {"fastMode", "FastMode"},
           {"graphicalDisplay", "GraphicalDisplay"}}) {
    auto [get, set] = flag(key);
    b.bind("is" + method + "Enabled", get, "Whether " + method + " is on");
    b.bind("set" + method + "Enabled", set, method + " on or off");
  }
  b.bind("resetPopulation", [this] {
    if (auto s = core_.memory.getDataList(kPeople); s.empty()) return;
    MemoryWrites writes;
    writes.raise("PeoplePerception/PopulationUpdated", core::Value(core::Value::Array{}));
    core_.publish(std::move(writes));
  }, "Forgets who was seen (raises PeoplePerception/PopulationUpdated; the world writes the people again)");
  return b.build();
}

void Perception::faceDetectionSubscribed(bool on) {
  std::shared_ptr<memory::Subscriber> drop;
  if (!on) {
    std::lock_guard lock(core_.mutex);
    drop = std::move(visible_);
    return;
  }
  auto sub = core_.memory.subscriber(kVisible);
  std::weak_ptr<int> alive = core_.aliveToken();
  sub->signal.connect([this, alive](const core::Value&) {
    if (!alive.expired()) facesChanged();
  });
  std::lock_guard lock(core_.mutex);
  std::swap(visible_, sub);  // a replaced one is dropped after the lock (sub outlives it)
}

// FaceDetected: [[sec, usec], [faceInfo..., timeFilteredRecognition],
// cameraPoseInTorso, cameraPoseInRobot, cameraId]; a faceInfo is
// [[0, alpha, beta, sizeX, sizeY], [faceId, score, label, ...]]. Empty
// when the last face goes.
void Perception::facesChanged() {
  const auto people = visiblePeople();
  MemoryWrites writes;
  if (people.empty()) {
    std::lock_guard lock(core_.mutex);
    if (!facesSeen_) return;
    facesSeen_ = false;
    writes.raise("FaceDetected", core::Value(core::Value::Array{}));
  } else {
    core::Value::Array faces;
    std::vector<std::string> learnt;
    {
      std::lock_guard lock(core_.mutex);
      facesSeen_ = true;
      learnt = learntFaces_;
    }
    for (int id : people) {
      const Any angles = read(personKey(id, "AnglesYawPitch"));
      const bool pair = angles.isArray() && angles.asArray().size() == 2;
      const double yaw = pair ? numberOr(angles.asArray()[0], 0.0) : 0.0;
      const double pitch = pair ? numberOr(angles.asArray()[1], 0.0) : 0.0;
      const double distance = numberOr(read(personKey(id, "Distance")), 0.0);
      const double size = distance > 0 ? std::min(1.0, 0.2 / distance) : 0.1;
      faces.push_back(core::Value::Array{core::Value::Array{0, yaw, pitch, size, size},
                                         core::Value::Array{id, 0.0, std::string(), core::Value::Array{}, core::Value::Array{}}});
    }
    faces.push_back(core::Value::Array{0, core::Value::Array{}});  // time-filtered recognition: nobody recognised
    const auto ns = core_.now().count();
    const core::Value::Array stamp{ns / 1000000000, (ns % 1000000000) / 1000};
    const core::Value::Array pose{0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    writes.raise("FaceDetected", core::Value(core::Value::Array{stamp, faces, pose, pose, 0}));
  }
  core_.publish(std::move(writes));
}

std::shared_ptr<service::Service> Perception::makeFaceDetection() {
  auto b = declare(core_, "ALFaceDetection", "Face detection: FaceDetected from the people visible in memory; learnt faces");
  declareSubscriptions(b, "ALFaceDetection");
  auto learn = [this](const std::string& name) {
    if (name.empty()) service::refuse("bad-argument", "a face needs a name");
    std::lock_guard lock(core_.mutex);
    if (std::find(learntFaces_.begin(), learntFaces_.end(), name) == learntFaces_.end()) learntFaces_.push_back(name);
    return true;
  };
  b.bind("learnFace", learn, "Learns the face in front of the robot under a name; true");
  b.bind("reLearnFace", learn, "Learns a face again; true");
  b.bind("forgetPerson", [this](const std::string& name) {
    std::lock_guard lock(core_.mutex);
    auto it = std::find(learntFaces_.begin(), learntFaces_.end(), name);
    if (it == learntFaces_.end()) return false;
    learntFaces_.erase(it);
    return true;
  }, "Forgets a learnt face; false if unknown");
  b.bind("clearDatabase", [this] {
    std::lock_guard lock(core_.mutex);
    learntFaces_.clear();
    return true;
  }, "Forgets every learnt face");
  b.bind("getLearnedFacesList", [this] {
    std::lock_guard lock(core_.mutex);
    return learntFaces_;
  }, "The names of the faces learnt");
  for (const auto& [name, method] : std::vector<std::pair<std::string, std::string>>{{"recognition", "Recognition"},
                                                                                      {"tracking", "Tracking"}}) {
    const std::string key = name;  // a variable: lambdas may not capture a structured binding (clang)
    auto set = [this, key](bool on) {
      std::lock_guard lock(core_.mutex);
      switches_[key] = on;
    };
    b.bind("set" + method + "Enabled", set, method + " on or off");
    b.bind("enable" + method, {"enable"}, set, method + " on or off");
    b.bind("is" + method + "Enabled", [this, key] {
      std::lock_guard lock(core_.mutex);
      return switches_[key];
    }, "Whether " + method + " is on");
  }
  b.bind("getRecognitionConfidenceThreshold", [this] {
    std::lock_guard lock(core_.mutex);
    return static_cast<float>(settings_["recognitionThreshold"]);
  }, "The recognition threshold");
  b.bind("setRecognitionConfidenceThreshold", [this](double t) {
    args::within(t, 0, 1, "threshold");
    std::lock_guard lock(core_.mutex);
    settings_["recognitionThreshold"] = t;
  }, "The recognition threshold (0-1)");
  return b.build();
}

std::shared_ptr<service::Service> Perception::makeEngagementZones() {
  auto b = declare(core_, "ALEngagementZones", "Engagement zones' limits; the people in them are in memory (EngagementZones/*)");
  declareSubscriptions(b, "ALEngagementZones");
  auto limit = [this](const char* name, const char* event) {
    return std::pair{[this, name] {
                       std::lock_guard lock(core_.mutex);
                       return static_cast<float>(settings_[name]);
                     },
                     [this, name, event](double v) {
                       args::within(v, 0, 360, name);
                       {
                         std::lock_guard lock(core_.mutex);
                         settings_[name] = v;
                       }
                       MemoryWrites writes;
                       writes.raise(event, v);
                       core_.publish(std::move(writes));
                     }};
  };
  auto [getFirst, setFirst] = limit("firstLimitDistance", "EngagementZones/FirstLimitDistanceUpdated");
  auto [getSecond, setSecond] = limit("secondLimitDistance", "EngagementZones/SecondLimitDistanceUpdated");
  auto [getAngle, setAngle] = limit("limitAngle", "EngagementZones/LimitAngleUpdated");
  b.bind("getFirstLimitDistance", getFirst, "Where zone 1 ends (m)");
  b.bind("setFirstLimitDistance", setFirst, "Where zone 1 ends (m)");
  b.bind("getSecondLimitDistance", getSecond, "Where zone 2 ends (m)");
  b.bind("setSecondLimitDistance", setSecond, "Where zone 2 ends (m)");
  b.bind("getLimitAngle", getAngle, "The zones' angle (degrees)");
  b.bind("setLimitAngle", setAngle, "The zones' angle (degrees)");
  auto zone = [this](double distance, double angle) {
    std::lock_guard lock(core_.mutex);
    if (distance < settings_["firstLimitDistance"] && std::abs(angle) * 2 <= settings_["limitAngle"]) return 1;
    if (distance < settings_["secondLimitDistance"]) return 2;
    return 3;
  };
  b.bind("computeEngagementZone", [zone](double x, double y, double) {
    return zone(std::hypot(x, y), std::atan2(y, x) * 180 / M_PI);
  }, "The zone (1, 2, 3) of a point in the robot frame");
  b.bind("computeEngagementZone", [zone](double xAngle, double, double distance, const Any&) {
    return zone(distance, xAngle * 180 / M_PI);
  }, "The zone (1, 2, 3) of a point seen by a camera");
  return b.build();
}

std::shared_ptr<service::Service> Perception::makeMood() {
  auto b = declare(core_, "ALMood", "Mood from what people perception writes: attention from who is visible and looking");
  // The closest visible person looking at the robot engages it fully; one
  // visible, semi; nobody, not at all. Faces show no emotion here.
  auto attention = [this] { return attentionNow(); };
  auto level = [](double value) { return Any(Any::Map{{"value", value}, {"confidence", 1.0}}); };
  auto attentionLevel = [level, attention] {
    const auto a = attention();
    return level(a == "fullyEngaged" ? 1.0 : a == "semiEngaged" ? 0.5 : 0.0);
  };
  auto attentionZone = [this] { return std::string(visiblePeople().empty() ? "Unknown" : "LookingAtRobot"); };
  // NAOqi 2's ALMood has these as properties (a condition's `ALMood.attention`,
  // a qi client's `mood.attention.value()`); they stay methods too, for
  // ALProxy and the network API.
  auto both = [&b](const std::string& name, service::Type type, std::string description, std::function<Any()> get) {
    b.method(name, {}, type, description, [get](const service::Arguments&) { return get(); });
    b.property({name, type, std::move(description), std::move(get), {}});
  };
  using service::Type;
  both("valence", Type::String, "neutral: the simulated faces show no emotion", [] { return Any("neutral"); });
  both("attention", Type::String, "unengaged, semiEngaged or fullyEngaged, from the people visible and looking",
       [attention] { return Any(attention()); });
  both("ambiance", Type::String, "calm: the simulated room is quiet", [] { return Any("calm"); });
  both("valenceLevel", Type::Any, "{value, confidence}: 0, neutral", [level] { return level(0.0); });
  both("attentionLevel", Type::Any, "{value, confidence}: 1 fully engaged, 0.5 semi, 0 not", attentionLevel);
  both("ambianceLevel", Type::Float, "0: calm", [] { return Any(0.0); });
  both("attentionZone", Type::String, "LookingAtRobot when someone is visible, else Unknown",
       [attentionZone] { return Any(attentionZone()); });
  b.signal("valenceChanged");
  b.signal("attentionChanged", "When the attention of the people in front changes (from the people perceived)");
  b.signal("ambianceChanged");
  b.bind("getEmotionalReaction", [] { return std::string("none"); }, "none: no reaction is detected");
  auto personState = [level, attention] {
    const auto a = attention();
    return Any(Any::Map{{"valence", level(0.0)},
                        {"attention", level(a == "fullyEngaged" ? 1.0 : a == "semiEngaged" ? 0.5 : 0.0)},
                        {"smile", level(0.0)},
                        {"expressions", Any::Map{}}});
  };
  b.bind("currentPersonState", personState, "{valence, attention, smile, expressions} of the person engaged");
  b.bind("personStateFromPeoplePerception", [personState](int) { return personState(); }, "A person's state");
  b.bind("personStateFromUserSession", [personState](int) { return personState(); }, "A user's state");
  b.bind("ambianceState", [level] { return Any(Any::Map{{"agitation", level(0.0)}, {"calmness", level(1.0)}}); },
         "{agitation, calmness}: calm");
  b.bind("persons", [this] {
    std::vector<int> people = visiblePeople();
    Any::Array out;
    for (int id : people) out.push_back(Any::Map{{"id", id}});
    return Any(std::move(out));
  }, "The people visible: [{id}]");
  b.bind("subscribe", [](const std::string&, const std::string&) { return true; }, "Subscribes (recorded); true");
  b.bind("unsubscribe", [](const std::string&) { return true; }, "Unsubscribes (recorded); true");
  auto mood = b.build();
  followPeople(mood);
  return mood;
}

std::string Perception::attentionNow() const {
  const auto people = visiblePeople();
  if (people.empty()) return "unengaged";
  for (int id : people)
    if (lookingAtRobot(read(personKey(id, "IsLookingAtRobot")))) return "fullyEngaged";
  return "semiEngaged";
}

// Each time the world (or a robot) writes the people, ALMood's attention is
// worked out again: a change is its property's change (a condition's
// `ALMood.attention` follows it) and attentionChanged, as NAOqi's ALMood
// reports at each of its periods.
void Perception::followPeople(const std::shared_ptr<service::Service>& mood) {
  auto sub = core_.memory.subscriber("PeoplePerception/PopulationUpdated");
  std::weak_ptr<int> alive = core_.aliveToken();
  std::weak_ptr<service::Service> weak = mood;
  auto last = std::make_shared<std::string>(attentionNow());
  sub->signal.connect([this, alive, weak, last](const core::Value&) {
    auto service = weak.lock();
    if (alive.expired() || !service) return;
    const std::string now = attentionNow();
    if (now == *last) return;
    *last = now;
    for (const char* p : {"attention", "attentionLevel", "attentionZone"}) service->notifyPropertyChanged(p);
    service->emit("attentionChanged", Any(now));
  });
  std::shared_ptr<memory::Subscriber> drop;
  std::lock_guard lock(core_.mutex);
  drop = std::exchange(people_, std::move(sub));
}

std::shared_ptr<service::Service> Perception::makeUserSession() {
  auto b = declare(core_, "ALUserSession", "User sessions from memory: a user is a person perceived (user id = person id)");
  auto users = [this] {
    auto open = ids("UserSession/OpenSessions");
    return open.empty() ? visiblePeople() : open;
  };
  auto focused = [this] {
    const Any f = read("UserSession/FocusedUser");
    return f.isInt() ? static_cast<int>(f.asInt()) : -1;
  };
  auto has = [users](int id) {
    const auto all = users();
    return std::find(all.begin(), all.end(), id) != all.end();
  };
  b.bind("getUserList", users, "The users: the people whose sessions are open");
  b.bind("getNumUsers", [users] { return static_cast<int>(users().size()); }, "How many users");
  b.bind("getOpenUserSessions", users, "The open sessions' users");
  b.bind("getFocusedUser", focused, "The focused user (UserSession/FocusedUser), -1 for nobody");
  b.bind("doesUserExist", has, "Whether a user exists");
  b.bind("isUserSessionOpen", has, "Whether a user's session is open");
  auto all = [has](const std::vector<int>& ids) { return std::all_of(ids.begin(), ids.end(), has); };
  b.bind("doUsersExist", all, "Whether every user exists");
  b.bind("areUserSessionsOpen", all, "Whether every user's session is open");
  b.bind("getUsidFromPpid", [](int id) { return id; }, "A person's user id: the same number");
  b.bind("getPpidFromUsid", [](int id) { return id; }, "A user's person id: the same number");
  b.bind("isUserPermanent", [](int) { return false; }, "No user is permanent in the simulation");
  b.bind("areUsersPermanent", [](const std::vector<int>&) { return false; }, "No user is permanent in the simulation");
  b.bind("getPermanentUserList", [] { return std::vector<int>{}; }, "None");
  b.bind("getBindingList", [] { return std::vector<std::string>{}; }, "No bindings");
  b.bind("doesBindingExist", [](const std::string&) { return false; }, "No bindings");
  b.bind("getUserBindings", [](int) { return std::map<std::string, std::string>{}; }, "No bindings");
  b.bind("getUserData", [](int, const std::string&) { return Any(Any::Map{}); }, "No data sources: {}");
  return b.build();
}

}  // namespace autolife::robot
