// NAOqi 2.8's service operands in launch conditions (`ALBasicAwareness.
// humanTracked`, `ALBattery.charge`, `Svc.prop["a"]`): the parser turns each
// into a memory key named as written (condition::ServiceOperand); this
// bridge feeds those keys from the services of the registry, so that the
// condition machinery (dependency index, history, time operators, bang,
// explain) works on them unchanged. See docs/conditions.md, "Service
// operands".
//
// - A signal: each emission raises the key (raiseEvent) with the emitted
//   value, or the map member the operand's path picks from it.
// - A property: its value is written (insertData) when the operand is
//   bridged and again at each Service::propertyChanged.
// - A service added later is bridged when the registry adds it. When it is
//   removed, its property keys become Invalid (their value is no longer
//   known) and its signal keys keep the last value raised.
// - An operand no service resolves is not an error (services come and go);
//   unresolved() names it for Autolife.activities.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "autolife/condition/program.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

class ServiceOperandBridge {
public:
  ServiceOperandBridge(memory::Memory& memory, service::Registry& registry);
  ~ServiceOperandBridge();
  ServiceOperandBridge(const ServiceOperandBridge&) = delete;
  ServiceOperandBridge& operator=(const ServiceOperandBridge&) = delete;

  // The service operands `owner`'s condition reads (an activity's launch
  // trigger), replacing those it had: they are fed from now on. Property
  // values are written before this returns.
  void track(const std::string& owner, const condition::Program& program);
  void untrack(const std::string& owner);

  // The operands of `owner` (their keys, as written) that name no
  // registered service, or a member that is neither a signal nor a
  // property of it.
  std::vector<std::string> unresolved(const std::string& owner) const;

private:
  struct Operand {
    std::string service;
    std::string member;
    std::vector<std::string> path;
    int users = 0;  // owners reading it
  };
  struct Bound {
    std::shared_ptr<service::Service> service;
    core::SignalLink emitted = 0;
    core::SignalLink propertyChanged = 0;
  };
  // Properties to read (outside the lock: a getter may take the service's
  // own lock, or cross the network to a robot) and write to their keys.
  struct PropertyRead {
    std::string key;
    std::shared_ptr<service::Service> service;
    std::string property;
    std::vector<std::string> path;
    std::uint64_t generation;  // of its key when the read was decided
  };
  struct Pending {
    std::vector<std::string> keys;
    std::vector<memory::Write> writes;
    std::vector<std::uint64_t> generations;  // per write (a signal's raise: unused, always applied)
    std::vector<PropertyRead> reads;
    // Services unbound under the lock, destroyed after it: a remote
    // service's destructor may take locks of its own.
    std::vector<std::shared_ptr<service::Service>> released;
  };
  // Counts the bridge's callbacks running on other threads, so that the
  // destructor waits for them (a signal does not wait for its slots).
  class CallbackScope;

  void onServiceAdded(const std::string& name);
  void onServiceRemoved(const std::string& name);
  void onEmitted(const service::Service* from, const std::string& signal, const service::Any& value);
  void onPropertyChanged(const service::Service* from, const std::string& property, const service::Any& value);
  void feed(const service::Service* from, const std::string& member, const service::Any& value,
            memory::Write::Kind kind);

  // With mutex_ held. They add to `out` what to read and write once it is
  // released (apply): memory calls back into listeners that may emit again.
  void bindLocked(const std::string& name, Pending& out);
  void unbindLocked(const std::string& name, Pending& out);
  void propertyReadsLocked(const std::string& service, Pending& out) const;
  bool resolvedLocked(const Operand& o) const;
  const Bound* boundLocked(const service::Service* from) const;
  // Without the lock. A property write whose key changed again since it
  // was decided (a newer propertyChanged, a removal) is dropped: the newer
  // one wins, whatever order threads reach memory in.
  void apply(Pending& pending);
  std::uint64_t bumpLocked(const std::string& key) { return ++generation_[key]; }
  std::uint64_t generationLocked(const std::string& key) const {
    auto it = generation_.find(key);
    return it == generation_.end() ? 0 : it->second;
  }

  memory::Memory& memory_;
  service::Registry& registry_;
  mutable std::mutex mutex_;
  std::mutex feedMutex_;  // one apply() at a time reaches memory
  std::condition_variable idle_;
  int callbacksRunning_ = 0;
  bool stopping_ = false;
  std::map<std::string, std::uint64_t> generation_;  // property key -> changes decided so far
  std::map<std::string, std::vector<std::string>> owners_;  // owner -> keys
  std::map<std::string, Operand> operands_;                 // key -> operand
  std::map<std::string, Bound> bound_;                      // service name -> links
  core::SignalLink addedLink_ = 0;
  core::SignalLink removedLink_ = 0;
};

}  // namespace autolife::engine
