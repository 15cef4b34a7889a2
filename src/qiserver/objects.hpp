// What the qi server serves: objects with a MetaObject, methods by uid,
// signals to connect, properties. The engine's services are served as they
// are (ServiceObject); ALMemory.subscriber(key) hands out a SubscriberObject
// whose signal fires with the key's events. Everything here runs on the
// server's event loop, except signal deliveries, which come from whichever
// thread the engine emits on.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <variant>

#include "autolife/core/value.hpp"
#include "autolife/engine/access.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/qi/meta.hpp"
#include "autolife/qi/value.hpp"
#include "autolife/service/service.hpp"

namespace autolife::qiserver {

class ServedObject;
class ClientHost;

// What a method gets besides its arguments: a way to hand out new objects,
// which live as long as the connection (or until the client terminates them).
class CallContext {
public:
  virtual ~CallContext() = default;
  // The object id given to `object` inside `service`.
  virtual std::uint32_t addObject(std::uint32_t service, std::shared_ptr<ServedObject> object) = 0;
  // Who calls: services a client registers leave with its connection.
  virtual const void* caller() const = 0;
  // The connection, as the host of the services its client registers.
  virtual std::weak_ptr<ClientHost> clientHost() = 0;
};

// Receives a signal's values as the tuple of its signature; any thread.
using Deliver = std::function<void(const qi::Value& values)>;

class ServedObject {
public:
  virtual ~ServedObject() = default;
  // With the members every bound object has (registerEvent, metaObject...).
  virtual const qi::MetaObject& metaObject() const = 0;
  // Method `uid` (>= 100) with its arguments tuple, decoded with the
  // method's parameters signature; the result fits its return signature.
  // Throws service::CallError (or qi::EncodeError for a result that does not fit).
  virtual qi::Value call(std::uint32_t uid, const qi::Value& arguments, CallContext& context) = 0;
  // The same, answering `reply` with the result or the refusal's sentence:
  // here, before returning, or later, on any thread, for a method that
  // answers later (a robot's service behind a proxy, a service a qi client
  // registered; ServiceDirectory.serviceReady). Default: call().
  using Outcome = std::variant<qi::Value, std::string>;
  virtual void callAsync(std::uint32_t uid, const qi::Value& arguments, CallContext& context,
                         std::function<void(Outcome)> reply);
  // Connects signal `uid`; returns what disconnects it. Throws CallError.
  virtual std::function<void()> connect(std::uint32_t uid, Deliver deliver) = 0;
  // A client's Post to a signal: fires it. Default: refused.
  virtual void post(std::uint32_t uid, const qi::Value& values);
  virtual core::Value property(std::uint32_t uid);
  virtual void setProperty(std::uint32_t uid, const core::Value& value);
};

// The members libqi gives every bound object (uids below 100), added to `own`.
qi::MetaObject withBoundMembers(qi::MetaObject own);

// An engine service as a qi object: its methods from uid 100 in declaration
// order (overloads each get their own uid), then its signals, then its
// properties. ALMemory also gets subscriber(key) → object. An object a
// method hands out (service/object.hpp) is served the same way, its calls
// made on it directly rather than through the registry.
class ServiceObject final : public ServedObject {
public:
  enum class Origin { Registry, Handed };
  ServiceObject(engine::ServiceAccess engine, std::shared_ptr<service::Service> service, std::uint32_t serviceId,
                Origin origin = Origin::Registry);
  const qi::MetaObject& metaObject() const override { return meta_; }
  qi::Value call(std::uint32_t uid, const qi::Value& arguments, CallContext& context) override;
  void callAsync(std::uint32_t uid, const qi::Value& arguments, CallContext& context,
                 std::function<void(Outcome)> reply) override;
  std::function<void()> connect(std::uint32_t uid, Deliver deliver) override;
  void post(std::uint32_t uid, const qi::Value& values) override;
  core::Value property(std::uint32_t uid) override;
  void setProperty(std::uint32_t uid, const core::Value& value) override;

private:
  qi::Value subscriber(const qi::Value& arguments, CallContext& context);
  qi::Value handOut(std::shared_ptr<service::Service> object, CallContext& context);
  const service::SignalInfo& signalInfo(std::uint32_t uid) const;
  const service::Property& propertyInfo(std::uint32_t uid) const;

  engine::ServiceAccess engine_;
  std::shared_ptr<service::Service> service_;
  std::uint32_t serviceId_;
  Origin origin_;
  qi::MetaObject meta_;
  std::uint32_t firstSignal_ = 0, firstProperty_ = 0, subscriberUid_ = 0;
};

// What ALMemory.subscriber(key) returns: signal "signal" (uid 100) fires
// with each event of the key.
class SubscriberObject final : public ServedObject {
public:
  explicit SubscriberObject(std::shared_ptr<memory::Subscriber> subscriber);
  const qi::MetaObject& metaObject() const override;
  qi::Value call(std::uint32_t uid, const qi::Value& arguments, CallContext& context) override;
  std::function<void()> connect(std::uint32_t uid, Deliver deliver) override;

private:
  std::shared_ptr<memory::Subscriber> subscriber_;
};

// A parameters tuple signature "(...)" of service parameters.
std::string parametersSignature(const std::vector<service::Parameter>& parameters);

// 20 bytes that identify an object for ObjectPtrUID, unique in this process.
std::array<std::uint8_t, 20> newObjectUid();

}  // namespace autolife::qiserver
