// A robot's extractors as a source of perception: follows the keys
// ExtractorReader names in a robot's memory, reads the data they say
// changed, and reports each observation (docs/qi.md, "Perception from the
// robot"). The memory is reached through RobotMemory: over qi for a real
// robot (src/remote), or an engine's own memory (tests, and the round trip
// of the simulated world's keys).
//
// Thread-safe: the memory's answers may come on any thread; they are
// handled one at a time. `report` is called on whatever thread an answer
// came (a robot source posts it onto the engine's clock).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "autolife/core/dispatcher.hpp"
#include "autolife/core/value.hpp"
#include "autolife/perception/extractor_reader.hpp"

namespace autolife::perception {

// What a source needs of a robot's ALMemory, asynchronously. Each callback
// is called once (a subscription's at each value), on any thread.
class RobotMemory {
public:
  virtual ~RobotMemory() = default;
  // ALMemory.subscriber(key): each value raised or inserted.
  virtual void subscribe(const std::string& key, std::function<void(const core::Value&)> onValue) = 0;
  // ALMemory.getData of each key; a key that could not be read is absent.
  virtual void read(const std::vector<std::string>& keys,
                    std::function<void(std::map<std::string, core::Value>)> done) = 0;
  // ALMemory.getDataList(substring): the keys that contain it.
  virtual void list(const std::string& substring, std::function<void(std::vector<std::string>)> done) = 0;
};

class ExtractorSource : public std::enable_shared_from_this<ExtractorSource> {
public:
  using Report = std::function<void(const Observation&)>;
  ExtractorSource(RobotMemory& memory, launchpad::RobotModel model, Report report);

  // Subscribes to the followed keys (once: a robot's connection makes its
  // subscriptions again when it comes back) and reads the state ones.
  void start();
  // Starts afresh (the robot came back): forgets what it knew and reads
  // the state keys again.
  void resync();

private:
  // What an answer leaves to do once the lock is released: the observations
  // it made (queued in reports_ meanwhile) and the stale keys to read.
  struct Next {
    std::vector<std::string> staleKeys;
    std::uint64_t generation = 0;
  };
  // mutex_ held: the reader hears it, its observations are queued.
  Next onValueLocked(const std::string& key, const core::Value& value);
  Next onReadLocked(const std::map<std::string, core::Value>& values);
  Next takeStaleLocked();
  void queueLocked(const std::vector<Observation>& observations);
  // mutex_ not held (a robot's memory may answer inside the call that asks):
  // reports what is queued, then asks for what is stale.
  void proceed(const Next& next);
  void readStale(const Next& next);
  void readTemperatures();

  RobotMemory& memory_;
  launchpad::RobotModel model_;
  Report report_;
  std::mutex mutex_;  // the reader and the fields below; never held while calling memory_ or report_
  // Observations in the order the reader made them, reported outside the
  // lock by whichever thread finds the queue idle.
  core::Dispatcher reports_;
  std::unique_ptr<ExtractorReader> reader_;
  std::uint64_t generation_ = 0;  // resync() increments: older reads' answers are dropped
  bool reading_ = false;          // one data read at a time; events meanwhile make it stale again
};

}  // namespace autolife::perception
