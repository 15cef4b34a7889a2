#include "connection.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <iostream>
#include <thread>

#include "autolife/core/clock.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/qi/capabilities.hpp"
#include "autolife/qi/convert.hpp"
#include "autolife/service/service.hpp"

namespace autolife::qiserver {

namespace asio = boost::asio;
using service::CallError;
namespace qi = autolife::qi;
using qi::Kind;
using qi::Signature;
using qi::Value;

namespace {

const Signature& capabilityMap() {
  static const Signature s = Signature::parse("{sm}");
  return s;
}

Value dynamicBool(bool b) { return Value::dynamic(Signature(Kind::Bool), b); }

// What this server offers, with the login's state 3, "done" (libqi's
// AuthProvider::State_Done). MetaObjectCache stays off: every object
// carries its metaObject.
Value capabilities() {
  Value::Map map;
  auto add = [&map](std::string key, Value value) {
    map.keys.emplace_back(std::move(key));
    map.values.push_back(std::move(value));
  };
  add("ClientServerSocket", dynamicBool(true));
  add("MessageFlags", dynamicBool(true));
  add("MetaObjectCache", dynamicBool(false));
  add("ObjectPtrUID", dynamicBool(true));
  add("RelativeEndpointURI", dynamicBool(true));
  add("RemoteCancelableCalls", dynamicBool(true));
  add("__qi_auth_state", Value::dynamic(Signature(Kind::UInt32), std::uint32_t{3}));
  return Value(std::move(map));
}

qi::Message messageFor(const qi::Header& request, qi::MessageType type, std::string payload) {
  qi::Message m;
  m.header = request;
  m.header.type = type;
  m.header.flags = 0;
  m.payload = std::move(payload);
  return m;
}

// The arguments of a call as its parameters tuple, whatever form the
// client sent them in (DynamicPayload: a dynamic value holding some tuple,
// converted; ReturnType: followed by the signature it wants back).
struct Arguments {
  Value values;
  std::string requestedReturn;
};

Arguments decodeArguments(const qi::Message& m, const Signature& parameters, const qi::CodecOptions& codec) {
  const bool dynamicPayload = (m.header.flags & qi::flags::DynamicPayload) != 0;
  const bool returnType = (m.header.flags & qi::flags::ReturnType) != 0;
  Signature wire = dynamicPayload ? Signature(Kind::Dynamic) : parameters;
  if (returnType) wire = Signature::tuple({wire, Signature(Kind::String)});
  Value decoded = qi::decode(wire, m.payload, codec);
  Arguments out;
  if (returnType) {
    out.requestedReturn = decoded.member(1).asString();
    decoded = Value(decoded.member(0));
  }
  if (dynamicPayload) {
    const auto& d = decoded.asDynamic();
    core::Value given = d.valid && d.value ? qi::toValue(*d.value, d.signature) : core::Value(core::Value::Array{});
    if (!given.isArray() && !given.isTuple()) given = core::Value::Array{std::move(given)};
    decoded = qi::fromValue(given, parameters);
  }
  out.values = std::move(decoded);
  return out;
}

std::string describeError(const std::exception& e) {
  if (const auto* call = dynamic_cast<const CallError*>(&e)) return call->what();
  return e.what();
}

}  // namespace

Connection::Connection(ServerState& state, std::unique_ptr<net::Stream> stream)
    : state_(state), stream_(std::move(stream)), stall_(state.ioc), peer_(stream_->peer()), reader_(state.options.limits) {
  codec_.limits = state.options.limits;
  codec_.objectUid = false;  // until both ends said so in the handshake
}

void Connection::start() { read(); }

void Connection::read() {
  stream_->readSome(buffer_.data(), buffer_.size(), [self = shared_from_this()](const std::string& error, std::size_t n) {
    if (self->closed_) return;
    if (!error.empty()) return self->close("");
    self->received(n);
  });
}

void Connection::received(std::size_t n) {
  try {
    reader_.feed(std::string_view(buffer_.data(), n));
    while (!closed_) {
      auto m = reader_.next();
      if (!m) break;
      handle(*m);
    }
  } catch (const qi::DecodeError& e) {
    return close(std::string("bad message header: ") + e.what());
  }
  if (closed_) return;
  // Half a message: the rest must come within stallTimeout.
  if (reader_.buffered() > 0) {
    stall_.expires_after(state_.options.stallTimeout);
    stall_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
      if (!ec) self->close("stalled in the middle of a message");
    });
  } else {
    stall_.cancel();
  }
  read();
}

