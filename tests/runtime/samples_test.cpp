// libqicore's sample behaviors (../shared/samples, not part of the project):
// each plays to a clean end on the simulated robot, converted or not; the
// split-format reference whose parts are missing is refused with its place.
#include <gmock/gmock.h>

#include "autolife/behavior/converter.hpp"
#include "autolife/runtime/behavior_runner.hpp"
#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using End = sim::PlayResult::End;
namespace fs = std::filesystem;

const fs::path kSamples = AUTOLIFE_BEHAVIOR_SAMPLES;

std::vector<std::string> playable() {
  return {"tests_hello.xar", "tests_parameters.xar", "tests_un_wait_deux.xar",
          "converter_tests_behavior_layers.xar", "timeline_behavior.xar", "behavior1_package/behavior.xar"};
}

class Sample : public ::testing::TestWithParam<std::string> {};

TEST_P(Sample, PlaysToACleanEnd) {
  auto p = playPath(kSamples / GetParam(), core::fromSeconds(60));
  EXPECT_THAT(p.result.end, ::testing::AnyOf(End::Finished, End::Idle, End::Until)) << p.result.error;
  for (const auto& e : p.having("error")) ADD_FAILURE() << e.dump();
  EXPECT_FALSE(p.calls().empty() && p.having("log").empty()) << "the behavior did something";
}

TEST_P(Sample, ConvertedPlaysAsTheXar) {
  simtest::TempDir dir;
  auto loaded = runtime::loadBehavior(kSamples / GetParam());
  ASSERT_TRUE(loaded.ok()) << loaded.report();
  ASSERT_TRUE(behavior::writeNewFormat(*loaded.behavior, dir.path() / "converted").ok());
  auto fromXar = playPath(kSamples / GetParam(), core::fromSeconds(60));
  auto fromFolder = playPath(dir.path() / "converted", core::fromSeconds(60));
  EXPECT_EQ(fromXar.result.end, fromFolder.result.end);
  EXPECT_EQ(fromXar.calls(), fromFolder.calls());
  EXPECT_DOUBLE_EQ(fromXar.endTime(), fromFolder.endTime());
}

INSTANTIATE_TEST_SUITE_P(Libqicore, Sample, ::testing::ValuesIn(playable()), [](const auto& info) {
  std::string name = info.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
});

TEST(Samples, TheSplitFormatReferenceIsRefusedWithItsPlace) {
  auto p = playPath(kSamples / "format4_reference_only.xar");
  EXPECT_EQ(p.result.end, End::Unreadable);
  ASSERT_EQ(p.result.problems.size(), 1u);
  EXPECT_THAT(p.result.problems[0].format(), ::testing::HasSubstr("format4_reference_only.xar:3:"));
}

}  // namespace
}  // namespace autolife::runtimetest
