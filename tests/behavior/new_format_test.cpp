// The new-format loader: where its elements come from, the folders
// libqicore's converter wrote, and what it refuses (with the file and line).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/behavior/converter.hpp"
#include "autolife/behavior/new_format.hpp"
#include "helpers.hpp"

namespace autolife::behavior {
namespace {

namespace fs = std::filesystem;
using testing::fixture;
using testing::readText;
using test::TempDir;
using testing::writeText;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A converted fixture in dir/out.
fs::path converted(const TempDir& dir, const std::string& name) {
  ConvertResult r = convertXar(fixture(name), dir / "out");
  EXPECT_TRUE(r.ok());
  return dir / "out";
}

// Replaces `from` by `to` in a file.
void edit(const fs::path& path, const std::string& from, const std::string& to) {
  std::string text = readText(path);
  auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  writeText(path, text.replace(at, from.size(), to));
}

TEST(NewFormat, ScriptsPointIntoTheirPyFiles) {
  TempDir dir;
  fs::path folder = converted(dir, "boxes.xar");
  LoadResult r = loadNewFormat(folder);
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_EQ(r.behavior->path, folder);
  const Box& say = testing::boxNamed(testing::firstDiagram(r.behavior->root), "Say");
  EXPECT_EQ(say.script.source.path(), (folder / "l1_Say.py").string());
  EXPECT_EQ(say.script.source.line, 1);
  EXPECT_EQ(say.source.path(), (folder / "l1_Say.xml").string());
  EXPECT_EQ(say.source.line, 2);
  const Link& link = testing::firstDiagram(r.behavior->root).links[0];
  EXPECT_EQ(link.source.path(), (folder / "l0_root_timeline.xml").string());
}

TEST(NewFormat, AnEditedPyFileIsWhatRuns) {
  TempDir dir;
  fs::path folder = converted(dir, "choregraphe_box.xar");
  writeText(folder / "l0_Wave.py", "class MyClass(GeneratedClass):\r\n    pass\r\n");
  LoadResult r = loadNewFormat(folder);
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_EQ(r.behavior->root.script.content, "class MyClass(GeneratedClass):\n    pass\n");
}

// Found by fuzz_xar: a box "Walk timeline" and a box "Walk" without a
// timeline both make l1_Walk_timeline.xml; probing for Walk's timeline
// found the other box's description and refused the folder.
TEST(NewFormat, ABoxNamedLikeAnotherBoxsTimelineFileIsNotTakenForIt) {
  TempDir dir;
  auto box = [](const std::string& name, int id) {
    return "<Box name=\"" + name + "\" id=\"" + std::to_string(id) +
           "\"><Input name=\"onStart\" type=\"1\" type_size=\"1\" nature=\"2\" inner=\"0\" id=\"1\" /></Box>\n";
  };
  writeText(dir / "walk.xar",
            "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<ChoregrapheProject xar_version=\"3\">\n"
            "<Box name=\"root\" id=\"-1\"><Timeline enable=\"0\"><BehaviorLayer name=\"l\">"
            "<BehaviorKeyframe name=\"k\" index=\"1\"><Diagram>\n" +
                box("Walk timeline", 1) + box("Walk", 2) +
                "</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline></Box>\n</ChoregrapheProject>\n");
  ConvertResult converted = convertXar(dir / "walk.xar", dir / "out");
  ASSERT_TRUE(converted.ok());
  LoadResult r = loadNewFormat(dir / "out");
  ASSERT_TRUE(r.ok()) << r.report();
  const Box& walk = testing::boxNamed(testing::firstDiagram(r.behavior->root), "Walk");
  EXPECT_FALSE(walk.timeline);
  EXPECT_TRUE(testing::boxNamed(testing::firstDiagram(r.behavior->root), "Walk timeline").inputs.size() == 1);
}

TEST(NewFormat, ReadsAFolderLibqicoresConverterWrote) {
  LoadResult r = loadNewFormat(fixture("libqicore_folder"));
  ASSERT_TRUE(r.ok()) << r.report();
  const Box& root = r.behavior->root;
  EXPECT_EQ(root.bitmaps, std::vector<std::string>{"media/images/box/root.png"});
  EXPECT_EQ(root.script.language, ScriptLanguage::Python);
  ASSERT_TRUE(root.timeline.has_value());
  EXPECT_TRUE(root.timeline->enable);  // two states
  ASSERT_EQ(root.timeline->layers.size(), 1u);
  const BehaviorLayer& layer = root.timeline->layers[0];
  ASSERT_EQ(layer.keyframes.size(), 2u);
  EXPECT_EQ(layer.keyframes[0].name, "music");
  EXPECT_EQ(layer.keyframes[0].index, 1);
  EXPECT_EQ(layer.keyframes[1].name, "speech");
  EXPECT_EQ(layer.keyframes[1].index, 11);
  // Each object and link in the first state that lists it.
  ASSERT_EQ(layer.keyframes[0].diagram.boxes.size(), 1u);
  EXPECT_EQ(layer.keyframes[0].diagram.boxes[0].id, 5);
  EXPECT_EQ(layer.keyframes[0].diagram.links.size(), 1u);
  ASSERT_EQ(layer.keyframes[1].diagram.boxes.size(), 1u);
  const auto& links = layer.keyframes[1].diagram.links;
  ASSERT_EQ(links.size(), 2u);
  EXPECT_EQ(links[1].inputOwner, 0);
  EXPECT_EQ(links[1].indexOfInput, 4);
  EXPECT_EQ(links[1].outputOwner, 3);
  EXPECT_EQ(links[1].indexOfOutput, 2);
}

TEST(NewFormat, AFolderWithoutARootObjectIsAnError) {
  TempDir dir;
  writeText(dir / "notes.txt", "hello");
  writeText(dir / "l0_root_timeline.xml", "<Timeline/>");
  LoadResult r = loadNewFormat(dir.path());
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_THAT(r.errors[0].message, HasSubstr("no root object"));
  EXPECT_EQ(r.errors[0].file, dir.path().string());
  r = loadNewFormat(dir / "notes.txt");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_THAT(r.errors[0].message, HasSubstr("not a folder"));
}

TEST(NewFormat, TwoRootObjectsAreAnError) {
  TempDir dir;
  fs::path folder = converted(dir, "choregraphe_box.xar");
  fs::copy_file(folder / "l0_Wave.xml", folder / "l0_Other.xml");
  LoadResult r = loadNewFormat(folder);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_THAT(r.errors[0].message, HasSubstr("several root objects"));
}

TEST(NewFormat, AMissingObjectIsAnErrorWhereItIsNamed) {
  TempDir dir;
  fs::path folder = converted(dir, "boxes.xar");
  fs::remove(folder / "l1_Chat.xml");
  LoadResult r = loadNewFormat(folder);
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].file, (folder / "l0_root_timeline.xml").string());
  EXPECT_EQ(r.errors[0].line, 9);
  EXPECT_THAT(r.errors[0].message, HasSubstr("cannot read 'l1_Chat.xml'"));
}

