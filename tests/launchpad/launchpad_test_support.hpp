// Shared helpers for the launchpad tests: LaunchpadKeys on a Memory on a
// VirtualClock, and a batch observer that records which Launchpad keys each
// memory batch raised (to check "change only" and "one batch per input").
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "autolife/core/clock.hpp"
#include "autolife/launchpad/key_names.hpp"
#include "autolife/launchpad/launchpad_keys.hpp"
#include "autolife/memory/memory.hpp"

namespace autolife::launchpad::testing {

using core::Time;
using core::Value;

inline Time sec(double s) { return core::fromSeconds(s); }

// Everything raised in one memory batch (keys as ids: names cannot be read
// while memory's lock is held).
struct RecordedBatch {
  std::uint64_t sequence = 0;
  Time time{0};
  std::vector<std::pair<memory::KeyId, Value>> raised;
};

class BatchRecorder final : public memory::BatchObserver {
public:
  void onBatch(const memory::ChangeBatch& batch, const memory::LockedView& view) override {
    RecordedBatch b{batch.sequence, batch.time, {}};
    for (const auto& c : batch.changes)
      if (c.raised) b.raised.emplace_back(c.key, view.value(c.key));
    batches.push_back(std::move(b));
  }
  std::vector<RecordedBatch> batches;
};

// One batch as the tests read it: the Launchpad keys it raised, by name.
struct Raised {
  Time time{0};
  std::vector<std::pair<std::string, Value>> keys;

  bool has(std::string_view key) const { return find(key) != nullptr; }
  const Value* find(std::string_view key) const {
    for (const auto& [k, v] : keys)
      if (k == key) return &v;
    return nullptr;
  }
};

class LaunchpadTest : public ::testing::Test {
protected:
  LaunchpadTest() { memory.addObserver(&recorder); }
  ~LaunchpadTest() override {
    keys.reset();
    memory.removeObserver(&recorder);
  }

  // Starts the keys for `profile`, after `setup` gave them their inputs.
  template <class Setup>
  void start(RobotProfile profile, Setup setup) {
    keys = std::make_unique<LaunchpadKeys>(memory, std::move(profile));
    setup(*keys);
    keys->start();
  }
  void start(RobotProfile profile = RobotProfile::nao()) {
    start(std::move(profile), [](LaunchpadKeys&) {});
  }

  Value get(std::string_view key) const { return memory.getData(key); }
  std::int64_t getInt(std::string_view key) const { return memory.getData(key).asInt(); }
  bool getBool(std::string_view key) const { return memory.getData(key).asBool(); }
  double getFloat(std::string_view key) const { return memory.getData(key).asFloat(); }
  std::string getString(std::string_view key) const { return memory.getData(key).asString(); }

  // Where the batches recorded from now on begin.
  std::size_t mark() const { return recorder.batches.size(); }

  // The batches since `from` that raised at least one Launchpad key.
  std::vector<Raised> launchpadBatchesSince(std::size_t from) const {
    std::vector<Raised> out;
    for (std::size_t i = from; i < recorder.batches.size(); ++i) {
      Raised r{recorder.batches[i].time, {}};
      for (const auto& [id, value] : recorder.batches[i].raised) {
        std::string name = memory.keyName(id);
        if (name.starts_with("Launchpad/")) r.keys.emplace_back(std::move(name), value);
      }
      if (!r.keys.empty()) out.push_back(std::move(r));
    }
    return out;
  }

  // How many times `key` was raised since `from`.
  int raisesSince(std::size_t from, std::string_view key) const {
    int n = 0;
    for (const auto& b : launchpadBatchesSince(from)) n += b.has(key) ? 1 : 0;
    return n;
  }

  // Moves virtual time to t; timers due before t run, those due at t wait
  // (an input applied now comes first).
  void at(double t) { clock.advanceTo(sec(t)); }
  // Runs every timer due up to and including t.
  void runUntil(double t) { clock.runUntil(sec(t)); }

  core::VirtualClock clock;  // 2026-01-05 09:00:00 UTC, a Monday
  memory::Memory memory{clock};
  BatchRecorder recorder;
  std::unique_ptr<LaunchpadKeys> keys;
};

inline Person person(std::string id, double distance, double angle = 0.0) {
  Person p;
  p.id = std::move(id);
  p.distance = distance;
  p.angle = angle;
  return p;
}

}  // namespace autolife::launchpad::testing
