// The soak (issue 7): a whole engine on the real clock, fed 10,000 inputs
// per second (memory writes and events) with 1,000 activities whose launch
// triggers read them, so that activities keep starting and stopping. Every
// report period it prints one JSON line: RSS, the latency of an input
// (insertData / raiseEvent, which re-evaluates the conditions that read the
// key), how late the engine's clock runs its tasks, and what Life did. At
// the end it compares the last period with the first after warm-up: RSS
// must stay within 5% (exit 1 otherwise) and latency must not drift (a
// failure too with --latency-gate: on a shared CI machine a p99 is noise).
//
//   soak --seconds 60 --report-every 10 --warm-up 10   # what CI runs
//   soak --seconds 3600 --warm-up 300 --latency-gate   # the long run (docs/robustness.md)
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "workload.hpp"

using namespace autolife;
using Clock = std::chrono::steady_clock;

namespace {

double rssMb() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// Latencies of one report period, in microseconds.
class Latencies {
public:
  void add(double us) {
    std::lock_guard lock(mutex_);
    samples_.push_back(us);
  }
  // p50, p99, max; the samples are cleared.
  std::array<double, 3> take() {
    std::vector<double> s;
    {
      std::lock_guard lock(mutex_);
      s.swap(samples_);
    }
    if (s.empty()) return {0, 0, 0};
    auto at = [&](double q) {
      auto n = static_cast<std::size_t>(q * static_cast<double>(s.size() - 1));
      std::nth_element(s.begin(), s.begin() + static_cast<long>(n), s.end());
      return s[n];
    };
    const double p50 = at(0.5), p99 = at(0.99);
    return {p50, p99, *std::max_element(s.begin(), s.end())};
  }

private:
  std::mutex mutex_;
  std::vector<double> samples_;
};

// A task every 10 ms on the engine clock, measuring how late it runs.
class ClockProbe {
public:
  ClockProbe(core::Clock& clock, Latencies& lateness) : clock_(clock), lateness_(lateness) {}
  void start() { schedule(clock_.now() + period_); }
  void stop() { stopped_ = true; }

private:
  void schedule(core::Time due) {
    clock_.schedule(due, [this, due] {
      lateness_.add(std::chrono::duration<double, std::micro>(clock_.now() - due).count());
      if (!stopped_) schedule(due + period_);
    });
  }
  core::Clock& clock_;
  Latencies& lateness_;
  core::Duration period_ = core::fromSeconds(0.01);
  std::atomic<bool> stopped_{false};
};

struct Period {
  double rss = 0;
  std::array<double, 3> input{};
  std::array<double, 3> clockLate{};
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Soak: a whole engine on the real clock under a steady flow of inputs"};
  double seconds = 60, reportEvery = 60, warmUp = 0;
  int rate = 10000, activities = 1000, keys = 1000;
  std::uint64_t seed = 7;
  bool latencyGate = false;
  app.add_flag("--latency-gate", latencyGate, "Fail on latency drift too");
  app.add_option("--seconds", seconds, "How long to run")->capture_default_str();
  app.add_option("--report-every", reportEvery, "Seconds between reports")->capture_default_str();
  app.add_option("--warm-up", warmUp, "Seconds before the baseline period (default: the first period)");
  app.add_option("--rate", rate, "Inputs per second")->capture_default_str();
  app.add_option("--activities", activities, "Activities (each with a launch trigger)")->capture_default_str();
  app.add_option("--keys", keys, "Memory keys the triggers read")->capture_default_str();
  app.add_option("--seed", seed, "Workload seed")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  std::mt19937_64 rng(seed);
  core::RealClock clock;
  std::vector<Period> periods;
  long inputs = 0;
  std::atomic<long> transitions{0};
  {
    engine::Engine e(clock, {launchpad::RobotModel::Pepper, seed, {}});
    bench::addActivities(e, activities, keys, "Soak/", 1, 5, rng);
    e.life.activityTransition.connect([&](const service::Any&) { ++transitions; });
    e.start();

    std::vector<std::string> keyNames, eventNames;
    for (int i = 0; i < keys; ++i) keyNames.push_back("Soak/Key" + std::to_string(i));
    for (int i = 0; i < 20; ++i) eventNames.push_back("Soak/Event" + std::to_string(i));
    std::uniform_int_distribution<int> kind(0, 99), key(0, keys - 1), value(0, 99);

    Latencies input, clockLate;
    ClockProbe probe(clock, clockLate);
    probe.start();

    // Inputs go in batches every millisecond, paced against the start time
    // so that a slow batch is caught up rather than lost.
    const auto begin = Clock::now();
    const auto end = begin + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    const auto every = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(reportEvery));
    auto nextReport = begin + every;
    const double perMs = rate / 1000.0;
    long due = 0;
    for (auto tick = begin; tick < end; tick += std::chrono::milliseconds(1)) {
      std::this_thread::sleep_until(tick);
      due = static_cast<long>(perMs * static_cast<double>(std::chrono::duration<double, std::milli>(tick - begin).count() + 1));
      for (; inputs < due; ++inputs) {
        const auto t0 = Clock::now();
        if (kind(rng) < 90) e.memory.insertData(keyNames[static_cast<std::size_t>(key(rng))], value(rng));
        else e.memory.raiseEvent(eventNames[static_cast<std::size_t>(key(rng) % 20)], 1);
        input.add(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
      }
      if (tick + std::chrono::milliseconds(1) < nextReport) continue;
      Period p{rssMb(), input.take(), clockLate.take()};
      periods.push_back(p);
      std::printf(
          "{\"t\": %.0f, \"inputs\": %ld, \"transitions\": %ld, \"rss_mb\": %.1f, \"input_us\": {\"p50\": %.1f, "
          "\"p99\": %.1f, \"max\": %.0f}, \"clock_late_us\": {\"p50\": %.0f, \"p99\": %.0f, \"max\": %.0f}}\n",
          std::chrono::duration<double>(Clock::now() - begin).count(), inputs, transitions.load(), p.rss, p.input[0],
          p.input[1], p.input[2], p.clockLate[0], p.clockLate[1], p.clockLate[2]);
      std::fflush(stdout);
      nextReport += every;
    }
    probe.stop();
    // The clock's thread stops before the engine whose timers it runs goes.
    clock.stop();
  }

  // The baseline: the first period after the warm-up.
  const auto firstAfter = static_cast<std::size_t>(std::max(0.0, warmUp / reportEvery));
  if (periods.size() < firstAfter + 2) {
    std::printf("{\"verdict\": \"too short to compare: run at least two report periods after the warm-up\"}\n");
    return 0;
  }
  const Period& base = periods[firstAfter];
  const Period& last = periods.back();
  const double rssGrowth = (last.rss - base.rss) / base.rss * 100.0;
  // Drift: the last period's p99 input latency more than twice the baseline's
  // (and by more than 100 µs: small figures jitter on a shared machine).
  const bool drift = last.input[1] > 2 * base.input[1] && last.input[1] - base.input[1] > 100;
  const bool ok = rssGrowth <= 5.0 && !(latencyGate && drift);
  std::printf(
      "{\"verdict\": \"%s\", \"rss_growth_percent\": %.2f, \"input_p99_us\": [%.1f, %.1f], \"latency_drift\": %s}\n",
      ok ? "ok" : "failed", rssGrowth, base.input[1], last.input[1], drift ? "true" : "false");
  return ok ? 0 : 1;
}
