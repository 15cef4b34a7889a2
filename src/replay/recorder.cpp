#include "autolife/replay/recorder.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <fstream>

#include "autolife/core/preferences.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/package/store.hpp"
#include "autolife/perception/observation.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/voice/audio.hpp"
#include "values.hpp"

#ifndef AUTOLIFE_VERSION
#define AUTOLIFE_VERSION "unknown"
#endif

namespace autolife::replay {

namespace {

using Map = core::Value::Map;
using Array = core::Value::Array;

// A SHA-256 fed piece by piece (OpenSSL's EVP).
class Sha256 {
public:
  Sha256() : context_(EVP_MD_CTX_new()) { EVP_DigestInit_ex(context_, EVP_sha256(), nullptr); }
  ~Sha256() { EVP_MD_CTX_free(context_); }
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void add(std::string_view bytes) { EVP_DigestUpdate(context_, bytes.data(), bytes.size()); }
  bool addFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::array<char, 1 << 16> buffer;
    while (in.read(buffer.data(), buffer.size()) || in.gcount() > 0) add(std::string_view(buffer.data(), static_cast<std::size_t>(in.gcount())));
    return !in.bad();
  }
  std::string hex() {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned length = 0;
    EVP_DigestFinal_ex(context_, digest, &length);
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (unsigned i = 0; i < length; ++i) {
      out.push_back(digits[digest[i] >> 4]);
      out.push_back(digits[digest[i] & 15]);
    }
    return out;
  }

private:
  EVP_MD_CTX* context_;
};

bool startsWithWord(std::string_view method, std::string_view prefix) {
  return method.starts_with(prefix) &&
         (method.size() == prefix.size() || (method[prefix.size()] >= 'A' && method[prefix.size()] <= 'Z'));
}

}  // namespace

std::string packageHash(const std::filesystem::path& path) {
  std::error_code ec;
  Sha256 sha;
  if (std::filesystem::is_regular_file(path, ec)) return sha.addFile(path) ? sha.hex() : "";
  if (!std::filesystem::is_directory(path, ec)) return "";
  std::vector<std::filesystem::path> files;
  for (auto it = std::filesystem::recursive_directory_iterator(path, ec); !ec && it != std::filesystem::recursive_directory_iterator();
       it.increment(ec))
    if (it->is_regular_file(ec)) files.push_back(it->path());
  if (ec) return "";
  std::ranges::sort(files, [&path](const auto& a, const auto& b) {
    return a.lexically_relative(path).generic_string() < b.lexically_relative(path).generic_string();
  });
  for (const auto& f : files) {
    const std::string relative = f.lexically_relative(path).generic_string();
    sha.add(relative);
    sha.add(std::string_view("\0", 1));
    sha.add(std::to_string(std::filesystem::file_size(f, ec)));
    sha.add(std::string_view("\0", 1));
    if (!sha.addFile(f)) return "";
  }
  return sha.hex();
}

bool readsOnly(std::string_view service, std::string_view method) {
  for (auto prefix : {"get", "is", "has"})
    if (startsWithWord(method, prefix)) return true;
  static const std::array<std::string_view, 5> reads{"focusedActivity", "ping", "version", "packages", "package"};
  if (std::ranges::find(reads, method) != reads.end()) return true;
  static const std::array<std::string_view, 6> autolifeViews{"activities", "explainLaunchTrigger", "memory",
                                                              "snapshot",   "warnings",            "whyNot"};
  return service == "Autolife" && std::ranges::find(autolifeViews, method) != autolifeViews.end();
}

// ---- Recorder -------------------------------------------------------------------

Recorder::Recorder(const std::filesystem::path& path, RecordingOptions options)
    : options_(std::move(options)), writer_(path) {}

Recorder::~Recorder() {
  if (engine_) engine_->inputs.setObserver(nullptr);
}

core::Time Recorder::now() const { return engine_->clock.now(); }

// A write that fails stops the recording (said once); the engine goes on.
template <class F>
void Recorder::guarded(F write) {
  if (failed_ || !engine_) return;
  try {
    write();
  } catch (const std::exception& e) {
    failed_ = true;
    if (options_.report) options_.report(std::string("the day is no longer recorded: ") + e.what());
  }
}

void Recorder::attach(engine::Engine& engine) {
  engine_ = &engine;
  const auto& o = engine.options();
  Map header{{"format", std::string(kFormatName)},
             {"version", kFormatVersion},
             {"autolife", AUTOLIFE_VERSION},
             {"source", options_.source},
             {"seed", o.seed},
             {"robot", std::string(launchpad::modelName(o.model))},
             {"start", static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                           engine.clock.wallTime(core::Time{0}).time_since_epoch()).count())},
             {"perception", options_.robotPerception ? "robot" : "world"},
             {"preferences", preferencesValue(engine.preferences)}};
  if (o.turnLimit) header.emplace("turnLimit", static_cast<std::int64_t>(o.turnLimit->count()));
  if (!options_.scenarioFile.empty()) header.emplace("scenario", options_.scenarioFile);
  Array expectations;
  for (const auto& e : options_.expectations) expectations.push_back(expectationValue(e));
  if (!expectations.empty()) header.emplace("expect", std::move(expectations));
  if (options_.restored) header.emplace("life", lifeRecordValue(*options_.restored));
  guarded([&] { writer_.header(header); });
  // What the engine holds before any input: the packages installed in its root (serve's data folder).
  for (const auto& info : engine.packages.packages()) package(info.path, info.uuid, info.version, true);
  engine.inputs.setObserver(this);
}

