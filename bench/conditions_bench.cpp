// Condition monitor throughput and latency (issue 2's bar): 1,000 conditions
// over 10,000 keys (50% plain comparisons, 30% with ~, 10% with #, 10% with
// bang/stable), 1,000,000 random key updates in virtual time; the same
// workload evaluated naively (every condition on every update) as baseline.
// Prints its figures; asserts nothing.
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "autolife/condition/monitor.hpp"
#include "autolife/core/clock.hpp"

namespace {

using namespace autolife;

struct Workload {
  std::vector<std::string> keys;
  std::vector<std::string> conditions;
  struct Update {
    std::uint32_t key;
    std::int64_t value;
    bool raise;
  };
  std::vector<Update> updates;
};

Workload makeWorkload(int conditionCount, int keyCount, int updateCount, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Workload w;
  for (int i = 0; i < keyCount; ++i) w.keys.push_back("Bench/Key" + std::to_string(i));
  std::uniform_int_distribution<int> anyKey(0, keyCount - 1);
  auto key = [&] { return "'" + w.keys[static_cast<std::size_t>(anyKey(rng))] + "'"; };
  for (int i = 0; i < conditionCount; ++i) {
    int kind = i % 10;  // 0-4 plain, 5-7 ~, 8 #, 9 bang/stable
    std::string c;
    if (kind < 5) c = i % 2 ? key() + " > 50" : "(" + key() + " > 50) && (" + key() + " < 20)";
    else if (kind < 8) c = "(" + key() + " > 30) ~ 2.5";
    else if (kind == 8) c = "(" + key() + " >= 90) # 5";
    else c = i % 20 == 9 ? "bang(" + key() + ")" : "stable(" + key() + ") ~ 1";
    w.conditions.push_back(c);
  }
  std::uniform_int_distribution<int> value(0, 99);
  std::bernoulli_distribution raise(0.1);
  for (int i = 0; i < updateCount; ++i)
    w.updates.push_back({static_cast<std::uint32_t>(anyKey(rng)), value(rng), raise(rng)});
  return w;
}

// On a shared machine the wall clock counts the time other processes had
// the core; the thread's CPU time does not.
double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

std::string cpuModel() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

long peakRssKb() {
  rusage r{};
  getrusage(RUSAGE_SELF, &r);
  return r.ru_maxrss;
}

struct Result {
  double updatesPerSecond;
  double cpuUpdatesPerSecond;  // per second of this thread's CPU time
  double p50Ns = 0;
  double p99Ns = 0;
  double maxNs = 0;
  std::uint64_t changes;
};

// Applies `count` updates, one every 100 µs of virtual time. With `timed`,
// each update (with the deadlines that fell due before it) is timed for the
// latency percentiles; without, nothing but the loop is measured, so the
// throughput carries no timer overhead.
Result run(const Workload& w, bool naive, std::size_t count, bool timed) {
  core::VirtualClock clock;
  memory::Memory memory(clock);
  condition::MonitorOptions options;
  options.naive = naive;
  condition::ConditionMonitor monitor(memory, options);
  std::uint64_t changes = 0;
  condition::ConditionOptions each;
  each.listener = [&changes](const condition::ConditionChange&) { ++changes; };
  for (const auto& text : w.conditions) {
    auto added = monitor.add(text, each);
    if (std::holds_alternative<core::Diagnostic>(added)) {
      std::fprintf(stderr, "bad benchmark condition: %s\n", text.c_str());
      std::exit(1);
    }
  }
  std::vector<std::uint32_t> latencies;
  if (timed) latencies.reserve(count);
  const auto step = std::chrono::microseconds(100);
  core::Time t{0};
  auto apply = [&](const Workload::Update& u) {
    t += step;
    clock.advanceTo(t);
    if (u.raise) memory.raiseEvent(w.keys[u.key], u.value);
    else memory.insertData(w.keys[u.key], u.value);
  };
  const auto begin = std::chrono::steady_clock::now();
  const double cpuBegin = threadCpuSeconds();
  for (std::size_t i = 0; i < count; ++i) {
    const auto& u = w.updates[i % w.updates.size()];
    if (!timed) {
      apply(u);
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    apply(u);
    const auto end = std::chrono::steady_clock::now();
    latencies.push_back(static_cast<std::uint32_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count()));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const double cpuSeconds = threadCpuSeconds() - cpuBegin;
  Result r{static_cast<double>(count) / seconds, static_cast<double>(count) / cpuSeconds, 0, 0, 0, changes};
  if (timed) {
    std::sort(latencies.begin(), latencies.end());
    auto pct = [&](double p) { return static_cast<double>(latencies[static_cast<std::size_t>(p * static_cast<double>(latencies.size() - 1))]); };
    r.p50Ns = pct(0.50);
    r.p99Ns = pct(0.99);
    r.maxNs = static_cast<double>(latencies.back());
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Condition monitor benchmark: indexed, event-driven evaluation vs naive re-evaluation"};
  int conditions = 1000, keys = 10000, updates = 1000000, naiveUpdates = 20000, repeat = 5;
  std::uint64_t seed = 42;
  bool profile = false;
  app.add_option("--conditions", conditions, "Loaded conditions")->capture_default_str();
  app.add_option("--keys", keys, "Distinct memory keys")->capture_default_str();
  app.add_option("--updates", updates, "Key updates for the indexed run")->capture_default_str();
  app.add_option("--naive-updates", naiveUpdates, "Key updates for the naive baseline (it is slow)")->capture_default_str();
  app.add_option("--seed", seed, "Workload seed")->capture_default_str();
  app.add_option("--repeat", repeat, "Throughput passes; the median is reported (this machine is shared)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_flag("--profile", profile, "One indexed pass and nothing else (for callgrind and perf record)");
  CLI11_PARSE(app, argc, argv);

  const long rssBefore = peakRssKb();
  Workload w = makeWorkload(conditions, keys, updates, seed);
  if (profile) {
    const Result r = run(w, false, static_cast<std::size_t>(updates), false);
    std::printf("indexed: %d updates, %.0f updates/s (%.0f per CPU second)\n", updates, r.updatesPerSecond,
                r.cpuUpdatesPerSecond);
    return 0;
  }
  std::vector<Result> passes;
  for (int i = 0; i < repeat; ++i) passes.push_back(run(w, false, static_cast<std::size_t>(updates), false));
  std::sort(passes.begin(), passes.end(),
            [](const Result& a, const Result& b) { return a.updatesPerSecond < b.updatesPerSecond; });
  const Result& throughput = passes[passes.size() / 2];
  const long rssIndexed = peakRssKb();
  Result latency = run(w, false, static_cast<std::size_t>(updates), true);
  Result naive = run(w, true, static_cast<std::size_t>(naiveUpdates), false);

  std::printf("cpu: %s\n", cpuModel().c_str());
  std::printf("workload: %d conditions (50%% plain, 30%% ~, 10%% #, 10%% bang/stable), %d keys, "
              "10%% of updates raised as events, one update per 100 us of virtual time\n",
              conditions, keys);
  std::printf("indexed: %d updates, %.0f updates/s, median of %d passes (range %.0f to %.0f; %llu condition changes)\n",
              updates, throughput.updatesPerSecond, repeat, passes.front().updatesPerSecond,
              passes.back().updatesPerSecond, static_cast<unsigned long long>(throughput.changes));
  std::vector<double> cpuRates;
  for (const auto& p : passes) cpuRates.push_back(p.cpuUpdatesPerSecond);
  std::sort(cpuRates.begin(), cpuRates.end());
  std::printf("indexed: %.0f updates per second of CPU time, median (range %.0f to %.0f; the time other processes "
              "had the core left out)\n",
              cpuRates[cpuRates.size() / 2], cpuRates.front(), cpuRates.back());
  std::printf("latency: p50 %.0f ns, p99 %.0f ns, max %.0f ns per update (timed pass: %.0f updates/s with the timers)\n",
              latency.p50Ns, latency.p99Ns, latency.maxNs, latency.updatesPerSecond);
  std::printf("naive:   %d updates, %.0f updates/s (every condition evaluated on every update)\n", naiveUpdates,
              naive.updatesPerSecond);
  std::printf("speedup: %.0fx over naive (%.0fx per CPU second)\n", throughput.updatesPerSecond / naive.updatesPerSecond,
              cpuRates[cpuRates.size() / 2] / naive.cpuUpdatesPerSecond);
  std::printf("peak RSS: %.1f MB after the indexed run (%.1f MB before building the workload)\n",
              static_cast<double>(rssIndexed) / 1024.0, static_cast<double>(rssBefore) / 1024.0);
  return 0;
}
