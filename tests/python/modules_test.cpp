// NAOqi's Python modules in box scripts (naoqi, qi and its submodules,
// almath, motion, vision_definitions), with the names real scripts use; qi's
// futures, async calls, periodic tasks and signals on the engine clock.
#include "python_box_fixture.hpp"

namespace {

using namespace python_test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(Modules, NaoqiGivesProxiesModulesAndBrokers) {
  Fixture f;
  f.load(R"PY(from naoqi import ALProxy, ALModule, ALBroker
import naoqi
class MyClass(GeneratedClass):
    def onLoad(self):
        broker = ALBroker("myBroker", "0.0.0.0", 0, "127.0.0.1", 9559)
        tts = ALProxy("ALTextToSpeech", "127.0.0.1", 9559)
        self.answer([tts.getLanguage(), naoqi.motion.FRAME_ROBOT, ALModule("m").getName()])
        broker.shutdown()
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer [\"English\",2,\"m\"]"));
}

TEST(Modules, MotionAndVisionConstantsHaveTheSdksValues) {
  Fixture f;
  f.load(R"PY(import motion, vision_definitions as vd
class MyClass(GeneratedClass):
    def onLoad(self):
        self.answer([motion.FRAME_TORSO, motion.FRAME_WORLD, motion.AXIS_MASK_VEL, motion.AXIS_MASK_ALL,
                     vd.kVGA, vd.kQVGA, vd.kRGBColorSpace, vd.kTopCamera, vd.kCameraSelectID])
)PY");
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer [0,1,7,63,2,1,11,0,18]"));
}

TEST(Modules, AlmathPosesComposeAndAnglesWrap) {
  Fixture f;
  f.load(R"PY(import almath, math
class MyClass(GeneratedClass):
    def onLoad(self):
        p = almath.Pose2D(1.0, 0.0, almath.PI_2) * almath.Pose2D(1.0, 0.0, 0.0)
        t = almath.transformFromPose2D(almath.Pose2D(0.5, 0.2, 0.3))
        back = almath.pose2DFromTransform(t)
        inv = t * t.inverse()
        self.answer([round(p.x, 6), round(p.y, 6), round(almath.modulo2PI(3 * almath.PI), 6),
                     back.isNear(almath.Pose2D(0.5, 0.2, 0.3)), inv.isNear(almath.Transform()),
                     round(almath.Position3D(3, 4, 0).norm(), 6), almath.Pose2D(1, 2, 3).toVector()])
)PY");
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer [1.0,1.0,3.141593,true,true,5.0,[1.0,2.0,3.0]]"));
}

TEST(Modules, QiAsyncRunsLaterInEngineTimeAndCanBeCancelled) {
  Fixture f;
  f.load(R"PY(import qi
class MyClass(GeneratedClass):
    def onInput_onStart(self):
        self.f = qi.runAsync(self.answer, "late", delay=1500000)
        self.g = qi.async_(self.answer, "cancelled", delay=2000000)
        self.g.cancel()
        self.h = qi.async_(lambda: 6 * 7)
        self.answer([self.h.value(), self.g.isCanceled()])
)PY");
  EXPECT_FALSE(run(f, "onInput_onStart", nullptr, core::Time(5s)));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer [42,true]", "1500ms fire answer \"late\""));
}

TEST(Modules, AFutureIsWaitedForInEngineTimeExactly) {
  Fixture f;
  f.load(R"PY(import qi, time
class MyClass(GeneratedClass):
    def onInput_onStart(self):
        p = qi.Promise()
        def later():
            time.sleep(0.7)
            p.setValue("done")
        qi.async_(later)
        self.answer([p.future().value(), round(time.time() - self.t0, 6)])
        self.answer(p.future().hasValue(0))
        q = qi.Promise()
        self.answer(q.future().wait(250) == qi.FutureState.Running)
    def onLoad(self):
        self.t0 = time.time()
)PY");
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_FALSE(run(f, "onInput_onStart", nullptr, core::Time(5s)));
  EXPECT_THAT(f.host.events,
              ElementsAre("700ms fire answer [\"done\",0.7]", "700ms fire answer true", "950ms fire answer true"));
}

TEST(Modules, APeriodicTaskTicksUntilStopped) {
  Fixture f;
  f.load(R"PY(import qi
class MyClass(GeneratedClass):
    def onInput_onStart(self):
        self.n = 0
        self.timer = qi.PeriodicTask()
        self.timer.setCallback(self.tick)
        self.timer.setUsPeriod(int(0.5 * 1000 * 1000))
        self.timer.start(True)
    def tick(self):
        self.n += 1
        self.answer(self.n)
        if self.n == 3:
            self.timer.stop()
)PY");
  EXPECT_FALSE(run(f, "onInput_onStart", nullptr, core::Time(5s)));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer 1", "500ms fire answer 2", "1000ms fire answer 3"));
  EXPECT_EQ(f.bridge.census().boxThreads, 0u);
}

TEST(Modules, CallsStartedWithAsyncAreFutures) {
  Fixture f;
  f.load(R"PY(class MyClass(GeneratedClass):
    def onInput_onStart(self):
        tts = self.session().service("ALTextToSpeech")
        op = tts.say("one", _async=True)
        op.wait()
        f2 = ALProxy("ALTextToSpeech").say.async_("two")
        self.answer([op.isFinished(), f2.isRunning()])
        f2.value()
        self.answer(tts.getLanguage(_async=True).value())
)PY");
  EXPECT_FALSE(run(f, "onInput_onStart", nullptr, core::Time(10s)));
  EXPECT_THAT(f.host.events, ElementsAre("0ms say one", "1500ms fire answer [true,true]", "1500ms say two",
                                         "3000ms fire answer \"English\""));
}

