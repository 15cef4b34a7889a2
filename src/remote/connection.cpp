#include "autolife/remote/connection.hpp"

#include <boost/asio/post.hpp>

#include "autolife/qi/convert.hpp"
#include "connection_impl.hpp"

namespace autolife::remote {

namespace asio = boost::asio;
using qi::Kind;
using qi::Signature;

namespace {

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

const qi::MetaMethod* methodNamed(const qi::MetaObject& meta, const std::string& name, std::size_t arguments) {
  for (const auto& [uid, m] : meta.methods)
    if (m.name == name && arity(m.parametersSignature) == arguments) return &m;
  return nullptr;
}

}  // namespace

CallError Connection::Impl::unreachable(const std::string& why) const {
  return CallError("robot-unreachable", "the robot at " + options.url + " is unreachable: " + why);
}

// ---- messages (the connection's thread) ----------------------------------------------------

void Connection::Impl::request(qi::Header header, std::string payload, const std::string& what,
                               std::function<void(Answer)> done) {
  header.id = nextId++;
  header.type = qi::MessageType::Call;
  auto timer = std::make_shared<asio::steady_timer>(io, options.callTimeout);
  const auto id = header.id;
  timer->async_wait([self = shared_from_this(), id, what](const boost::system::error_code& ec) {
    if (ec) return;
    auto it = self->pending.find(id);
    if (it == self->pending.end()) return;
    auto p = std::move(it->second);
    self->pending.erase(it);  // a late answer finds no one waiting and is dropped
    p.done(self->unreachable("no answer to " + what + " within " + secondsText(self->options.callTimeout)));
  });
  pending[id] = {std::move(done), std::move(timer)};
  send(qi::encodeMessage(qi::Message{header, std::move(payload)}));
}

void Connection::Impl::callValue(std::uint32_t service, std::uint32_t object, const qi::MetaMethod& method,
                                 const service::Arguments& arguments, std::function<void(ValueAnswer)> done) {
  std::string payload;
  Signature result;
  try {
    const Signature parameters = Signature::parse(method.parametersSignature);
    result = Signature::parse(method.returnSignature.empty() ? "m" : method.returnSignature);
    payload = qi::encode(parameters, qi::fromValue(core::Value(arguments), parameters), codec);
  } catch (const qi::EncodeError& e) {
    return done(CallError("bad-argument", method.name + ": " + e.what()));
  } catch (const qi::DecodeError& e) {  // the robot's own signature is unreadable
    return done(CallError("remote-error", method.name + ": the robot describes it with a bad signature: " + e.what()));
  }
  qi::Header h;
  h.service = service;
  h.object = object;
  h.action = method.uid;
  request(h, std::move(payload), method.name, [self = shared_from_this(), name = method.name, result, done](Answer answer) {
    if (auto* error = std::get_if<CallError>(&answer)) return done(*error);
    const auto& m = std::get<qi::Message>(answer);
    if (m.header.type == qi::MessageType::Error)
      return done(CallError("remote-error", name + ": " + qi::errorText(m.payload, self->codec)));
    const Signature read = (m.header.flags & qi::flags::DynamicPayload) ? Signature(Kind::Dynamic) : result;
    try {
      done(std::make_pair(qi::decode(read, m.payload, self->codec), read));
    } catch (const qi::DecodeError& e) {
      done(CallError("remote-error", "unreadable answer to " + name + ": " + e.what()));
    }
  });
}

void Connection::Impl::startCall(const std::string& serviceName, const std::string& method,
                                 const service::Arguments& arguments, service::Reply reply) {
  std::optional<RemoteService> s;
  {
    std::lock_guard lock(mutex);
    if (state != State::Up) return reply(unreachable(lostReason.empty() ? "not connected" : lostReason));
    for (const auto& candidate : services)
      if (candidate.name == serviceName) s = candidate;
  }
  if (!s) return reply(CallError("no-such-service", "the robot at " + options.url + " has no service " + serviceName));
  const auto* m = methodNamed(s->meta, method, arguments.size());
  if (!m)
    return reply(CallError("no-such-method", serviceName + " on the robot has no method " + method + " taking " +
                                                 std::to_string(arguments.size()) + " arguments"));
  callValue(s->id, qi::kMainObject, *m, arguments, [reply, name = m->name](ValueAnswer answer) {
    if (auto* error = std::get_if<CallError>(&answer)) return reply(*error);
    const auto& [value, read] = std::get<0>(answer);
    try {
      reply(service::Any(qi::toValue(value, read)));
    } catch (const qi::EncodeError& e) {  // an object: it stays on the robot
      reply(CallError("remote-error", name + " answered what autolife cannot hold: " + e.what()));
    }
  });
}

void Connection::Impl::dispatch(qi::Message m) {
  if (m.header.type == qi::MessageType::Reply || m.header.type == qi::MessageType::Error) {
    auto it = pending.find(m.header.id);
    if (it == pending.end()) return;  // the caller gave up waiting
    auto p = std::move(it->second);
    pending.erase(it);
    p.timer->cancel();
    p.done(std::move(m));
    return;
  }
  if (m.header.type != qi::MessageType::Event) return;  // nothing else is meant for a client
  auto it = routes.find({m.header.service, m.header.object, m.header.action});
  if (it == routes.end()) return;
  const auto subscription = it->second;
  try {
    const Signature s = (m.header.flags & qi::flags::DynamicPayload) ? Signature(Kind::Dynamic)
                                                                      : Signature::parse(subscription->signalSignature);
    const auto values = qi::toValue(qi::decode(s, m.payload, codec), s);
    const auto* members = values.isTuple() ? &values.asTuple() : values.isArray() ? &values.asArray() : nullptr;
    subscription->handler(members && members->size() == 1 ? (*members)[0] : values);
  } catch (const std::exception&) {
    // An event that cannot be read is dropped; the connection goes on.
  }
}

// ALMemory.subscriber(key), then registerEvent on its `signal`.
void Connection::Impl::subscribe(std::shared_ptr<Subscription> sub, std::function<void(std::optional<CallError>)> made) {
  auto tell = [made](std::optional<CallError> e) {
    if (made) made(std::move(e));
  };
  std::optional<RemoteService> memory;
  {
    std::lock_guard lock(mutex);
    if (state != State::Up) return tell(unreachable(lostReason.empty() ? "not connected" : lostReason));
    for (const auto& s : services)
      if (s.name == "ALMemory") memory = s;
  }
  const qi::MetaMethod* subscriber = memory ? methodNamed(memory->meta, "subscriber", 1) : nullptr;
  if (!subscriber) return tell(CallError("remote-error", "the robot at " + options.url + " has no ALMemory.subscriber(key)"));
  callValue(memory->id, qi::kMainObject, *subscriber, {sub->key}, [self = shared_from_this(), sub, tell](ValueAnswer answer) {
    if (auto* error = std::get_if<CallError>(&answer)) return tell(*error);
    auto [value, read] = std::get<0>(answer);
    qi::Value::Object object;
    qi::MetaSignal signal;
    try {
      object = undynamic(value, read).asObject();
      if (!object.metaObject) throw qi::EncodeError("no metaObject with it");
      const auto meta = qi::MetaObject::fromValue(*object.metaObject);
      const auto uid = meta.signalUid("signal");
      if (!uid) throw qi::EncodeError("it has no signal named signal");
      signal = *meta.signal(*uid);
    } catch (const qi::EncodeError& e) {
      return tell(CallError("remote-error", "ALMemory.subscriber(" + sub->key + ") answered an unusable object: " + e.what()));
    }
    sub->signalSignature = signal.signature;
    const Address address{object.service, object.object, signal.uid};
    self->routes[address] = sub;
    // registerEvent is action 0 of every qi object: (object, signal, link) -> link.
    const qi::MetaMethod registerEvent{qi::action::RegisterEvent, "L", "registerEvent", "(IIL)", "", {}, ""};
    self->callValue(object.service, object.object, registerEvent, {object.object, signal.uid, self->nextLink++},
                    [self, address, tell](ValueAnswer registered) {
                      if (auto* error = std::get_if<CallError>(&registered)) {
                        self->routes.erase(address);
                        return tell(*error);
                      }
                      tell(std::nullopt);
                    });
  });
}

// ---- the public side (any thread) ---------------------------------------------------------

Connection::Connection(ConnectionOptions options) : impl_(std::make_shared<Impl>(std::move(options))) {
  const std::string failed = impl_->open();
  if (failed.empty()) return;
  impl_->close();
  throw impl_->unreachable("cannot connect: " + failed);
}

Connection::~Connection() { close(); }

void Connection::close() { impl_->close(); }

const std::string& Connection::url() const { return impl_->options.url; }

std::vector<RemoteService> Connection::services() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->services;
}

