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
  void onValue(const std::string& key, const core::Value& value);
  void readStale();
  void onRead(const std::map<std::string, core::Value>& values);
  void readTemperatures();
  void deliver(const std::vector<Observation>& observations);

  RobotMemory& memory_;
  launchpad::RobotModel model_;
  Report report_;
  std::recursive_mutex mutex_;  // an answer may come back inside the call that asked
  std::unique_ptr<ExtractorReader> reader_;
  std::uint64_t generation_ = 0;  // resync() increments: older reads' answers are dropped
  bool reading_ = false;          // one data read at a time; events meanwhile make it stale again
};

}  // namespace autolife::perception
