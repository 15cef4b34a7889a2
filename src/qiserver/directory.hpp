// The ServiceDirectory (service 1) of the qi server: every engine service
// gets an id (2, 3, ... in name order at start, then in order of arrival)
// and a ServiceInfo; qi clients may register services of their own
// (bookkeeping only: callers reach them at the endpoints they gave), which
// leave with the connection that registered them. serviceAdded and
// serviceRemoved fire for both. Loop thread only.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/signal.hpp"
#include "autolife/qi/meta.hpp"
#include "objects.hpp"

namespace autolife::qiserver {

class Directory {
public:
  Directory(engine::ServiceAccess engine, std::vector<std::string> endpoints);

  // Adds the registry's services not yet listed, drops those gone.
  void syncWithRegistry();

  struct Entry {
    qi::ServiceInfo info;
    std::shared_ptr<ServedObject> object;  // null: a client's service
    const void* owner = nullptr;           // the connection that registered it
    bool ready = true;
  };
  const Entry* find(std::uint32_t id) const;
  const Entry* find(const std::string& name) const;
  std::vector<qi::ServiceInfo> readyServices() const;

  std::uint32_t registerService(qi::ServiceInfo info, const void* owner);
  void serviceReady(std::uint32_t id);
  void unregisterService(std::uint32_t id);
  void updateServiceInfo(const qi::ServiceInfo& info);
  void removeOwnedBy(const void* owner);

  const std::string& machineId() const { return machineId_; }
  // The directory itself as a qi object (service 1, object 1).
  std::shared_ptr<ServedObject> object() const { return self_; }

  core::Signal<std::uint32_t, const std::string&> added;
  core::Signal<std::uint32_t, const std::string&> removed;

private:
  qi::ServiceInfo infoFor(const std::string& name, std::uint32_t id) const;
  void add(std::uint32_t id, Entry entry);
  void remove(std::uint32_t id);

  engine::ServiceAccess engine_;
  std::vector<std::string> endpoints_;
  std::string machineId_;
  std::string sessionId_;
  std::map<std::uint32_t, Entry> entries_;
  std::map<std::string, std::uint32_t, std::less<>> ids_;
  std::uint32_t next_ = 2;
  std::shared_ptr<ServedObject> self_;
};

// "8-4-4-4-12" hex, random.
std::string newUuid();

}  // namespace autolife::qiserver
