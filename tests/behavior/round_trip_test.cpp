// xar -> new-format folder -> model gives the model the .xar gave, for every
// fixture and example behavior; and converting the loaded folder again
// writes the same files, byte for byte.
#include <gtest/gtest.h>

#include "autolife/behavior/converter.hpp"
#include "autolife/behavior/model_compare.hpp"
#include "autolife/behavior/new_format.hpp"
#include "autolife/behavior/xar_parser.hpp"
#include "helpers.hpp"

namespace autolife::behavior {
namespace {

namespace fs = std::filesystem;
using testing::fileNames;
using testing::readText;
using test::TempDir;

void expectRoundTrip(const fs::path& xar) {
  LoadResult parsed = parseXarFile(xar);
  ASSERT_TRUE(parsed.ok()) << parsed.report();
  TempDir dir;
  ConvertResult written = writeNewFormat(*parsed.behavior, dir / "first");
  ASSERT_TRUE(written.ok()) << written.errors[0].format();
  LoadResult loaded = loadNewFormat(dir / "first");
  ASSERT_TRUE(loaded.ok()) << loaded.report();
  EXPECT_EQ(loaded.behavior->format, SourceFormat::NewFormat);
  EXPECT_EQ(loaded.warnings.size(), parsed.warnings.size()) << loaded.report();
  std::optional<std::string> difference = firstDifference(parsed.behavior->root, loaded.behavior->root);
  EXPECT_FALSE(difference) << xar << ": " << *difference;

  ConvertResult again = writeNewFormat(*loaded.behavior, dir / "second");
  ASSERT_TRUE(again.ok());
  std::vector<std::string> files = fileNames(dir / "first");
  ASSERT_EQ(files, fileNames(dir / "second"));
  for (const std::string& file : files) {
    if (file == "main.py") continue;
    EXPECT_EQ(readText(dir / "first" / file), readText(dir / "second" / file)) << file;
  }
}

class FixtureRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(FixtureRoundTrip, GivesAnEquivalentModel) { expectRoundTrip(testing::fixture(GetParam())); }

INSTANTIATE_TEST_SUITE_P(Fixtures, FixtureRoundTrip,
                         ::testing::Values("boxes.xar", "layers.xar", "bare_timeline.xar", "choregraphe_box.xar",
                                           "prefixed_namespace.xar", "crlf.xar", "collisions.xar",
                                           "format4/behavior.xar"),
                         [](const auto& info) {
                           std::string name = info.param.substr(0, info.param.find_first_of("./"));
                           return name;
                         });

TEST(ExampleRoundTrip, EveryExamplePackageBehavior) {
  int count = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(AUTOLIFE_SOURCE_DIR) / "examples/packages")) {
    if (entry.path().filename() != "behavior.xar") continue;
    SCOPED_TRACE(entry.path().string());
    expectRoundTrip(entry.path());
    ++count;
  }
  EXPECT_GE(count, 4);
}

TEST(RoundTrip, TheComparisonSeesADifference) {
  Behavior b = testing::parseFixture("layers.xar");
  Box changed = b.root;
  changed.timeline->actuators.curves[0].keys[2].tangents[1].ordinate = 2;
  std::optional<std::string> difference = firstDifference(b.root, changed);
  ASSERT_TRUE(difference);
  EXPECT_EQ(*difference, "/root (id -1)/timeline/curve[0]/key[2]/tangent[1]/ordinateParam: -1.5 vs 2");
  changed = b.root;
  changed.timeline->layers[1].keyframes[0].diagram.boxes[1].script.content += " ";
  EXPECT_TRUE(firstDifference(b.root, changed));
  EXPECT_FALSE(firstDifference(b.root, b.root));
}

}  // namespace
}  // namespace autolife::behavior
