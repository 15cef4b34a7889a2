#include "autolife/remote/connection.hpp"

#include "autolife/qi/codec.hpp"
#include "autolife/qi/convert.hpp"

namespace autolife::remote {

using qi::Kind;
using qi::Signature;
using service::CallError;

namespace {

// The sentence an Error message carries (a dynamic string, as libqi sends it).
std::string errorText(const qi::Message& m, const qi::CodecOptions& codec) {
  try {
    const auto j = qi::toJson(qi::decode(Signature(Kind::Dynamic), m.payload, codec), Signature(Kind::Dynamic));
    return j.is_string() ? j.get<std::string>() : j.dump();
  } catch (const std::exception& e) {
    return std::string("an unreadable error: ") + e.what();
  }
}

std::size_t arity(const std::string& parametersSignature) {
  return Signature::parse(parametersSignature).children().size();
}

// `m` values hold another: the value inside, and the signature it was written with.
const qi::Value& undynamic(const qi::Value& v, Signature& signature) {
  if (v.type() != qi::Value::Type::Dynamic) return v;
  const auto& d = v.asDynamic();
  if (!d.value) throw qi::EncodeError("an empty dynamic value");
  signature = d.signature;
  return undynamic(*d.value, signature);
}

std::string seconds(std::chrono::milliseconds d) {
  const auto ms = d.count();
  return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

}  // namespace

struct Connection::Pending {
  std::optional<qi::Message> reply;
};

Connection::Connection(ConnectionOptions options) : options_(std::move(options)) {
  qiclient::ClientOptions client;
  client.token = options_.token;
  client.timeout = options_.connectTimeout;
  try {
    client_ = std::make_unique<qiclient::Client>(options_.url, client);
    for (const auto& info : client_->services())
      services_.push_back({info.name, info.serviceId, client_->metaObject(info.serviceId)});
  } catch (const std::exception& e) {  // qiclient::Error, or a directory answer of the wrong shape
    unreachable(std::string("cannot connect: ") + e.what());
  }
  reader_ = std::thread([this] { readLoop(); });
}

Connection::~Connection() {
  closing_ = true;
  client_->shutdown();
  reader_.join();
}

const RemoteService* Connection::service(const std::string& name) const {
  for (const auto& s : services_)
    if (s.name == name) return &s;
  return nullptr;
}

std::string Connection::lostReason() const {
  std::lock_guard lock(mutex_);
  return lostReason_;
}

void Connection::onLost(std::function<void(const std::string&)> handler) {
  std::lock_guard lock(mutex_);
  onLost_ = std::move(handler);
}

void Connection::unreachable(const std::string& why) const {
  throw CallError("robot-unreachable", "the robot at " + options_.url + " is unreachable: " + why);
}

// ---- calls ------------------------------------------------------------------

qi::Message Connection::exchange(qi::Header header, std::string payload, const std::string& what) {
  header.id = nextId_++;
  header.type = qi::MessageType::Call;
  auto pending = std::make_shared<Pending>();
  {
    std::lock_guard lock(mutex_);
    if (lost_) unreachable(lostReason_);
    pending_[header.id] = pending;
  }
  try {
    std::lock_guard lock(sendMutex_);
    client_->sendBytes(qi::encodeMessage(qi::Message{header, std::move(payload)}));
  } catch (const qiclient::Error& e) {
    fall(e.what());
  }
  std::unique_lock lock(mutex_);
  const bool settled =
      answered_.wait_for(lock, options_.callTimeout, [&] { return pending->reply.has_value() || lost_.load(); });
  pending_.erase(header.id);
  if (pending->reply) {
    if (pending->reply->header.type == qi::MessageType::Error)
      throw CallError("remote-error", what + ": " + errorText(*pending->reply, client_->codec()));
    return std::move(*pending->reply);
  }
  if (settled) unreachable(lostReason_);
  // A late answer finds no one waiting and is dropped.
  unreachable("no answer to " + what + " within " + seconds(options_.callTimeout));
}

qi::Value Connection::callValue(std::uint32_t service, std::uint32_t object, const qi::MetaMethod& method,
                                const nlohmann::json& arguments, Signature& read) {
  std::string payload;
  Signature result;
  try {
    const Signature parameters = Signature::parse(method.parametersSignature);
    result = Signature::parse(method.returnSignature);
    payload = qi::encode(parameters, qi::fromJson(arguments, parameters), client_->codec());
  } catch (const qi::EncodeError& e) {
    throw CallError("bad-argument", method.name + ": " + e.what());
  } catch (const qi::DecodeError& e) {  // the robot's own signature is unreadable
    throw CallError("remote-error", method.name + ": the robot describes it with a bad signature: " + e.what());
  }
  qi::Header h;
  h.service = service;
  h.object = object;
  h.action = method.uid;
  const auto reply = exchange(h, std::move(payload), method.name);
  read = (reply.header.flags & qi::flags::DynamicPayload) ? Signature(Kind::Dynamic) : result;
  try {
    return qi::decode(read, reply.payload, client_->codec());
  } catch (const qi::DecodeError& e) {
    throw CallError("remote-error", "unreadable answer to " + method.name + ": " + e.what());
  }
}

nlohmann::json Connection::call(std::uint32_t service, std::uint32_t object, const qi::MetaMethod& method,
                                const nlohmann::json& arguments) {
  Signature read;
  const qi::Value value = callValue(service, object, method, arguments, read);
  try {
    return qi::toJson(value, read);
  } catch (const qi::EncodeError& e) {  // an object: it stays on the robot
    throw CallError("remote-error", method.name + " answered what autolife cannot hold: " + e.what());
  }
}

nlohmann::json Connection::call(const std::string& serviceName, const std::string& method,
                                const nlohmann::json& arguments) {
  const auto* s = service(serviceName);
  if (!s) throw CallError("no-such-service", "the robot at " + options_.url + " has no service " + serviceName);
  for (const auto& [uid, m] : s->meta.methods)
    if (m.name == method && arity(m.parametersSignature) == arguments.size())
      return call(s->id, qi::kMainObject, m, arguments);
  throw CallError("no-such-method", serviceName + " on the robot has no method " + method + " taking " +
                                        std::to_string(arguments.size()) + " arguments");
}

// ---- events -----------------------------------------------------------------

void Connection::subscribeMemory(const std::string& key, EventHandler handler) {
  const auto* memory = service("ALMemory");
  if (!memory) throw CallError("remote-error", "the robot at " + options_.url + " has no ALMemory");
  const qi::MetaMethod* subscriber = nullptr;
  for (const auto& [uid, m] : memory->meta.methods)
    if (m.name == "subscriber" && arity(m.parametersSignature) == 1) subscriber = &m;
  if (!subscriber) throw CallError("remote-error", "the robot's ALMemory has no subscriber(key)");
  Signature read;
  const qi::Value answer = callValue(memory->id, qi::kMainObject, *subscriber, {key}, read);
  qi::Value::Object object;
  qi::MetaSignal signal;
  try {
    object = undynamic(answer, read).asObject();
    if (!object.metaObject) throw qi::EncodeError("no metaObject with it");
    const auto meta = qi::MetaObject::fromValue(*object.metaObject);
    const auto uid = meta.signalUid("signal");
    if (!uid) throw qi::EncodeError("it has no signal named signal");
    signal = *meta.signal(*uid);
  } catch (const qi::EncodeError& e) {
    throw CallError("remote-error", "ALMemory.subscriber(" + key + ") answered an unusable object: " + e.what());
  }
  const Address address{object.service, object.object, signal.uid};
  {
    std::lock_guard lock(mutex_);
    subscriptions_[address] = {signal.signature, std::move(handler)};
  }
  // registerEvent is action 0 of every qi object: (object, signal, link) -> link.
  const qi::MetaMethod registerEvent{qi::action::RegisterEvent, "L", "registerEvent", "(IIL)", "", {}, ""};
  try {
    callValue(object.service, object.object, registerEvent, {object.object, signal.uid, nextLink_++}, read);
  } catch (...) {
    std::lock_guard lock(mutex_);
    subscriptions_.erase(address);
    throw;
  }
}

// ---- the reader thread --------------------------------------------------------

void Connection::readLoop() {
  while (!closing_) {
    try {
      if (auto m = client_->receive(std::chrono::seconds(1))) dispatch(std::move(*m));
    } catch (const std::exception& e) {  // closed, or bytes that are not qi
      if (!closing_) fall(e.what());
      return;
    }
  }
}

void Connection::dispatch(qi::Message m) {
  if (m.header.type == qi::MessageType::Reply || m.header.type == qi::MessageType::Error) {
    std::lock_guard lock(mutex_);
    auto it = pending_.find(m.header.id);
    if (it == pending_.end()) return;  // the caller gave up waiting
    it->second->reply = std::move(m);
    answered_.notify_all();
    return;
  }
  if (m.header.type != qi::MessageType::Event) return;  // nothing else is meant for a client
  Subscription subscription;
  {
    std::lock_guard lock(mutex_);
    auto it = subscriptions_.find({m.header.service, m.header.object, m.header.action});
    if (it == subscriptions_.end()) return;
    subscription = it->second;
  }
  try {
    const Signature s = (m.header.flags & qi::flags::DynamicPayload) ? Signature(Kind::Dynamic)
                                                                      : Signature::parse(subscription.signalSignature);
    const auto values = qi::toJson(qi::decode(s, m.payload, client_->codec()), s);
    subscription.handler(values.is_array() && values.size() == 1 ? values[0] : values);
  } catch (const std::exception&) {
    // An event that cannot be read is dropped; the connection goes on.
  }
}

void Connection::fall(const std::string& reason) {
  std::function<void(const std::string&)> told;
  {
    std::lock_guard lock(mutex_);
    if (lost_) return;
    lostReason_ = reason;
    lost_ = true;
    told = onLost_;
  }
  answered_.notify_all();
  if (told && !closing_) told(reason);
}

}  // namespace autolife::remote
