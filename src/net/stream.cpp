#include "autolife/net/stream.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>

#include "tls_impl.hpp"

namespace autolife::net {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

namespace {

std::string sentence(const error_code& ec) { return ec ? ec.message() : std::string(); }

bool isAddress(const std::string& host) {
  error_code ec;
  asio::ip::make_address(host, ec);
  return !ec;
}

}  // namespace

// ---- Stream -------------------------------------------------------------------

struct Stream::Impl {
  Impl(asio::io_context& io, std::shared_ptr<TlsContext> tls) : io(io), resolver(io), tls(std::move(tls)) {
    if (this->tls) secure = std::make_unique<asio::ssl::stream<tcp::socket>>(io, this->tls->impl().context);
    else plain = std::make_unique<tcp::socket>(io);
  }
  // An accepted socket, wrapped.
  Impl(tcp::socket socket, std::shared_ptr<TlsContext> tls) : io(static_cast<asio::io_context&>(socket.get_executor().context())), resolver(io), tls(std::move(tls)) {
    if (this->tls) secure = std::make_unique<asio::ssl::stream<tcp::socket>>(std::move(socket), this->tls->impl().context);
    else plain = std::make_unique<tcp::socket>(std::move(socket));
  }
  tcp::socket& socket() { return secure ? secure->next_layer() : *plain; }

  asio::io_context& io;
  tcp::resolver resolver;
  std::shared_ptr<TlsContext> tls;
  std::unique_ptr<asio::ssl::stream<tcp::socket>> secure;
  std::unique_ptr<tcp::socket> plain;
};

Stream::Stream(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Stream::~Stream() { close(); }

std::unique_ptr<Stream> Stream::client(asio::io_context& io, std::shared_ptr<TlsContext> tls) {
  return std::make_unique<Stream>(std::make_unique<Impl>(io, std::move(tls)));
}

void Stream::connect(const Url& url, std::function<void(const std::string&)> done) {
  Impl& s = *impl_;
  s.resolver.async_resolve(url.host, std::to_string(url.port), [&s, url, done](const error_code& ec, tcp::resolver::results_type found) {
    if (ec) return done("cannot resolve " + url.host + ": " + ec.message());
    asio::async_connect(s.socket(), found, [&s, url, done](const error_code& ec, const tcp::endpoint&) {
      if (ec) return done("cannot connect to " + url.host + ":" + std::to_string(url.port) + ": " + ec.message());
      error_code ignored;
      s.socket().set_option(tcp::no_delay(true), ignored);  // a call is one small write: send it now
      if (!s.secure) return done("");
      // The name the certificate is for (SNI), as TLS clients send it.
      if (!isAddress(url.host)) SSL_set_tlsext_host_name(s.secure->native_handle(), url.host.c_str());
      s.secure->async_handshake(asio::ssl::stream_base::client, [done](const error_code& ec) {
        done(ec ? "TLS handshake failed: " + ec.message() : "");
      });
    });
  });
}

void Stream::readSome(char* data, std::size_t size, Done done) {
  auto handler = [done = std::move(done)](const error_code& ec, std::size_t n) { done(sentence(ec), n); };
  if (impl_->secure) impl_->secure->async_read_some(asio::buffer(data, size), std::move(handler));
  else impl_->plain->async_read_some(asio::buffer(data, size), std::move(handler));
}

void Stream::write(std::string_view bytes, Done done) {
  auto handler = [done = std::move(done)](const error_code& ec, std::size_t n) { done(sentence(ec), n); };
  if (impl_->secure) asio::async_write(*impl_->secure, asio::buffer(bytes.data(), bytes.size()), std::move(handler));
  else asio::async_write(*impl_->plain, asio::buffer(bytes.data(), bytes.size()), std::move(handler));
}

void Stream::close() {
  if (!impl_) return;
  error_code ignored;
  impl_->resolver.cancel();
  impl_->socket().shutdown(tcp::socket::shutdown_both, ignored);
  impl_->socket().close(ignored);
}

bool Stream::tls() const { return impl_->secure != nullptr; }

std::string Stream::peer() const {
  error_code ec;
  const auto endpoint = impl_->socket().remote_endpoint(ec);
  if (ec) return "?";
  return endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

// ---- Listener -------------------------------------------------------------------

struct Listener::Impl : std::enable_shared_from_this<Listener::Impl> {
  Impl(asio::io_context& io, std::shared_ptr<TlsContext> tls) : io(io), acceptor(io), tls(std::move(tls)) {}

  void next() {
    acceptor.async_accept([weak = weak_from_this()](const error_code& ec, tcp::socket socket) {
      auto self = weak.lock();
      if (!self || ec == asio::error::operation_aborted || !self->acceptor.is_open()) return;
      if (!ec) self->admit(std::move(socket));
      self->next();
    });
  }

  // A TLS client has this long to finish its handshake.
  static constexpr std::chrono::seconds kHandshakeTimeout{10};

  void admit(tcp::socket socket) {
    error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    auto impl = std::make_unique<Stream::Impl>(std::move(socket), tls);
    auto& secure = impl->secure;
    auto stream = std::make_shared<std::unique_ptr<Stream>>(std::make_unique<Stream>(std::move(impl)));
    if (!tls) return accepted(std::move(*stream));
    auto timer = std::make_shared<asio::steady_timer>(io, kHandshakeTimeout);
    timer->async_wait([stream](const error_code& ec) {
      if (!ec && *stream) (*stream)->close();
    });
    secure->async_handshake(asio::ssl::stream_base::server, [weak = weak_from_this(), stream, timer](const error_code& ec) {
      timer->cancel();
      auto self = weak.lock();
      if (!self || !*stream) return;
      if (ec) {
        if (self->refused) self->refused((*stream)->peer(), "TLS handshake failed: " + ec.message());
        return;
      }
      self->accepted(std::move(*stream));
    });
  }

  asio::io_context& io;
  tcp::acceptor acceptor;
  std::shared_ptr<TlsContext> tls;
  std::function<void(std::unique_ptr<Stream>)> accepted;
  std::function<void(const std::string&, const std::string&)> refused;
};

Listener::Listener(asio::io_context& io, std::shared_ptr<TlsContext> tls) : impl_(std::make_shared<Impl>(io, std::move(tls))) {}

Listener::~Listener() { close(); }

Url Listener::listen(const Url& url) {
  error_code ec;
  tcp::resolver resolver(impl_->io);
  auto results = resolver.resolve(url.host, std::to_string(url.port), ec);
  if (ec || results.empty()) throw std::runtime_error("cannot resolve " + url.host + ": " + ec.message());
  const tcp::endpoint endpoint = *results.begin();
  auto& a = impl_->acceptor;
  if (a.open(endpoint.protocol(), ec); !ec) a.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen on " + url.text() + ": " + ec.message());
  const auto bound = a.local_endpoint();
  return Url{url.tls, bound.address().to_string(), bound.port()};
}

void Listener::accept(std::function<void(std::unique_ptr<Stream>)> accepted,
                      std::function<void(const std::string&, const std::string&)> refused) {
  impl_->accepted = std::move(accepted);
  impl_->refused = std::move(refused);
  impl_->next();
}

void Listener::close() {
  error_code ignored;
  impl_->acceptor.close(ignored);
}

unsigned short Listener::port() const {
  error_code ec;
  const auto endpoint = impl_->acceptor.local_endpoint(ec);
  return ec ? 0 : endpoint.port();
}

}  // namespace autolife::net