// Issue 32, item 4: `_async=True` (Python 2's `async=True`, rewritten
// `async_=True`) gives a future on every kind of proxy, a service of a
// qi.Session() the box made itself included (it was passed on to the
// service as an argument).
TEST(Modules, AsyncGivesAFutureOnEveryKindOfProxy) {
  Fixture f;
  f.load(R"PY(import qi
class MyClass(GeneratedClass):
    def onInput_onStart(self):
        session = qi.Session()
        session.connect("tcp://127.0.0.1:9559")
        tts = session.service("ALTextToSpeech")
        said = tts.say("one", async=True)
        print "started"
        language = session.service("ALTextToSpeech", async=True).value().getLanguage(_async=True)
        generic = ALProxy("ALTextToSpeech").call("getLanguage", _async=True)
        services = session.services(_async=True)
        self.answer([said.isRunning(), language.value(), generic.value(), len(services.value()) > 0])
        said.wait()
        self.answer(said.isFinished())
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  EXPECT_FALSE(run(f, "onInput_onStart", nullptr, core::Time(5s)));
  EXPECT_THAT(f.host.events, ElementsAre("0ms say one", "0ms fire answer [true,\"English\",\"English\",true]",
                                         "1500ms fire answer true"));
}

TEST(Modules, QiSignalsAndPropertiesCallBackInBoxThreads) {
  Fixture f;
  f.load(R"PY(import qi
class MyClass(GeneratedClass):
    def onLoad(self):
        self.s = qi.Signal("(s)")
        self.link = self.s.connect(lambda v: self.answer("signal " + v))
        self.p = qi.Property()
        self.p.connect(lambda v: self.answer(v))
        self.s("a")
        self.p.setValue(5)
        self.s.disconnect(self.link)
        self.s("b")
        self.answer(self.p.value())
)PY");
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer 5", "0ms fire answer \"signal a\"", "0ms fire answer 5"));
}

TEST(Modules, AServicesSignalReachesTheBoxUntilItUnloads) {
  Fixture f;
  auto tablet = std::make_shared<service::Service>("ALTabletService");
  tablet->signal("onTouchDown", {{"x", service::Type::Float}, {"y", service::Type::Float}}, "a touch");
  f.registry.add(tablet);
  f.load(R"PY(class MyClass(GeneratedClass):
    def onLoad(self):
        self.tablet = self.session().service("ALTabletService")
        self.link = self.tablet.onTouchDown.connect(self.touched)
    def touched(self, x, y):
        self.answer([x, y])
)PY");
  EXPECT_FALSE(run(f, "onLoad"));
  f.clock.schedule(core::fromSeconds(1), [&] { tablet->emit("onTouchDown", test::anyOf(nlohmann::json::array({10.0, 20.0}))); });
  f.clock.runUntil(core::fromSeconds(2));
  f.host.unload();
  f.clock.schedule(core::fromSeconds(3), [&] { tablet->emit("onTouchDown", test::anyOf(nlohmann::json::array({1.0, 2.0}))); });
  f.clock.runUntil(core::fromSeconds(4));
  EXPECT_THAT(f.host.events, ElementsAre("1000ms fire answer [10.0,20.0]"));
}

TEST(Modules, QiApplicationLoggingPathsAndDecorators) {
  Fixture f;
  f.load(R"PY(import qi, qi.path, qi.logging, os
class MyClass(GeneratedClass):
    @qi.nobind
    def helper(self):
        return 1
    @qi.bind(qi.String, (qi.Int32, qi.List(qi.String)))
    def bound(self, a, b):
        return b
    def onLoad(self):
        app = qi.Application(["box"])
        app.start()
        lang = app.session.service("ALTextToSpeech").getLanguage()
        qi.Logger("my.app").info("hello", 2)
        qi.logging.warning("cat", "careful")
        path = qi.path.userWritableDataPath("myapp", "notes.txt")
        open(path, "w").write("x")
        self.answer([lang, os.path.basename(path), os.path.exists(path), self.bound.__qi_signature__,
                     str(qi.Int32), qi.FutureTimeout.Infinite, getattr(qi.FutureState, "None")])
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_THAT(f.host.logs, ElementsAre("info: [my.app] hello 2", "warning: [cat] careful"));
  EXPECT_THAT(f.host.events,
              ElementsAre("0ms fire answer [\"English\",\"notes.txt\",true,\"(i[s])\",\"i\",2147483647,0]"));
}

TEST(Modules, ThreadsAndEventsOfBoxCodeRunInItsThreadsOnTheEngineClock) {
  Fixture f;
  f.load(R"PY(import threading, time
class MyClass(GeneratedClass):
    def onInput_onStart(self):
        ready = threading.Event()
        def worker():
            time.sleep(2)
            self.answer("worker")
            ready.set()
        t = threading.Thread(target=worker)
        t.start()
        self.answer(ready.wait(0.5))
        self.answer(ready.wait())
        t.join()
        self.answer(t.is_alive())
)PY");
  EXPECT_FALSE(run(f, "onInput_onStart", nullptr, core::Time(5s)));
  EXPECT_THAT(f.host.events, ElementsAre("500ms fire answer false", "2000ms fire answer \"worker\"",
                                         "2000ms fire answer true", "2000ms fire answer false"));
  EXPECT_EQ(f.bridge.census().boxThreads, 0u);
}

}  // namespace
