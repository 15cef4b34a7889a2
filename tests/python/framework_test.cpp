// GeneratedClass: what Choregraphe 2.1-2.8 boxes find on `self` (names,
// paths, the package uid, stimulateIO, the logger, timelines, ALFrameManager,
// the onError output, NAOqi 1's methods), each as a real box script uses it.
#include "python_box_fixture.hpp"

namespace {

using namespace python_test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(Framework, NamesPathsAndThePackageUid) {
  Fixture f;
  f.load(R"PY(import os
class MyClass(GeneratedClass):
    def __init__(self):
        GeneratedClass.__init__(self, False)
    def onLoad(self):
        self.BIND_PYTHON(self.getName(), "onWordRecognized")
        path = os.path.join(self.behaviorAbsolutePath(), "hello.wav")
        self.answer([self.getName(), self.boxName, self.behaviorId, path, self.packageUid(),
                     self.behaviorRelativePath(), self.getBehaviorPath(self.behaviorId),
                     ALFrameManager.getBehaviorPath(self.behaviorId),
                     ALProxy("ALFrameManager").getBehaviorPath(self.behaviorId),
                     sorted(self.getParametersList())])
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_THAT(f.host.events,
              ElementsAre("0ms fire answer [\"Say\",\"Say\",\"demo/.\",\"/pkg/demo/hello.wav\",\"demo\",\".\","
                          "\"/pkg/demo\",\"/pkg/demo\",\"/pkg/demo\",[\"Speed (%)\"]]"));
}

TEST(Framework, StimulateIOReachesTheBoxsInputsAndOutputs) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n"
         "        self.stimulateIO('onStopped', 3)\n        self.stimulateIO('onStart')\n"
         "        self.stimulateIO('nothing')\n");
  std::optional<python::BoxError> e = run(f, "onLoad");
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("box 'Say' has no input or output named 'nothing'"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms stimulate onStopped 3", "0ms stimulate onStart bang",
                                         "0ms stimulate nothing bang"));
}

TEST(Framework, TheLoggerFormatsAsPythonsAndTakesPrintStyleArguments) {
  Fixture f;
  f.load(R"PY(class MyClass(GeneratedClass):
    def onLoad(self):
        self.logger.info("loaded %s at %d%%", self.getName(), 100)
        self.logger.warning("value:", 3)
        self.logger.fatal("down")
        self.logger.verbose("details")
        self.log("old style")
        try:
            {}["missing"]
        except KeyError:
            self.logger.exception("caught")
)PY");
  EXPECT_FALSE(run(f, "onLoad"));
  ASSERT_EQ(f.host.logs.size(), 6u);
  EXPECT_EQ(f.host.logs[0], "info: loaded Say at 100%");
  EXPECT_EQ(f.host.logs[1], "warning: value: 3");
  EXPECT_EQ(f.host.logs[2], "fatal: down");
  EXPECT_EQ(f.host.logs[3], "debug: details");
  EXPECT_EQ(f.host.logs[4], "info: old style");
  EXPECT_THAT(f.host.logs[5], HasSubstr("error: caught\nTraceback"));
  EXPECT_THAT(f.host.logs[5], HasSubstr("KeyError: 'missing'"));
}

