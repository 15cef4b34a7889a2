#include "autolife/api/server.hpp"

#include <future>
#include <stdexcept>

#include "shared.hpp"

namespace autolife::api {

using transport::tcp;

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
  Impl(engine::ServiceAccess e, net::EventLoop& l, ServerOptions o)
      : loop(l),
        acceptor(l.ioContext().get_executor()),
        shared(std::make_shared<transport::Shared>(std::make_shared<Api>(e, o.limits), std::move(o), l.ioContext())) {}

  // An accept that completed before stop() closed the acceptor runs after
  // it, maybe once the server is gone: it holds the server only weakly.
  void accept() {
    acceptor.async_accept([weak = weak_from_this()](boost::system::error_code ec, transport::Socket socket) {
      auto self = weak.lock();
      if (!self || ec == transport::asio::error::operation_aborted || !self->acceptor.is_open()) return;
      if (!ec) {
        socket.set_option(tcp::no_delay(true), ec);
        transport::startHttpSession(std::move(socket), self->shared);
      }
      self->accept();
    });
  }

  // Runs `f` on the loop's thread and waits, or here when the loop is not running.
  void onLoop(std::function<void()> f) {
    if (!loop.running()) return f();
    std::promise<void> done;
    transport::asio::post(loop.ioContext(), [&] {
      f();
      done.set_value();
    });
    done.get_future().wait();
  }

  net::EventLoop& loop;
  transport::Acceptor acceptor;
  std::shared_ptr<transport::Shared> shared;
  unsigned short port = 0;
  bool stopped = false;
};

Server::Server(engine::ServiceAccess engine, net::EventLoop& loop, ServerOptions options)
    : impl_(std::make_shared<Impl>(engine, loop, std::move(options))) {}

Server::~Server() { stop(); }

std::string Server::start() {
  const auto& o = impl_->shared->options;
  boost::system::error_code ec;
  tcp::resolver resolver(impl_->loop.ioContext());
  auto results = resolver.resolve(o.host, std::to_string(o.port), ec);
  if (ec || results.empty()) throw std::runtime_error("cannot resolve " + o.host + ": " + ec.message());
  const tcp::endpoint endpoint = *results.begin();
  auto& a = impl_->acceptor;
  if (a.open(endpoint.protocol(), ec); !ec) a.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(transport::asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port) + ": " + ec.message());
  transport::asio::post(impl_->loop.ioContext(), [weak = std::weak_ptr<Impl>(impl_)] {
    if (auto impl = weak.lock()) impl->accept();
  });
  const auto bound = a.local_endpoint();
  impl_->port = bound.port();
  const auto address = bound.address().to_string();
  return (bound.address().is_v6() ? "[" + address + "]" : address) + ":" + std::to_string(bound.port());
}

void Server::serveFiles(Files files) { impl_->shared->files = std::move(files); }

unsigned short Server::port() const { return impl_->port; }

void Server::stop() {
  if (impl_->stopped) return;
  impl_->stopped = true;
  impl_->shared->close();
  impl_->onLoop([impl = impl_.get()] {
    boost::system::error_code ignored;
    impl->acceptor.close(ignored);
    impl->shared->closeAll();
  });
}

}  // namespace autolife::api
