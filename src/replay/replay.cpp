#include "autolife/replay/replay.hpp"

#include <map>
#include <random>
#include <set>

#include "autolife/core/preferences.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/engine/inputs.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/package/package.hpp"
#include "autolife/package/store.hpp"
#include "autolife/replay/recorder.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/voice/audio.hpp"
#include "values.hpp"

namespace autolife::replay {

namespace {

// What the record says a run was set up with, before its engine started.
struct Setup {
  std::vector<core::Value> packages;  // Package frames' maps, in order
  std::vector<sim::InlineActivity> activities;
  bool started = false;
};

// Reads the frames up to Start: the packages, the inline activities, the
// run overrides (as the scenario that gave them would say them).
Setup readSetup(RecordReader& record) {
  Setup setup;
  std::map<std::string, std::size_t> overridden;  // an override not applied, by name: its entry
  Frame f;
  while (!setup.started && record.next(f)) {
    switch (f.kind) {
      case FrameKind::Package: setup.packages.push_back(f.value); break;
      case FrameKind::Override: {
        life::Activity a;
        a.name = stringAt(f.value, "name").value_or("");
        a.run = run(f.value.find("run") ? *f.value.find("run") : core::Value());
        a.loadTime = core::Duration(intAt(f.value, "load").value_or(0));
        if (!boolAt(f.value, "applied").value_or(false)) overridden[a.name] = setup.activities.size();
        setup.activities.push_back({std::move(a), 0, true});
        break;
      }
      case FrameKind::Activity: {
        life::Activity a = activity(f.value);
        // prepare() adds an override that found no package activity as the scenario's whole activity.
        if (auto it = overridden.find(a.name); it != overridden.end()) {
          setup.activities[it->second].activity = std::move(a);
          overridden.erase(it);
        } else {
          setup.activities.push_back({std::move(a), 0, false});
        }
        break;
      }
      case FrameKind::Start: setup.started = true; break;
      default: break;  // nothing else comes before the start
    }
  }
  return setup;
}

std::string uuidOf(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    auto loaded = package::loadPackage(path);
    return loaded.package ? loaded.package->uuid() : "";
  }
  // A .pkg: installed into a store of its own, for its manifest.
  std::random_device random;
  const auto root = std::filesystem::temp_directory_path() / ("autolife-replay-" + std::to_string(random()));
  std::string uuid;
  {
    package::PackageStore store(root);
    uuid = store.install(path).uuid;
  }
  std::filesystem::remove_all(root, ec);
  return uuid;
}

// The packages given on the command line: each folder of packages opened.
std::vector<std::filesystem::path> givenPackages(const std::vector<std::filesystem::path>& given) {
  std::vector<std::filesystem::path> out;
  for (const auto& g : given) {
    std::error_code ec;
    if (std::filesystem::is_directory(g, ec) && package::isFolderOfPackages(g))
      for (auto& p : package::packagesIn(g)) out.push_back(std::move(p));
    else
      out.push_back(g);
  }
  return out;
}

// Which step field a frame is (their order in a step), or -1.
int stepRank(const Frame& f) {
  switch (f.kind) {
    case FrameKind::World: return 0;
    case FrameKind::Touch: return 1;
    case FrameKind::People: return 2;
    case FrameKind::Set: return 3;
    case FrameKind::Raise: return 4;
    case FrameKind::Writes: {
      const bool sets = std::ranges::all_of(f.writes, [](const auto& w) { return w.kind == memory::Write::Kind::Set; });
      const bool raises = std::ranges::all_of(f.writes, [](const auto& w) { return w.kind == memory::Write::Kind::Raise; });
      return sets ? 3 : raises ? 4 : -1;
    }
    case FrameKind::Hear:
    case FrameKind::HearAudio: return 5;
    case FrameKind::Call: return 6;
    default: return -1;
  }
}

// Audio heard: the recorded samples, under the name the outcome gave them.
sim::Hear hearOf(const Frame& f) {
  auto audio = std::make_shared<voice::Audio>();
  audio->rate = static_cast<int>(f.number);
  audio->samples = audioSamples(f);
  return sim::Hear{{}, 1.0, std::string(f.key), std::move(audio)};
}

void addToStep(sim::Step& step, Frame& f) {
  switch (f.kind) {
    case FrameKind::World: step.world = worldUpdate(f.value); return;
    case FrameKind::Touch: step.touch = sim::Touch{std::string(f.key), f.number}; return;
    case FrameKind::People: step.people = std::move(f.people); return;
    case FrameKind::Set: step.set.emplace_back(std::string(f.key), std::move(f.value)); return;
    case FrameKind::Raise: step.raise.emplace_back(std::string(f.key), std::move(f.value)); return;
    case FrameKind::Writes:
      for (auto& w : f.writes)
        (w.kind == memory::Write::Kind::Set ? step.set : step.raise).emplace_back(std::string(w.key), std::move(w.value));
      return;
    case FrameKind::Hear: step.hear = sim::Hear{f.text, f.number, {}, nullptr}; return;
    case FrameKind::HearAudio: step.hear = hearOf(f); return;
    case FrameKind::Call: step.call = sim::Call{std::string(f.key), std::move(f.arguments)}; return;
    default: return;
  }
}

// The record's inputs after the start, fed to the simulator one at a time:
// a frame, or the frames of one step together.
class RecordFeed final : public sim::InputFeed {
public:
  explicit RecordFeed(RecordReader& record) : record_(record) {}

