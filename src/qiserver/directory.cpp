#include "directory.hpp"

#include <unistd.h>

#include <random>

#include "autolife/core/clock.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/qi/codec.hpp"
#include "autolife/qi/message.hpp"
#include "autolife/service/service.hpp"

namespace autolife::qiserver {

using service::CallError;
namespace qi = autolife::qi;

namespace {

const qi::Signature& serviceInfoList() {
  static const qi::Signature s(qi::Kind::List, {qi::ServiceInfo::signature()});
  return s;
}

qi::MetaObject directoryMeta() {
  const std::string info = qi::ServiceInfo::signature().toString();
  qi::MetaObject own;
  auto method = [&own](std::uint32_t uid, std::string name, std::string parameters, std::string result) {
    own.methods[uid] = qi::MetaMethod{uid, std::move(result), std::move(name), std::move(parameters), "", {}, ""};
  };
  method(100, "service", "(s)", info);
  method(101, "services", "()", serviceInfoList().toString());
  method(102, "registerService", "(" + info + ")", "I");
  method(103, "unregisterService", "(I)", "v");
  method(104, "serviceReady", "(I)", "v");
  method(105, "updateServiceInfo", "(" + info + ")", "v");
  method(108, "machineId", "()", "s");
  method(109, "_socketOfService", "(I)", "o");
  own.signals[106] = qi::MetaSignal{106, "serviceAdded", "(Is)"};
  own.signals[107] = qi::MetaSignal{107, "serviceRemoved", "(Is)"};
  return withBoundMembers(std::move(own));
}

std::uint32_t idArgument(const qi::Value& arguments) {
  const auto id = arguments.member(0).asUInt();
  return static_cast<std::uint32_t>(id);
}

class DirectoryObject final : public ServedObject {
public:
  explicit DirectoryObject(Directory& directory) : directory_(directory), meta_(directoryMeta()) {}
  const qi::MetaObject& metaObject() const override { return meta_; }

  qi::Value call(std::uint32_t uid, const qi::Value& arguments, CallContext& context) override {
    switch (uid) {
      case 100: return service(arguments.member(0).asString());
      case 101: {
        std::vector<qi::Value> list;
        for (const auto& info : directory_.readyServices()) list.push_back(info.toValue());
        return qi::Value::list(std::move(list));
      }
      case 102: return qi::Value(directory_.registerService(qi::ServiceInfo::fromValue(arguments.member(0)), context.caller()));
      case 103: directory_.unregisterService(idArgument(arguments)); return {};
      case 104: throw CallError("error", "ServiceDirectory.serviceReady answers later (callAsync)");
      case 105: directory_.updateServiceInfo(qi::ServiceInfo::fromValue(arguments.member(0))); return {};
      case 108: return qi::Value(directory_.machineId());
      case 109: throw CallError("not-supported", "_socketOfService is not supported by autolife");
      default: throw CallError("no-such-method", "there is no method with uid " + std::to_string(uid) + " in ServiceDirectory");
    }
  }

  // serviceReady answers once the client's metaObject is read (over the
  // client's connection): the loop serves the others meanwhile.
  void callAsync(std::uint32_t uid, const qi::Value& arguments, CallContext& context,
                 std::function<void(Outcome)> reply) override {
    if (uid != 104) return ServedObject::callAsync(uid, arguments, context, std::move(reply));
    try {
      directory_.serviceReady(idArgument(arguments), context, reply);
    } catch (const std::exception& e) {
      reply(std::string(e.what()));
    }
  }

  std::function<void()> connect(std::uint32_t uid, Deliver deliver) override {
    if (uid != 106 && uid != 107)
      throw CallError("no-such-signal", "there is no signal with uid " + std::to_string(uid) + " in ServiceDirectory");
    auto& signal = uid == 106 ? directory_.added : directory_.removed;
    const auto link = signal.connect([deliver](std::uint32_t id, const std::string& name) {
      deliver(qi::Value::tuple({qi::Value(id), qi::Value(name)}));
    });
    return [&signal, link] { signal.disconnect(link); };
  }

private:
  qi::Value service(const std::string& name) const {
    const auto* entry = directory_.find(name);
    if (!entry || !entry->ready)
      throw CallError("no-such-service", "Cannot find service '" + name + "' in index");
    return entry->info.toValue();
  }

