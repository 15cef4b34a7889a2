// `autolife eval` end to end on a dense recorded trace (issue 18): generates
// a trace of the shape, then times `autolife eval EXPR --trace FILE`
// as a user runs it (a child process, JSON in, JSON Lines out to /dev/null)
// for each of the formulas, and prints lines/s, wall time, the
// child's CPU time and peak RSS. The anchors, in the same run:
//   --baseline BIN   another autolife (main's, before this work): the ratio
//                    of walls, and with the measurements of both
//                    Reelay and that baseline, the ratio to Reelay it implies;
//   --reelay BIN     Reelay's ryjson, run on the same trace in its own format.
// Prints its figures; asserts nothing.
//
// Trace shape (issue 18): {"t": 0.095, "set": {"p": 0, "x": 0}} per line,
// times ascending by random steps of 1 to 200 ms, p flipping at random with
// runs of 0.5 to 8 s, x uniformly 0 to 5.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace {

struct Formula {
  const char* autolife;  // our syntax
  const char* reelay;    // Reelay's past-time syntax over the same trace
  // The figures (median wall of 3, idle 2-core machine): Reelay's
  // ryjson and autolife's eval before issue 18.
  double reelaySeconds;
  double beforeSeconds;
};

constexpr Formula kFormulas[] = {
    {"('p' == 1) ~ 3", "historically[0:3]{p: 1}", 1.10, 2.21},
    {"('p' == 1) # 5", "once[0:5]{p: 1}", 0.91, 2.63},
    {"('p' == 1) ~ 3 && !(('x' == 3) # 10)", "historically[0:3]{p: 1} && !(once[0:10]{x: 3})", 1.46, 2.93},
};

// Writes the trace in our format and, when `reelayPath` is set, the same
// inputs in Reelay's dense-time format ({"time": 0.095, "p": 0, "x": 4}:
// `ryjson -v -f`, float seconds).
void generate(const std::string& path, const std::string& reelayPath, long lines, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> stepMs(1, 200), runMs(500, 8000), xValue(0, 5);
  std::FILE* out = std::fopen(path.c_str(), "w");
  std::FILE* ry = reelayPath.empty() ? nullptr : std::fopen(reelayPath.c_str(), "w");
  if (!out || (!reelayPath.empty() && !ry)) {
    std::fprintf(stderr, "bench_eval: cannot write %s\n", path.c_str());
    std::exit(1);
  }
  long ms = 95, flipAt = runMs(rng);
  int p = 0;
  std::vector<char> buffer(1 << 16);
  std::setvbuf(out, buffer.data(), _IOFBF, buffer.size());
  for (long i = 0; i < lines; ++i) {
    if (ms >= flipAt) {
      p = 1 - p;
      flipAt = ms + runMs(rng);
    }
    const int x = xValue(rng);
    std::fprintf(out, "{\"t\": %ld.%03ld, \"set\": {\"p\": %d, \"x\": %d}}\n", ms / 1000, ms % 1000, p, x);
    if (ry) std::fprintf(ry, "{\"time\": %ld.%03ld, \"p\": %d, \"x\": %d}\n", ms / 1000, ms % 1000, p, x);
    ms += stepMs(rng);
  }
  std::fclose(out);
  if (ry) std::fclose(ry);
}

struct Run {
  double wall = 0;  // seconds
  double cpu = 0;   // user + system seconds of the child
  long peakRssKb = 0;
  int status = 0;
};

// Runs argv with stdout to /dev/null (stderr kept), timing it.
Run timed(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 1);
    execv(args[0], args.data());
    std::perror(args[0]);
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  Run r;
  r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  auto secs = [](timeval t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  r.cpu = secs(usage.ru_utime) + secs(usage.ru_stime);
  r.peakRssKb = usage.ru_maxrss;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

// The median run of `repeat` by wall time.
Run median(const std::vector<std::string>& argv, int repeat) {
  std::vector<Run> runs;
  for (int i = 0; i < repeat; ++i) runs.push_back(timed(argv));
  std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.wall < b.wall; });
  return runs[runs.size() / 2];
}

void printRun(const char* who, const Run& r, long lines) {
  std::printf("  %-9s %.3f s wall, %.3f s CPU, %.2f M lines/s, peak RSS %.1f MB%s\n", who, r.wall, r.cpu,
              static_cast<double>(lines) / r.wall / 1e6, static_cast<double>(r.peakRssKb) / 1024.0,
              r.status ? " (FAILED: exit status " : "");
  if (r.status) std::printf("%d)\n", r.status);
}

