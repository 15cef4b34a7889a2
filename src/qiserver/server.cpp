#include "autolife/qiserver/server.hpp"

#include <atomic>
#include <boost/asio/post.hpp>
#include <future>
#include <iostream>
#include <stdexcept>

#include "autolife/core/clock.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/net/url.hpp"
#include "autolife/service/service.hpp"
#include "connection.hpp"

namespace autolife::qiserver {

namespace asio = boost::asio;

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
  Impl(engine::ServiceAccess e, net::EventLoop& l, ServerOptions o)
      : loop(l), state{e, l.ioContext(), std::move(o), nullptr, {}} {}

  void admit(std::unique_ptr<net::Stream> stream) {
    if (state.connections.size() >= state.options.maxConnections) return;  // over the limit: closed at once
    auto connection = std::make_shared<Connection>(state, std::move(stream));
    state.connections.insert(connection);
    connection->start();
  }

  // Runs `f` on the loop's thread and waits, or here when the loop is not running.
  void onLoop(const std::function<void()>& f) {
    if (!loop.running()) return f();
    std::promise<void> done;
    asio::post(loop.ioContext(), [&] {
      f();
      done.set_value();
    });
    done.get_future().wait();
  }

  void syncLater() {
    asio::post(loop.ioContext(), [weak = weak_from_this()] {
      if (auto self = weak.lock(); self && !self->stopped) self->state.directory->syncWithRegistry();
    });
  }

  net::EventLoop& loop;
  std::unique_ptr<net::Listener> listener;
  ServerState state;
  unsigned short port = 0;
  // Set by stop() on its caller's thread (a signal handler's, in serve and
  // the robot peer), read by the loop's handlers: atomic (issue 34).
  std::atomic<bool> stopped{false};
  core::SignalLink added = 0, removed = 0;
};

Server::Server(engine::ServiceAccess engine, net::EventLoop& loop, ServerOptions options)
    : impl_(std::make_shared<Impl>(engine, loop, std::move(options))) {}

Server::~Server() { stop(); }

std::string Server::start() {
  const auto parsed = net::parseUrl(impl_->state.options.url, net::UrlUse::Listen);
  if (const auto* wrong = std::get_if<std::string>(&parsed)) throw std::invalid_argument(*wrong);
  const net::Url& address = std::get<net::Url>(parsed);
  std::shared_ptr<net::TlsContext> tls;
  if (address.tls) {
    if (impl_->state.options.certificate.empty() || impl_->state.options.key.empty())
      throw std::invalid_argument("'" + impl_->state.options.url + "': tcps needs a certificate and its key");
    tls = net::TlsContext::server(impl_->state.options.certificate, impl_->state.options.key);
  }
  impl_->listener = std::make_unique<net::Listener>(impl_->loop.ioContext(), tls);
  net::Url bound;
  try {
    bound = impl_->listener->listen(address);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error("cannot listen for qi on " + impl_->state.options.url + ": " + e.what());
  }
  impl_->port = bound.port;
  const std::string url = bound.text();
  impl_->onLoop([impl = impl_.get(), url] {
    impl->state.directory = std::make_unique<Directory>(impl->state.engine, std::vector<std::string>{url},
                                                        impl->state.ioc, impl->state.options.clientCallTimeout);
    impl->state.directory->syncWithRegistry();
    // The registry may announce from any thread, even while this server goes.
    auto& registry = impl->state.engine.services;
    auto sync = [weak = impl->weak_from_this()](const std::string&) {
      if (auto self = weak.lock()) self->syncLater();
    };
    impl->added = registry.serviceAdded.connect(sync);
    impl->removed = registry.serviceRemoved.connect(sync);
    impl->listener->accept([weak = impl->weak_from_this()](std::unique_ptr<net::Stream> stream) {
      if (auto self = weak.lock(); self && !self->stopped) self->admit(std::move(stream));
    }, [](const std::string& peer, const std::string& why) {
      std::cerr << "autolife serve: qi client " << peer << " refused: " << why << '\n';
    });
  });
  return url;
}

unsigned short Server::port() const { return impl_->port; }

void Server::stop() {
  if (impl_->stopped.exchange(true)) return;
  impl_->onLoop([impl = impl_.get()] {
    // Closed and gone on the loop's thread: an accept already completed
    // runs there after this, and must not meet a close from another thread.
    impl->listener.reset();
    auto& registry = impl->state.engine.services;
    if (impl->added) registry.serviceAdded.disconnect(impl->added);
    if (impl->removed) registry.serviceRemoved.disconnect(impl->removed);
    const auto connections = impl->state.connections;  // close() erases from the set
    for (const auto& c : connections) c->close("");
  });
}

}  // namespace autolife::qiserver