  Directory& directory_;
  qi::MetaObject meta_;
};

}  // namespace

std::string newUuid() {
  std::random_device random;
  std::string hex;
  static const char* digits = "0123456789abcdef";
  for (int i = 0; i < 32; ++i) {
    if (i == 8 || i == 12 || i == 16 || i == 20) hex += '-';
    hex += digits[random() % 16];
  }
  return hex;
}

Directory::Directory(engine::ServiceAccess engine, std::vector<std::string> endpoints, boost::asio::io_context& ioc,
                     std::chrono::milliseconds clientCallTimeout)
    : engine_(engine), endpoints_(std::move(endpoints)), machineId_(newUuid()), sessionId_(newUuid()), ioc_(ioc),
      clientCallTimeout_(clientCallTimeout) {
  self_ = std::make_shared<DirectoryObject>(*this);
  Entry sd{infoFor("ServiceDirectory", qi::kServiceDirectory), self_, nullptr, true, nullptr};
  entries_.emplace(qi::kServiceDirectory, std::move(sd));
  ids_["ServiceDirectory"] = qi::kServiceDirectory;
}

qi::ServiceInfo Directory::infoFor(const std::string& name, std::uint32_t id) const {
  qi::ServiceInfo info;
  info.name = name;
  info.serviceId = id;
  info.machineId = machineId_;
  info.processId = static_cast<std::uint32_t>(getpid());
  // "qi:ServiceDirectory": reachable through the connection to the
  // directory (RelativeEndpointURI), then the server's own address.
  info.endpoints.push_back("qi:ServiceDirectory");
  info.endpoints.insert(info.endpoints.end(), endpoints_.begin(), endpoints_.end());
  info.sessionId = sessionId_;
  const auto uid = newObjectUid();
  info.objectUid.assign(reinterpret_cast<const char*>(uid.data()), uid.size());
  return info;
}

void Directory::syncWithRegistry() {
  const auto names = engine_.services.names();  // sorted
  std::vector<std::uint32_t> gone;
  for (const auto& [id, entry] : entries_)
    if (entry.object && !entry.owner && id != qi::kServiceDirectory && !engine_.services.find(entry.info.name))
      gone.push_back(id);
  for (auto id : gone) remove(id);
  for (const auto& name : names) {
    if (ids_.count(name)) continue;
    auto service = engine_.services.find(name);
    if (!service) continue;
    const std::uint32_t id = next_++;
    add(id, Entry{infoFor(name, id), std::make_shared<ServiceObject>(engine_, service, id), nullptr, true, nullptr});
  }
}

const Directory::Entry* Directory::find(std::uint32_t id) const {
  auto it = entries_.find(id);
  return it == entries_.end() ? nullptr : &it->second;
}

const Directory::Entry* Directory::find(const std::string& name) const {
  auto it = ids_.find(name);
  return it == ids_.end() ? nullptr : find(it->second);
}

std::vector<qi::ServiceInfo> Directory::readyServices() const {
  std::vector<qi::ServiceInfo> out;
  for (const auto& [id, entry] : entries_)
    if (entry.ready) out.push_back(entry.info);
  return out;
}

void Directory::add(std::uint32_t id, Entry entry) {
  const std::string name = entry.info.name;
  const bool ready = entry.ready;
  ids_[name] = id;
  entries_.emplace(id, std::move(entry));
  if (ready) added(id, name);
}

Directory::~Directory() {
  // The clients' services leave the engine with the server.
  for (const auto& [id, entry] : entries_)
    if (entry.client) engine_.services.remove(entry.info.name);
}

void Directory::remove(std::uint32_t id) {
  auto it = entries_.find(id);
  if (it == entries_.end()) return;
  const std::string name = it->second.info.name;
  const bool wasReady = it->second.ready;
  const bool published = it->second.client != nullptr;
  ids_.erase(name);
  entries_.erase(it);
  if (published) engine_.services.remove(name);
  if (wasReady) removed(id, name);
}

std::uint32_t Directory::registerService(qi::ServiceInfo info, const void* owner) {
  if (info.name.empty()) throw CallError("bad-argument", "a service needs a name");
  if (ids_.count(info.name)) throw CallError("service-exists", "Service \"" + info.name + "\" is already registered");
  const std::uint32_t id = next_++;
  info.serviceId = id;
  add(id, Entry{std::move(info), nullptr, owner, false, nullptr});
  return id;
}

void Directory::serviceReady(std::uint32_t id, CallContext& context, std::function<void(ServedObject::Outcome)> ready) {
  auto it = entries_.find(id);
  if (it == entries_.end() || it->second.owner == nullptr)
    throw CallError("no-such-service", "no service registered by a client with id " + std::to_string(id));
  if (it->second.ready) return ready(qi::Value());
  if (it->second.owner != context.caller())
    throw CallError("not-owner", "service " + it->second.info.name + " was registered by another client");
  const std::string name = it->second.info.name;
  auto host = context.clientHost();
  auto locked = host.lock();
  if (!locked) throw CallError("no-such-service", "the client that registered " + name + " is gone");
  locked->callClient(id, qi::kMainObject, qi::action::MetaObject, qi::encode(qi::Signature::parse("(I)"), qi::Value::tuple({0u})),
                     [this, id, name, host, ready = std::move(ready)](const std::string* payload, const std::string& error, bool) {
                       try {
                         if (!payload) throw CallError("no-meta-object", "could not read the metaObject of " + name + ": " + error);
                         publish(id, qi::MetaObject::fromValue(qi::decode(qi::metaObjectSignature(), *payload)), host);
                       } catch (const std::exception& e) {
                         return ready(std::string(e.what()));
                       }
                       ready(qi::Value());
                     });
}

// The client's service joins the registry, as a proxy that forwards to the client.
void Directory::publish(std::uint32_t id, const qi::MetaObject& meta, std::weak_ptr<ClientHost> host) {
  auto it = entries_.find(id);
  if (it == entries_.end()) throw CallError("no-such-service", "the service left before it was ready");
  Entry& entry = it->second;
  auto client = std::make_shared<ClientService>(entry.info.name, id, meta, std::move(host), ioc_, clientCallTimeout_);
  auto proxy = client->proxy();
  engine_.services.add(proxy);  // CallError service-exists when an engine service took the name meanwhile
  entry.client = client;
  entry.object = std::make_shared<ServiceObject>(engine_, proxy, id);
  entry.ready = true;
  added(id, entry.info.name);
  client->follow();
}

void Directory::clientEvent(std::uint32_t id, const void* owner, std::uint32_t uid, const std::string& payload) {
  auto it = entries_.find(id);
  if (it != entries_.end() && it->second.client && it->second.owner == owner) it->second.client->event(uid, payload);
}

void Directory::unregisterService(std::uint32_t id) {
  auto it = entries_.find(id);
  if (it == entries_.end() || it->second.owner == nullptr)
    throw CallError("no-such-service", "no service registered by a client with id " + std::to_string(id));
  remove(id);
}

void Directory::updateServiceInfo(const qi::ServiceInfo& info) {
  auto it = entries_.find(info.serviceId);
  if (it == entries_.end() || it->second.owner == nullptr || it->second.info.name != info.name)
    throw CallError("no-such-service", "no service registered by a client named " + info.name);
  it->second.info = info;
}

void Directory::removeOwnedBy(const void* owner) {
  std::vector<std::uint32_t> owned;
  for (const auto& [id, entry] : entries_)
    if (owner && entry.owner == owner) owned.push_back(id);
  for (auto id : owned) remove(id);
}

}  // namespace autolife::qiserver
