// The xar parser on fixtures written for the project: what each element
// becomes in the model, where it was read, and the forms real files take
// (namespaces, a bare Timeline, a box library export, Windows line ends).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/behavior/xar_parser.hpp"
#include "helpers.hpp"

namespace autolife::behavior {
namespace {

using testing::boxNamed;
using testing::firstDiagram;
using testing::fixture;
using testing::mentions;
using testing::parseFixture;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(XarParser, ReadsTheRootBoxAndItsPorts) {
  Behavior b = parseFixture("boxes.xar");
  EXPECT_EQ(b.format, SourceFormat::Xar3);
  EXPECT_EQ(b.path, fixture("boxes.xar"));
  const Box& root = b.root;
  EXPECT_EQ(root.name, "root");
  EXPECT_EQ(root.id, -1);
  EXPECT_EQ(root.localization, "8");
  EXPECT_EQ(root.tooltip, "Root box.");
  EXPECT_THAT(root.bitmaps, ElementsAre("media/images/box/root.png"));
  ASSERT_EQ(root.inputs.size(), 3u);
  EXPECT_EQ(root.inputs[0].name, "onLoad");
  EXPECT_EQ(root.inputs[0].nature, InputNature::OnLoad);
  EXPECT_TRUE(root.inputs[0].inner);
  EXPECT_EQ(root.inputs[1].nature, InputNature::OnStart);
  EXPECT_EQ(root.inputs[2].nature, InputNature::OnStop);
  EXPECT_EQ(root.inputs[2].id, 3);
  ASSERT_EQ(root.outputs.size(), 1u);
  EXPECT_EQ(root.outputs[0].nature, OutputNature::Stopped);
  EXPECT_EQ(root.outputs[0].type, IoType::Bang);
  EXPECT_EQ(root.outputs[0].tooltip, "Sent when the behavior ends.");
  ASSERT_EQ(root.parameters.size(), 1u);
  EXPECT_EQ(root.parameters[0].value, "120");
  EXPECT_EQ(root.parameters[0].defaultValue, "100");
  EXPECT_EQ(root.parameters[0].min, "50");
  EXPECT_EQ(root.parameters[0].max, "200");
  EXPECT_EQ(root.parameters[0].type, ParameterType::Int);
}

TEST(XarParser, KeepsEachElementsFileAndLine) {
  Behavior b = parseFixture("boxes.xar");
  EXPECT_EQ(b.root.source.path(), fixture("boxes.xar").string());
  EXPECT_EQ(b.root.source.line, 5);
  EXPECT_EQ(b.root.source.column, 5);
  const Diagram& d = firstDiagram(b.root);
  EXPECT_EQ(boxNamed(d, "Say").source.line, 21);
  EXPECT_EQ(boxNamed(d, "Say").resources[2].source.line, 44);
  EXPECT_EQ(d.links[0].source.line, 108);
  EXPECT_EQ(b.root.timeline->layers[0].keyframes[0].source.line, 19);
}

TEST(XarParser, ScriptsKeepTheirTextAndTheLineTheyStartOn) {
  Behavior b = parseFixture("boxes.xar");
  const Box& say = boxNamed(firstDiagram(b.root), "Say");
  EXPECT_EQ(say.script.language, ScriptLanguage::Python);
  EXPECT_THAT(say.script.content, StartsWith("class MyClass(GeneratedClass):\n    def __init__(self):\n"));
  EXPECT_THAT(say.script.content, HasSubstr("self.tts.say(\"Hello & welcome <friend>\")"));
  EXPECT_THAT(say.script.content, ::testing::EndsWith("self.onStopped()"));
  // Line n of the script is line source.line + n - 1 of the .xar.
  EXPECT_EQ(say.script.source.path(), fixture("boxes.xar").string());
  EXPECT_EQ(say.script.source.line, 26);
  EXPECT_EQ(say.script.source.column, 46);
  EXPECT_EQ(b.root.script.language, ScriptLanguage::Python);
  EXPECT_EQ(b.root.script.content, "");
  EXPECT_EQ(b.root.script.source.line, 9);
}

TEST(XarParser, KeepsAPython2ScriptVerbatim) {
  Behavior b = parseFixture("boxes.xar");
  const Box& old = boxNamed(firstDiagram(b.root), "Old style");
  EXPECT_EQ(old.script.content,
            "class MyClass(GeneratedClass):\n"
            "\tdef onInput_onStart(self, p):\n"
            "\t\ttry:\n"
            "\t\t\tprint \"received\", p\n"
            "\t\texcept Exception, e:\n"
            "\t\t\tprint >>sys.stderr, e\n"
            "\t\tself.onStopped(p)");
  EXPECT_EQ(old.inputs[0].type, IoType::Dynamic);
  EXPECT_TRUE(old.bitmaps.empty());
  EXPECT_FALSE(old.timeline.has_value());
}

TEST(XarParser, ReadsLinksWithOwnerZeroForTheParent) {
  Behavior b = parseFixture("boxes.xar");
  const Diagram& d = firstDiagram(b.root);
  ASSERT_EQ(d.links.size(), 7u);
  EXPECT_EQ(d.links[0].inputOwner, 1);
  EXPECT_EQ(d.links[0].indexOfInput, 2);
  EXPECT_EQ(d.links[0].outputOwner, 0);
  EXPECT_EQ(d.links[0].indexOfOutput, 2);
  // The root's onStop straight to its onStopped.
  EXPECT_EQ(d.links[6].inputOwner, 0);
  EXPECT_EQ(d.links[6].indexOfInput, 4);
  EXPECT_EQ(d.links[6].outputOwner, 0);
  EXPECT_EQ(d.links[6].indexOfOutput, 3);
  EXPECT_EQ(d.findBox(3)->name, "Old style");
  EXPECT_EQ(d.findBox(9), nullptr);
}

TEST(XarParser, ParametersInheritFromTheParentBox) {
  LoadResult r = parseXarFile(fixture("boxes.xar"));
  ASSERT_TRUE(r.ok()) << r.report();
  const Box& say = boxNamed(firstDiagram(r.behavior->root), "Say");
  const Parameter* speed = say.findParameter("Speed (%)");
  ASSERT_NE(speed, nullptr);
  EXPECT_TRUE(speed->inheritsFromParent);
  EXPECT_NE(r.behavior->root.findParameter("Speed (%)"), nullptr);
  // The root has no "Voice": a warning at the parameter, not an error.
  ASSERT_EQ(r.warnings.size(), 1u) << r.report();
  EXPECT_THAT(r.warnings[0].message, HasSubstr("'Voice'"));
  EXPECT_THAT(r.warnings[0].message, HasSubstr("its own value is used"));
  EXPECT_EQ(r.warnings[0].line, 41);
}

TEST(XarParser, ReadsEveryResourceType) {
  Behavior b = parseFixture("boxes.xar");
  const Box& say = boxNamed(firstDiagram(b.root), "Say");
  ASSERT_EQ(say.resources.size(), 4u);
  EXPECT_EQ(say.resources[0].name, "Speakers");
  EXPECT_EQ(say.resources[0].type, ResourceType::Lock);
  EXPECT_EQ(say.resources[1].type, ResourceType::StopOnDemand);
  EXPECT_EQ(say.resources[2].type, ResourceType::PauseOnDemand);
  EXPECT_EQ(say.resources[2].timeout, 2.5);
  EXPECT_EQ(say.resources[3].type, ResourceType::CallbackOnDemand);
  EXPECT_STREQ(resourceTypeName(say.resources[3].type), "Callback on demand");
}

TEST(XarParser, AChoiceBoxKeepsItsPluginContentAndChoices) {
  Behavior b = parseFixture("boxes.xar");
  const Box& choice = boxNamed(firstDiagram(b.root), "Choice");
  EXPECT_EQ(choice.plugin, "choice_plugin");
  EXPECT_EQ(choice.pluginContent,
            "<choices><choice value=\"yes\"/><choice value=\"no\">No &amp; never</choice></choices>"
            "<question>Do you like robots?</question>");
  const Parameter* language = choice.findParameter("Language");
  ASSERT_NE(language, nullptr);
  EXPECT_TRUE(language->customChoice);
  EXPECT_THAT(language->choices, ElementsAre("English", "French", "Japanese"));
  EXPECT_EQ(choice.findParameter("Repeat")->type, ParameterType::Bool);
  EXPECT_EQ(choice.findParameter("Timeout (s)")->type, ParameterType::Double);
  EXPECT_EQ(choice.findParameter("Timeout (s)")->max, "30.5");
  EXPECT_EQ(choice.findParameter("Repeat")->min, std::nullopt);
  EXPECT_TRUE(choice.findParameter("Password")->password);
  const Input* answer = choice.findInput("answer");
  ASSERT_NE(answer, nullptr);
  EXPECT_EQ(answer->nature, InputNature::StmValue);
  EXPECT_EQ(answer->stmValueName, "Dialog/Answered");
  EXPECT_EQ(answer->type, IoType::String);
  EXPECT_EQ(choice.findOutput("no")->nature, OutputNature::Punctual);
}

TEST(XarParser, ADialogBoxKeepsItsTopicAndDialogFile) {
  Behavior b = parseFixture("boxes.xar");
  const Box& chat = boxNamed(firstDiagram(b.root), "Chat");
  EXPECT_EQ(chat.script.language, ScriptLanguage::QiChat);
  EXPECT_EQ(chat.script.content, "topic: ~chat()\nlanguage: enu\nu:(hello) hi there");
  EXPECT_EQ(chat.dialogFile, "../chat/chat.dlg");
}

TEST(XarParser, KeepsSeveralBitmapsAndMultiLineTooltips) {
  Behavior b = parseFixture("boxes.xar");
  const Box& say = boxNamed(firstDiagram(b.root), "Say");
  EXPECT_THAT(say.bitmaps, ElementsAre("media/images/box/interaction/say.png", "media/images/box/interaction/say2.png"));
  EXPECT_EQ(say.tooltip, "Says a sentence.\nSecond line.");
  EXPECT_EQ(say.robot, "nao");
  EXPECT_EQ(say.bitmapExpanded, "1");
  EXPECT_EQ(say.x, 140);
  EXPECT_EQ(say.y, 60);
}

TEST(XarParser, ReadsLayersKeyframesAndTimelineAttributes) {
  Behavior b = parseFixture("layers.xar");
  ASSERT_TRUE(b.root.timeline.has_value());
  const Timeline& t = *b.root.timeline;
  EXPECT_EQ(t.name, "main");
  EXPECT_TRUE(t.enable);
  EXPECT_EQ(t.fps, 20);
  EXPECT_EQ(t.startFrame, 1);
  EXPECT_EQ(t.endFrame, -1);
  EXPECT_EQ(t.size, 120);
  EXPECT_EQ(t.scale, "10");
  EXPECT_EQ(t.resourcesAcquisition, ResourcesAcquisition::Waiting);
  ASSERT_EQ(t.layers.size(), 3u);
  EXPECT_EQ(t.layers[0].name, "Eyes");
  EXPECT_FALSE(t.layers[0].mute);
  EXPECT_TRUE(t.layers[2].mute);
  ASSERT_EQ(t.layers[1].keyframes.size(), 3u);
  // File order is kept; the state machine sorts by frame.
  EXPECT_EQ(t.layers[1].keyframes[0].name, "song");
  EXPECT_EQ(t.layers[1].keyframes[0].index, 10);
  EXPECT_EQ(t.layers[1].keyframes[0].diagram.boxes.size(), 2u);
  EXPECT_EQ(t.layers[1].keyframes[0].diagram.scale, "-1");
  EXPECT_TRUE(t.layers[1].keyframes[1].diagram.boxes.empty());
  EXPECT_EQ(t.layers[1].keyframes[2].index, 1);
  EXPECT_EQ(b.root.resources[0].name, "All motors");
}

TEST(XarParser, ReadsActuatorCurvesWithEveryTangentKind) {
  Behavior b = parseFixture("layers.xar");
  const ActuatorList& list = b.root.timeline->actuators;
  EXPECT_EQ(list.model, "Nao");
  ASSERT_EQ(list.curves.size(), 3u);
  const ActuatorCurve& yaw = list.curves[0];
  EXPECT_EQ(yaw.actuator, "HeadYaw");
  EXPECT_EQ(yaw.name, "value");
  EXPECT_TRUE(yaw.recordable);
  EXPECT_EQ(yaw.unit, 0);
  ASSERT_EQ(yaw.keys.size(), 3u);
  EXPECT_EQ(yaw.keys[0].frame, 10);
  EXPECT_EQ(yaw.keys[0].value, -20.5);
  EXPECT_TRUE(yaw.keys[0].tangents.empty());  // bezier-auto
  EXPECT_TRUE(yaw.keys[1].smooth);
  EXPECT_TRUE(yaw.keys[1].symmetrical);
  ASSERT_EQ(yaw.keys[2].tangents.size(), 2u);
  EXPECT_EQ(yaw.keys[2].tangents[0].side, TangentSide::Left);
  EXPECT_EQ(yaw.keys[2].tangents[0].interpolation, Interpolation::Bezier);
  EXPECT_EQ(yaw.keys[2].tangents[0].abscissa, -5);
  EXPECT_EQ(yaw.keys[2].tangents[0].ordinate, 1.5);
  EXPECT_EQ(yaw.keys[2].tangents[1].side, TangentSide::Right);
  const ActuatorCurve& pitch = list.curves[1];
  EXPECT_FALSE(pitch.recordable);
  EXPECT_TRUE(pitch.mute);
  EXPECT_EQ(pitch.keys[0].tangents[0].interpolation, Interpolation::Linear);
  EXPECT_EQ(pitch.keys[1].tangents[1].interpolation, Interpolation::Constant);
  EXPECT_EQ(list.curves[2].actuator, "LHand");
  EXPECT_EQ(list.curves[2].unit, 1);
  EXPECT_EQ(list.curves[2].keys[1].value, 0.98);
}

TEST(XarParser, WrapsABareTimelineInAStandardRootBox) {
  Behavior b = parseFixture("bare_timeline.xar");
  const Box& root = b.root;
  EXPECT_EQ(root.name, "root");
  EXPECT_EQ(root.id, -1);
  ASSERT_EQ(root.inputs.size(), 3u);
  EXPECT_EQ(root.findInput("onLoad")->nature, InputNature::OnLoad);
  EXPECT_EQ(root.findInput("onStart")->id, 2);
  EXPECT_EQ(root.findInput("onStop")->nature, InputNature::OnStop);
  ASSERT_EQ(root.outputs.size(), 1u);
  EXPECT_EQ(root.outputs[0].name, "onStopped");
  EXPECT_EQ(root.outputs[0].id, 4);
  EXPECT_EQ(root.outputs[0].nature, OutputNature::Stopped);
  ASSERT_TRUE(root.timeline.has_value());
  EXPECT_EQ(root.timeline->fps, 10);
  EXPECT_EQ(root.timeline->resourcesAcquisition, ResourcesAcquisition::Aggressive);
  EXPECT_EQ(root.timeline->actuators.curves[0].keys[0].value, -3.5);
  EXPECT_EQ(root.source.line, 2);
  // Its keyframe's link to the parent's onStopped (4) resolves.
  EXPECT_EQ(firstDiagram(root).links[1].indexOfInput, 4);
}

TEST(XarParser, ReadsABoxLibraryExport) {
  Behavior b = parseFixture("choregraphe_box.xar");
  EXPECT_EQ(b.root.name, "Wave");
  EXPECT_EQ(b.root.id, 7);
  EXPECT_EQ(b.root.tooltip, "Waves a hand.");
}

TEST(XarParser, IgnoresANamespacePrefix) {
  Behavior b = parseFixture("prefixed_namespace.xar");
  EXPECT_EQ(b.root.name, "root");
  ASSERT_EQ(b.root.inputs.size(), 1u);
  const Diagram& d = firstDiagram(b.root);
  EXPECT_EQ(boxNamed(d, "Hello").script.content, "class MyClass(GeneratedClass):\n    pass");
  EXPECT_EQ(d.links.size(), 2u);
}

TEST(XarParser, ReadsWindowsLineEnds) {
  Behavior b = parseFixture("crlf.xar");
  EXPECT_EQ(b.root.script.content,
            "class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n        x = 1\n        self.onStopped()");
  EXPECT_EQ(b.root.script.source.line, 7);
  EXPECT_EQ(b.root.tooltip, "Line one\r\nline two");  // character references are kept as written
  EXPECT_EQ(firstDiagram(b.root).links[0].source.line, 19);
}

// A script's character-referenced line ends (&#x0D;) read as a raw one
// does, as every format's script files read: converted to the new format
// and back, the script is the same (the xar fuzzer found this).
TEST(XarParser, AScriptsCharacterReferencedLineEndsAreNormalised) {
  std::string text = testing::xarWithDiagram(
      "<Box name=\"A\" id=\"1\">\n"
      "<script language=\"4\"><content>x = 1&#x0D;&#x0A;y = 2&#x0D;z = 3<![CDATA[\r\nw = 4]]></content></script>\n"
      "</Box>\n");
  LoadResult r = parseXarText(text, "t.xar");
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_EQ(boxNamed(firstDiagram(r.behavior->root), "A").script.content, "x = 1\ny = 2\nz = 3\nw = 4");
}

TEST(XarParser, ToleratesUnknownElementsAndAttributes) {
  std::string text = testing::xarWithDiagram(
      "<Box name=\"A\" id=\"1\" colour=\"blue\">\n"
      "<Input name=\"onStart\" type=\"1\" type_size=\"1\" nature=\"2\" inner=\"0\" id=\"1\" future=\"yes\" />\n"
      "<Gadget><Part/></Gadget>\n"
      "</Box>\n"
      "<Sticker text=\"hello\" />\n");
  LoadResult r = parseXarText(text, "t.xar");
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_TRUE(r.warnings.empty()) << r.report();
  EXPECT_EQ(firstDiagram(r.behavior->root).boxes.size(), 1u);
}

TEST(XarParser, AcceptsTheFormsValuesTakeInRealFiles) {
  std::string text = testing::xarWithDiagram(
      "<Box name=\"A\" id=\" 1 \">\n"
      "<Input name=\"onStart\" type=\"1\" type_size=\"1\" nature=\"2\" inner=\"false\" id=\"1\" />\n"
      "<Resource name=\"Head\" type=\"stop_on_demand\" timeout=\"1\" />\n"
      "<Resource name=\"Arms\" type=\"2\" timeout=\"1\" />\n"
      // Choregraphe 2.x's name while it was new (the SDK's own resource tutorial).
      "<Resource name=\"Legs\" type=\"Pause on demand (beta)\" timeout=\"1\" />\n"
      "</Box>\n");
  LoadResult r = parseXarText(text, "t.xar");
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_TRUE(r.warnings.empty()) << r.report();
  const Box& a = firstDiagram(r.behavior->root).boxes[0];
  EXPECT_EQ(a.id, 1);
  EXPECT_FALSE(a.inputs[0].inner);
  EXPECT_EQ(a.resources[0].type, ResourceType::StopOnDemand);
  EXPECT_EQ(a.resources[1].type, ResourceType::PauseOnDemand);
  EXPECT_EQ(a.resources[2].type, ResourceType::PauseOnDemand);
}

TEST(XarParser, WarnsAboutAnotherXarVersionAndReadsIt) {
  std::string text = testing::xarWithDiagram("");
  text.replace(text.find("xar_version=\"3\""), 15, "xar_version=\"2\"");
  LoadResult r = parseXarText(text, "t.xar");
  ASSERT_TRUE(r.ok()) << r.report();
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].format(), "t.xar:2:21: xar_version is '2'; autolife knows version 3 and reads the file as such");
}

TEST(XarParser, ParsesTheExamplePackagesBehaviors) {
  for (const char* package : {"attractor", "greeter", "charger/go_charge", "charger/on_pod"}) {
    auto path = std::filesystem::path(AUTOLIFE_SOURCE_DIR) / "examples/packages" / package / "behavior.xar";
    LoadResult r = parseXarFile(path);
    ASSERT_TRUE(r.ok()) << path << "\n" << r.report();
    EXPECT_TRUE(r.warnings.empty()) << r.report();
    EXPECT_EQ(firstDiagram(r.behavior->root).boxes.size(), 1u) << package;
  }
}

}  // namespace
}  // namespace autolife::behavior