void Connection::handle(const qi::Message& m) {
  const auto& h = m.header;
  if (h.service == qi::kServerService && h.action == qi::action::Authenticate && h.type == qi::MessageType::Call)
    return handshake(m);
  if (!handshakeDone_ && !state_.options.token.empty()) {
    replyError(h, "authentication required: the first message must be the capability handshake (0/0/8)");
    close("message before the handshake");
    return;
  }
  switch (h.type) {
    case qi::MessageType::Call:
    case qi::MessageType::Post: return dispatch(m);
    case qi::MessageType::Capability:
      try {
        updateCapabilities(qi::decode(capabilityMap(), m.payload, codec_));
      } catch (const std::exception&) {
        // an unreadable advertisement changes nothing
      }
      return;
    case qi::MessageType::Reply:
    case qi::MessageType::Error: return answered(m);
    case qi::MessageType::Event: return state_.directory->clientEvent(h.service, this, h.action, m.payload);
    case qi::MessageType::Cancel:  // nothing is canceled: a call runs to its answer
    case qi::MessageType::Canceled: return;
    case qi::MessageType::None: return replyError(h, "message of type None");
  }
}

void Connection::updateCapabilities(const Value& map) {
  const auto& m = map.asMap();
  for (std::size_t i = 0; i < m.keys.size(); ++i) {
    if (m.keys[i].asString() != "ObjectPtrUID") continue;
    const auto& d = m.values[i].asDynamic();
    codec_.objectUid = d.valid && d.value && d.value->type() == Value::Type::Bool && d.value->asBool();
  }
}

void Connection::handshake(const qi::Message& m) {
  Value offered;
  try {
    offered = qi::decode(capabilityMap(), m.payload, codec_);
  } catch (const qi::DecodeError& e) {
    replyError(m.header, std::string("unreadable capability map: ") + e.what());
    return close("unreadable capability map");
  }
  // auth_token alone (autolife's, older clients), or NAOqi 2.9's login
  // (libqi's client sends its authenticator's {user, token} as auth_user and
  // auth_token): the token decides, whoever the user. A refusal is libqi's
  // server's: an Error with the reason, then the connection closes.
  if (const std::string refusal = loginRefusal(qi::readCredentials(offered).token); !refusal.empty()) {
    replyError(m.header, "Authentication failed: " + refusal);
    closing_ = true;
    return;
  }
  reply(m.header, capabilityMap(), capabilities());
  handshakeDone_ = true;
  updateCapabilities(offered);
}

std::string Connection::loginRefusal(const std::string& token) const {
  if (state_.options.token.empty() || token == state_.options.token) return {};
  if (token.empty())
    return "this server requires a token (auth_token in the capability map, or a login whose token is it)";
  return "the token is wrong";
}

std::shared_ptr<ServedObject> Connection::target(const qi::Header& h) const {
  if (h.object == qi::kMainObject) {
    const auto* entry = state_.directory->find(h.service);
    if (!entry) throw CallError("no-such-service", "there is no service with id " + std::to_string(h.service));
    if (!entry->object)
      throw CallError("not-ready", "service " + entry->info.name + " is registered but not ready yet");
    return entry->object;
  }
  auto it = objects_.find({h.service, h.object});
  if (it == objects_.end())
    throw CallError("no-such-object", "there is no object " + std::to_string(h.object) + " in service " +
                                          std::to_string(h.service));
  return it->second;
}

