// Python boxes (issue 4, item 4): GeneratedClass, outputs, parameters,
// logger, ALProxy and session().service() reaching the registry, robot
// actions and sleeps taking engine time, timers, errors naming the box and
// the line, Python 2 syntax reported as such, a stop unwinding a sleeper,
// ALMemory's subscriber(key).signal and subscribeToEvent calling box code
// back in box threads.
#include <atomic>
#include <thread>

#include "python_box_fixture.hpp"

namespace {

using namespace python_test;
using ::testing::HasSubstr;

const char* kSayBox = R"PY(class MyClass(GeneratedClass):
    def __init__(self):
        try: # disable autoBind
          GeneratedClass.__init__(self, False)
        except TypeError:
          GeneratedClass.__init__( self )
        self.tts = ALProxy('ALTextToSpeech')

    def onLoad(self):
        self.logger.info("loaded %s", self.boxName)

    def onInput_onStart(self, p):
        self.tts.say(str(p) + " at " + str(self.getParameter("Speed (%)")))
        self.onStopped()
        self.answer(self.session().service("ALTextToSpeech").getLanguage())
)PY";

TEST(PythonBox, RunsABoxReachingServicesAndOutputsInEngineTime) {
  Fixture f;
  f.load(kSayBox);
  ASSERT_FALSE(f.error) << f.error->format();
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callLifecycle("onLoad"); });
  EXPECT_FALSE(e);
  EXPECT_EQ(f.host.logs, std::vector<std::string>{"info: loaded Say"});
  Any hello = "Hello";
  f.inTask([&] { e = f.box->callInput("onStart", &hello); }, core::Time(5s));
  EXPECT_FALSE(e) << e->format();
  // say takes 1.5 s of robot time: the box goes on only then.
  EXPECT_EQ(f.host.events, (std::vector<std::string>{"0ms say Hello at 100", "1500ms fire onStopped null",
                                                  "1500ms fire answer \"English\""}));
}

TEST(PythonBox, AnInputWithoutParameterIsCalledWithoutOne) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n        self.onStopped(42)\n");
  ASSERT_FALSE(f.error);
  f.inTask([&] { f.box->callInput("onStart", nullptr); });
  EXPECT_EQ(f.host.events, std::vector<std::string>{"0ms fire onStopped 42"});
}

TEST(PythonBox, AnyMethodIsCalledWithItsValueAndReleaseResourceReachesTheRuntime) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n"
         "    def onResource(self, name):\n"
         "        self.logger.info('asked for ' + name)\n"
         "        self.releaseResource()\n");
  ASSERT_FALSE(f.error);
  const Any head = "Head";
  f.inTask([&] { f.box->callMethod("onResource", &head); });
  EXPECT_EQ(f.host.logs, std::vector<std::string>{"info: asked for Head"});
  EXPECT_EQ(f.host.events, std::vector<std::string>{"0ms releaseResource"});
}

TEST(PythonBox, ARaisingBoxGivesAnErrorNamingTheBoxAndTheLineInTheFile) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n        x = 1\n        raise ValueError('no luck')\n",
         20);
  ASSERT_FALSE(f.error);
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callInput("onStart", nullptr); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->line, 23);  // the script starts on line 20 of the .xar
  EXPECT_EQ(e->column, 9);  // `raise`, after 8 spaces
  EXPECT_EQ(e->format(), "/pkg/demo/behavior.xar:23:9: box 'Say': ValueError: no luck");
}

TEST(PythonBox, Python2SyntaxRunsRewrittenBy2to3WithAWarning) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n        print \"hello\"\n", 5);
  ASSERT_FALSE(f.error) << f.error->format();
  ASSERT_EQ(f.host.logs.size(), 1u);
  EXPECT_EQ(f.host.logs[0],
            "warning: /pkg/demo/behavior.xar:7:9: box 'Say': Python 2's print statement, rewritten for Python 3 "
            "(2to3): print \"hello\"");
  auto checked = python::checkScript({"Old", "try:\n    pass\nexcept Exception, e:\n    pass\n", "x.xar", 1});
  ASSERT_TRUE(checked);
  EXPECT_TRUE(checked->python2);
  EXPECT_TRUE(checked->runs);
  EXPECT_EQ(checked->line, 3);
  EXPECT_FALSE(python::checkScript({"New", "import time\ntime.sleep(0)\n", "x.xar", 1}));
}

