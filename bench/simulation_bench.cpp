// A simulated day (issue 3's bar): 24 h of virtual time, 200 activities, an
// input every 100 ms (864,000 inputs: memory writes, events, people coming
// and going), on a whole engine (memory, conditions, Launchpad keys,
// Autonomous Life). Prints the wall time, the rate and peak RSS.
// --record FILE records the day while it runs (issue 29: what recording
// costs); --replay FILE replays a recorded day instead, as `autolife
// replay` does, its timeline rendered and dropped (what a replay takes).
#include <chrono>
#include <cstdio>
#include <random>
#include <string>

#include <CLI/CLI.hpp>

#include "autolife/core/json_line.hpp"
#include "autolife/engine/inputs.hpp"
#include "autolife/replay/recorder.hpp"
#include "autolife/replay/replay.hpp"
#include "workload.hpp"

using namespace autolife;

namespace {

// A recorded day replayed as `autolife replay FILE` replays it: every
// record rendered (text), then dropped.
int replayDay(const std::string& path) {
  const auto begin = std::chrono::steady_clock::now();
  replay::RecordReader record(path);
  const double read = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::size_t records = 0, bytes = 0, focusChanges = 0;
  replay::ReplayOptions options;
  options.textOnly = true;  // as `autolife replay DAY` prints it
  const auto result = replay::replay(record, options, [&](const sim::Record& r) {
    ++records;
    bytes += r.text.size();
    focusChanges += r.text.find("  transition   ") != std::string::npos;
  });
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::printf("replayed %s: %.1f h, %zu frames\n", path.c_str(), core::toSeconds(result.end) / 3600, record.frameCount());
  std::printf("timeline: %zu records (%.1f MB of text), focus changes: %zu\n", records, static_cast<double>(bytes) / 1e6,
              focusChanges);
  std::printf("wall time: %.2f s (reading and checking the record: %.2f s)\n", wall, read);
  std::printf("peak RSS: %.1f MB\n", static_cast<double>(bench::peakRssKb()) / 1024.0);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"A simulated day on a whole engine, in virtual time"};
  double hours = 24;
  int activities = 200;
  double periodMs = 100;
  std::uint64_t seed = 7;
  app.add_option("--hours", hours, "Virtual hours to simulate")->capture_default_str();
  app.add_option("--activities", activities, "Activities with launch triggers")->capture_default_str();
  app.add_option("--period-ms", periodMs, "Virtual milliseconds between inputs")->capture_default_str();
  app.add_option("--seed", seed, "Workload seed")->capture_default_str();
  std::string record, replayed;
  app.add_option("--record", record, "Record the day into this file while it runs");
  app.add_option("--replay", replayed, "Replay this recorded day instead (a day recorded with --record)");
  CLI11_PARSE(app, argc, argv);
  if (!replayed.empty()) return replayDay(replayed);

  std::mt19937_64 rng(seed);
  core::VirtualClock clock;
  engine::Engine e(clock, {launchpad::RobotModel::Pepper, seed, {}});
  std::unique_ptr<replay::Recorder> recorder;
  if (!record.empty()) {
    replay::RecordingOptions recording;
    recording.source = "bench";
    recorder = std::make_unique<replay::Recorder>(record, recording);
    recorder->attach(e);
  }
  bench::addActivities(e, activities, 200, "Bench/", 5, 60, rng);
  int focusChanges = 0;
  e.life.activityTransition.connect([&](const service::Any&) { ++focusChanges; });
  e.start();

  const auto period = core::fromSeconds(periodMs / 1000.0);
  const auto end = core::fromSeconds(hours * 3600);
  std::uniform_int_distribution<int> kind(0, 99), key(0, 199), value(0, 99), people(0, 3);
  std::uniform_real_distribution<double> distance(0.3, 4.0);
  std::vector<std::string> keys;
  for (int i = 0; i < 200; ++i) keys.push_back("Bench/Key" + std::to_string(i));
  long inputs = 0;

  const auto begin = std::chrono::steady_clock::now();
  for (core::Time t = period; t <= end; t += period) {
    clock.advanceTo(t);
    const int k = kind(rng);
    // Through the engine's door, as every input from outside (engine/inputs.hpp).
    if (k < 70) {
      e.inputs.set(keys[static_cast<std::size_t>(key(rng))], value(rng));
    } else if (k < 80) {
      e.inputs.raise("Bench/Event" + std::to_string(key(rng) % 20), 1);
    } else {
      std::vector<launchpad::Person> around;
      for (int p = people(rng); p > 0; --p) around.push_back({"p" + std::to_string(p), distance(rng), 0, true, false});
      e.inputs.people(around);
    }
    ++inputs;
  }
  clock.runUntil(end);
  if (recorder) recorder->finish();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

  std::printf("simulated %.1f h with %d activities, one input every %.0f ms of virtual time\n", hours, activities, periodMs);
  std::printf("inputs: %ld, focus changes: %d\n", inputs, focusChanges);
  std::printf("wall time: %.2f s (%.0f inputs/s, %.0fx faster than real time)\n", wall, static_cast<double>(inputs) / wall,
              hours * 3600 / wall);
  if (recorder) std::printf("recorded: %s, %.1f MB\n", recorder->path().c_str(), static_cast<double>(recorder->size()) / 1e6);
  std::printf("peak RSS: %.1f MB\n", static_cast<double>(bench::peakRssKb()) / 1024.0);
  return 0;
}