void Connection::dispatch(const qi::Message& m) {
  const auto& h = m.header;
  const bool isCall = h.type == qi::MessageType::Call;
  try {
    if (h.service == qi::kServerService)
      throw CallError("no-such-method", "the server (service 0) only answers the handshake (action 8)");
    auto object = target(h);
    const auto& meta = object->metaObject();
    if (!isCall) {  // Post: a signal fired by the client, or a call without an answer
      if (const auto* signal = meta.signal(h.action)) {
        object->post(h.action, decodeArguments(m, Signature::parse(signal->signature), codec_).values);
        return;
      }
    }
    const qi::MetaMethod* method = meta.method(h.action);
    if (!method)
      throw CallError("no-such-method", "there is no method with uid " + std::to_string(h.action) + " in service " +
                                            std::to_string(h.service) + " object " + std::to_string(h.object));
    const Arguments arguments = decodeArguments(m, Signature::parse(method->parametersSignature), codec_);
    if (h.action < qi::action::FirstUser) {
      Value result = callBound(*object, h, arguments.values);
      if (isCall) answer(h, *method, arguments.requestedReturn, result);
      return;
    }
    service::takes(core::Duration{0});  // what the call below says it takes, and nothing older
    const auto here = std::this_thread::get_id();
    auto& loop = state_.ioc;  // outlives the server (and its state): the robot may answer after it stopped
    object->callAsync(h.action, arguments.values, *this,
                      [self = shared_from_this(), &loop, h, isCall, here, method = *method,
                       requested = arguments.requestedReturn](ServedObject::Outcome outcome) {
                        // Answered here, now (a simulated robot's action says how long it takes), or later from
                        // another thread (a robot's service): back on the loop, answered at once.
                        const bool now = std::this_thread::get_id() == here;
                        auto deliver = [self, h, isCall, method, requested, outcome = std::move(outcome)](core::Duration took) {
                          if (!isCall || self->closed_) return;
                          if (const auto* error = std::get_if<std::string>(&outcome)) return self->replyError(h, *error);
                          self->answerAfter(took, h, method, requested, std::get<Value>(outcome));
                        };
                        if (now) return deliver(service::takenByLastCall());
                        asio::post(loop, [deliver] { deliver(core::Duration{0}); });
                      });
  } catch (const std::exception& e) {
    if (isCall) replyError(h, describeError(e));
  }
}

void Connection::callClient(std::uint32_t service, std::uint32_t object, std::uint32_t action, std::string payload,
                            Outcome done) {
  if (closed_) return done(nullptr, "the connection closed", true);
  qi::Message m;
  m.header.id = nextCallId_++;
  m.header.type = qi::MessageType::Call;
  m.header.service = service;
  m.header.object = object;
  m.header.action = action;
  m.payload = std::move(payload);
  outgoing_[m.header.id] = std::move(done);
  send(qi::encodeMessage(m));
}

void Connection::answered(const qi::Message& m) {
  auto it = outgoing_.find(m.header.id);
  if (it == outgoing_.end()) return;  // nothing asked: ignored
  Outcome done = std::move(it->second);
  outgoing_.erase(it);
  if (m.header.type == qi::MessageType::Reply) return done(&m.payload, "", false);
  done(nullptr, qi::errorText(m.payload, codec_), false);
}

// A robot action (say, a motion) answers once it is done, as NAOqi's
// blocking calls do; the loop serves the others meanwhile.
void Connection::answerAfter(core::Duration took, const qi::Header& h, const qi::MetaMethod& method,
                             const std::string& requestedReturn, const Value& result) {
  if (took <= core::Duration{0}) return answer(h, method, requestedReturn, result);
  auto done = std::make_shared<boost::asio::steady_timer>(state_.ioc, took);
  done->async_wait([self = shared_from_this(), done, h, method, requestedReturn, result](boost::system::error_code ec) {
    if (!ec) self->answer(h, method, requestedReturn, result);
  });
}

