#include "serve_record.hpp"

#include "autolife/core/clock.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/store/store.hpp"
#include "days.hpp"

namespace autolife::app {

std::unique_ptr<replay::Recorder> startServeRecording(const std::string& option, const std::filesystem::path& data,
                                                      engine::Engine& engine, bool robot, store::Store* store,
                                                      ServeLog& log) {
  if (option == "off" || option == "none") return nullptr;
  std::filesystem::path path = option;
  if (option.empty()) {
    const auto now = engine.clock.wallTime(core::Time{0});
    for (const auto& gone : pruneDays(data, now)) log.problem("deleted the recorded day " + gone + " (older than 7 days)", "info");
    std::error_code ec;
    std::filesystem::create_directories(daysFolder(data), ec);
    path = newDayPath(data, now);
  }
  replay::RecordingOptions options;
  options.source = robot ? "serve --robot" : "serve";
  options.robotPerception = robot;
  options.flushEvery = std::chrono::seconds(1);  // a crash loses at most the last second
  options.report = [&log](const std::string& problem) { log.problem(problem); };
  if (store) {
    try {
      options.restored = store->lifeRecord();
    } catch (const std::exception& e) {
      log.problem(std::string("the recorded day lacks Life's journal: ") + e.what(), "warning");
    }
  }
  try {
    auto recorder = std::make_unique<replay::Recorder>(path, std::move(options));
    recorder->attach(engine);
    return recorder;
  } catch (const std::exception& e) {
    log.problem(std::string(e.what()) + ": the day is not recorded", "warning");
    return nullptr;
  }
}

}  // namespace autolife::app
