#include "autolife/core/clock.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/qiserver/server.hpp"
#include "autolife/service/service.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <future>
#include <iostream>
#include <stdexcept>

#include "connection.hpp"

namespace autolife::qiserver {

namespace asio = boost::asio;
using asio::ip::tcp;

Address parseUrl(const std::string& url) {
  const std::string scheme = "tcp://";
  if (url.rfind(scheme, 0) != 0) {
    if (url.rfind("tcps://", 0) == 0) throw std::invalid_argument("'" + url + "': tcps (TLS) is not supported, use tcp://");
    throw std::invalid_argument("'" + url + "' is not a qi URL: tcp://HOST:PORT expected");
  }
  const std::string rest = url.substr(scheme.size());
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == rest.size())
    throw std::invalid_argument("'" + url + "': tcp://HOST:PORT expected");
  Address a;
  a.host = rest.substr(0, colon);
  if (a.host.size() > 2 && a.host.front() == '[' && a.host.back() == ']') a.host = a.host.substr(1, a.host.size() - 2);
  const std::string port = rest.substr(colon + 1);
  if (port.find_first_not_of("0123456789") != std::string::npos || port.size() > 5 || std::stoul(port) > 65535)
    throw std::invalid_argument("'" + url + "': the port must be a number from 0 to 65535");
  a.port = static_cast<unsigned short>(std::stoul(port));
  return a;
}

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
  Impl(engine::ServiceAccess e, net::EventLoop& l, ServerOptions o)
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

Server::Server(engine::ServiceAccess engine, net::EventLoop& loop, ServerOptions options)
    : impl_(std::make_shared<Impl>(engine, loop, std::move(options))) {}

Server::~Server() { stop(); }

std::string Server::start() {
  const Address address = parseUrl(impl_->state.options.url);
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
  const std::string url = "tcp://" + (bound.address().is_v6() ? "[" + host + "]" : host) + ":" + std::to_string(impl_->port);
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