std::optional<RemoteService> Connection::service(const std::string& name) const {
  std::lock_guard lock(impl_->mutex);
  for (const auto& s : impl_->services)
    if (s.name == name) return s;
  return std::nullopt;
}

void Connection::callAsync(const std::string& service, const std::string& method, service::Arguments arguments,
                           service::Reply reply) {
  {
    std::lock_guard lock(impl_->mutex);  // down: at once, here
    if (impl_->state != Impl::State::Up)
      return reply(impl_->unreachable(impl_->lostReason.empty() ? "not connected" : impl_->lostReason));
  }
  // Weakly: a task still queued when the connection is gone owns nothing.
  asio::post(impl_->io, [weak = std::weak_ptr(impl_), service, method, arguments = std::move(arguments), reply]() mutable {
    if (auto impl = weak.lock()) impl->startCall(service, method, arguments, reply);
    else reply(CallError("robot-unreachable", "the connection to the robot was closed"));
  });
}

service::Any Connection::call(const std::string& service, const std::string& method, const service::Arguments& arguments) {
  if (std::this_thread::get_id() == impl_->threadId.load())
    throw CallError("error", service + "." + method + ": the connection's own thread cannot wait for the robot");
  auto promise = std::make_shared<std::promise<service::Outcome>>();
  auto future = promise->get_future();
  callAsync(service, method, arguments, [promise](service::Outcome o) { promise->set_value(std::move(o)); });
  auto outcome = future.get();
  if (auto* error = std::get_if<CallError>(&outcome)) throw *error;
  return std::get<service::Any>(std::move(outcome));
}

void Connection::subscribeMemory(const std::string& key, EventHandler handler,
                                 std::function<void(std::optional<CallError>)> made) {
  auto sub = std::make_shared<Impl::Subscription>(Impl::Subscription{key, std::move(handler), {}});
  asio::post(impl_->io, [weak = std::weak_ptr(impl_), sub, made = std::move(made)] {
    auto impl = weak.lock();
    if (!impl || impl->closing) return;
    impl->subscriptions.push_back(sub);
    impl->subscribe(sub, made);
  });
}

bool Connection::connected() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->state == Impl::State::Up;
}

std::string Connection::lostReason() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->lostReason;
}

void Connection::onLost(std::function<void(const std::string&)> handler) {
  std::lock_guard lock(impl_->mutex);
  impl_->lostHandler = std::move(handler);
}

void Connection::onRestored(std::function<void()> handler) {
  std::lock_guard lock(impl_->mutex);
  impl_->restoredHandler = std::move(handler);
}

}  // namespace autolife::remote
