// Format 4 (BoxInstance + BoxInterface files, .fld, .bhs, .anim, .py): read
// when its files are next to the .xar, refused with the missing file named
// otherwise.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/behavior/xar_parser.hpp"
#include "helpers.hpp"

namespace autolife::behavior {
namespace {

using testing::boxNamed;
using testing::fixture;
using test::TempDir;
using testing::writeText;
using ::testing::HasSubstr;

TEST(Format4, ReadsTheBoxFilesIntoTheSameModel) {
  Behavior b = testing::parseFixture("format4/behavior.xar");
  EXPECT_EQ(b.format, SourceFormat::Xar4);
  const Box& root = b.root;
  EXPECT_EQ(root.name, "root");
  EXPECT_EQ(root.id, 1);
  EXPECT_EQ(root.x, 306);
  EXPECT_EQ(root.tooltip, "The behavior.");
  EXPECT_EQ(root.localization, "8");
  EXPECT_EQ(root.bitmaps, std::vector<std::string>{"media/images/box/root.png"});
  EXPECT_EQ(root.findInput("onLoad")->type, IoType::Dynamic);  // signature "_"
  EXPECT_EQ(root.findInput("onStart")->type, IoType::Bang);    // signature "()"
  const Parameter* speed = root.findParameter("Speed (%)");
  ASSERT_NE(speed, nullptr);
  EXPECT_EQ(speed->type, ParameterType::Int);
  EXPECT_EQ(speed->defaultValue, "100");
  EXPECT_EQ(speed->value, "80");  // the instance's ParameterValue
  EXPECT_EQ(speed->min, "20");
  EXPECT_EQ(root.resources[0].type, ResourceType::StopOnDemand);
  EXPECT_EQ(root.script.language, ScriptLanguage::Python);
  EXPECT_EQ(root.script.content, "");
}

TEST(Format4, ABehaviorSequenceBecomesLayersAndTheAnimationItsCurves) {
  Behavior b = testing::parseFixture("format4/behavior.xar");
  ASSERT_TRUE(b.root.timeline.has_value());
  const Timeline& t = *b.root.timeline;
  EXPECT_TRUE(t.enable);
  EXPECT_EQ(t.fps, 25);
  EXPECT_EQ(t.size, 300);
  ASSERT_EQ(t.layers.size(), 1u);
  EXPECT_EQ(t.layers[0].name, "speech");
  ASSERT_EQ(t.layers[0].keyframes.size(), 2u);
  EXPECT_EQ(t.layers[0].keyframes[1].name, "bye");
  EXPECT_EQ(t.layers[0].keyframes[1].index, 40);
  ASSERT_EQ(t.actuators.curves.size(), 1u);
  const ActuatorCurve& curve = t.actuators.curves[0];
  EXPECT_EQ(curve.actuator, "RShoulderPitch");
  EXPECT_EQ(curve.unit, -1);  // "None"
  EXPECT_FALSE(curve.keys[0].smooth);
  EXPECT_EQ(curve.keys[0].value, -60.5);
  EXPECT_EQ(curve.keys[1].tangents[1].interpolation, Interpolation::Linear);
}

TEST(Format4, FlowDiagramsHoldBoxInstancesAndLinks) {
  Behavior b = testing::parseFixture("format4/behavior.xar");
  const Diagram& hello = b.root.timeline->layers[0].keyframes[0].diagram;
  const Box& say = boxNamed(hello, "Say hello");  // the instance's name, not the interface's
  EXPECT_EQ(say.id, 2);
  EXPECT_EQ(say.findParameter("Text")->value, "Hello!");
  EXPECT_EQ(say.findParameter("Text")->type, ParameterType::String);
  EXPECT_EQ(say.findParameter("Volume")->type, ParameterType::Double);
  EXPECT_EQ(say.findParameter("Sound")->type, ParameterType::Resource);
  EXPECT_EQ(say.findParameter("Loud")->type, ParameterType::Bool);
  EXPECT_EQ(say.findOutput("onStopped")->type, IoType::String);  // "(ss)"
  EXPECT_EQ(say.findOutput("onStopped")->typeSize, 2);
  ASSERT_EQ(hello.links.size(), 1u);
  EXPECT_EQ(hello.links[0].inputOwner, 2);
  EXPECT_EQ(hello.links[0].source.path(), fixture("format4/speech_hello.fld").string());
  EXPECT_EQ(hello.links[0].source.line, 6);
  const Box& bye = boxNamed(b.root.timeline->layers[0].keyframes[1].diagram, "Say bye");
  EXPECT_EQ(bye.findParameter("Text")->value, "Bye!");  // no ParameterValue: the default
}

TEST(Format4, ScriptsComeFromTheirPyFilesWithLineEndsNormalised) {
  Behavior b = testing::parseFixture("format4/behavior.xar");
  const Box& say = boxNamed(b.root.timeline->layers[0].keyframes[0].diagram, "Say hello");
  EXPECT_EQ(say.script.content,
            "class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n"
            "        ALProxy(\"ALTextToSpeech\").say(self.getParameter(\"Text\"))\n        self.onStopped()\n");
  EXPECT_EQ(say.script.source.path(), fixture("format4/say_hello.py").string());
  EXPECT_EQ(say.script.source.line, 1);
}

TEST(Format4, AMissingFileIsAnErrorThatNamesIt) {
  LoadResult r = parseXarFile(fixture("format4_missing/behavior.xar"));
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].file, fixture("format4_missing/root.xml").string());
  EXPECT_EQ(r.errors[0].line, 7);
  EXPECT_THAT(r.errors[0].message, HasSubstr("cannot read 'root.fld'"));
  EXPECT_THAT(r.errors[0].message, HasSubstr("does not exist"));
}

