// Resources (REFERENCE §7, docs/behaviors.md): the arbiter's rules on the
// virtual clock, then boxes and timelines that compete for the robot's
// parts inside played behaviors.
#include <gmock/gmock.h>

#include "autolife/behavior/xar_parser.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/core/workers.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/runtime/behavior_run.hpp"
#include "autolife/runtime/resources.hpp"
#include "autolife/service/service.hpp"
#include "any_json.hpp"
#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using ::testing::Contains;
using ::testing::DoubleNear;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using End = sim::PlayResult::End;
using runtime::ResourceArbiter;
using Type = behavior::ResourceType;

// ---- the arbiter --------------------------------------------------------------------

TEST(ResourceNames, NestAsTheRobotsPartsDo) {
  EXPECT_TRUE(runtime::resourcesConflict("Head", "Head"));
  EXPECT_TRUE(runtime::resourcesConflict("All motors", "HeadYaw"));
  EXPECT_TRUE(runtime::resourcesConflict("LHand", "Arms"));
  EXPECT_TRUE(runtime::resourcesConflict("Left leg", "LKneePitch"));
  EXPECT_FALSE(runtime::resourcesConflict("Head", "Arms"));
  EXPECT_FALSE(runtime::resourcesConflict("Left arm", "RElbowRoll"));
  EXPECT_FALSE(runtime::resourcesConflict("Left eye", "Head"));  // unknown names only meet themselves
  EXPECT_TRUE(runtime::resourcesConflict("Left eye", "Left eye"));
}

// A claimant that writes down what it is told.
struct Witness {
  std::vector<std::string> heard;
  ResourceArbiter::Claimant claimant(const std::string& name, std::vector<std::pair<std::string, Type>> resources) {
    ResourceArbiter::Claimant c;
    c.name = name;
    c.resources = std::move(resources);
    c.granted = [this, name] { heard.push_back(name + " granted"); };
    c.timedOut = [this, name] { heard.push_back(name + " timed out"); };
    c.giveWay = [this, name](Type type, const std::string& r) {
      heard.push_back(name + " give way " + behavior::resourceTypeName(type) + " " + r);
    };
    c.resumed = [this, name] { heard.push_back(name + " resumed"); };
    return c;
  }
};

class Arbiter : public ::testing::Test {
protected:
  void settle() { clock.runUntil(clock.now()); }
  core::VirtualClock clock;
  ResourceArbiter arbiter{clock};
  Witness w;
};

TEST_F(Arbiter, FreeResourcesAreGrantedAtOnce) {
  auto a = arbiter.claim(w.claimant("a", {{"Head", Type::Lock}}));
  auto b = arbiter.claim(w.claimant("b", {{"Arms", Type::Lock}}));
  EXPECT_TRUE(a.granted);
  EXPECT_TRUE(b.granted);
  settle();
  EXPECT_THAT(w.heard, IsEmpty());  // granted at once: nobody is told later
  EXPECT_EQ(arbiter.holders(), (std::map<std::string, std::string>{{"Arms", "b"}, {"Head", "a"}}));
}

TEST_F(Arbiter, ALockIsKeptUntilItsHolderLetsGo) {
  auto a = arbiter.claim(w.claimant("a", {{"All motors", Type::Lock}}));
  auto b = arbiter.claim(w.claimant("b", {{"HeadYaw", Type::StopOnDemand}}));
  EXPECT_FALSE(b.granted);
  settle();
  EXPECT_THAT(w.heard, IsEmpty());
  EXPECT_EQ(arbiter.waiting(), 1u);
  arbiter.release(a.id);
  settle();
  EXPECT_THAT(w.heard, ElementsAre("b granted"));
  EXPECT_EQ(arbiter.holders().at("HeadYaw"), "b");
}

