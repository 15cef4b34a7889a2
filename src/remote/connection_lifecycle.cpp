// Connection's lifecycle on its own thread: attempts, the handshake, the
// directory, reading and writing, losing the robot and finding it again.
#include <boost/asio/post.hpp>

#include "autolife/qi/capabilities.hpp"
#include "autolife/qi/convert.hpp"
#include "connection_impl.hpp"

namespace autolife::remote {

namespace asio = boost::asio;
using qi::Kind;
using qi::Signature;

namespace {

net::Url parsed(const std::string& text) {
  auto url = net::parseUrl(text);
  if (const auto* wrong = std::get_if<std::string>(&url)) throw CallError("bad-argument", *wrong);
  return std::get<net::Url>(url);
}

}  // namespace

Connection::Impl::Impl(ConnectionOptions o)
    : options(std::move(o)), url(parsed(options.url)), tls(url.tls ? net::TlsContext::client() : nullptr),
      backoff(options.firstRetry) {}

std::string Connection::Impl::open() {
  first.emplace();
  auto outcome = first->get_future();
  thread = std::thread([self = shared_from_this()] { self->io.run(); });
  threadId = thread.get_id();
  asio::post(io, [self = shared_from_this()] { self->attempt(); });
  return outcome.get();
}

// Ends everything on the thread, then the thread. Calls still in flight
// fail (their replies run before this returns). From one of the
// connection's own handlers (its thread), everything ends there and then;
// the thread, which cannot join itself, finishes the handlers already
// queued, which find the connection closed, and ends on its own.
void Connection::Impl::close() {
  if (threadId.load() == std::this_thread::get_id()) return closeFromItsThread();
  std::lock_guard once(closeMutex);
  if (!thread.joinable()) return;
  asio::post(io, [self = shared_from_this()] { self->shutDown(); });
  thread.join();
  io.stop();
}

void Connection::Impl::closeFromItsThread() {
  // Another thread closing it holds the lock while it waits for this one:
  // end everything here (its posted shutDown finds it done) and let it join.
  std::unique_lock once(closeMutex, std::try_to_lock);
  if (!once.owns_lock()) return shutDown();
  if (!thread.joinable()) return;
  shutDown();
  thread.detach();  // it holds this Impl until its last handler has run
}

// On the connection's thread.
void Connection::Impl::shutDown() {
  closing = true;
  ++generation;
  {
    std::lock_guard lock(mutex);
    state = State::Closed;
    lostReason = "the connection was closed";
  }
  attemptTimer.cancel();
  retryTimer.cancel();
  if (stream) stream->close();
  failPending("the connection was closed");
  routes.clear();
  work.reset();
}

// ---- an attempt -------------------------------------------------------------------

void Connection::Impl::attempt() {
  if (closing) return;
  ++generation;
  stream = net::Stream::client(io, tls);
  reader = qi::MessageReader();
  codec = qi::CodecOptions{};
  codec.objectUid = false;  // until both ends said so in the handshake
  outbox.clear();
  busy = false;
  attemptTimer.expires_after(options.connectTimeout);
  attemptTimer.async_wait([self = shared_from_this(), g = generation](const boost::system::error_code& ec) {
    if (ec || g != self->generation) return;
    std::unique_lock lock(self->mutex);
    if (self->state == State::Up) return;
    lock.unlock();
    self->attemptFailed("no answer within the timeout (" + secondsText(self->options.connectTimeout) + ")");
  });
  stream->connect(url, [self = shared_from_this(), g = generation](const std::string& error) {
    if (g != self->generation || self->closing) return;
    if (!error.empty()) return self->attemptFailed(error);
    self->read();
    self->handshake();
  });
}

void Connection::Impl::handshake() {
  qi::Header h;
  h.service = qi::kServerService;
  h.action = qi::action::Authenticate;
  const auto& map = qi::capabilityMapSignature();
  request(h, qi::encode(map, qi::clientCapabilities(options.user, options.token), codec), "the handshake",
          [self = shared_from_this(), g = generation](Answer answer) {
            if (g != self->generation) return;
            if (auto* error = std::get_if<CallError>(&answer)) return self->attemptFailed(error->what());
            const auto& m = std::get<qi::Message>(answer);
            try {
              if (m.header.type == qi::MessageType::Error) {
                return self->attemptFailed("the robot refused the handshake: " + qi::errorText(m.payload, self->codec));
              }
              const auto reply = qi::readHandshakeAnswer(qi::decode(qi::capabilityMapSignature(), m.payload, self->codec));
              if (!reply.accepted)
                return self->attemptFailed("the robot refused the handshake" +
                                           (reply.refusal.empty() ? std::string(" (wrong or missing credentials)") : ": " + reply.refusal));
              self->codec.objectUid = reply.objectUid;
            } catch (const std::exception& e) {
              return self->attemptFailed(e.what());
            }
            self->readDirectory();
          });
}

// The directory's metaObject, its `services`, then each service's metaObject.
void Connection::Impl::readDirectory() {
  qi::MetaMethod metaObject{qi::action::MetaObject, qi::metaObjectSignature().toString(), "metaObject", "(I)", "", {}, ""};
  auto g = generation;
  callValue(qi::kServiceDirectory, qi::kMainObject, metaObject, {0}, [self = shared_from_this(), g](ValueAnswer a) {
    if (g != self->generation) return;
    try {
      if (auto* error = std::get_if<CallError>(&a)) throw *error;
      const auto meta = qi::MetaObject::fromValue(std::get<0>(a).first);
      const auto uid = meta.methodUid("services");
      if (!uid) throw qi::EncodeError("the service directory has no services()");
      self->callValue(qi::kServiceDirectory, qi::kMainObject, *meta.method(*uid), {},
                      [self, g](ValueAnswer list) {
                        if (g != self->generation) return;
                        try {
                          if (auto* error = std::get_if<CallError>(&list)) throw *error;
                          auto found = std::make_shared<std::vector<RemoteService>>();
                          for (const auto& v : std::get<0>(list).first.asList().items) {
                            const auto info = qi::ServiceInfo::fromValue(v);
                            found->push_back({info.name, info.serviceId, {}});
                          }
                          self->readMetaObjects(found, 0);
                        } catch (const std::exception& e) {
                          self->attemptFailed(std::string("cannot read its services: ") + e.what());
                        }
                      });
    } catch (const std::exception& e) {
      self->attemptFailed(std::string("cannot read its service directory: ") + e.what());
    }
  });
}

void Connection::Impl::readMetaObjects(std::shared_ptr<std::vector<RemoteService>> found, std::size_t next) {
  if (next == found->size()) return up(std::move(*found));
  qi::MetaMethod metaObject{qi::action::MetaObject, qi::metaObjectSignature().toString(), "metaObject", "(I)", "", {}, ""};
  auto g = generation;
  callValue((*found)[next].id, qi::kMainObject, metaObject, {0}, [self = shared_from_this(), g, found, next](ValueAnswer a) {
    if (g != self->generation) return;
    try {
      if (auto* error = std::get_if<CallError>(&a)) throw *error;
      (*found)[next].meta = qi::MetaObject::fromValue(std::get<0>(a).first);
    } catch (const std::exception& e) {
      return self->attemptFailed("cannot read the metaObject of " + (*found)[next].name + ": " + e.what());
    }
    self->readMetaObjects(found, next + 1);
  });
}

void Connection::Impl::up(std::vector<RemoteService> found) {
  attemptTimer.cancel();
  backoff = options.firstRetry;
  bool restored = false;
  std::function<void()> told;
  {
    std::lock_guard lock(mutex);
    state = State::Up;
    restored = everUp;
    everUp = true;
    lostReason.clear();
    services = std::move(found);
    told = restoredHandler;
  }
  if (first) {
    first->set_value("");
    first.reset();
  }
  if (!restored) return;
  // Back: told once every subscription is made again (or refused), so that
  // what the robot raises from then on is heard.
  if (subscriptions.empty()) {
    if (told) told();
    return;
  }
  auto left = std::make_shared<std::size_t>(subscriptions.size());
  for (const auto& s : subscriptions)
    subscribe(s, [left, told](std::optional<CallError>) {
      if (--*left == 0 && told) told();
    });
}

void Connection::Impl::attemptFailed(const std::string& why) {
  if (stream) stream->close();
  ++generation;  // what the failed attempt still has in flight does nothing
  failPending(why);
  if (first) {  // the constructor's attempt: it fails
    {
      std::lock_guard lock(mutex);
      state = State::Closed;
      lostReason = why;
    }
    first->set_value(why.empty() ? "cannot connect" : why);
    first.reset();
    return;
  }
  {
    std::lock_guard lock(mutex);
    if (state != State::Closed) state = State::Down;
  }
  retryLater();
}

// The robot went while up: told once, then retried (when asked).
void Connection::Impl::fall(const std::string& why) {
  std::function<void(const std::string&)> told;
  {
    std::lock_guard lock(mutex);
    if (state != State::Up) return;
    state = State::Down;
    lostReason = why;
    told = lostHandler;
  }
  if (stream) stream->close();
  ++generation;
  routes.clear();
  failPending(why);
  if (told && !closing) told(why);
  retryLater();
}

void Connection::Impl::retryLater() {
  if (closing || !options.reconnect) return;
  retryTimer.expires_after(backoff);
  backoff = std::min(backoff * 2, options.maxRetry);
  retryTimer.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->attempt();
  });
}

