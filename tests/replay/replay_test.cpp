// A recorded day replayed (docs/replay.md), in process: a simulated day
// with every kind of step replays to the same records; with a changed
// trigger, --diff's differences say what no longer starts and why; a
// package whose files changed is named in a warning.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/replay/diff.hpp"
#include "autolife/replay/recorder.hpp"
#include "autolife/replay/replay.hpp"
#include "sim_support.hpp"

namespace {

using namespace autolife;
using ::testing::HasSubstr;
using ::testing::Not;

// A greeter package (its trigger: someone in zone 1 for `seconds`).
std::filesystem::path greeter(const simtest::TempDir& dir, const std::string& folder, int seconds) {
  const auto root = dir / folder;
  test::writeText(root / "manifest.xml",
                  simtest::manifest("greeter", {{".", "interactive",
                                                 "('Launchpad/NumPeopleZone1' >= 1) ~ " + std::to_string(seconds)}}));
  return root;
}

// A day with every kind of step: the world, people, set, raise, a call, a
// touch, what someone says; inline activities, a package, expectations.
std::string dayScenario(const std::filesystem::path& package) {
  return "robot: pepper\nseed: 3\nuntil: 60\npackages: [" + package.string() +
         "]\n"
         "activities:\n"
         "  - name: greeter/.\n    run: {duration: 8}\n"
         "  - name: demo/wave\n    condition: \"'Demo/Wave' == 1\"\n    run: {duration: 5}\n"
         "  - name: demo/bump\n    nature: interactive\n    condition: \"bang('Demo/Bump')\"\n    run: {duration: 4}\n"
         "steps:\n"
         "  - {t: 0, world: {battery: 70}}\n"
         "  - {t: 2, set: {Demo/Wave: 1}}\n"
         "  - {t: 10, people: [{id: ann, distance: 0.5, angle: 0, looking: true}]}\n"
         "  - {t: 10.5, hear: hello}\n"
         "  - {t: 20, people: []}\n"
         "  - {t: 25, raise: {Demo/Bump: 1}, touch: FrontTactil}\n"
         "  - {t: 31, call: [ALAutonomousLife.switchFocus, demo/wave], hear: bye}\n"
         "  - {t: 40, world: {battery: 10, push: true}}\n"
         "  - {t: 41, world: {push: false}}\n"
         "expect:\n"
         "  - {t: 15, focused: greeter/.}\n"
         "  - {t: 50, state: solitary}\n";
}

// The day simulated with a recorder: its records.
simtest::Outcome record(const std::string& yaml, const std::filesystem::path& path) {
  const auto scenario = simtest::parse(yaml);
  replay::RecordingOptions recording;
  recording.source = "simulate";
  recording.scenarioFile = scenario.file;
  recording.expectations = scenario.expectations;
  replay::Recorder recorder(path, recording);
  sim::SimulationOptions options;
  options.hooks = recorder.hooks({});
  return simtest::run(scenario, options);
}

std::vector<sim::Record> replayed(const std::filesystem::path& path, replay::ReplayOptions options = {}) {
  replay::RecordReader reader(path);
  std::vector<sim::Record> out;
  replay::replay(reader, options, [&](const sim::Record& r) { out.push_back(r); });
  return out;
}

std::vector<std::string> texts(const std::vector<sim::Record>& records) {
  std::vector<std::string> out;
  for (const auto& r : records) out.push_back(r.text);
  return out;
}

std::vector<std::string> jsonLines(const std::vector<sim::Record>& records) {
  std::vector<std::string> out;
  for (const auto& r : records) out.push_back(r.json.dump());
  return out;
}

TEST(Replay, ARecordedSimulatedDayReplaysIdentically) {
  simtest::TempDir dir;
  const auto day = dir / "day.day";
  const auto recorded = record(dayScenario(greeter(dir, "greeter", 2)), day);
  ASSERT_EQ(recorded.result.failedExpectations, 0) << ::testing::PrintToString(recorded.lines());
  ASSERT_FALSE(recorded.having("call").empty());
  ASSERT_FALSE(recorded.having("hear").empty());
  const auto again = replayed(day);
  EXPECT_EQ(jsonLines(again), recorded.lines());
  EXPECT_EQ(texts(again), texts(recorded.records));
}

TEST(Replay, AChangedTriggerShowsWhatNoLongerStartsAndWhy) {
  simtest::TempDir dir;
  const auto day = dir / "day.day";
  record(dayScenario(greeter(dir, "greeter", 2)), day);
  replay::RecordReader reader(day);
  replay::ReplayOptions changed;
  changed.packages = {greeter(dir, "slower", 30)};  // the same uuid: someone must stay 30 s
  std::vector<std::string> warnings;
  changed.warn = [&](const std::string& w) { warnings.push_back(w); };
  const auto diff = replay::diffDays(reader, {}, changed);
  ASSERT_FALSE(diff.differences.empty());
  // At 12 s the greeter started (10 s + 2 s); it no longer does: its trigger holds it false.
  const auto& first = diff.differences.front();
  EXPECT_EQ(first.time, std::chrono::seconds(12));
  EXPECT_THAT(first.was["focused"].dump(), HasSubstr("greeter/."));
  EXPECT_THAT(first.now["focused"].dump(), Not(HasSubstr("greeter/.")));
  EXPECT_THAT(first.why, HasSubstr("greeter/. condition-false"));
  EXPECT_THAT(first.json().dump(), HasSubstr(R"("t":12.0)"));
  // The new package is named once, though the day replayed three times.
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_THAT(warnings[0], HasSubstr("package greeter at " + changed.packages[0].string()));
  // Nothing differs with the recorded package.
  reader.rewind();
  EXPECT_TRUE(replay::diffDays(reader, {}, {}).differences.empty());
}

TEST(Replay, APackageWhoseFilesChangedIsNamedInAWarning) {
  simtest::TempDir dir;
  const auto day = dir / "day.day";
  const auto package = greeter(dir, "greeter", 2);
  const auto recorded = record(dayScenario(package), day);
  test::writeText(package / "notes.txt", "changed since\n");
  std::vector<std::string> warnings;
  replay::ReplayOptions options;
  options.warn = [&](const std::string& w) { warnings.push_back(w); };
  const auto again = replayed(day, options);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_THAT(warnings[0], HasSubstr("package greeter at " + package.string()));
  EXPECT_THAT(warnings[0], HasSubstr("hash differs"));
  EXPECT_EQ(jsonLines(again), recorded.lines());  // a file no trigger reads: the same day
}

}  // namespace