TEST(PythonBox, Python2SyntaxThat2to3CannotReadIsReportedAsSuch) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n        print \"hello\"\n       x = 1\n", 5);
  ASSERT_TRUE(f.error);
  EXPECT_TRUE(f.error->python2);
  EXPECT_EQ(f.error->line, 7);
  EXPECT_THAT(f.error->message, HasSubstr("Python 2 syntax"));
  auto checked = python::checkScript({"Old", "print 'a'\n  x = 1\n", "x.xar", 1});
  ASSERT_TRUE(checked);
  EXPECT_FALSE(checked->runs);
}

TEST(PythonBox, MissingClassAndUnknownParameterAreErrors) {
  Fixture f;
  f.load("x = 1\n");
  ASSERT_TRUE(f.error);
  EXPECT_THAT(f.error->message, HasSubstr("no class MyClass"));
  Fixture g;
  g.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n        self.getParameter('nope')\n");
  std::optional<python::BoxError> e;
  g.inTask([&] { e = g.box->callLifecycle("onLoad"); });
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("KeyError"));
}

TEST(PythonBox, TimeSleepAndTimersFollowTheEngineClock) {
  Fixture f;
  f.load(R"PY(import time, threading
class MyClass(GeneratedClass):
    def onInput_onStart(self):
        start = time.time()
        time.sleep(2.5)
        self.answer(round(time.time() - start, 3))
        self.t = threading.Timer(1.0, lambda: self.onStopped("timer"))
        self.t.start()
        self.never = threading.Timer(5.0, lambda: self.onStopped("cancelled"))
        self.never.start()
        self.never.cancel()
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  f.inTask([&] { f.box->callInput("onStart", nullptr); }, core::Time(10s));
  EXPECT_EQ(f.host.events, (std::vector<std::string>{"2500ms fire answer 2.5", "3500ms fire onStopped \"timer\""}));
}

TEST(PythonBox, AMissingServiceIsARecordedNoOp) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n        self.r = ALProxy('ALWalkOnWater').walk(1)\n"
         "        self.answer(self.r)\n");
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callLifecycle("onLoad"); });
  EXPECT_FALSE(e);
  EXPECT_EQ(f.host.events, (std::vector<std::string>{"0ms missing ALWalkOnWater.walk", "0ms fire answer null"}));
}

TEST(PythonBox, AStopUnwindsASleepingBoxWithoutAnError) {
  Fixture f;
  f.load("import time\nclass MyClass(GeneratedClass):\n    def onInput_onStart(self):\n        try:\n"
         "            time.sleep(3600)\n        except Exception:\n            self.answer('swallowed')\n"
         "        self.answer('went on')\n");
  std::optional<python::BoxError> e = python::BoxError{};
  f.inTask([&] { e = f.box->callInput("onStart", nullptr); });
  f.workers.cancel(1);
  f.workers.settle();
  EXPECT_FALSE(e);
  EXPECT_TRUE(f.host.events.empty()) << f.host.events[0];  // neither swallowed nor went on
}

TEST(PythonBox, ABoxWaitingOnASlowServiceIsNotTakenForALoop) {
  // A robot's `say` over qi can hold a box thread for seconds of wall time;
  // the watchdog sees the turn held too long, but the box is not in Python.
  Fixture f;
  std::atomic<int> watchdogVisits{0};
  int visitsWhileWaiting = 0;
  f.workers.setInterrupter([&, interrupt = f.bridge.interrupter()](const core::Workers::Stuck& stuck) {
    interrupt(stuck);
    ++watchdogVisits;
  });
  auto slow = std::make_shared<service::Service>("ALSlowRobot");
  slow->method("answer", {}, service::Type::String, "answers once the watchdog came by twice", [&](const service::Arguments&) {
    // (The first box may already have kept the watchdog busy starting Python.)
    const int before = watchdogVisits;
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while (watchdogVisits < before + 2 && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
    visitsWhileWaiting = watchdogVisits - before;
    return Any("done");
  });
  f.registry.add(slow);
  f.load("class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n"
         "        self.answer(ALProxy('ALSlowRobot').answer())\n");
  ASSERT_FALSE(f.error) << f.error->format();
  f.workers.setLimits({20ms, 1s});  // after loading: under TSan a load can take longer
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callInput("onStart", nullptr); });
  EXPECT_FALSE(e) << e->format();
  EXPECT_GE(visitsWhileWaiting, 2);
  EXPECT_EQ(f.host.events, std::vector<std::string>{"0ms fire answer \"done\""});
}

