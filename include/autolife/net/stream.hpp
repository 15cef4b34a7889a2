// A byte stream over TCP, plain or TLS (Boost.Asio's ssl stream on
// Debian's OpenSSL), and a listener that accepts them: what the qi server
// (src/qiserver) and a robot's connection (src/remote) speak over, so that
// `tcps://` works both ways (docs/qi.md, "TLS"). Asio stays inside src/net:
// handlers get an error sentence (empty when it went well).
//
// One thread at a time per stream: the io_context's. At most one read and
// one write in flight.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "autolife/net/url.hpp"

namespace boost::asio {
class io_context;
}

namespace autolife::net {

// The TLS side of a stream: a server's certificate and key, or a client's
// settings (no certificate check: robots serve self-signed ones, as libqi
// accepts them; docs/decisions.md 310).
class TlsContext {
public:
  static std::shared_ptr<TlsContext> client();
  // Throws std::runtime_error saying which file is wrong and why.
  static std::shared_ptr<TlsContext> server(const std::filesystem::path& certificate, const std::filesystem::path& key);
  ~TlsContext();
  struct Impl;
  Impl& impl() { return *impl_; }

private:
  TlsContext();
  std::unique_ptr<Impl> impl_;
};

// A self-signed certificate (and its key) for `serve --qi tcps://` in the
// data folder, made on first use: DATA/qi-tls-certificate.pem and
// DATA/qi-tls-key.pem (the key readable by its owner only). Throws
// std::runtime_error when they cannot be made.
struct CertificateFiles {
  std::filesystem::path certificate, key;
  bool created = false;
};
CertificateFiles selfSignedCertificate(const std::filesystem::path& dataFolder);

class Stream {
public:
  using Done = std::function<void(const std::string& error, std::size_t bytes)>;
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  // A client: resolves, connects, handshakes TLS when `tls` (tcps://).
  static std::unique_ptr<Stream> client(boost::asio::io_context& io, std::shared_ptr<TlsContext> tls);
  void connect(const Url& url, std::function<void(const std::string& error)> done);

  void readSome(char* data, std::size_t size, Done done);
  // All of `bytes` (kept alive by the caller until done).
  void write(std::string_view bytes, Done done);
  // Closes at once; pending operations end with an error.
  void close();
  bool tls() const;
  // "HOST:PORT" of the other end ("?" when unknown).
  std::string peer() const;

  struct Impl;
  explicit Stream(std::unique_ptr<Impl> impl);

private:
  std::unique_ptr<Impl> impl_;
};

class Listener {
public:
  // TLS when `tls` is given (a server context): each accepted stream
  // handshakes before it is handed over.
  Listener(boost::asio::io_context& io, std::shared_ptr<TlsContext> tls);
  ~Listener();
  // Binds and listens (port 0: any free one). Throws std::runtime_error.
  // The URL as bound.
  Url listen(const Url& url);
  // Accepts connections until closed; a stream whose TLS handshake fails is
  // dropped (the `refused` sentence says why).
  void accept(std::function<void(std::unique_ptr<Stream>)> accepted,
              std::function<void(const std::string& peer, const std::string& why)> refused = {});
  void close();
  unsigned short port() const;

private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace autolife::net
