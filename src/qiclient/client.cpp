#include "autolife/qiclient/client.hpp"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "autolife/net/url.hpp"
#include "autolife/qi/capabilities.hpp"
#include "autolife/qi/convert.hpp"

namespace autolife::qiclient {

using qi::Kind;
using qi::Signature;
using qi::Value;

namespace {

struct HostPort {
  std::string host, port;
};

HostPort splitUrl(const std::string& text) {
  auto parsed = net::parseUrl(text);
  if (const auto* wrong = std::get_if<std::string>(&parsed)) throw Error(*wrong);
  const auto& url = std::get<net::Url>(parsed);
  if (url.tls) throw Error("'" + text + "': this client speaks plain qi (tcp://) only");
  return {url.host, std::to_string(url.port)};
}

int connectTo(const HostPort& hp) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (int rc = getaddrinfo(hp.host.c_str(), hp.port.c_str(), &hints, &found); rc != 0)
    throw Error("cannot resolve " + hp.host + ": " + gai_strerror(rc));
  int fd = -1;
  for (auto* a = found; a && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd >= 0 && ::connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      ::close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  if (fd < 0) throw Error("cannot connect to " + hp.host + ":" + hp.port + ": " + std::strerror(errno));
  const int one = 1;  // a call is one small write: send it now
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

std::size_t arity(const std::string& parametersSignature) {
  return Signature::parse(parametersSignature).children().size();
}

}  // namespace

struct Client::Socket {
  int fd = -1;
  ~Socket() {
    if (fd >= 0) ::close(fd);
  }
};

Client::Client(const std::string& url, ClientOptions options)
    : socket_(std::make_unique<Socket>()), options_(std::move(options)), reader_(options_.limits) {
  codec_.limits = options_.limits;
  codec_.objectUid = false;
  socket_->fd = connectTo(splitUrl(url));
  if (options_.handshake) handshake();
}

Client::~Client() = default;

void Client::sendBytes(const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const auto n = ::send(socket_->fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) throw Error(std::string("cannot send: ") + std::strerror(errno));
    sent += static_cast<std::size_t>(n);
  }
}

std::optional<qi::Message> Client::receive(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    try {
      if (auto m = reader_.next()) return m;
    } catch (const qi::DecodeError& e) {
      throw Error(std::string("bad message from the server: ") + e.what());
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd p{socket_->fd, POLLIN, 0};
    if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0) return std::nullopt;
    char buffer[64 * 1024];
    const auto n = ::recv(socket_->fd, buffer, sizeof buffer, 0);
    if (n <= 0) throw Error("the connection closed");
    reader_.feed(std::string_view(buffer, static_cast<std::size_t>(n)));
  }
}

void Client::shutdown() { ::shutdown(socket_->fd, SHUT_RDWR); }

bool Client::closedByPeer(std::chrono::milliseconds timeout) {
  try {
    while (receive(timeout)) {
    }
    return false;
  } catch (const Error&) {
    return true;
  }
}

qi::Message Client::awaitReply(std::uint32_t id) {
  for (;;) {
    auto m = receive(options_.timeout);
    if (!m) throw Error("no reply to message " + std::to_string(id) + " within the timeout");
    if (m->header.type == qi::MessageType::Event) {
      events_.push_back(std::move(*m));
      continue;
    }
    if (m->header.id != id) continue;  // an answer to something abandoned
    if (m->header.type == qi::MessageType::Error) throw Error(qi::errorText(m->payload, codec_));
    return std::move(*m);
  }
}

qi::Message Client::callRaw(qi::Header header, std::string payload) {
  header.id = nextId();
  header.type = qi::MessageType::Call;
  sendBytes(qi::encodeMessage(qi::Message{header, std::move(payload)}));
  return awaitReply(header.id);
}

void Client::handshake() {
  qi::Header h;
  h.service = qi::kServerService;
  h.action = qi::action::Authenticate;
  const auto& capabilityMap = qi::capabilityMapSignature();
  qi::Message reply;
  try {
    reply = callRaw(h, qi::encode(capabilityMap, qi::clientCapabilities(options_.user, options_.token), codec_));
  } catch (const Error& e) {  // an Error: a refused login, as libqi's servers answer it
    throw Error(std::string("the server refused the handshake: ") + e.what());
  }
  capabilities_ = qi::decode(capabilityMap, reply.payload, codec_);
  const auto answer = qi::readHandshakeAnswer(capabilities_);
  if (!answer.accepted)
    throw Error("the server refused the handshake" + (answer.refusal.empty() ? std::string() : ": " + answer.refusal));
  codec_.objectUid = answer.objectUid;
}