TEST(Format4, ARootBoxFileThatIsMissingIsNamedAtTheBoxInstance) {
  TempDir dir;
  writeText(dir / "behavior.xar",
            "<?xml version=\"1.0\"?>\n<ChoregrapheProject format_version=\"4\">\n"
            "  <BoxInstance name=\"root\" id=\"1\" path=\"root1.xml\"/>\n</ChoregrapheProject>\n");
  LoadResult r = parseXarFile(dir / "behavior.xar");
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].location(), (dir / "behavior.xar").string() + ":3:35");
  EXPECT_THAT(r.errors[0].message, HasSubstr("'root1.xml'"));
}

TEST(Format4, IsRefusedFromTextWithoutItsFolder) {
  std::string text = testing::readText(fixture("format4/behavior.xar"));
  LoadResult r = parseXarText(text, "behavior.xar");
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_THAT(r.errors[0].message, HasSubstr("format-4 behavior"));
  ParseOptions options;
  options.baseDirectory = fixture("format4");
  EXPECT_TRUE(parseXarText(text, "behavior.xar", options).ok());
}

TEST(Format4, PathsMustStayInTheBehaviorsFolder) {
  TempDir dir;
  writeText(dir / "behavior.xar",
            "<ChoregrapheProject format_version=\"4\">\n"
            "<BoxInstance name=\"root\" id=\"1\" path=\"../secret.xml\"/>\n</ChoregrapheProject>\n");
  LoadResult r = parseXarFile(dir / "behavior.xar");
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_THAT(r.errors[0].message, HasSubstr("leaves the behavior's folder"));
  writeText(dir / "behavior.xar",
            "<ChoregrapheProject format_version=\"4\">\n"
            "<BoxInstance name=\"root\" id=\"1\" path=\"/etc/passwd\"/>\n</ChoregrapheProject>\n");
  r = parseXarFile(dir / "behavior.xar");
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_THAT(r.errors[0].message, HasSubstr("absolute"));
}

TEST(Format4, AFileUsedByTwoBoxesIsAnError) {
  TempDir dir;
  writeText(dir / "behavior.xar",
            "<ChoregrapheProject format_version=\"4\">\n"
            "<BoxInstance name=\"root\" id=\"1\" path=\"root.xml\"/>\n</ChoregrapheProject>\n");
  writeText(dir / "root.xml",
            "<BoxInterface name=\"root\">\n<Contents>\n<Content type=\"2\" path=\"d.fld\"/>\n</Contents>\n"
            "</BoxInterface>\n");
  // The diagram holds its own box: a cycle that would never end.
  writeText(dir / "d.fld", "<FlowDiagram>\n<BoxInstance name=\"again\" id=\"1\" path=\"root.xml\"/>\n</FlowDiagram>\n");
  LoadResult r = parseXarFile(dir / "behavior.xar");
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].location(), (dir / "d.fld").string() + ":2:34");
  EXPECT_THAT(r.errors[0].message, HasSubstr("'root.xml' is already used at line 2"));
}

TEST(Format4, AFileOfTheWrongKindIsAnError) {
  TempDir dir;
  writeText(dir / "behavior.xar",
            "<ChoregrapheProject format_version=\"4\">\n"
            "<BoxInstance name=\"root\" id=\"1\" path=\"root.xml\"/>\n</ChoregrapheProject>\n");
  writeText(dir / "root.xml", "<FlowDiagram/>\n");
  LoadResult r = parseXarFile(dir / "behavior.xar");
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].format(), (dir / "root.xml").string() + ":1:1: expected a <BoxInterface> file, found <FlowDiagram>");
}

}  // namespace
}  // namespace autolife::behavior