  std::size_t size() const override { return record_.frameCount(); }

  std::optional<core::Time> next() override {
    if (!ready_) ready_ = read();
    if (!ready_) return std::nullopt;
    return grouped_ ? group_.front().time : frame_.time;
  }

  std::optional<nlohmann::ordered_json> apply(engine::Engine& engine) override {
    ready_ = false;
    if (grouped_) return applyGroup(engine);
    return applyFrame(engine, frame_);
  }

private:
  // The next input (a step's frames together), skipping the bookkeeping.
  bool read() {
    while (record_.next(frame_)) {
      if (frame_.kind == FrameKind::Begin) {
        group_.clear();
        Frame f;
        while (record_.next(f) && f.kind != FrameKind::EndTogether) group_.push_back(std::move(f));
        if (group_.empty()) continue;
        grouped_ = true;
        return true;
      }
      if (!timed(frame_.kind) || frame_.kind == FrameKind::Start || frame_.kind == FrameKind::End) continue;
      grouped_ = false;
      return true;
    }
    return false;
  }

  // A step: applied as the simulator applies a step (its outcome reported
  // as there), unless its frames are not a step's.
  std::optional<nlohmann::ordered_json> applyGroup(engine::Engine& engine) {
    sim::Step step;
    int rank = -1;
    bool isStep = true;
    for (const auto& f : group_) {
      const int r = stepRank(f);
      isStep = isStep && r > rank;
      rank = r;
    }
    if (isStep) {
      step.time = group_.front().time;
      for (auto& f : group_) addToStep(step, f);
      return sim::applyStep(engine, step);
    }
    engine::Inputs::Together together(engine.inputs);
    std::optional<nlohmann::ordered_json> outcome;
    for (auto& f : group_)
      if (auto o = applyFrame(engine, f); o && !outcome) outcome = std::move(o);
    return outcome;
  }

  std::optional<nlohmann::ordered_json> applyFrame(engine::Engine& engine, Frame& f) {
    auto& in = engine.inputs;
    switch (f.kind) {
      case FrameKind::Set: in.set(f.key, std::move(f.value)); return std::nullopt;
      case FrameKind::Raise: in.raise(f.key, std::move(f.value)); return std::nullopt;
      case FrameKind::Writes: in.write(f.writes); return std::nullopt;
      case FrameKind::People: in.people(std::move(f.people)); return std::nullopt;
      case FrameKind::World: in.world(worldUpdate(f.value)); return std::nullopt;
      case FrameKind::Touch: in.touch(std::string(f.key), f.number); return std::nullopt;
      case FrameKind::Observe: in.observe(observation(f.value)); return std::nullopt;
      case FrameKind::Hear:
      case FrameKind::HearAudio:
      case FrameKind::Call: {
        sim::Step step;
        addToStep(step, f);
        return sim::applyStep(engine, step);
      }
      case FrameKind::Package: engine.loadPackage(stringAt(f.value, "absolute").value_or("")); return std::nullopt;
      case FrameKind::Activity: engine.addActivity(activity(f.value)); return std::nullopt;
      case FrameKind::Override: {
        const auto* r = f.value.find("run");
        engine.overrideRun(stringAt(f.value, "name").value_or(""), run(r ? *r : core::Value()),
                           core::Duration(intAt(f.value, "load").value_or(0)));
        return std::nullopt;
      }
      default: return std::nullopt;
    }
  }