TEST(Framework, AnAnimationBoxScalesItsOwnTimelinesFps) {
  Fixture f;
  f.host.ownTimeline = true;
  f.host.parameters["FPS (%)"] = 200;
  f.load(R"PY(class MyClass(GeneratedClass):
    def __init__(self):
        GeneratedClass.__init__(self, False)
        self.oldfps = self.getTimeline().getFPS()
    def onInput_onStart(self):
        newfps = (self.oldfps * self.getParameter("FPS (%)")) / 100
        self.getTimeline().setFPS(newfps)
        self.answer([self.hasTimeline(), self.getTimeline().getFPS(), self.getTimeline().getSize()])
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  EXPECT_FALSE(run(f, "onInput_onStart"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms timeline own set_fps 50", "0ms fire answer [true,50,120]"));
}

TEST(Framework, ABoxWithoutATimelineHasNoneAndAParentTimelineToDrive) {
  Fixture f;
  f.load(R"PY(class MyClass(GeneratedClass):
    def onInput_onStart(self, frame):
        self.answer([self.hasTimeline(), self.getTimeline() is None, self.hasParentTimeline()])
        t = self.getParentTimeline()
        t.goTo(frame)
        t.pause()
        t.play()
        t.gotoAndStop("label")
        t.gotoAndPlay(12)
        t.stop()
        self.gotoAndStopParent(3)
        self.gotoAndPlayParent("end")
        self.answer(t.goTo("nowhere"))
)PY");
  const Any frame = 42;
  EXPECT_FALSE(run(f, "onInput_onStart", &frame));
  EXPECT_THAT(f.host.events,
              ElementsAre("0ms fire answer [false,true,true]", "0ms timeline parent goto 42", "0ms timeline parent pause",
                          "0ms timeline parent play", "0ms timeline parent goto_and_stop label",
                          "0ms timeline parent goto_and_play 12", "0ms timeline parent stop",
                          "0ms timeline parent goto_and_stop 3", "0ms timeline parent goto_and_play end",
                          "0ms timeline parent goto nowhere", "0ms fire answer false"));
}

TEST(Framework, ALFrameManagerActsOnTheNearestTimelineAndEndsTheBehavior) {
  Fixture f;
  f.load(R"PY(class MyClass(GeneratedClass):
    def onLoad(self):
        fm = ALProxy("ALFrameManager")
        fps = fm.getTimelineFps(self.behaviorId)
        fm.setTimelineFps(self.behaviorId, fps * 2)
        ALFrameManager.gotoAndStop(self.behaviorId, "start")
        self.answer(ALFrameManager.getTimelineFps(self.behaviorId))
        self.session().service("ALFrameManager").exitBehavior(self.behaviorId)
)PY");
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms timeline nearest set_fps 50", "0ms timeline nearest goto_and_stop start",
                                         "0ms fire answer 50", "0ms exitBehavior"));
}

TEST(Framework, AnUncaughtExceptionGoesToTheOnErrorOutputAndTheBoxGoesOn) {
  Fixture f;
  f.host.outputs = {"onStopped", "onError"};
  f.load("class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n        raise RuntimeError('no network')\n");
  EXPECT_FALSE(run(f, "onInput_onStart"));  // not the box's error: its onError output's
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire onError \"Say:no network\""));
  ASSERT_EQ(f.host.logs.size(), 1u);
  EXPECT_EQ(f.host.logs[0],
            "warning: /pkg/demo/behavior.xar:12:9: box 'Say': RuntimeError: no network (sent to its onError output)");
}

TEST(Framework, AScriptsMethodWinsOverTheOutputOfTheSameName) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def answer(self, v=None):\n        self.onStopped('mine')\n"
         "    def onInput_onStart(self):\n        self.answer(1)\n");
  EXPECT_FALSE(run(f, "onInput_onStart"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire onStopped \"mine\""));
}

TEST(Framework, ParametersAreSetAndListed) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n        self.setParameter('Speed (%)', 50)\n"
         "        self.answer(self.getParameter('Speed (%)'))\n");
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer 50"));
}

TEST(Framework, ConnectInputFeedsAnInputFromAMemoryKey) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n        self.connectInput('onStart', 'Go', True)\n");
  EXPECT_FALSE(run(f, "onLoad"));
  f.clock.schedule(core::fromSeconds(1), [&] { f.memory.insertData("Go", 7); });
  f.clock.runUntil(core::fromSeconds(2));
  EXPECT_THAT(f.host.events, ElementsAre("1000ms stimulate onStart 7"));
}

}  // namespace
