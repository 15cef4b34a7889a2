// libqicore's own test behaviors (../shared/samples/libqicore, not part of
// the project; this test exists only when they do): each parses, converts
// and reads back as the same model; the behavior-layers sample gives the
// state machine libqicore's converter gives; format 4 without its files is
// a clear error.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/behavior/converter.hpp"
#include "autolife/behavior/model_compare.hpp"
#include "autolife/behavior/new_format.hpp"
#include "autolife/behavior/object_names.hpp"
#include "autolife/behavior/state_machine.hpp"
#include "autolife/behavior/xar_parser.hpp"
#include "helpers.hpp"
#include "process.hpp"

namespace autolife::behavior {
namespace {

namespace fs = std::filesystem;
using testing::boxNamed;
using testing::firstDiagram;
using test::TempDir;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

fs::path sample(const std::string& name) { return fs::path(AUTOLIFE_BEHAVIOR_SAMPLES) / name; }

Behavior parseSample(const std::string& name) {
  LoadResult r = parseXarFile(sample(name));
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) throw std::runtime_error(name);
  return std::move(*r.behavior);
}

class SampleRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(SampleRoundTrip, ParsesConvertsAndReadsBackTheSame) {
  Behavior parsed = parseSample(GetParam());
  TempDir dir;
  ConvertResult written = writeNewFormat(parsed, dir / "out");
  ASSERT_TRUE(written.ok()) << written.errors[0].format();
  LoadResult loaded = loadNewFormat(dir / "out");
  ASSERT_TRUE(loaded.ok()) << loaded.report();
  std::optional<std::string> difference = firstDifference(parsed.root, loaded.behavior->root);
  EXPECT_FALSE(difference) << *difference;
}

INSTANTIATE_TEST_SUITE_P(Libqicore, SampleRoundTrip,
                         ::testing::Values("tests_hello.xar", "tests_parameters.xar", "tests_un_wait_deux.xar",
                                           "converter_tests_behavior_layers.xar", "timeline_behavior.xar",
                                           "behavior1_package/behavior.xar"),
                         [](const auto& info) { return info.param.substr(0, info.param.find_first_of("./")); });

TEST(Samples, EverySampleIsCovered) {
  int xars = 0;
  for (const auto& entry : fs::recursive_directory_iterator(AUTOLIFE_BEHAVIOR_SAMPLES))
    if (entry.path().extension() == ".xar") ++xars;
  EXPECT_EQ(xars, 7);  // the six above and format4_reference_only.xar
}

TEST(Samples, HelloSaysItsTextThroughNestedBoxes) {
  Behavior b = parseSample("tests_hello.xar");
  const Box& say = boxNamed(firstDiagram(b.root), "Say");
  EXPECT_EQ(say.findParameter("Speed (%)")->value, "100");
  const Diagram& inner = firstDiagram(say);
  const Box& localized = boxNamed(inner, "Localized Text");
  EXPECT_THAT(localized.pluginContent, HasSubstr("<english>Hello</english>"));
  EXPECT_THAT(localized.script.content, HasSubstr("\"Japanese\" : \" こんにちは \""));
  EXPECT_TRUE(boxNamed(inner, "Say Text").findParameter("Speed (%)")->inheritsFromParent);
  ASSERT_EQ(inner.links.size(), 3u);
  EXPECT_EQ(inner.links[0].inputOwner, 0);
  EXPECT_EQ(inner.links[0].indexOfInput, 4);
}

TEST(Samples, ParametersCarryTheirTypesAndTheRootItsTimeline) {
  Behavior b = parseSample("tests_parameters.xar");
  EXPECT_EQ(b.root.timeline->fps, 10);
  EXPECT_FALSE(b.root.timeline->enable);
  const Diagram& d = firstDiagram(b.root);
  EXPECT_EQ(d.boxes.size(), 4u);
  EXPECT_EQ(boxNamed(d, "2stringtable").findOutput("onStopped")->typeSize, 2);
  EXPECT_EQ(boxNamed(d, "ok").findInput("onStart")->type, IoType::String);
  EXPECT_THAT(boxNamed(d, "ok").script.content, HasSubstr("print \"param1 = \""));  // Python 2
}

TEST(Samples, BehaviorLayersGiveLibqicoresStateMachine) {
  Behavior b = parseSample("converter_tests_behavior_layers.xar");
  const Timeline& t = *b.root.timeline;
  EXPECT_EQ(b.root.findParameter("FPS (%)")->min, "20");
  EXPECT_EQ(b.root.resources.size(), 4u);
  StateMachine m = buildStateMachine(t);
  std::vector<int> begins;
  for (const State& s : m.states) begins.push_back(s.begin);
  EXPECT_THAT(begins, ElementsAre(8, 13, 37, 56, 89, 144));
  EXPECT_EQ(m.lastFrame, 145);
  EXPECT_EQ(m.states.back().end, 145);
  std::vector<int> timeouts;
  for (const Transition& tr : m.transitions) timeouts.push_back(tr.timeoutMs);
  EXPECT_THAT(timeouts, ElementsAre(200, 960, 760, 1320, 2200));
  EXPECT_THAT(m.states[4].labels, ElementsAre("keyframe89"));
  EXPECT_EQ(m.states[4].keyframes.size(), 3u);  // Fx, LED's keyframe56, Fx2
  EXPECT_EQ(t.actuators.curves.size(), 25u);
}

TEST(Samples, BehaviorLayersAreNamedAsLibqicoreNamesThem) {
  Behavior b = parseSample("converter_tests_behavior_layers.xar");
  std::vector<std::string> names;
  const ObjectNames objectNames(b.root);
  for (const auto& [box, name] : objectNames.all()) names.push_back(name);
  EXPECT_THAT(names, ElementsAre("l0_root", "l1_Blink", "l1_Blink_1", "l1_Blink_2", "l1_Blink_3", "l1_Play_Sound",
                                 "l2_Play_Sound_File", "l2_Get_File_Path", "l1_Play_Sound_1", "l2_Play_Sound_File_1",
                                 "l2_Get_File_Path_1"));
}

TEST(Samples, ABareTimelineIsWrappedInARootBox) {
  Behavior b = parseSample("timeline_behavior.xar");
  EXPECT_EQ(b.root.name, "root");
  EXPECT_EQ(b.root.findOutput("onStopped")->id, 4);
  EXPECT_EQ(b.root.timeline->actuators.curves.size(), 25u);
  EXPECT_EQ(b.root.timeline->actuators.curves[7].actuator, "LHand");
  EXPECT_TRUE(b.root.timeline->layers.empty());
  EXPECT_TRUE(buildStateMachine(*b.root.timeline).states.empty());
}

TEST(Samples, Format4WithoutItsFilesIsAClearError) {
  LoadResult r = parseXarFile(sample("format4_reference_only.xar"));
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].file, sample("format4_reference_only.xar").string());
  EXPECT_EQ(r.errors[0].line, 3);
  EXPECT_THAT(r.errors[0].message, HasSubstr("cannot read 'root1.xml'"));
  EXPECT_THAT(r.errors[0].message, HasSubstr("does not exist"));
}

TEST(Samples, ConvertThroughTheBinary) {
  TempDir dir;
  auto r = autolife::testing::runProcess(
      {AUTOLIFE_BINARY, "convert", sample("converter_tests_behavior_layers.xar").string(), (dir / "out").string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr(": 11 boxes, 37 files in "));
  EXPECT_TRUE(fs::exists(dir / "out/l0_root_state_5.xml"));
  EXPECT_FALSE(fs::exists(dir / "out/l0_root_state_6.xml"));
}

}  // namespace
}  // namespace autolife::behavior