const qi::MetaObject& Client::metaObject(std::uint32_t service, std::uint32_t object) {
  auto it = metaObjects_.find({service, object});
  if (it != metaObjects_.end()) return it->second;
  qi::Header h;
  h.service = service;
  h.object = object;
  h.action = qi::action::MetaObject;
  const auto reply = callRaw(h, qi::encode(Signature::parse("(I)"), Value::tuple({std::uint32_t{0}}), codec_));
  auto meta = qi::MetaObject::fromValue(qi::decode(qi::metaObjectSignature(), reply.payload, codec_));
  return metaObjects_.emplace(std::make_pair(service, object), std::move(meta)).first->second;
}

std::vector<qi::ServiceInfo> Client::services() {
  const Value list = call(qi::kServiceDirectory, qi::kMainObject, "services", {});
  std::vector<qi::ServiceInfo> out;
  for (const auto& v : list.asList().items) out.push_back(qi::ServiceInfo::fromValue(v));
  return out;
}

qi::ServiceInfo Client::service(const std::string& name) {
  return qi::ServiceInfo::fromValue(call(qi::kServiceDirectory, qi::kMainObject, "service", {name}));
}

std::string Client::machineId() {
  return call(qi::kServiceDirectory, qi::kMainObject, "machineId", {}).asString();
}

std::uint32_t Client::serviceId(const std::string& name) {
  auto it = serviceIds_.find(name);
  if (it != serviceIds_.end()) return it->second;
  const auto id = service(name).serviceId;
  serviceIds_[name] = id;
  return id;
}

Value Client::call(std::uint32_t service, std::uint32_t object, const std::string& name,
                   const core::Value::Array& arguments) {
  const auto& meta = metaObject(service, object);
  const qi::MetaMethod* method = nullptr;
  for (const auto& [uid, m] : meta.methods)
    if (m.name == name && arity(m.parametersSignature) == arguments.size()) method = &m;
  if (!method) throw Error("no method " + name + " taking " + std::to_string(arguments.size()) + " arguments");
  const Signature parameters = Signature::parse(method->parametersSignature);
  qi::Header h;
  h.service = service;
  h.object = object;
  h.action = method->uid;
  std::string payload;
  try {
    payload = qi::encode(parameters, qi::fromValue(core::Value(arguments), parameters), codec_);
  } catch (const qi::EncodeError& e) {
    throw Error(name + ": " + e.what());
  }
  const auto reply = callRaw(h, std::move(payload));
  const bool dynamic = (reply.header.flags & qi::flags::DynamicPayload) != 0;
  const Signature result = dynamic ? Signature(Kind::Dynamic) : Signature::parse(method->returnSignature);
  try {
    return qi::decode(result, reply.payload, codec_);
  } catch (const qi::DecodeError& e) {
    throw Error("unreadable reply to " + name + ": " + e.what());
  }
}

core::Value Client::call(const std::string& service, const std::string& method, const core::Value::Array& arguments) {
  const auto id = serviceId(service);
  const auto& meta = metaObject(id);
  std::string returnSignature = "m";
  for (const auto& [uid, m] : meta.methods)
    if (m.name == method && arity(m.parametersSignature) == arguments.size()) returnSignature = m.returnSignature;
  const Value result = call(id, qi::kMainObject, method, arguments);
  const Signature read = result.type() == Value::Type::Dynamic ? Signature(Kind::Dynamic) : Signature::parse(returnSignature);
  return qi::toValue(result, read);
}

std::uint64_t Client::connect(std::uint32_t service, std::uint32_t object, const std::string& signal) {
  const auto uid = metaObject(service, object).signalUid(signal);
  if (!uid) throw Error("no signal " + signal);
  const std::uint64_t link = nextLink_++;
  call(service, object, "registerEvent", {object, *uid, link});
  return link;
}

void Client::disconnect(std::uint32_t service, std::uint32_t object, const std::string& signal, std::uint64_t link) {
  const auto uid = metaObject(service, object).signalUid(signal);
  if (!uid) throw Error("no signal " + signal);
  call(service, object, "unregisterEvent", {object, *uid, link});
}

std::optional<Client::Event> Client::nextEvent(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (events_.empty()) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto m = receive(left);
    if (!m) return std::nullopt;
    if (m->header.type == qi::MessageType::Event) events_.push_back(std::move(*m));
  }
  const qi::Message m = std::move(events_.front());
  events_.pop_front();
  Event e{m.header.service, m.header.object, m.header.action, {}};
  const auto* signal = metaObject(e.service, e.object).signal(e.signal);
  if (!signal) throw Error("an event of unknown signal " + std::to_string(e.signal));
  const bool dynamic = (m.header.flags & qi::flags::DynamicPayload) != 0;
  const Signature s = dynamic ? Signature(Kind::Dynamic) : Signature::parse(signal->signature);
  e.values = qi::toValue(qi::decode(s, m.payload, codec_), s);
  return e;
}

}  // namespace autolife::qiclient