void Recorder::finish() {
  if (!engine_) return;
  guarded([&] {
    writer_.mark(FrameKind::End, now());
    writer_.flush();
  });
  if (flushTimer_) engine_->clock.cancel(*flushTimer_);
  flushTimer_.reset();
  engine_->inputs.setObserver(nullptr);
  engine_ = nullptr;
}

sim::EngineHooks Recorder::hooks(sim::EngineHooks inner) {
  sim::EngineHooks hooks = inner;
  hooks.built = [this, inner](engine::Engine& engine) {
    if (inner.built) inner.built(engine);
    attach(engine);
  };
  hooks.detach = [this, inner] {
    finish();
    if (inner.detach) inner.detach();
  };
  return hooks;
}

void Recorder::wrote() {
  if (!options_.flushEvery || flushTimer_ || !writer_.pending()) return;
  flushTimer_ = engine_->clock.schedule(now() + *options_.flushEvery, [this] {
    flushTimer_.reset();
    flush();
  });
}

void Recorder::flush() {
  guarded([&] { writer_.flush(); });
}

void Recorder::package(const std::filesystem::path& path, const std::string& uuid, const std::string& version, bool loaded) {
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(path, ec);
  Map m{{"path", path.string()},
        {"absolute", (ec ? path : absolute).string()},
        {"uuid", uuid},
        {"version", version},
        {"hash", packageHash(path)},
        {"loaded", loaded}};
  guarded([&] { writer_.map(FrameKind::Package, now(), m); });
  wrote();
}

void Recorder::packageLoaded(const std::filesystem::path& path, const package::InstallResult& result) {
  std::string version;
  if (auto pkg = engine_->packages.package(result.uuid)) version = pkg->manifest.version;
  package(path, result.uuid, version, result.installed);
}

void Recorder::activityAdded(const life::Activity& activity) {
  guarded([&] { writer_.map(FrameKind::Activity, now(), activityValue(activity)); });
  wrote();
}

void Recorder::runOverridden(const std::string& name, const life::Run& run, core::Duration loadTime, bool applied) {
  const Map m{{"name", name}, {"run", runValue(run)}, {"load", static_cast<std::int64_t>(loadTime.count())}, {"applied", applied}};
  guarded([&] { writer_.map(FrameKind::Override, now(), m); });
  wrote();
}

// The setup ends a block: a record cut short later still has it whole.
void Recorder::started() {
  guarded([&] {
    writer_.mark(FrameKind::Start, now());
    writer_.flush();
  });
}

void Recorder::world(const robot::WorldUpdate& update) {
  guarded([&] { writer_.map(FrameKind::World, now(), worldValue(update)); });
  wrote();
}

void Recorder::touched(const std::string& sensor, double seconds) {
  guarded([&] { writer_.touch(now(), sensor, seconds); });
  wrote();
}

void Recorder::people(const std::vector<launchpad::Person>& people) {
  guarded([&] { writer_.people(now(), people); });
  wrote();
}

void Recorder::written(memory::Write::Kind kind, std::string_view key, const core::Value& value) {
  guarded([&] { writer_.set(now(), kind, key, value); });
  wrote();
}

void Recorder::writtenBatch(std::span<const memory::Write> writes) {
  guarded([&] { writer_.writes(now(), writes); });
  wrote();
}

void Recorder::observed(const perception::Observation& observation) {
  guarded([&] { writer_.map(FrameKind::Observe, now(), observationValue(observation)); });
  wrote();
}

void Recorder::heard(const std::string& utterance, double confidence) {
  guarded([&] { writer_.hear(now(), utterance, confidence); });
  wrote();
}

// Audio longer than a frame holds (minutes of it) is recorded without its
// samples: its replay hears silence, said when it is recorded.
void Recorder::heardAudio(std::string_view source, const voice::Audio& audio) {
  std::span<const std::int16_t> samples = audio.samples;
  if (samples.size() > kMaxAudioBytes / 2) {
    if (options_.report)
      options_.report("heard audio of " + std::to_string(static_cast<int>(audio.seconds())) + " s from " +
                      std::string(source) + " is too long for the record: its replay hears silence");
    samples = {};
  }
  guarded([&] { writer_.hearAudio(now(), source, audio.rate, samples); });
  wrote();
}

void Recorder::called(std::string_view service, std::string_view method, const service::Arguments& arguments) {
  if (readsOnly(service, method)) return;
  std::string qualified(service);
  if (!method.empty()) qualified.append(".").append(method);
  guarded([&] { writer_.call(now(), qualified, arguments); });
  wrote();
}

void Recorder::together(bool begins) {
  guarded([&] { writer_.mark(begins ? FrameKind::Begin : FrameKind::EndTogether); });
  if (!begins) wrote();
}

}  // namespace autolife::replay
