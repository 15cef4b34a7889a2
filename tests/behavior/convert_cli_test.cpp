// `autolife convert BEHAVIOR.xar OUTDIR` through the real binary: a summary
// line on success, located errors on stderr and exit status 1 otherwise.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "helpers.hpp"
#include "process.hpp"

namespace autolife::behavior {
namespace {

using autolife::testing::ProcessResult;
using autolife::testing::runProcess;
using testing::fixture;
using test::TempDir;
using ::testing::HasSubstr;

ProcessResult convert(std::vector<std::string> args) {
  args.insert(args.begin(), {AUTOLIFE_BINARY, "convert"});
  return runProcess(args);
}

TEST(ConvertCli, ConvertsABehaviorAndSaysWhatItWrote) {
  TempDir dir;
  std::string out = (dir / "out").string();
  ProcessResult r = convert({fixture("layers.xar").string(), out});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "converted " + fixture("layers.xar").string() + ": 8 boxes, 24 files in " + out + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(std::filesystem::exists(dir / "out/l0_root_state_4.xml"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out/main.py"));
}

TEST(ConvertCli, PrintsWarningsOnStderr) {
  TempDir dir;
  ProcessResult r = convert({fixture("boxes.xar").string(), (dir / "out").string()});
  EXPECT_EQ(r.status, 0);
  EXPECT_THAT(r.err, HasSubstr(fixture("boxes.xar").string() + ":41:29: warning: parameter 'Voice'"));
}

TEST(ConvertCli, ABadBehaviorFailsWithLocatedErrors) {
  TempDir dir;
  testing::writeText(dir / "bad.xar", testing::xarWithDiagram("<Link inputowner=\"3\" indexofinput=\"1\" outputowner=\"0\" indexofoutput=\"2\" />\n"));
  ProcessResult r = convert({(dir / "bad.xar").string(), (dir / "out").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, (dir / "bad.xar").string() + ":12:1: error: link to box id 3, which is not in this diagram\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
}

TEST(ConvertCli, AFormat4BehaviorWithMissingFilesNamesThem) {
  TempDir dir;
  ProcessResult r = convert({fixture("format4_missing/behavior.xar").string(), (dir / "out").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr("root.xml:7:27: error: cannot read 'root.fld'"));
}

TEST(ConvertCli, ANonEmptyFolderNeedsForce) {
  TempDir dir;
  testing::writeText(dir / "out/keep.txt", "x");
  ProcessResult r = convert({fixture("choregraphe_box.xar").string(), (dir / "out").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr("not empty"));
  r = convert({fixture("choregraphe_box.xar").string(), (dir / "out").string(), "--force"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "out/l0_Wave.xml"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out/keep.txt"));
}

TEST(ConvertCli, AMissingArgumentIsAUsageError) {
  ProcessResult r = convert({fixture("boxes.xar").string()});
  EXPECT_NE(r.status, 0);
  EXPECT_THAT(r.err, HasSubstr("OUTDIR"));
  r = convert({"/nonexistent.xar", "/tmp/never"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "/nonexistent.xar: error: cannot read the behavior: the file does not exist\n");
}

}  // namespace
}  // namespace autolife::behavior
