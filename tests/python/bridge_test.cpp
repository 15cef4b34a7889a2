// The Python bridge as one owned object per engine: what box code starts
// (posted calls, timers, threads) is released once done, boxes are counted
// out when they go, and each box's `random` stream derives from the
// engine's seed and the box's place, repeatably.
#include <pybind11/embed.h>

#include "python_box_fixture.hpp"

namespace {

using namespace python_test;
using ::testing::ElementsAre;

TEST(Bridge, PostedCallsTimersAndThreadsAreReleasedWhenDone) {
  Fixture f;
  f.load(R"PY(import threading
class MyClass(GeneratedClass):
    def onInput_onStart(self):
        tts = ALProxy("ALTextToSpeech")
        self.ids = [tts.post.say("a"), tts.post.say("b")]
        self.t = threading.Timer(1.0, lambda: self.answer("timer"))
        self.t.start()
        threading.Thread(target=lambda: self.answer("thread")).start()
    def onInput_onStop(self):
        tts = ALProxy("ALTextToSpeech")
        self.answer([tts.isRunning(i) for i in self.ids] + [tts.wait(i, 0) for i in self.ids])
)PY");
  EXPECT_EQ(f.bridge.census().boxes, 1u);
  f.inTask([&] { f.box->callInput("onStart", nullptr); });
  EXPECT_EQ(f.bridge.census().postedCalls, 2u);
  EXPECT_EQ(f.bridge.census().boxThreads, 3u);  // two calls saying, a timer (the thread has run)
  f.clock.runUntil(core::fromSeconds(5));
  EXPECT_EQ(f.bridge.census().postedCalls, 0u);
  EXPECT_EQ(f.bridge.census().boxThreads, 0u);
  EXPECT_FALSE(run(f, "onInput_onStop"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms say a", "0ms say b", "0ms fire answer \"thread\"",
                                         "1000ms fire answer \"timer\"", "5000ms fire answer [false,false,true,true]"));
  f.box.reset();
  EXPECT_EQ(f.bridge.census().boxes, 0u);
}

TEST(Bridge, ACancelledTimerIsReleasedAtOnce) {
  Fixture f;
  f.load("import threading\nclass MyClass(GeneratedClass):\n    def onLoad(self):\n"
         "        t = threading.Timer(60, self.answer)\n        t.start()\n        t.cancel()\n"
         "        self.answer(t.is_alive())\n");
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_EQ(f.bridge.census().boxThreads, 0u);
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer false"));
}

// What a box draws with `random` under a seed, with the box at `path`.
std::string draws(std::uint64_t seed, const std::string& path) {
  Fixture f(seed);
  f.host.path = path;
  f.load(R"PY(import random
from random import randint
class MyClass(GeneratedClass):
    def onLoad(self):
        random.seed()  # a box's own seed() keeps the run repeatable
        self.answer([random.randint(0, 1000000), randint(0, 1000000), random.choice("abcdefgh")])
)PY");
  EXPECT_FALSE(run(f, "onLoad"));
  return f.host.events.empty() ? "" : f.host.events[0];
}

TEST(Bridge, EachBoxDrawsFromItsOwnStreamOfTheEnginesSeed) {
  const std::string first = draws(0, "root/Choice/Random");
  EXPECT_FALSE(first.empty());
  EXPECT_EQ(draws(0, "root/Choice/Random"), first);     // the same seed plays alike
  EXPECT_NE(draws(1, "root/Choice/Random"), first);     // another seed, another stream
  EXPECT_NE(draws(0, "root/Choice/Random (1)"), first);  // another box, another stream
}

TEST(Bridge, ASeedGivenByTheBoxIsItsOwn) {
  Fixture f;
  f.load("import random\nclass MyClass(GeneratedClass):\n    def onLoad(self):\n"
         "        random.seed(5)\n        a = random.random()\n        random.seed(5)\n"
         "        self.answer(a == random.random())\n");
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer true"));
}

TEST(Bridge, PreparingTheInterpreterImportsWhatEveryBoxUses) {
  // (Run alone, as ctest does, this process has not started Python yet.)
  // `play` prepares it before its clock starts: in real time, importing
  // these in the first box's turn would count as that box's time.
  python::prepareInterpreter();
  pybind11::gil_scoped_acquire gil;
  pybind11::object modules = pybind11::module_::import("sys").attr("modules");
  // inspect: every input's call reads the method's signature with it.
  for (const char* name : {"_autolife_box", "naoqi", "qi", "motion", "inspect"})
    EXPECT_TRUE(modules.contains(name)) << name;
}

}  // namespace