TEST(PythonBox, ABoxCallingTheRobotInALoopWithoutTimePassingIsInterrupted) {
  // Each call is refused at once: the box is never long in one call, but
  // virtual time stands still while it loops.
  Fixture f;
  auto store = std::make_shared<service::Service>("ALStore");
  store->method("get", {{"key", service::Type::String}}, service::Type::Any, "", [](const service::Arguments&) -> Any {
    throw service::CallError("unknown-key", "no such key");
  });
  f.registry.add(store);
  f.load("class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n        while True:\n"
         "            try:\n                ALProxy('ALStore').get('x')\n            except Exception:\n"
         "                pass\n");
  ASSERT_FALSE(f.error) << f.error->format();
  f.workers.setLimits({20ms, 1s});  // after loading: under TSan a load can take longer
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callInput("onStart", nullptr); });
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("TurnTimeout"));
}

TEST(PythonBox, NaoqiAndQiModulesImport) {
  Fixture f;
  f.load("from naoqi import ALProxy as P\nimport qi\nclass MyClass(GeneratedClass):\n    def onLoad(self):\n"
         "        self.answer(P('ALTextToSpeech').getLanguage() + str(xrange(2)))\n");
  ASSERT_FALSE(f.error) << f.error->format();
  f.inTask([&] { f.box->callLifecycle("onLoad"); });
  EXPECT_EQ(f.host.events, std::vector<std::string>{"0ms fire answer \"Englishrange(0, 2)\""});
}

// ---- ALMemory callbacks ------------------------------------------------------------

// Writes to memory at engine time `t` (as a scenario step would).
void writeAt(Fixture& f, double t, const std::string& key, core::Value v, bool raise = false) {
  f.clock.schedule(core::fromSeconds(t), [&f, key, v, raise] {
    if (raise) f.memory.raiseEvent(key, v);
    else f.memory.insertData(key, v);
  });
}

const char* kSubscriberBox = R"PY(class MyClass(GeneratedClass):
    def onLoad(self):
        self.memory = ALProxy("ALMemory")
        self.s = self.memory.subscriber("k")
        self.link = self.s.signal.connect(lambda v: self.answer(v))
        self.ev = self.session().service("ALMemory").subscriber("e")
        self.ev.signal.connect(self.onE)

    def onE(self, value):
        self.logger.info("e is %s" % value)

    def onInput_onStop(self):
        self.s.signal.disconnect(self.link)
        self.ev = None
)PY";

TEST(PythonBoxMemory, ASubscribersSignalCallsTheBoxBackAtTheInstantOfTheWrite) {
  Fixture f;
  f.load(kSubscriberBox);
  ASSERT_FALSE(f.error) << f.error->format();
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callLifecycle("onLoad"); });
  ASSERT_FALSE(e) << e->format();
  EXPECT_EQ(f.memory.getSubscribers("k"), std::vector<std::string>{"box Say"});
  writeAt(f, 1, "k", 1);
  writeAt(f, 1.5, "e", "x", true);
  writeAt(f, 2, "k", core::Value(std::string("two")));
  f.clock.runUntil(core::fromSeconds(3));
  EXPECT_EQ(f.host.events, (std::vector<std::string>{"1000ms fire answer 1", "2000ms fire answer \"two\""}));
  EXPECT_EQ(f.host.logs, std::vector<std::string>{"info: e is x"});
  // Disconnecting a link, and dropping a subscriber, end their calls.
  f.inTask([&] { e = f.box->callInput("onStop", nullptr); });
  ASSERT_FALSE(e) << e->format();
  EXPECT_TRUE(f.memory.getSubscribers("k").empty());
  EXPECT_TRUE(f.memory.getSubscribers("e").empty());
  writeAt(f, 4, "k", 4);
  writeAt(f, 4, "e", "y", true);
  f.clock.runUntil(core::fromSeconds(5));
  EXPECT_EQ(f.host.events.size(), 2u);
  EXPECT_EQ(f.host.logs.size(), 1u);
}

