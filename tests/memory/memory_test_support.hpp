// Shared helpers for the memory tests: a Memory on a VirtualClock, a batch
// observer that records what it was shown, and a message matcher for errors.
#pragma once

#include "autolife/core/clock.hpp"
#include "autolife/memory/memory.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace autolife::memory::testing {

inline core::Time sec(double s) { return core::fromSeconds(s); }

// What a BatchObserver saw of one change, read through the LockedView while
// memory's lock was held.
struct SeenChange {
  KeyId key;
  bool raised;
  bool valueChanged;
  Value value;
  bool exists;
  Time changedAt;
  std::uint64_t lastBatch;
};

struct SeenBatch {
  std::uint64_t sequence;
  Time time;
  std::vector<SeenChange> changes;

  const SeenChange* find(KeyId key) const {
    for (const auto& c : changes)
      if (c.key == key) return &c;
    return nullptr;
  }
  std::size_t count(KeyId key) const {
    return static_cast<std::size_t>(
        std::count_if(changes.begin(), changes.end(), [key](const SeenChange& c) { return c.key == key; }));
  }
};

class RecordingObserver final : public BatchObserver {
public:
  void onBatch(const ChangeBatch& batch, const LockedView& view) override {
    SeenBatch seen{batch.sequence, batch.time, {}};
    for (const auto& c : batch.changes)
      seen.changes.push_back({c.key, c.raised, c.valueChanged, view.value(c.key), view.exists(c.key),
                              view.changedAt(c.key), view.lastBatch(c.key)});
    batches.push_back(std::move(seen));
  }
  std::vector<SeenBatch> batches;
};

class MemoryTest : public ::testing::Test {
protected:
  core::VirtualClock clock;
  Memory memory{clock};

  // The id of a key (acquired; kept for the rest of the test).
  KeyId id(std::string_view name) { return memory.acquireKey(name); }

  // Names that exist, leaving out memory's own ALMemory/... event keys.
  static std::vector<std::string> userKeys(std::vector<std::string> names) {
    std::erase_if(names, [](const std::string& n) { return n.starts_with("ALMemory/"); });
    return names;
  }
};

// Matches an exception whose message contains `text`.
inline auto MessageContains(const std::string& text) {
  return ::testing::Property(&std::exception::what, ::testing::HasSubstr(text));
}

}  // namespace autolife::memory::testing
