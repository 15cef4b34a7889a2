// bench_behavior: the behavior runtime's two bars (issue 4), and what
// watching it costs (issue 27).
//   load: a generated ~300 KB behavior read (parse + model) and instantiated
//         (every box created, every Python box's class compiled and built,
//         every onLoad run), on the virtual clock; median of --repeat passes.
//   run: the same behavior played to its end as an activity, on the
//         virtual clock: every box starts, says its sentence and stops,
//         each telling the engine's observers (the log of runs, the
//         Autolife.boxEvent signal with nobody subscribed); median of --runs.
//   jitter: a timeline at 25 fps played on the real clock; how late each
//         frame runs after it was due (p50, p99, max).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "autolife/core/workers.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/runtime/behavior_runner.hpp"
#include "autolife/service/service.hpp"

namespace {

using namespace autolife;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

const char* kPorts =
    "<Input name=\"onLoad\" type=\"1\" type_size=\"1\" nature=\"0\" inner=\"1\" id=\"1\" />\n"
    "<Input name=\"onStart\" type=\"1\" type_size=\"1\" nature=\"2\" inner=\"0\" id=\"2\" />\n"
    "<Input name=\"onStop\" type=\"1\" type_size=\"1\" nature=\"3\" inner=\"0\" id=\"3\" />\n"
    "<Output name=\"onStopped\" type=\"1\" type_size=\"1\" nature=\"1\" inner=\"0\" id=\"4\" />\n";

// A Say-like box, as Choregraphe writes them (a parameter, a script of a
// dozen lines), chained to the next one.
std::string box(int id) {
  return "<Box name=\"Say " + std::to_string(id) + "\" id=\"" + std::to_string(id) +
         "\" localization=\"8\" tooltip=\"Says a sentence.\" x=\"" + std::to_string(100 * id) +
         "\" y=\"100\">\n<bitmap>media/images/box/interaction/say.png</bitmap>\n"
         "<script language=\"4\"><content><![CDATA[class MyClass(GeneratedClass):\n"
         "    def __init__(self):\n        GeneratedClass.__init__(self)\n\n"
         "    def onLoad(self):\n        self.tts = ALProxy(\"ALTextToSpeech\")\n        self.said = 0\n\n"
         "    def onUnload(self):\n        pass\n\n"
         "    def onInput_onStart(self):\n        self.said += 1\n"
         "        self.tts.say(self.getParameter(\"Text\"))\n        self.onStopped()\n\n"
         "    def onInput_onStop(self):\n        self.onUnload()\n        self.onStopped()\n"
         "]]></content></script>\n" +
         kPorts +
         "<Parameter name=\"Text\" inherits_from_parent=\"0\" content_type=\"3\" value=\"Sentence " +
         std::to_string(id) + "\" default_value=\"\" custom_choice=\"0\" id=\"5\" />\n</Box>\n";
}

// `ends`: the last box's onStopped stops the root (the behavior ends).
std::string generatedBehavior(std::size_t targetBytes, int& boxes, bool ends = false) {
  std::string diagram;
  boxes = 0;
  while (diagram.size() < targetBytes) diagram += box(++boxes);
  diagram += "<Link inputowner=\"1\" indexofinput=\"2\" outputowner=\"0\" indexofoutput=\"2\" />\n";
  for (int i = 1; i < boxes; ++i)
    diagram += "<Link inputowner=\"" + std::to_string(i + 1) + "\" indexofinput=\"2\" outputowner=\"" +
               std::to_string(i) + "\" indexofoutput=\"4\" />\n";
  if (ends)
    diagram += "<Link inputowner=\"0\" indexofinput=\"4\" outputowner=\"" + std::to_string(boxes) +
               "\" indexofoutput=\"4\" />\n";
  return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<ChoregrapheProject xar_version=\"3\">\n"
         "<Box name=\"root\" id=\"-1\">\n" +
         std::string(kPorts) +
         "<Timeline enable=\"0\"><BehaviorLayer name=\"behavior_layer1\"><BehaviorKeyframe name=\"keyframe1\" "
         "index=\"1\"><Diagram>\n" +
         diagram + "</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline>\n</Box>\n</ChoregrapheProject>\n";
}

double millisSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double cpuMillis() { return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

struct LoadTimes {
  double parsed = 0, total = 0, cpu = 0;  // ms: wall until read, wall until loaded, CPU (all threads)
};

// One pass: read the file, build the run, load every box (Python included).
LoadTimes loadPass(const fs::path& file) {
  core::VirtualClock clock;
  engine::Engine engine(clock);
  const double cpuStart = cpuMillis();
  const auto start = Clock::now();
  auto loaded = runtime::loadBehavior(file);
  if (!loaded.ok()) throw std::runtime_error(loaded.report());
  auto model = std::make_shared<const behavior::Behavior>(std::move(*loaded.behavior));
  const double parsed = millisSince(start);
  runtime::RuntimeContext context{engine.services, engine.workers, &engine.memory, nullptr, {}, {}};
  auto run = runtime::BehaviorRun::create(model, "bench", context, [](const std::string&) {});
  clock.post([run] { run->start(); });
  clock.runUntil(clock.now());  // every box created and loaded; the first Say starts speaking
  LoadTimes times{parsed, millisSince(start), cpuMillis() - cpuStart};
  run->stop();
  engine.workers.settle();
  return times;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

void benchLoad(int repeat) {
  int boxes = 0;
  const std::string text = generatedBehavior(300 * 1024, boxes);
  const fs::path file = fs::temp_directory_path() / "autolife-bench-behavior.xar";
  std::ofstream(file) << text;
  loadPass(file);  // warm-up: the interpreter starts once per process
  std::vector<double> parse, total, cpu;
  for (int i = 0; i < repeat; ++i) {
    auto t = loadPass(file);
    parse.push_back(t.parsed);
    total.push_back(t.total);
    cpu.push_back(t.cpu);
  }
  fs::remove(file);
  std::printf("load: %zu KB behavior, %d Python boxes: read %.1f ms, read + instantiated %.1f ms wall, %.1f ms CPU "
              "(medians of %d passes; wall range %.1f to %.1f ms)\n",
              text.size() / 1024, boxes, percentile(parse, 0.5), percentile(total, 0.5), percentile(cpu, 0.5), repeat,
              *std::min_element(total.begin(), total.end()), *std::max_element(total.begin(), total.end()));
}

// Plays the generated behavior as an activity, `runs` times after a warm-up
// (which reads the file): wall time from switchFocus to the behavior's end.
void benchRun(int runs) {
  int boxes = 0;
  const std::string text = generatedBehavior(300 * 1024, boxes, true);
  const fs::path file = fs::temp_directory_path() / "autolife-bench-run.xar";
  std::ofstream(file) << text;
  core::VirtualClock clock;
  std::vector<double> wall, cpu;
  {
    engine::Engine engine(clock);
    life::Activity activity;
    activity.name = "bench/chain";
    activity.run = life::RunBehavior{file.string()};
    engine.addActivity(activity);
    engine.start();
    clock.runUntil(clock.now());
    auto once = [&] {
      const double cpuStart = cpuMillis();
      const auto start = Clock::now();
      const auto giveUp = clock.now() + std::chrono::hours(1);  // (the Launchpad's clock ticks for ever)
      engine.services.call("ALAutonomousLife.switchFocus", {activity.name});
      while (engine.behaviors.running() > 0 && clock.now() < giveUp) clock.runNext();
      if (engine.behaviors.running() > 0) throw std::runtime_error("the behavior did not end within an hour");
      cpu.push_back(cpuMillis() - cpuStart);
      return millisSince(start);
    };
    once();
    cpu.clear();
    for (int i = 0; i < runs; ++i) wall.push_back(once());
  }
  if (runs == 0) return;  // the warm-up alone (callgrind's baseline)
  fs::remove(file);
  std::printf("run: %d Python boxes played in sequence as an activity, virtual time: %.2f ms wall, %.2f ms CPU per run "
              "(medians of %d; wall range %.2f to %.2f ms, CPU from %.2f ms)\n",
              boxes, percentile(wall, 0.5), percentile(cpu, 0.5), runs, *std::min_element(wall.begin(), wall.end()),
              *std::max_element(wall.begin(), wall.end()), *std::min_element(cpu.begin(), cpu.end()));
}

void benchJitter(int seconds) {
  const int fps = 25;
  const std::string xar = std::string("<?xml version=\"1.0\" ?>\n<ChoregrapheProject xar_version=\"3\">\n"
                                      "<Box name=\"root\" id=\"-1\">\n") +
                          kPorts + "<Timeline fps=\"25\" enable=\"1\" start_frame=\"0\" end_frame=\"" +
                          std::to_string(seconds * fps) + "\"></Timeline>\n</Box>\n</ChoregrapheProject>\n";
  const fs::path file = fs::temp_directory_path() / "autolife-bench-timeline.xar";
  std::ofstream(file) << xar;
  auto loaded = runtime::loadBehavior(file);
  fs::remove(file);
  if (!loaded.ok()) throw std::runtime_error(loaded.report());
  core::RealClock clock;
  std::vector<double> lateness;
  std::mutex mutex;
  std::condition_variable ended;
  bool done = false;
  {
    engine::Engine engine(clock);
    runtime::RuntimeContext context{engine.services, engine.workers, &engine.memory, nullptr, {},
                                    [&](int, core::Time due) {
                                      const double late = std::chrono::duration<double, std::milli>(clock.now() - due).count();
                                      std::lock_guard lock(mutex);
                                      lateness.push_back(late);
                                    }};
    auto run = runtime::BehaviorRun::create(std::make_shared<const behavior::Behavior>(std::move(*loaded.behavior)),
                                            "jitter", context, [&](const std::string&) {
                                              std::lock_guard lock(mutex);
                                              done = true;
                                              ended.notify_all();
                                            });
    clock.post([run] { run->start(); });
    std::unique_lock lock(mutex);
    ended.wait(lock, [&] { return done; });
    lock.unlock();
    run->stop();
    engine.workers.shutdown();
    clock.stop();  // before the engine whose timers it runs goes
  }
  std::printf("jitter: %zu frames at %d fps on the real clock: late by p50 %.3f ms, p99 %.3f ms, max %.3f ms\n",
              lateness.size(), fps, percentile(lateness, 0.5), percentile(lateness, 0.99),
              *std::max_element(lateness.begin(), lateness.end()));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("The behavior runtime's benchmarks: load + instantiate, a run as an activity, timeline jitter");
  int repeat = 7;
  int runs = 15;
  int seconds = 20;
  app.add_option("--repeat", repeat, "Load passes (median reported)");
  app.add_option("--runs", runs, "Runs of the behavior as an activity (median reported)");
  app.add_option("--seconds", seconds, "Timeline length for the jitter run");
  std::string only;
  app.add_option("--only", only, "One of them: load, run or jitter (under callgrind, say)")
      ->check(CLI::IsMember({"load", "run", "jitter"}));
  CLI11_PARSE(app, argc, argv);
  if (only.empty() || only == "load") benchLoad(repeat);
  if (only.empty() || only == "run") benchRun(runs);
  if (only.empty() || only == "jitter") benchJitter(seconds);
  return 0;
}