TEST(PythonBoxMemory, AnUnloadedBoxIsCalledBackNoMore) {
  Fixture f;
  f.load(kSubscriberBox);
  f.inTask([&] { f.box->callLifecycle("onLoad"); });
  writeAt(f, 1, "k", 1);
  f.clock.runUntil(core::fromSeconds(2));
  f.host.unload();
  f.box.reset();
  writeAt(f, 3, "k", 3);
  f.clock.runUntil(core::fromSeconds(4));
  EXPECT_EQ(f.host.events, std::vector<std::string>{"1000ms fire answer 1"});
  EXPECT_TRUE(f.memory.getSubscribers("k").empty());
}

TEST(PythonBoxMemory, SubscribeToEventCallsTheBoxsMethodWithWhatItTakes) {
  Fixture f;
  f.load(R"PY(class MyClass(GeneratedClass):
    def onLoad(self):
        ALMemory.subscribeToEvent("Touched", self.getName(), "onTouched")
        ALProxy("ALMemory").subscribeToEvent("Seen", self.getName(), "onSeen")
        ALProxy("ALMemory").subscribeToMicroEvent("Micro", self.getName(), "msg", "onMicro")

    def onTouched(self, key, value, identifier):
        self.answer([key, value, identifier])

    def onSeen(self, strVarName, value):
        self.answer([strVarName, value])

    def onMicro(self, *args):
        self.answer(list(args))

    def onInput_onStop(self):
        ALMemory.unsubscribeToEvent("Touched", self.getName())
        ALMemory.unsubscribeToMicroEvent("Micro", self.getName())
        ALMemory.unsubscribeToEvent("NeverSubscribed", self.getName())
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callLifecycle("onLoad"); });
  ASSERT_FALSE(e) << e->format();
  EXPECT_EQ(f.memory.getSubscribers("Touched"), std::vector<std::string>{"Say"});
  writeAt(f, 1, "Touched", 1, true);
  writeAt(f, 2, "Seen", core::Value(std::string("face")), true);
  writeAt(f, 3, "Micro", 7, true);
  f.clock.runUntil(core::fromSeconds(4));
  EXPECT_EQ(f.host.events, (std::vector<std::string>{"1000ms fire answer [\"Touched\",1,\"Say\"]",
                                                  "2000ms fire answer [\"Seen\",\"face\"]",
                                                  "3000ms fire answer [\"Micro\",7,\"msg\"]"}));
  f.inTask([&] { e = f.box->callInput("onStop", nullptr); });
  ASSERT_FALSE(e) << e->format();
  writeAt(f, 5, "Touched", 2, true);
  writeAt(f, 5, "Micro", 8, true);
  writeAt(f, 5, "Seen", 9, true);
  f.clock.runUntil(core::fromSeconds(6));
  ASSERT_EQ(f.host.events.size(), 4u);
  EXPECT_EQ(f.host.events[3], "5000ms fire answer [\"Seen\",9]");
}

TEST(PythonBoxMemory, SubscribingAgainReplacesTheModulesSubscription) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n"
         "        ALMemory.subscribeToEvent('k', 'Say', 'first')\n"
         "        ALMemory.subscribeToEvent('k', 'Say', 'second')\n"
         "    def first(self, *a):\n        self.answer('first')\n"
         "    def second(self, *a):\n        self.answer('second')\n");
  f.inTask([&] { f.box->callLifecycle("onLoad"); });
  writeAt(f, 1, "k", 1);
  f.clock.runUntil(core::fromSeconds(2));
  EXPECT_EQ(f.host.events, std::vector<std::string>{"1000ms fire answer \"second\""});
  EXPECT_EQ(f.memory.getSubscribers("k"), std::vector<std::string>{"Say"});
}