TEST_F(Arbiter, StopOnDemandTakesTheResourceAtOnceAndStopsTheHolder) {
  auto a = arbiter.claim(w.claimant("a", {{"Head", Type::StopOnDemand}}));
  auto b = arbiter.claim(w.claimant("b", {{"Head", Type::Lock}}));
  EXPECT_TRUE(b.granted);
  settle();
  EXPECT_THAT(w.heard, ElementsAre("a give way Stop on demand Head"));
  arbiter.release(a.id);  // the stopped box lets go too late: nothing changes
  EXPECT_EQ(arbiter.holders().at("Head"), "b");
}

TEST_F(Arbiter, PauseOnDemandLendsAndComesBackFirst) {
  auto a = arbiter.claim(w.claimant("a", {{"Head", Type::PauseOnDemand}}));
  auto b = arbiter.claim(w.claimant("b", {{"Head", Type::Lock}}));
  auto passive = w.claimant("c", {{"HeadPitch", Type::Lock}});  // after b, without demanding: waits behind a
  passive.demands = false;
  auto c = arbiter.claim(std::move(passive));
  EXPECT_TRUE(a.granted);
  EXPECT_TRUE(b.granted);
  EXPECT_FALSE(c.granted);
  arbiter.release(b.id);
  settle();
  EXPECT_THAT(w.heard, ElementsAre("a give way Pause on demand Head", "a resumed"));
  arbiter.release(a.id);
  settle();
  EXPECT_EQ(w.heard.back(), "c granted");
}

TEST_F(Arbiter, CallbackOnDemandIsAskedOnceAndKeepsItUntilReleased) {
  auto a = arbiter.claim(w.claimant("a", {{"Head", Type::CallbackOnDemand}}));
  auto b = arbiter.claim(w.claimant("b", {{"Head", Type::Lock}}));
  auto c = arbiter.claim(w.claimant("c", {{"Head", Type::Lock}}));
  EXPECT_FALSE(b.granted);
  EXPECT_FALSE(c.granted);
  settle();
  EXPECT_THAT(w.heard, ElementsAre("a give way Callback on demand Head"));
  arbiter.release(a.id);
  settle();
  EXPECT_THAT(w.heard, ElementsAre("a give way Callback on demand Head", "b granted"));  // first come
}

TEST_F(Arbiter, ALockAmongTheHoldersSparesTheOthersUntilItGoes) {
  auto lock = arbiter.claim(w.claimant("lock", {{"Head", Type::Lock}}));
  arbiter.claim(w.claimant("stoppable", {{"Arms", Type::StopOnDemand}}));
  auto both = arbiter.claim(w.claimant("both", {{"All motors", Type::Lock}}));
  EXPECT_FALSE(both.granted);
  settle();
  EXPECT_THAT(w.heard, IsEmpty());  // no use stopping anyone while the lock stays
  arbiter.release(lock.id);
  settle();
  EXPECT_THAT(w.heard, ElementsAre("stoppable give way Stop on demand Arms", "both granted"));
}

TEST_F(Arbiter, AWaitGivesUpAfterItsTimeout) {
  arbiter.claim(w.claimant("a", {{"Head", Type::Lock}}));
  auto patient = w.claimant("b", {{"Head", Type::Lock}});
  patient.timeout = core::fromSeconds(2);
  EXPECT_FALSE(arbiter.claim(std::move(patient)).granted);
  clock.runUntil(core::fromSeconds(1.999));
  EXPECT_THAT(w.heard, IsEmpty());
  clock.runUntil(core::fromSeconds(2));
  EXPECT_THAT(w.heard, ElementsAre("b timed out"));
  EXPECT_EQ(arbiter.waiting(), 0u);
}