std::string cpuModel() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

std::string siblingBinary(const char* argv0, const char* name) {
  std::string self = argv0;
  const auto slash = self.rfind('/');
  return (slash == std::string::npos ? std::string(".") : self.substr(0, slash)) + "/" + name;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"autolife eval on a dense trace, end to end, against its anchors"};
  long lines = 1000000;
  std::uint64_t seed = 18;
  int repeat = 3;
  std::string autolife = siblingBinary(argv[0], "autolife"), baseline, reelay, trace;
  bool generateOnly = false;
  app.add_option("--lines", lines, "Trace lines")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--seed", seed, "Trace seed")->capture_default_str();
  app.add_option("--repeat", repeat, "Runs per formula; the median wall is reported")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--autolife", autolife, "The autolife binary to measure")->capture_default_str();
  app.add_option("--baseline", baseline, "Another autolife binary (main's) to run side by side: the in-run anchor");
  app.add_option("--reelay", reelay, "Reelay's ryjson binary, run side by side on the same inputs");
  app.add_option("--trace", trace, "Use (or, with --generate, write) this trace file instead of a temporary one");
  app.add_flag("--generate", generateOnly, "Only write the trace (to --trace) and exit");
  CLI11_PARSE(app, argc, argv);

  const bool temporary = trace.empty();
  if (temporary) {
    const char* tmp = std::getenv("TMPDIR");
    trace = std::string(tmp ? tmp : "/tmp") + "/bench_eval." + std::to_string(getpid()) + ".jsonl";
  }
  const std::string reelayTrace = reelay.empty() ? "" : trace + ".reelay.jsonl";
  generate(trace, reelayTrace, lines, seed);
  if (generateOnly) {
    std::printf("wrote %ld lines to %s\n", lines, trace.c_str());
    return 0;
  }

  std::printf("cpu: %s, %ld online\n", cpuModel().c_str(), sysconf(_SC_NPROCESSORS_ONLN));
  std::printf("trace: %ld lines like {\"t\": 0.095, \"set\": {\"p\": 0, \"x\": 0}} (seed %llu), median of %d runs\n",
              lines, static_cast<unsigned long long>(seed), repeat);
  for (const auto& f : kFormulas) {
    std::printf("%s\n", f.autolife);
    const Run ours = median({autolife, "eval", f.autolife, "--trace", trace}, repeat);
    printRun("autolife", ours, lines);
    if (!baseline.empty()) {
      const Run before = median({baseline, "eval", f.autolife, "--trace", trace}, repeat);
      printRun("baseline", before, lines);
      const double speedup = before.wall / ours.wall;
      std::printf("  by CPU time: %.2fx the baseline's speed\n", before.cpu / ours.cpu);
      std::printf("  speedup over baseline: %.2fx by wall\n", speedup);
      // Without Reelay here, the issue's own ratio of Reelay to the baseline
      // carries the claim over (a weaker one than a run side by side).
      if (reelay.empty())
        std::printf("  Reelay had %.2fx the baseline's speed (issue 18's run), so autolife would run at %.2fx "
                    "Reelay's speed\n",
                    f.beforeSeconds / f.reelaySeconds, speedup * f.reelaySeconds / f.beforeSeconds);
    }
    if (!reelay.empty()) {
      // -v -f: dense time, float seconds; the output goes to FILE.ryl.
      const Run ry = median({reelay, "-v", "-f", f.reelay, reelayTrace}, repeat);
      printRun("reelay", ry, lines);
      std::printf("  autolife at %.2fx Reelay's speed (same run; %.2fx by CPU time)\n", ry.wall / ours.wall,
                  ry.cpu / ours.cpu);
    }
    if (lines == 1000000)  // the figures are for its 1,000,000-line trace
      std::printf("  issue 18's reference: Reelay %.2f s (autolife at %.2fx of it on this run's wall)\n",
                  f.reelaySeconds, f.reelaySeconds / ours.wall);
  }
  if (temporary) std::remove(trace.c_str());
  if (!reelayTrace.empty()) {
    std::remove(reelayTrace.c_str());
    std::remove((reelayTrace + ".ryl").c_str());
  }
  return 0;
}
