// Records a day (docs/replay.md): everything an engine's run depended on,
// as its door tells it (engine/inputs.hpp): the header (seed, robot, the
// wall clock at t=0, what a scenario expects, what serve restored), the
// packages with their files' hash, the inline activities, and every input
// in engine time. It observes the engine and changes nothing in it: a
// recorded run is the run it would have been.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/clock.hpp"
#include "autolife/engine/inputs.hpp"
#include "autolife/life/journal.hpp"
#include "autolife/replay/record.hpp"
#include "autolife/sim/simulator.hpp"

namespace autolife::engine {
class Engine;
}

namespace autolife::replay {

struct RecordingOptions {
  std::string source;  // who recorded: "simulate", "serve", "serve --robot", "bench"
  // A robot perceived for the engine (serve --robot): the simulated world
  // was disconnected, its observations are in the record.
  bool robotPerception = false;
  // simulate: the scenario's file (its expectations say where they are)
  // and what it expects.
  std::string scenarioFile;
  std::vector<sim::Expectation> expectations;
  // serve: Life's journal as the store restored it.
  std::optional<life::LifeRecord> restored;
  // Real time (serve): a block is written at most this long (engine time)
  // after its first frame, so a crash loses little. None: when full.
  std::optional<core::Duration> flushEvery;
  // Told once when writing fails (the recording stops; the engine goes on).
  std::function<void(const std::string&)> report;
};

class Recorder final : public engine::InputObserver {
public:
  // Creates the file (std::runtime_error when it cannot).
  Recorder(const std::filesystem::path& path, RecordingOptions options);
  ~Recorder() override;
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // On the engine's thread, as soon as it is built: the header, the
  // packages it holds already (serve's installed ones), its preferences;
  // then every input it is given.
  void attach(engine::Engine& engine);
  // The run ended (its end time is the engine's now): the End frame, the
  // last block written, the engine no longer observed. Engine thread.
  void finish();
  // `inner`, with attach on `built` (simulate) and finish once settled.
  sim::EngineHooks hooks(sim::EngineHooks inner);

  const std::filesystem::path& path() const { return writer_.path(); }
  std::uint64_t size() const { return writer_.size(); }

  // engine::InputObserver
  void packageLoaded(const std::filesystem::path& path, const package::InstallResult& result) override;
  void activityAdded(const life::Activity& activity) override;
  void runOverridden(const std::string& name, const life::Run& run, core::Duration loadTime, bool applied) override;
  void started() override;
  void world(const robot::WorldUpdate& update) override;
  void touched(const std::string& sensor, double seconds) override;
  void people(const std::vector<launchpad::Person>& people) override;
  void written(memory::Write::Kind kind, std::string_view key, const core::Value& value) override;
  void writtenBatch(std::span<const memory::Write> writes) override;
  void observed(const perception::Observation& observation) override;
  void heard(const std::string& utterance, double confidence) override;
  void heardAudio(std::string_view source, const voice::Audio& audio) override;
  void called(std::string_view service, std::string_view method, const service::Arguments& arguments) override;
  void together(bool begins) override;

private:
  core::Time now() const;
  // After each frame: the block goes out when full, or flushEvery later.
  void wrote();
  void flush();
  void package(const std::filesystem::path& path, const std::string& uuid, const std::string& version, bool loaded);
  template <class F>
  void guarded(F write);

  RecordingOptions options_;
  RecordWriter writer_;
  engine::Engine* engine_ = nullptr;
  bool failed_ = false;
  std::optional<core::TimerId> flushTimer_;
};

// "ab12...": the SHA-256 of a package's files (a folder: every regular
// file's path relative to it, size and bytes, in path order; a .pkg: its
// bytes), or "" when it cannot be read.
std::string packageHash(const std::filesystem::path& path);

// Whether `Service.method` is read-only (get*, is*, has*, ping, version,
// and autolife's own views): a client's call that changes nothing in life
// is not an input, and is not recorded.
bool readsOnly(std::string_view service, std::string_view method);

}  // namespace autolife::replay
