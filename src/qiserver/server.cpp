#include "autolife/qiserver/server.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <future>
#include <iostream>
#include <stdexcept>

#include "autolife/net/url.hpp"
#include "connection.hpp"

namespace autolife::qiserver {

namespace asio = boost::asio;
using asio::ip::tcp;

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
  Impl(engine::Engine& e, net::EventLoop& l, ServerOptions o)
      : loop(l), acceptor(l.ioContext()), state{e, l.ioContext(), std::move(o), nullptr, {}} {}

  void accept() {
    acceptor.async_accept([weak = weak_from_this()](boost::system::error_code ec, tcp::socket socket) {
      auto self = weak.lock();
      if (!self || ec == asio::error::operation_aborted || !self->acceptor.is_open()) return;
      if (!ec) self->admit(std::move(socket));
      self->accept();
    });
  }

  void admit(tcp::socket socket) {
    if (state.connections.size() >= state.options.maxConnections) {
      boost::system::error_code ignored;
      socket.close(ignored);  // over the limit: refused at once
      return;
    }
    boost::system::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    auto connection = std::make_shared<Connection>(state, std::move(socket));
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
  tcp::acceptor acceptor;
  ServerState state;
  unsigned short port = 0;
  bool stopped = false;
  core::SignalLink added = 0, removed = 0;
};

Server::Server(engine::Engine& engine, net::EventLoop& loop, ServerOptions options)
    : impl_(std::make_shared<Impl>(engine, loop, std::move(options))) {}

Server::~Server() { stop(); }

std::string Server::start() {
  const auto parsed = net::parseUrl(impl_->state.options.url, net::UrlUse::Listen);
  if (const auto* wrong = std::get_if<std::string>(&parsed)) throw std::invalid_argument(*wrong);
  const net::Url& address = std::get<net::Url>(parsed);
  if (address.tls) throw std::invalid_argument("'" + impl_->state.options.url + "': tcps (TLS) is not supported yet");
  boost::system::error_code ec;
  tcp::resolver resolver(impl_->loop.ioContext());
  auto results = resolver.resolve(address.host, std::to_string(address.port), ec);
  if (ec || results.empty()) throw std::runtime_error("cannot resolve " + address.host + ": " + ec.message());
  const tcp::endpoint endpoint = *results.begin();
  auto& a = impl_->acceptor;
  if (a.open(endpoint.protocol(), ec); !ec) a.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen for qi on " + impl_->state.options.url + ": " + ec.message());
  const auto bound = a.local_endpoint();
  impl_->port = bound.port();
  const auto host = bound.address().to_string();
  const std::string url = net::Url{address.tls, host, impl_->port}.text();
  impl_->onLoop([impl = impl_.get(), url] {
    impl->state.directory = std::make_unique<Directory>(impl->state.engine, std::vector<std::string>{url});
    impl->state.directory->syncWithRegistry();
    // The registry may announce from any thread, even while this server goes.
    auto& registry = impl->state.engine.services;
    auto sync = [weak = impl->weak_from_this()](const std::string&) {
      if (auto self = weak.lock()) self->syncLater();
    };
    impl->added = registry.serviceAdded.connect(sync);
    impl->removed = registry.serviceRemoved.connect(sync);
    impl->accept();
  });
  return url;
}

unsigned short Server::port() const { return impl_->port; }

void Server::stop() {
  if (impl_->stopped) return;
  impl_->stopped = true;
  impl_->onLoop([impl = impl_.get()] {
    boost::system::error_code ignored;
    impl->acceptor.close(ignored);
    auto& registry = impl->state.engine.services;
    if (impl->added) registry.serviceAdded.disconnect(impl->added);
    if (impl->removed) registry.serviceRemoved.disconnect(impl->removed);
    const auto connections = impl->state.connections;  // close() erases from the set
    for (const auto& c : connections) c->close("");
  });
}

}  // namespace autolife::qiserver
