// The converter's files: their names (collisions included), what each holds
// (seed 004's elements and attributes), and the folder rules.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <pugixml.hpp>

#include "autolife/behavior/converter.hpp"
#include "autolife/behavior/xar_parser.hpp"
#include "helpers.hpp"

namespace autolife::behavior {
namespace {

using testing::fileNames;
using testing::fixture;
using testing::readText;
using test::TempDir;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A written XML file, parsed for checking.
struct Written {
  pugi::xml_document doc;
  explicit Written(const std::filesystem::path& path) {
    pugi::xml_parse_result r = doc.load_file(path.c_str());
    if (!r) throw std::runtime_error(path.string() + ": " + r.description());
  }
  pugi::xml_node root() const { return doc.document_element(); }
};

std::vector<std::string> attributeOfEach(pugi::xml_node parent, const char* child, const char* attribute) {
  std::vector<std::string> out;
  for (pugi::xml_node node : parent.children(child)) out.push_back(node.attribute(attribute).value());
  return out;
}

ConvertResult convert(const std::string& name, const TempDir& dir) {
  ConvertResult r = convertXar(fixture(name), dir.path() / "out");
  EXPECT_TRUE(r.ok()) << (r.errors.empty() ? "" : r.errors[0].format());
  return r;
}

TEST(Converter, NamesFilesByLevelAndNameWithSuffixesOnCollisions) {
  TempDir dir;
  ConvertResult r = convert("collisions.xar", dir);
  EXPECT_THAT(fileNames(dir / "out"),
              ElementsAre("l0_root.py", "l0_root.xml", "l0_root_state_0.xml", "l0_root_state_machine.xml",
                          "l0_root_timeline.xml", "l1_Play_Sound.py", "l1_Play_Sound.xml", "l1_Play_Sound_1.py",
                          "l1_Play_Sound_1.xml", "l1_Say.py", "l1_Say.xml", "l1_Say_.py", "l1_Say_.xml", "l1_Say_1.py",
                          "l1_Say_1.xml", "l1_Say_1_1.py", "l1_Say_1_1.xml", "l1_Walk_1.py", "l1_Walk_1.xml",
                          "l1_Walk_1_state_0.xml", "l1_Walk_1_state_0_1.py", "l1_Walk_1_state_0_1.xml",
                          "l1_Walk_1_state_machine.xml", "l1_Walk_1_timeline.xml", "l1_Walk_timeline.py",
                          "l1_Walk_timeline.xml", "l1_unnamed_object.py", "l1_unnamed_object.xml",
                          "l1_unnamed_object_1.py", "l1_unnamed_object_1.xml", "l2_Say.py", "l2_Say.xml", "main.py"));
  EXPECT_EQ(r.files.size(), 33u);
  EXPECT_EQ(r.files.back().filename(), "main.py");
  // The box file keeps the box's own name; the object name is the file's.
  EXPECT_STREQ(Written(dir / "out/l1_Say_1_1.xml").root().attribute("name").value(), "Say_1");
}

TEST(Converter, ABoxFileHoldsItsDescriptionAndThePyItsScriptVerbatim) {
  TempDir dir;
  convert("boxes.xar", dir);
  Written say(dir / "out/l1_Say.xml");
  pugi::xml_node box = say.root();
  EXPECT_STREQ(box.name(), "Box");
  EXPECT_STREQ(box.attribute("name").value(), "Say");
  EXPECT_STREQ(box.attribute("id").value(), "1");
  EXPECT_STREQ(box.attribute("content").value(), "l1_Say.py");
  EXPECT_STREQ(box.attribute("language").value(), "4");
  EXPECT_STREQ(box.attribute("bitmap").value(), "media/images/box/interaction/say.png");
  EXPECT_STREQ(box.attribute("tooltip").value(), "Says a sentence.\nSecond line.");
  EXPECT_THAT(attributeOfEach(box, "Input", "name"), ElementsAre("onLoad", "onStart", "onStop"));
  EXPECT_THAT(attributeOfEach(box, "Resource", "type"),
              ElementsAre("Lock", "Stop on demand", "Pause on demand", "Callback on demand"));
  EXPECT_THAT(attributeOfEach(box, "Parameter", "inherits_from_parent"), ElementsAre("1", "1"));
  Behavior b = testing::parseFixture("boxes.xar");
  EXPECT_EQ(readText(dir / "out/l1_Say.py"), testing::boxNamed(testing::firstDiagram(b.root), "Say").script.content);
  EXPECT_EQ(readText(dir / "out/l0_root.py"), "");
}

TEST(Converter, KeepsPluginContentChoicesAndDialogFiles) {
  TempDir dir;
  convert("boxes.xar", dir);
  const Written choiceFile(dir / "out/l1_Choice.xml");
  pugi::xml_node choice = choiceFile.root();
  EXPECT_STREQ(choice.child("pluginContent").child("question").text().get(), "Do you like robots?");
  EXPECT_THAT(attributeOfEach(choice.find_child_by_attribute("Parameter", "name", "Language"), "Choice", "value"),
              ElementsAre("English", "French", "Japanese"));
  const Written chatFile(dir / "out/l1_Chat.xml");
  pugi::xml_node chat = chatFile.root();
  EXPECT_STREQ(chat.child("dialogFile").text().get(), "../chat/chat.dlg");
  EXPECT_STREQ(chat.attribute("language").value(), "5");
}

TEST(Converter, WritesTheStateMachineAndEachState) {
  TempDir dir;
  convert("layers.xar", dir);
  const Written machineFile(dir / "out/l0_root_state_machine.xml");
  pugi::xml_node machine = machineFile.root();
  EXPECT_STREQ(machine.name(), "StateMachine");
  EXPECT_THAT(attributeOfEach(machine, "State", "Name"),
              ElementsAre("l0_root_state_0", "l0_root_state_1", "l0_root_state_2", "l0_root_state_3",
                          "l0_root_state_4"));
  EXPECT_STREQ(machine.child("InitialState").attribute("Name").value(), "l0_root_state_0");
  EXPECT_STREQ(machine.child("FinalState").attribute("Name").value(), "l0_root_state_4");
  EXPECT_THAT(attributeOfEach(machine, "Transition", "From"),
              ElementsAre("l0_root_state_0", "l0_root_state_1", "l0_root_state_2", "l0_root_state_3"));
  EXPECT_THAT(attributeOfEach(machine, "Transition", "To"),
              ElementsAre("l0_root_state_1", "l0_root_state_2", "l0_root_state_3", "l0_root_state_4"));
  EXPECT_THAT(attributeOfEach(machine, "Transition", "TimeOut"), ElementsAre("450", "500", "500", "750"));

  const Written stateFile(dir / "out/l0_root_state_2.xml");

  pugi::xml_node state = stateFile.root();
  EXPECT_STREQ(state.name(), "State");
  EXPECT_THAT(attributeOfEach(state, "Object", "Name"), ElementsAre("l1_Play", "l1_Tune", "l1_Blink", "l1_Say_hello"));
  EXPECT_STREQ(state.child("Interval").attribute("begin").value(), "20");
  EXPECT_STREQ(state.child("Interval").attribute("end").value(), "30");
  EXPECT_THAT(attributeOfEach(state, "Label", "Name"), ElementsAre("blink", "hello"));
  EXPECT_THAT(attributeOfEach(state, "Link", "inputowner"), ElementsAre("l1_Play", "l1_Tune", "l1_Blink", "l1_Say_hello"));
  EXPECT_THAT(attributeOfEach(state, "Link", "indexofinput"), ElementsAre("onStart", "onStart", "onStart", "onStart"));
  EXPECT_THAT(attributeOfEach(state, "Link", "outputowner"), ElementsAre("l0_root", "l0_root", "l0_root", "l0_root"));
  EXPECT_THAT(attributeOfEach(state, "Link", "indexofoutput"), ElementsAre("onLoad", "onLoad", "onLoad", "onLoad"));
}

TEST(Converter, WritesTheTimelineWithItsLayersAndCurves) {
  TempDir dir;
  convert("layers.xar", dir);
  const Written timelineFile(dir / "out/l0_root_timeline.xml");
  pugi::xml_node timeline = timelineFile.root();
  EXPECT_STREQ(timeline.attribute("fps").value(), "20");
  EXPECT_STREQ(timeline.attribute("resources_acquisition").value(), "1");
  EXPECT_THAT(attributeOfEach(timeline, "BehaviorLayer", "name"), ElementsAre("Eyes", "Sound", "Speech"));
  pugi::xml_node song = timeline.find_child_by_attribute("BehaviorLayer", "name", "Sound").child("BehaviorKeyframe");
  EXPECT_STREQ(song.attribute("name").value(), "song");
  EXPECT_THAT(attributeOfEach(song.child("Diagram"), "Object", "Name"), ElementsAre("l1_Play", "l1_Tune"));
  pugi::xml_node yaw = timeline.child("ActuatorList").child("ActuatorCurve");
  EXPECT_STREQ(yaw.attribute("actuator").value(), "HeadYaw");
  EXPECT_THAT(attributeOfEach(yaw, "Key", "value"), ElementsAre("-20.5", "12.25", "0"));
  pugi::xml_node tangent = yaw.last_child().child("Tangent");
  EXPECT_STREQ(tangent.attribute("interpType").value(), "bezier");
  EXPECT_STREQ(tangent.attribute("ordinateParam").value(), "1.5");
}

TEST(Converter, MainPyNamesTheRootObject) {
  TempDir dir;
  convert("choregraphe_box.xar", dir);
  EXPECT_THAT(fileNames(dir / "out"), ElementsAre("l0_Wave.py", "l0_Wave.xml", "main.py"));
  std::string main = readText(dir / "out/main.py");
  EXPECT_THAT(main, HasSubstr("ROOT = \"l0_Wave\"\n"));
  EXPECT_THAT(main, HasSubstr("from 'choregraphe_box.xar'"));
}

TEST(Converter, RefusesAFolderThatIsNotEmptyUnlessAskedTo) {
  TempDir dir;
  testing::writeText(dir / "out/old.txt", "x");
  ConvertResult r = convertXar(fixture("boxes.xar"), dir / "out");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.errors[0].message, HasSubstr("not empty"));
  EXPECT_THAT(fileNames(dir / "out"), ElementsAre("old.txt"));
  ConvertOptions options;
  options.overwrite = true;
  r = convertXar(fixture("boxes.xar"), dir / "out", options);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(fileNames(dir / "out").size(), 15u);
  testing::writeText(dir / "file", "x");
  r = convertXar(fixture("boxes.xar"), dir / "file");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.errors[0].message, HasSubstr("not a folder"));
}

