// The ServiceDirectory (service 1) of the qi server: every engine service
// gets an id (2, 3, ... in name order at start, then in order of arrival)
// and a ServiceInfo; qi clients may register services of their own: once
// the client says one is ready, its metaObject is read and a proxy of it
// joins the engine's registry (client_service.hpp), so that every caller
// reaches it; it leaves with the connection that registered it.
// serviceAdded and serviceRemoved fire for both. Loop thread only.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/signal.hpp"
#include "autolife/qi/meta.hpp"
#include "client_service.hpp"
#include "objects.hpp"

namespace autolife::qiserver {

class Directory {
public:
  Directory(engine::ServiceAccess engine, std::vector<std::string> endpoints, boost::asio::io_context& ioc,
            std::chrono::milliseconds clientCallTimeout);
  ~Directory();

  // Adds the registry's services not yet listed, drops those gone.
  void syncWithRegistry();

  struct Entry {
    qi::ServiceInfo info;
    std::shared_ptr<ServedObject> object;  // null: a client's service not published yet
    const void* owner = nullptr;           // the connection that registered it
    bool ready = true;
    std::shared_ptr<ClientService> client;  // a client's service, once published
  };
  const Entry* find(std::uint32_t id) const;
  const Entry* find(const std::string& name) const;
  std::vector<qi::ServiceInfo> readyServices() const;

  std::uint32_t registerService(qi::ServiceInfo info, const void* owner);
  // A client's service is ready: its metaObject is read from the client,
  // then it is published; `ready` hears the outcome then (loop thread).
  // Throws CallError for a call refused at once.
  void serviceReady(std::uint32_t id, CallContext& context, std::function<void(ServedObject::Outcome)> ready);
  void unregisterService(std::uint32_t id);
  void updateServiceInfo(const qi::ServiceInfo& info);
  void removeOwnedBy(const void* owner);
  // An Event a client sent on an object it hosts.
  void clientEvent(std::uint32_t id, const void* owner, std::uint32_t uid, const std::string& payload);

  const std::string& machineId() const { return machineId_; }
  // The directory itself as a qi object (service 1, object 1).
  std::shared_ptr<ServedObject> object() const { return self_; }

  core::Signal<std::uint32_t, const std::string&> added;
  core::Signal<std::uint32_t, const std::string&> removed;

private:
  qi::ServiceInfo infoFor(const std::string& name, std::uint32_t id) const;
  void add(std::uint32_t id, Entry entry);
  void remove(std::uint32_t id);
  void publish(std::uint32_t id, const qi::MetaObject& meta, std::weak_ptr<ClientHost> host);

  engine::ServiceAccess engine_;
  std::vector<std::string> endpoints_;
  std::string machineId_;
  std::string sessionId_;
  std::map<std::uint32_t, Entry> entries_;
  std::map<std::string, std::uint32_t, std::less<>> ids_;
  std::uint32_t next_ = 2;
  std::shared_ptr<ServedObject> self_;
  boost::asio::io_context& ioc_;
  std::chrono::milliseconds clientCallTimeout_;
};

// "8-4-4-4-12" hex, random.
std::string newUuid();

}  // namespace autolife::qiserver
