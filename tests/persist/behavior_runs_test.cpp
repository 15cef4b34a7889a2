// Behaviors' runs in the data folder's database (docs/persistence.md,
// "Behavior runs"): each run committed when it ends, the latest 20 of each
// activity kept, and after a restart the runs are there and numbering goes on.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/core/clock.hpp"
#include "autolife/engine/behavior_log.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/service/service.hpp"
#include "autolife/store/store.hpp"
#include "any_json.hpp"
#include "files.hpp"

namespace {

using namespace autolife;
using Json = nlohmann::json;

const char* kBehavior = R"(<?xml version="1.0" encoding="UTF-8" ?>
<ChoregrapheProject xar_version="3"><Box name="root" id="-1">
<Input name="onStart" type="1" type_size="1" nature="2" inner="0" id="2" />
<Output name="onStopped" type="1" type_size="1" nature="1" inner="0" id="4" />
<Timeline enable="0"><BehaviorLayer name="l"><BehaviorKeyframe name="k" index="1"><Diagram>
<Box name="Quick" id="1"><script language="4"><content><![CDATA[class MyClass(GeneratedClass):
    def onInput_onStart(self):
        self.onStopped()
]]></content></script>
<Input name="onStart" type="1" type_size="1" nature="2" inner="0" id="2" />
<Output name="onStopped" type="1" type_size="1" nature="1" inner="0" id="4" />
</Box>
<Link inputowner="1" indexofinput="2" outputowner="0" indexofoutput="2" />
<Link inputowner="0" indexofinput="4" outputowner="1" indexofoutput="4" />
</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline></Box></ChoregrapheProject>
)";

// An engine on the store in `dir`, with the activity "test/quick".
struct Served {
  explicit Served(const test::TempDir& dir) : store(dir.path() / store::Store::kFileName), engine(clock, options(dir)) {
    life::Activity a;
    a.name = "test/quick";
    a.run = life::RunBehavior{(dir.path() / "quick.xar").string()};
    engine.addActivity(a);
    engine.start();
  }
  engine::EngineOptions options(const test::TempDir& dir) {
    engine::EngineOptions o;
    o.packageRoot = dir.path() / "packages";
    o.store = &store;
    return o;
  }
  void runOnce() {
    engine.services.call("ALAutonomousLife.switchFocus", {"test/quick"});
    clock.runUntil(clock.now() + core::fromSeconds(1));
  }
  Json call(const std::string& method, service::Arguments args) { return test::jsonOf(engine.services.call(method, args)); }

  store::Store store;
  core::VirtualClock clock;
  engine::Engine engine;
};

TEST(BehaviorRuns, TheLatest20AreKeptAndOutliveARestart) {
  test::TempDir dir;
  dir.write("quick.xar", kBehavior);
  {
    Served served(dir);
    for (int i = 0; i < 21; ++i) served.runOnce();
    EXPECT_EQ(served.call("Autolife.behaviorRuns", {"test/quick"}).size(), 20u);
  }
  store::Store reopened(dir.path() / store::Store::kFileName);
  EXPECT_EQ(reopened.lastBehaviorRun("test/quick"), 21);
  EXPECT_EQ(reopened.behaviorRuns("test/quick").back().run, 2);
  auto run = reopened.behaviorRun("test/quick", 21);
  EXPECT_EQ(run.end, "finished");
  ASSERT_FALSE(run.events.empty());
  EXPECT_EQ(run.events[2].box, "Quick");
  EXPECT_EQ(run.events[2].event, "input");
  EXPECT_EQ(reopened.behaviorRun("test/quick", 1).run, 0) << "deleted: older than the latest 20";
  {
    Served again(dir);
    EXPECT_EQ(again.call("Autolife.behaviorState", {"test/quick"})["run"], 21);
    again.runOnce();
    auto runs = again.call("Autolife.behaviorRuns", {"test/quick"});
    ASSERT_EQ(runs.size(), 20u);
    EXPECT_EQ(runs[0]["run"], 22);
    EXPECT_EQ(again.call("Autolife.behaviorLog", {"test/quick", 21}).size(), run.events.size())
        << "the last process's run, read from the file";
  }
}

}  // namespace