TEST(Converter, ABehaviorWithErrorsWritesNothing) {
  TempDir dir;
  testing::writeText(dir / "bad.xar", testing::xarWithDiagram("<Link inputowner=\"3\" indexofinput=\"1\" outputowner=\"0\" indexofoutput=\"2\" />\n"));
  ConvertResult r = convertXar(dir / "bad.xar", dir / "out");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.errors[0].location(), (dir / "bad.xar").string() + ":12:1");
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
}

TEST(Converter, APortWhoseNameIsNotUniqueCannotBeLinkedByName) {
  LoadResult loaded = parseXarText(
      testing::xarWithDiagram("<Box name=\"A\" id=\"1\">\n"
                              "<Input name=\"go\" type=\"1\" nature=\"2\" id=\"1\" />\n"
                              "<Input name=\"go\" type=\"1\" nature=\"1\" id=\"2\" />\n"
                              "</Box>\n"
                              "<Link inputowner=\"1\" indexofinput=\"2\" outputowner=\"0\" indexofoutput=\"2\" />\n"),
      "twice.xar");
  ASSERT_TRUE(loaded.ok()) << loaded.report();
  TempDir dir;
  ConvertResult r = writeNewFormat(*loaded.behavior, dir / "out");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].location(), "twice.xar:16:1");
  EXPECT_THAT(r.errors[0].message, HasSubstr("not unique"));
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
}

}  // namespace
}  // namespace autolife::behavior