TEST(NewFormat, AMissingScriptIsAnError) {
  TempDir dir;
  fs::path folder = converted(dir, "boxes.xar");
  fs::remove(folder / "l1_Say.py");
  LoadResult r = loadNewFormat(folder);
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].location(), (folder / "l1_Say.xml").string() + ":2:188");
  EXPECT_EQ(r.errors[0].message, "the script file 'l1_Say.py' does not exist");
}

TEST(NewFormat, ALinkToAnUnknownObjectOrPortIsAnErrorAtTheLink) {
  TempDir dir;
  fs::path folder = converted(dir, "bare_timeline.xar");
  edit(folder / "l0_root_timeline.xml", "inputowner=\"l1_Lights\"", "inputowner=\"l1_Nobody\"");
  edit(folder / "l0_root_timeline.xml", "indexofinput=\"onStopped\"", "indexofinput=\"onFinished\"");
  LoadResult r = loadNewFormat(folder);
  ASSERT_EQ(r.errors.size(), 2u) << r.report();
  EXPECT_EQ(r.errors[0].format(), (folder / "l0_root_timeline.xml").string() +
                                      ":7:23: link to object 'l1_Nobody', which is not in this diagram");
  EXPECT_EQ(r.errors[1].format(), (folder / "l0_root_timeline.xml").string() +
                                      ":8:44: link to output 'onFinished' of object 'l0_root', which has no output of "
                                      "that name");
}

TEST(NewFormat, AnObjectUsedTwiceIsAnError) {
  TempDir dir;
  fs::path folder = converted(dir, "layers.xar");
  edit(folder / "l0_root_timeline.xml", "<Object Name=\"l1_Blink\" />", "<Object Name=\"l1_Eyes_on\" />");
  LoadResult r = loadNewFormat(folder);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(testing::mentions(r.errors, "object 'l1_Eyes_on' is already used at")) << r.report();
}

TEST(NewFormat, ObjectNamesMustBePlainFileNames) {
  TempDir dir;
  fs::path folder = converted(dir, "bare_timeline.xar");
  edit(folder / "l0_root_timeline.xml", "<Object Name=\"l1_Lights\" />", "<Object Name=\"../l1_Lights\" />");
  LoadResult r = loadNewFormat(folder);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(testing::mentions(r.errors, "object name '../l1_Lights' is not a plain file name")) << r.report();
  edit(folder / "l0_root_timeline.xml", "<Object Name=\"../l1_Lights\" />", "<Object Name=\"l1_Lights\" />");
  edit(folder / "l1_Lights.xml", "content=\"l1_Lights.py\"", "content=\"/etc/passwd\"");
  r = loadNewFormat(folder);
  EXPECT_TRUE(testing::mentions(r.errors, "script file '/etc/passwd' is not a plain file name")) << r.report();
}

TEST(NewFormat, MalformedFilesAreLocated) {
  TempDir dir;
  fs::path folder = converted(dir, "bare_timeline.xar");
  edit(folder / "l0_root_timeline.xml", "<ActuatorList", "<ActuatorList <");
  LoadResult r = loadNewFormat(folder);
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].file, (folder / "l0_root_timeline.xml").string());
  EXPECT_GT(r.errors[0].line, 1);
  EXPECT_THAT(r.errors[0].message, HasSubstr("malformed XML"));
}

TEST(NewFormat, DeepNestingIsBounded) {
  TempDir dir;
  // l0_b0 holds l1_b1 holds ... : a chain deeper than the limit.
  for (int i = 0; i < 80; ++i) {
    std::string name = "l" + std::to_string(i) + "_b" + std::to_string(i);
    writeText(dir / (name + ".xml"), "<Box name=\"b\" id=\"1\" language=\"6\" />\n");
    std::string next = "l" + std::to_string(i + 1) + "_b" + std::to_string(i + 1);
    writeText(dir / (name + "_timeline.xml"),
              "<Timeline><BehaviorLayer><BehaviorKeyframe index=\"1\"><Diagram>\n<Object Name=\"" + next +
                  "\" />\n</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline>\n");
  }
  LoadResult r = loadNewFormat(dir.path());
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_THAT(r.errors[0].message, HasSubstr("nested more than 64 levels deep"));
  EXPECT_EQ(r.errors[0].file, (dir / "l64_b64_timeline.xml").string());
}

}  // namespace
}  // namespace autolife::behavior