  RecordReader& record_;
  bool ready_ = false;
  bool grouped_ = false;
  Frame frame_;
  std::vector<Frame> group_;
};

sim::Scenario scenarioOf(const core::Value& header, Setup setup, std::vector<std::string> packages, core::Time end) {
  sim::Scenario s;
  s.file = stringAt(header, "scenario").value_or("");
  s.robot = stringAt(header, "robot").value_or("nao");
  if (const auto* seed = header.find("seed"); seed && seed->isInt()) s.seed = static_cast<std::uint64_t>(seed->asInt());
  if (const auto* seed = header.find("seed"); seed && seed->isUInt()) s.seed = seed->asUInt();
  if (auto start = intAt(header, "start"))
    s.start = std::chrono::system_clock::time_point(
        std::chrono::duration_cast<std::chrono::system_clock::duration>(std::chrono::nanoseconds(*start)));
  s.until = end;
  s.packages = std::move(packages);
  s.activities = std::move(setup.activities);
  if (const auto* expect = header.find("expect"); expect && expect->isArray())
    for (const auto& e : expect->asArray()) s.expectations.push_back(expectation(e));
  return s;
}

// Before the packages load: what serve had restored, and a robot's
// perception instead of the simulated world's.
void restore(engine::Engine& engine, const core::Value& header) {
  for (const auto& p : preferences(header.find("preferences") ? *header.find("preferences") : core::Value()))
    engine.preferences.set(p.domain, p.setting, p.value.value_or(""));
  if (const auto* life = header.find("life"); life && life->isMap()) engine.life.restore(lifeRecord(*life));
  if (stringAt(header, "perception") == "robot") engine.world.disconnect();
}

}  // namespace

PackagePlan planPackages(RecordReader& record, const std::vector<std::filesystem::path>& given) {
  record.rewind();
  const Setup setup = readSetup(record);
  record.rewind();
  PackagePlan plan;
  std::map<std::string, std::filesystem::path> replacing;  // by uuid
  std::vector<std::filesystem::path> joining;
  for (const auto& path : givenPackages(given)) {
    const std::string uuid = uuidOf(path);
    if (uuid.empty() || replacing.contains(uuid)) joining.push_back(path);  // its problems are said when it loads
    else replacing[uuid] = path;
  }
  std::set<std::string> used;
  for (const auto& p : setup.packages) {
    const std::string uuid = stringAt(p, "uuid").value_or("");
    const std::string recordedPath = stringAt(p, "path").value_or("");
    const std::string absolute = stringAt(p, "absolute").value_or(recordedPath);
    std::filesystem::path path;
    if (auto it = replacing.find(uuid); it != replacing.end() && !uuid.empty()) {
      path = it->second;
      used.insert(uuid);
    } else {
      std::error_code ec;
      // As it was named when the day was recorded, when that still names it (the same words in the output).
      path = std::filesystem::absolute(recordedPath, ec) == std::filesystem::path(absolute) ? recordedPath : absolute;
      if (!std::filesystem::exists(path, ec)) {
        plan.warnings.push_back("package " + uuid + " is no longer at " + absolute + ": the day replays without it");
        continue;
      }
    }
    const std::string recordedHash = stringAt(p, "hash").value_or("");
    if (!recordedHash.empty() && packageHash(path) != recordedHash)
      plan.warnings.push_back("package " + uuid + " at " + path.string() +
                              " is not the recorded one: its files' hash differs (the day replays with it as it is now)");
    plan.paths.push_back(path.string());
  }
  for (const auto& [uuid, path] : replacing)
    if (!used.contains(uuid)) plan.paths.push_back(path.string());
  for (const auto& path : joining) plan.paths.push_back(path.string());
  return plan;
}

ReplayResult replay(RecordReader& record, const ReplayOptions& options, const std::function<void(const sim::Record&)>& output) {
  PackagePlan plan = planPackages(record, options.packages);
  if (options.warn)
    for (const auto& w : plan.warnings) options.warn(w);
  Setup setup = readSetup(record);  // the reader now stands after the start
  const core::Value& header = record.header();
  const core::Time end = options.until ? std::min(*options.until, record.endTime()) : record.endTime();
  const sim::Scenario scenario = scenarioOf(header, std::move(setup), std::move(plan.paths), end);

  RecordFeed feed(record);
  sim::SimulationOptions simulation;
  simulation.explain = options.explain;
  simulation.textOnly = options.textOnly;
  if (auto limit = intAt(header, "turnLimit")) simulation.turnLimit = std::chrono::milliseconds(*limit);
  simulation.feed = &feed;
  simulation.hooks = options.hooks;
  simulation.hooks.built = [&header, inner = options.hooks.built](engine::Engine& engine) {
    restore(engine, header);
    if (inner) inner(engine);
  };
  ReplayResult result;
  result.simulation = sim::simulate(scenario, simulation, output);
  result.end = end;
  record.rewind();
  return result;
}

}  // namespace autolife::replay
