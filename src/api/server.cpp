#include "autolife/api/server.hpp"

#include <future>
#include <stdexcept>
#include <thread>

#include "shared.hpp"

namespace autolife::api {

using net::asio::io_context;
using net::tcp;

struct Server::Impl {
  Impl(engine::Engine& e, ServerOptions o)
      : engine(e), shared(std::make_shared<net::Shared>(std::make_shared<Api>(e, o.limits), std::move(o), ioc)) {}

  void accept() {
    acceptor.async_accept([this](boost::system::error_code ec, tcp::socket socket) {
      if (ec == net::asio::error::operation_aborted) return;
      if (!ec) net::startHttpSession(std::move(socket), shared);
      accept();
    });
  }

  // Lets the calls already handed to the engine finish (their answers go
  // nowhere once the gate is closed).
  void engineBarrier() {
    auto done = std::make_shared<std::promise<void>>();
    auto future = done->get_future();
    engine.clock.post([done] { done->set_value(); });
    future.wait_for(std::chrono::seconds(10));
  }

  engine::Engine& engine;
  io_context ioc{1};
  tcp::acceptor acceptor{ioc};
  std::shared_ptr<net::Shared> shared;
  std::thread thread;
  bool stopped = false;
};

Server::Server(engine::Engine& engine, ServerOptions options) : impl_(std::make_unique<Impl>(engine, std::move(options))) {}

Server::~Server() { stop(); }

std::string Server::start() {
  const auto& o = impl_->shared->options;
  boost::system::error_code ec;
  tcp::resolver resolver(impl_->ioc);
  auto results = resolver.resolve(o.host, std::to_string(o.port), ec);
  if (ec || results.empty()) throw std::runtime_error("cannot resolve " + o.host + ": " + ec.message());
  const tcp::endpoint endpoint = *results.begin();
  auto& a = impl_->acceptor;
  if (a.open(endpoint.protocol(), ec); !ec) a.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(net::asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port) + ": " + ec.message());
  impl_->accept();
  impl_->thread = std::thread([impl = impl_.get()] { impl->ioc.run(); });
  const auto bound = a.local_endpoint();
  const auto address = bound.address().to_string();
  return (bound.address().is_v6() ? "[" + address + "]" : address) + ":" + std::to_string(bound.port());
}

unsigned short Server::port() const { return impl_->acceptor.local_endpoint().port(); }

void Server::stop() {
  if (impl_->stopped) return;
  impl_->stopped = true;
  impl_->shared->close();
  impl_->ioc.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
  boost::system::error_code ignored;
  impl_->acceptor.close(ignored);
  impl_->engineBarrier();
}

}  // namespace autolife::api