void Connection::Impl::failPending(const std::string& why) {
  auto failed = std::exchange(pending, {});
  for (auto& [id, p] : failed) {
    if (p.timer) p.timer->cancel();
    p.done(unreachable(why));
  }
}

// ---- bytes ---------------------------------------------------------------------------

void Connection::Impl::read() {
  stream->readSome(buffer.data(), buffer.size(), [self = shared_from_this(), g = generation](const std::string& error, std::size_t n) {
    if (g != self->generation) return;
    const bool connecting = [&] {
      std::lock_guard lock(self->mutex);
      return self->state != State::Up;
    }();
    auto lost = [&](const std::string& why) { connecting ? self->attemptFailed(why) : self->fall(why); };
    if (!error.empty()) return lost(error == "End of file" ? "the connection closed" : error);
    try {
      self->reader.feed(std::string_view(self->buffer.data(), n));
      while (auto m = self->reader.next()) {
        self->dispatch(std::move(*m));
        if (g != self->generation) return;  // what it dispatched ended this stream
      }
    } catch (const qi::DecodeError& e) {
      return lost(std::string("bytes that are not qi: ") + e.what());
    }
    self->read();
  });
}

void Connection::Impl::send(std::string bytes) {
  outbox.push_back(std::move(bytes));
  if (!busy) write();
}

void Connection::Impl::write() {
  writing.clear();
  while (!outbox.empty()) {  // everything pending in one write
    writing += outbox.front();
    outbox.pop_front();
  }
  busy = true;
  stream->write(writing, [self = shared_from_this(), g = generation](const std::string& error, std::size_t) {
    if (g != self->generation) return;
    self->busy = false;
    if (!error.empty()) return self->fall("cannot send: " + error);
    if (!self->outbox.empty()) self->write();
  });
}

}  // namespace autolife::remote