// The reply to a call: its result as the method's return type, or as the
// type the caller asked for (converted when it can be, else sent as a
// dynamic value for the caller to convert).
void Connection::answer(const qi::Header& h, const qi::MetaMethod& method, const std::string& requestedReturn,
                        const Value& result) {
  const Signature declared = Signature::parse(method.returnSignature);
  if (requestedReturn.empty() || requestedReturn == method.returnSignature || declared.kind() == Kind::Object)
    return reply(h, declared, result);
  try {
    const Signature requested = Signature::parse(requestedReturn);
    const Value converted = qi::fromValue(qi::toValue(result, declared), requested);
    reply(h, requested, converted);
  } catch (const std::exception&) {
    qi::Message out = messageFor(h, qi::MessageType::Reply, qi::encode(Signature(Kind::Dynamic), Value::dynamic(declared, result), codec_));
    out.header.flags = qi::flags::DynamicPayload;
    send(qi::encodeMessage(out));
  }
}

qi::Value Connection::callBound(ServedObject& object, const qi::Header& h, const Value& arguments) {
  switch (h.action) {
    case qi::action::RegisterEvent:
    case qi::action::RegisterEventWithSignature: return registerEvent(object, h, arguments);
    case qi::action::UnregisterEvent: return unregisterEvent(h, arguments);
    case qi::action::MetaObject: return object.metaObject().toValue();
    case qi::action::Terminate: terminate(h.service, static_cast<std::uint32_t>(arguments.member(0).asUInt())); return {};
    case qi::action::Property:
      return qi::dynamicFromValue(object.property(propertyUid(object, arguments.member(0))));
    case qi::action::SetProperty: {
      const auto& value = arguments.member(1).asDynamic();
      object.setProperty(propertyUid(object, arguments.member(0)),
                         value.valid && value.value ? qi::toValue(*value.value, value.signature) : core::Value());
      return {};
    }
    case qi::action::Properties: {
      std::vector<Value> names;
      for (const auto& [uid, p] : object.metaObject().properties) names.emplace_back(p.name);
      return Value::list(std::move(names));
    }
    case 80: case 84: return Value(false);          // isStatsEnabled, isTraceEnabled: never
    case 82: return Value(Value::Map{});            // stats: none kept
    case 81: case 83: case 85: return {};           // enableStats, clearStats, enableTrace: accepted, no effect
    default: throw CallError("no-such-method", "action " + std::to_string(h.action) + " is not supported");
  }
}

std::uint32_t Connection::propertyUid(const ServedObject& object, const Value& nameOrUid) const {
  const auto& d = nameOrUid.asDynamic();
  if (!d.valid || !d.value) throw CallError("bad-argument", "a property is named by its name or its uid");
  const auto& meta = object.metaObject();
  if (d.value->type() == Value::Type::String) {
    if (auto uid = meta.propertyUid(d.value->asString())) return *uid;
    throw CallError("no-such-property", "there is no property named " + d.value->asString());
  }
  return static_cast<std::uint32_t>(d.value->asUInt());
}

qi::Value Connection::registerEvent(ServedObject& object, const qi::Header& h, const Value& arguments) {
  const auto signalUid = static_cast<std::uint32_t>(arguments.member(1).asUInt());
  const auto remoteLink = arguments.member(2).asUInt();
  const auto* signal = object.metaObject().signal(signalUid);
  if (!signal) throw CallError("no-such-signal", "there is no signal with uid " + std::to_string(signalUid));
  const Signature signature = Signature::parse(signal->signature);
  std::weak_ptr<Connection> weak = shared_from_this();
  qi::Header event;
  event.type = qi::MessageType::Event;
  event.service = h.service;
  event.object = h.object;
  event.action = signalUid;
  const qi::CodecOptions codec = codec_;
  auto& ioc = state_.ioc;
  // Encoded where the engine emits; sent on the loop's thread.
  auto disconnect = object.connect(signalUid, [weak, event, signature, codec, &ioc](const Value& values) {
    if (weak.expired()) return;
    std::string payload;
    try {
      payload = qi::encode(signature, values, codec);
    } catch (const qi::EncodeError&) {
      return;
    }
    asio::post(ioc, [weak, event, payload = std::move(payload)]() mutable {
      auto self = weak.lock();
      if (!self || self->closed_) return;
      qi::Message m{event, std::move(payload)};
      m.header.id = self->nextEventId_++;
      self->send(qi::encodeMessage(m));
    });
  });
  const auto key = std::make_tuple(h.service, h.object, remoteLink);
  if (auto old = links_.find(key); old != links_.end()) old->second();
  links_[key] = std::move(disconnect);
  return Value(std::uint64_t{nextLink_++});
}

