// A robot's memory for the perception tests: an engine memory on a virtual
// clock, written by ExtractorWriter, read by ExtractorSource through
// RobotMemory synchronously (the round trip the qi tests make over sockets).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/core/clock.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/launchpad/world.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/perception/extractor_source.hpp"

namespace autolife::perceptiontest {

// A person as the simulated world sees one.
inline launchpad::Person person(std::string id, double distance, double angle = 0.0, bool looking = false,
                                bool waving = false) {
  launchpad::Person p;
  p.id = std::move(id);
  p.distance = distance;
  p.angle = angle;
  p.looking = looking;
  p.waving = waving;
  return p;
}

class LocalRobotMemory final : public perception::RobotMemory {
public:
  explicit LocalRobotMemory(memory::Memory& memory) : memory_(memory) {}
  ~LocalRobotMemory() override {
    for (auto id : subscriptions_) memory_.unsubscribeToEvent(id);
  }
  void subscribe(const std::string& key, std::function<void(const core::Value&)> onValue) override {
    subscriptions_.push_back(memory_.subscribeToEvent(key, "perception-test", [onValue](const std::string&, const core::Value& v) { onValue(v); }));
  }
  void read(const std::vector<std::string>& keys, std::function<void(std::map<std::string, core::Value>)> done) override {
    std::map<std::string, core::Value> values;
    for (const auto& k : keys) {
      try {
        values[k] = memory_.getData(k);
      } catch (const std::exception&) {
      }
    }
    done(std::move(values));
  }
  void list(const std::string& substring, std::function<void(std::vector<std::string>)> done) override {
    done(memory_.getDataList(substring));
  }

private:
  memory::Memory& memory_;
  std::vector<memory::SubscriptionId> subscriptions_;
};

// Every raise and write of the keys asked for, as (key, JSON value).
class Heard {
public:
  Heard(memory::Memory& memory, const std::vector<std::string>& keys) : memory_(memory) {
    for (const auto& k : keys)
      ids_.push_back(memory.subscribeToEvent(k, "heard", [this](const std::string& key, const core::Value& v) {
        events.emplace_back(key, core::valueToJson(v));
      }));
  }
  ~Heard() {
    for (auto id : ids_) memory_.unsubscribeToEvent(id);
  }
  std::vector<nlohmann::json> of(const std::string& key) const {
    std::vector<nlohmann::json> out;
    for (const auto& [k, v] : events)
      if (k == key) out.push_back(v);
    return out;
  }
  std::vector<std::pair<std::string, nlohmann::json>> events;

private:
  memory::Memory& memory_;
  std::vector<memory::SubscriptionId> ids_;
};

}  // namespace autolife::perceptiontest