TEST(PythonBoxMemory, AnOldALModuleTheBoxMadeCanBeTheModule) {
  Fixture f;
  f.load("class Reactor(ALModule):\n    def onEvent(self, key, value):\n        self.box.answer(value)\n"
         "class MyClass(GeneratedClass):\n    def onLoad(self):\n"
         "        self.reactor = Reactor('reactor')\n        self.reactor.box = self\n"
         "        ALMemory.subscribeToEvent('k', 'reactor', 'onEvent')\n");
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callLifecycle("onLoad"); });
  ASSERT_FALSE(e) << e->format();
  writeAt(f, 1, "k", 5);
  f.clock.runUntil(core::fromSeconds(2));
  EXPECT_EQ(f.host.events, std::vector<std::string>{"1000ms fire answer 5"});
}

TEST(PythonBoxMemory, AModuleThatIsNotTheBoxOrAMethodItLacksIsAClearError) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n"
         "        ALMemory.subscribeToEvent('k', 'SomeModule', 'onK')\n"
         "    def onInput_onStart(self):\n"
         "        ALMemory.subscribeToEvent('k', self.getName(), 'noSuchMethod')\n"
         "    def onInput_onStop(self):\n"
         "        ALMemory.subscriber('')\n");
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callLifecycle("onLoad"); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->line, 12);
  EXPECT_THAT(e->message, HasSubstr("ALMemory.subscribeToEvent: no module 'SomeModule' to call back"));
  EXPECT_THAT(e->message, HasSubstr("'Say'"));
  f.inTask([&] { e = f.box->callInput("onStart", nullptr); });
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("module 'Say' has no method 'noSuchMethod'"));
  f.inTask([&] { e = f.box->callInput("onStop", nullptr); });
  ASSERT_TRUE(e);
  EXPECT_THAT(e->message, HasSubstr("ValueError: ALMemory.subscriber: the key must be a non-empty string"));
  EXPECT_TRUE(f.memory.getSubscribers("k").empty());
}

TEST(PythonBoxMemory, ACallbackThatRaisesIsLoggedWithItsLineAndTheBoxGoesOn) {
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n"
         "        self.s = ALMemory.subscriber('k')\n"
         "        self.s.signal.connect(self.onK)\n"
         "    def onK(self, value):\n"
         "        if value == 1:\n"
         "            raise ValueError('bad value')\n"
         "        self.answer(value)\n",
         20);
  f.inTask([&] { f.box->callLifecycle("onLoad"); });
  writeAt(f, 1, "k", 1);
  writeAt(f, 2, "k", 2);
  f.clock.runUntil(core::fromSeconds(3));
  ASSERT_EQ(f.host.logs.size(), 1u);
  EXPECT_EQ(f.host.logs[0],
            "error: /pkg/demo/behavior.xar:26:13: box 'Say': the callback of ALMemory key 'k' failed: ValueError: bad value");
  EXPECT_EQ(f.host.events, std::vector<std::string>{"2000ms fire answer 2"});
}

TEST(PythonBox, ARefusedCallNamesTheMethodOnce) {
  Fixture f;
  auto store = std::make_shared<service::Service>("ALStore");
  store->method("get", {{"key", service::Type::String}}, service::Type::Any, "", [](const service::Arguments& a) -> Any {
    throw service::CallError("unknown-key", "ALStore.get: there is no key named '" + service::stringArg(a, 0) + "'");
  });
  store->method("put", {}, service::Type::Void, "", [](const service::Arguments&) -> Any {
    throw service::CallError("full", "no room left");
  });
  f.registry.add(store);
  f.load("class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n        ALProxy('ALStore').get('x')\n"
         "    def onInput_onStop(self):\n        ALProxy('ALStore').put()\n");
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callInput("onStart", nullptr); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "RuntimeError: ALStore.get: there is no key named 'x' (unknown-key)");
  f.inTask([&] { e = f.box->callInput("onStop", nullptr); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "RuntimeError: ALStore.put: no room left (full)");
}

}  // namespace