qi::Value Connection::unregisterEvent(const qi::Header& h, const Value& arguments) {
  const auto remoteLink = arguments.member(2).asUInt();
  auto it = links_.find(std::make_tuple(h.service, h.object, remoteLink));
  if (it == links_.end()) throw CallError("no-such-link", "no signal link " + std::to_string(remoteLink) + " to undo");
  it->second();
  links_.erase(it);
  return {};
}

void Connection::terminate(std::uint32_t service, std::uint32_t object) {
  if (!objects_.erase({service, object})) return;
  for (auto it = links_.begin(); it != links_.end();) {
    if (std::get<0>(it->first) == service && std::get<1>(it->first) == object) {
      it->second();
      it = links_.erase(it);
    } else {
      ++it;
    }
  }
}

std::uint32_t Connection::addObject(std::uint32_t service, std::shared_ptr<ServedObject> object) {
  const std::uint32_t id = nextObject_++;
  objects_[{service, id}] = std::move(object);
  return id;
}

void Connection::reply(const qi::Header& request, const Signature& signature, const Value& value) {
  send(qi::encodeMessage(messageFor(request, qi::MessageType::Reply, qi::encode(signature, value, codec_))));
}

void Connection::replyError(const qi::Header& request, const std::string& message) {
  const Value error = Value::dynamic(Signature(Kind::String), message);
  send(qi::encodeMessage(messageFor(request, qi::MessageType::Error, qi::encode(Signature(Kind::Dynamic), error, codec_))));
}

void Connection::send(std::string bytes) {
  if (closed_) return;
  queued_ += bytes.size();
  if (queued_ > state_.options.maxQueuedBytes)
    return close("does not read: " + std::to_string(queued_) + " bytes waiting to be sent");
  queue_.push_back(std::move(bytes));
  if (!writing_) write();
}

void Connection::write() {
  writingNow_.clear();
  while (!queue_.empty()) {  // everything pending in one write
    writingNow_ += queue_.front();
    queue_.pop_front();
  }
  writing_ = true;
  stream_->write(writingNow_, [self = shared_from_this()](const std::string& error, std::size_t) {
    self->writing_ = false;
    self->queued_ -= self->writingNow_.size();
    if (self->closed_) return;
    if (!error.empty()) return self->close("");
    if (!self->queue_.empty()) return self->write();
    if (self->closing_) self->close("refused at the handshake");
  });
}

void Connection::close(const std::string& why) {
  if (closed_) return;
  closed_ = true;
  if (!why.empty()) std::cerr << "autolife serve: qi client " << peer_ << " closed: " << why << '\n';
  stall_.cancel();
  stream_->close();
  for (auto& [key, disconnect] : links_) disconnect();
  links_.clear();
  objects_.clear();
  // Its services leave the registry before the calls waiting on them are
  // refused: a caller told "service-gone" finds them gone, and whoever
  // watches the registry (the package supervisor's settle) already knows.
  state_.directory->removeOwnedBy(this);
  auto outgoing = std::move(outgoing_);
  outgoing_.clear();
  for (auto& [id, done] : outgoing) done(nullptr, why.empty() ? "the connection closed" : why, true);
  state_.connections.erase(shared_from_this());
}

}  // namespace autolife::qiserver