TEST_F(Arbiter, APassiveClaimWaitsWithoutDisturbingAnyone) {
  auto a = arbiter.claim(w.claimant("a", {{"Head", Type::StopOnDemand}}));
  auto passive = w.claimant("timeline", {{"HeadYaw", Type::PauseOnDemand}});
  passive.demands = false;
  EXPECT_FALSE(arbiter.claim(std::move(passive)).granted);
  settle();
  EXPECT_THAT(w.heard, IsEmpty());
  arbiter.release(a.id);
  settle();
  EXPECT_THAT(w.heard, ElementsAre("timeline granted"));
}

// ---- in behaviors ---------------------------------------------------------------------

std::string resource(const std::string& name, const std::string& type, double timeout = 0) {
  return "<Resource name=\"" + name + "\" type=\"" + type + "\" timeout=\"" + std::to_string(timeout) + "\" />\n";
}

std::vector<std::string> said(const Played& p) {
  std::vector<std::string> out;
  for (const auto& c : p.having("method"))
    if (c["method"] == "say") out.push_back(c["args"][0].get<std::string>() + "@" + c["t"].dump());
  return out;
}

std::vector<std::string> boxLogs(const Played& p) {
  std::vector<std::string> out;
  for (const auto& l : p.having("log")) out.push_back(l["box"].get<std::string>() + ": " + l["message"].get<std::string>());
  return out;
}

// Box 1 holds the head and sleeps; box 2, started at the same time, needs it.
std::string twoBoxes(const std::string& holder, const std::string& holderResource, const std::string& taker,
                     const std::string& takerResource) {
  return behaviorXar(pythonBox("Holder", 1, holder, holderResource) + pythonBox("Taker", 2, taker, takerResource) +
                     link(1, 2, 0, 2) + link(2, 2, 0, 2) + link(0, 4, 2, 4));
}

const std::string kTakerSays =
    "    def onInput_onStart(self):\n"
    "        ALProxy(\"ALTextToSpeech\").say(\"taker\")\n"
    "        self.onStopped()\n";

TEST(BoxResources, AStopOnDemandHolderIsStoppedForTheBoxThatNeedsIt) {
  const std::string holder =
      "    def onInput_onStart(self):\n"
      "        import time\n"
      "        time.sleep(10)\n"
      "        ALProxy(\"ALTextToSpeech\").say(\"holder done\")\n"
      "    def onInput_onStop(self):\n"
      "        ALProxy(\"ALTextToSpeech\").say(\"holder stopped\")\n";
  auto p = play(twoBoxes(holder, resource("Head", "Stop on demand"), kTakerSays, resource("Head", "Lock")));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(said(p), ElementsAre("taker@0.0", "holder stopped@0.0"));
  EXPECT_THAT(boxLogs(p), Contains("Holder: stopped: another box needs 'Head'"));
}

TEST(BoxResources, ALockedResourceMakesTheOtherBoxWaitUntilOnStopped) {
  const std::string holder =
      "    def onInput_onStart(self):\n"
      "        import time\n"
      "        time.sleep(2)\n"
      "        self.onStopped()\n";
  auto p = play(twoBoxes(holder, resource("All motors", "Lock"), kTakerSays, resource("HeadYaw", "Lock")));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(said(p), ElementsAre("taker@2.0"));
  EXPECT_THAT(boxLogs(p), Contains("Taker: waits for 'HeadYaw'"));
}

// ALResourceManager: "all child objects will automatically take the
// resource to parent". The stock Stand Up box holds All motors and its
// inner Goto Posture asks for them too: it gets them from its parent.
TEST(BoxResources, ABoxInsideAnotherUsesWhatItsParentHolds) {
  const std::string motors = resource("All motors", "Lock");
  const std::string inner = pythonBox("Goto Posture", 1, kTakerSays, motors) + link(1, 2, 0, 2) + link(0, 4, 1, 4);
  const std::string standUp = "<Box name=\"Stand Up\" id=\"1\">\n" + standardPorts() + motors +
                              "<Timeline enable=\"0\"><BehaviorLayer name=\"l\"><BehaviorKeyframe name=\"k\" "
                              "index=\"1\"><Diagram>\n" + inner + "</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline>\n</Box>\n";
  auto p = play(behaviorXar(standUp + chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.idle;
  EXPECT_THAT(said(p), ElementsAre("taker@0.0"));
}

TEST(BoxResources, AWaitLongerThanTheTimeoutDropsTheStart) {
  const std::string holder =
      "    def onInput_onStart(self):\n"
      "        import time\n"
      "        time.sleep(3)\n"
      "        self.onStopped()\n";
  // The holder ends the behavior this time; the taker gave up at 1 s.
  auto xar = behaviorXar(pythonBox("Holder", 1, holder, resource("Head", "Lock")) +
                         pythonBox("Taker", 2, kTakerSays, resource("Head", "Lock", 1)) + link(1, 2, 0, 2) +
                         link(2, 2, 0, 2) + link(0, 4, 1, 4));
  auto p = play(xar);
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(said(p), IsEmpty());
  EXPECT_THAT(boxLogs(p), Contains("Taker: not started: 'Head' still busy after its timeout"));
}

TEST(BoxResources, ACallbackOnDemandHolderIsAskedAndReleasesIt) {
  const std::string holder =
      "    def onInput_onStart(self):\n"
      "        import time\n"
      "        time.sleep(10)\n"
      "    def onResource(self, name):\n"
      "        self.logger.info(\"asked for \" + name)\n"
      "        self.releaseResource()\n";
  auto p = play(twoBoxes(holder, resource("Head", "Callback on demand"), kTakerSays, resource("Head", "Lock")));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(said(p), ElementsAre("taker@0.0"));
  EXPECT_THAT(boxLogs(p), Contains("Holder: asked for Head"));
}

// A box whose timeline turns the head for 2 s (frames 0 to 20 at 10 fps).
std::string headTurn(int id, int acquisition, const std::string& resources = "") {
  return "<Box name=\"Turn" + std::to_string(id) + "\" id=\"" + std::to_string(id) + "\">\n" + standardPorts() +
         resources + "<Timeline fps=\"10\" resources_acquisition=\"" + std::to_string(acquisition) +
         "\" enable=\"1\" start_frame=\"0\" end_frame=\"-1\">\n<ActuatorList>\n"
         "<ActuatorCurve name=\"value\" actuator=\"HeadYaw\" mute=\"0\" unit=\"0\">\n"
         "<Key frame=\"10\" value=\"30\" />\n<Key frame=\"20\" value=\"0\" />\n"
         "</ActuatorCurve>\n</ActuatorList>\n</Timeline>\n</Box>\n";
}

std::vector<double> motionTimes(const Played& p) {
  std::vector<double> out;
  for (const auto& c : p.having("method"))
    if (c["method"] == "angleInterpolationBezier") out.push_back(c["t"].get<double>());
  return out;
}

TEST(TimelineResources, AWaitingTimelinePlaysWhenTheJointsAreFree) {
  // Two head turns started together; the second ends the behavior.
  auto p = play(behaviorXar(headTurn(1, 1) + headTurn(2, 1) + link(1, 2, 0, 2) + link(2, 2, 0, 2) +
                            link(0, 4, 2, 4)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(motionTimes(p), ElementsAre(0.0, 2.0));
  EXPECT_DOUBLE_EQ(p.endTime(), 4.0);
}

TEST(TimelineResources, PassiveTimelinesPlayTogether) {
  auto p = play(behaviorXar(headTurn(1, 0) + headTurn(2, 0) + link(1, 2, 0, 2) + link(2, 2, 0, 2) +
                            link(0, 4, 2, 4)));
  EXPECT_THAT(motionTimes(p), ElementsAre(0.0, 0.0));
  EXPECT_DOUBLE_EQ(p.endTime(), 2.0);
}

TEST(TimelineResources, AnAggressiveTimelinePausesAPauseOnDemandHolderWhichThenPlaysOn) {
  // Box 1's timeline holds the head (Pause on demand) from 0 s; box 3 waits
  // 0.55 s, then box 2's aggressive timeline takes the head for 2 s; box 1
  // resumes at 2.55 s where it paused (frame 5) and ends 1.5 s later.
  const std::string delay =
      "    def onInput_onStart(self):\n"
      "        import time\n"
      "        time.sleep(0.55)\n"
      "        self.onStopped()\n";
  auto p = play(behaviorXar(headTurn(1, 1, resource("Head", "Pause on demand")) + headTurn(2, 2) +
                            pythonBox("Delay", 3, delay) + link(1, 2, 0, 2) + link(3, 2, 0, 2) + link(2, 2, 3, 4) +
                            link(0, 4, 1, 4)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_THAT(motionTimes(p), ElementsAre(0.0, DoubleNear(0.55, 1e-9), DoubleNear(2.55, 1e-9)));
  EXPECT_NEAR(p.endTime(), 4.05, 1e-9);
  // The rest of box 1's curve goes again from frame 5: its keys at 0.5 s and 1.5 s from there.
  auto resumed = p.having("method").back();
  EXPECT_EQ(resumed["args"][1][0], nlohmann::json::array({0.5, 1.5}));
}

// Two behaviors in one engine (an activity and another one it interrupts):
// the arbiter is the engine's, shared by every run.
TEST(BehaviorResources, BehaviorsInOneEngineCompeteForTheSameParts) {
  core::VirtualClock clock;
  engine::Engine engine(clock, {});
  simtest::TempDir dir;
  auto load = [&](const std::string& name, const std::string& xar) {
    auto result = behavior::parseXarFile(dir.write(name + ".xar", xar));
    EXPECT_TRUE(result.ok()) << result.report();
    return std::make_shared<const behavior::Behavior>(std::move(*result.behavior));
  };
  const auto first = load("first", behaviorXar(pythonBox("Wave", 1,
                                                         "    def onInput_onStart(self):\n"
                                                         "        import time\n"
                                                         "        time.sleep(10)\n"
                                                         "    def onInput_onStop(self):\n"
                                                         "        ALProxy(\"ALTextToSpeech\").say(\"wave stopped\")\n",
                                                         resource("Arms", "Stop on demand")) +
                                               chain(1, 1)));
  const auto second = load("second", behaviorXar(pythonBox("Point", 1, kTakerSays, resource("Left arm", "Lock")) +
                                                 chain(1, 1)));
  std::vector<std::string> heard;
  auto calls = engine.services.called.connect([&](const service::CallRecord& c) {
    if (c.method == "say") heard.push_back(c.caller + " says " + test::jsonOf(c.arguments.at(0)).get<std::string>());
  });
  runtime::RuntimeContext context{engine.services, engine.workers, &engine.memory, &engine.resources, {}, {}};
  std::vector<std::string> ended;
  auto a = runtime::BehaviorRun::create(first, "first", context, [&](const std::string& e) { ended.push_back("first" + e); });
  auto b = runtime::BehaviorRun::create(second, "second", context, [&](const std::string& e) { ended.push_back("second" + e); });
  clock.post([&] { a->start(); });
  clock.runUntil(core::fromSeconds(1));
  EXPECT_EQ(engine.resources.holders().at("Arms"), "first: Wave");
  clock.post([&] { b->start(); });
  clock.runUntil(core::fromSeconds(5));
  EXPECT_THAT(heard, ElementsAre("second says taker", "first says wave stopped"));
  EXPECT_THAT(ended, ElementsAre("second"));  // the first behavior's box stopped; the behavior itself goes on
  EXPECT_TRUE(a->running());
  EXPECT_THAT(engine.resources.holders(), IsEmpty());
  a->stop();
  engine.services.called.disconnect(calls);
  engine.workers.settle();
}

}  // namespace
}  // namespace autolife::runtimetest
