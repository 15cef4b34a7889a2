// One HTTP connection: POST /api calls (keep-alive), the upgrade of
// GET /api to a WebSocket, or GET of the dashboard's files.
#include <optional>

#include "autolife/api/connection.hpp"
#include "autolife/dashboard/assets.hpp"
#include "http_types.hpp"

namespace autolife::api::transport {

namespace {

constexpr auto kReadTimeout = std::chrono::seconds(30);

class HttpSession : public Closable, public std::enable_shared_from_this<HttpSession> {
public:
  HttpSession(Socket socket, std::shared_ptr<Shared> shared)
      : stream_(std::move(socket)),
        shared_(shared),
        slot_(std::make_unique<Slot>(shared)),
        connection_(shared->api, [](std::string) {}, false) {}

  void read() {
    parser_.emplace();
    parser_->body_limit(shared_->options.limits.maxMessageBytes);
    stream_.expires_after(kReadTimeout);
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->onRead(ec);
    });
  }

private:
  void onRead(beast::error_code ec) {
    if (ec == http::error::body_limit) {
      connection_.tooLarge(*responder([self = shared_from_this()](std::string_view body) {
        self->respond(http::status::payload_too_large, std::string(body), false);
      }));
      return;
    }
    if (ec) return close();
    handle(parser_->release());
  }

  void handle(HttpRequest request) {
    const bool keepAlive = request.keep_alive();
    if (slot_->over()) return respond(http::status::service_unavailable, "too many connections\n", false);
    if (shared_->options.token.empty() && !loopbackHost(request))
      return respond(http::status::forbidden,
                     "without a token this server answers only requests for this machine (Host 127.0.0.1, localhost or "
                     "[::1]): a page elsewhere may not reach it under another name (DNS rebinding)\n",
                     false);
    if (pathOf(request) != "/api") return serveFile(request, keepAlive);
    if (!authorized(request, shared_->options.token))
      return respond(http::status::unauthorized, "a token is required (Authorization: Bearer TOKEN)\n", keepAlive);
    if (crossSite(request)) return respond(http::status::forbidden, "cross-site requests are refused\n", keepAlive);
    if (websocket::is_upgrade(request))
      return startWebSocketSession(std::move(stream_), std::move(request), shared_, std::move(slot_));
    if (request.method() != http::verb::post) return respond(http::status::method_not_allowed, "POST only\n", keepAlive);
    if (!request[http::field::content_type].starts_with("application/json"))
      return respond(http::status::unsupported_media_type, "Content-Type: application/json\n", keepAlive);
    call(request.body(), keepAlive);
  }

  void call(const std::string& body, bool keepAlive) {
    stream_.expires_never();  // the engine answers when its turn comes
    connection_.receive(body, *responder([self = shared_from_this(), keepAlive](std::string_view text) {
      self->shared_->toNetwork([self, keepAlive, answer = std::string(text)]() mutable {
        const auto status = answer.empty() ? http::status::no_content : http::status::ok;
        self->respond(status, std::move(answer), keepAlive, true);
      });
    }));
  }

  // The dashboard's files need no token: they are the same for everyone and
  // hold no data; the page then calls /api with the token from its own URL.
  void serveFile(const HttpRequest& request, bool keepAlive) {
    const auto path = pathOf(request);
    auto asset = shared_->files ? shared_->files(path) : dashboard::findAsset(path);
    if (!asset) return respond(http::status::not_found, "the dashboard is at /, the API at /api\n", keepAlive);
    if (request.method() != http::verb::get)
      return respond(http::status::method_not_allowed, "GET only\n", keepAlive, false, "GET");
    auto response = std::make_shared<http::response<http::string_body>>(http::status::ok, 11);
    response->set(http::field::server, "autolife");
    response->set(http::field::content_type, std::string(asset->contentType));
    response->set(http::field::cache_control, "no-cache");
    response->set("X-Content-Type-Options", "nosniff");
    // The page runs its own script and talks to this server only.
    response->set("Content-Security-Policy",
                  "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
    response->body() = std::string(asset->body);
    send(response, keepAlive);
  }

  void respond(http::status status, std::string body, bool keepAlive, bool json = false,
               const char* allow = "POST") {
    auto response = std::make_shared<http::response<http::string_body>>(status, 11);
    response->set(http::field::server, "autolife");
    response->set(http::field::content_type, json || status == http::status::payload_too_large
                                                 ? "application/json"
                                                 : "text/plain; charset=utf-8");
    if (status == http::status::method_not_allowed) response->set(http::field::allow, allow);
    response->body() = std::move(body);
    send(response, keepAlive);
  }

  void send(const std::shared_ptr<http::response<http::string_body>>& response, bool keepAlive) {
    response->keep_alive(keepAlive);
    response->prepare_payload();
    stream_.expires_after(kReadTimeout);
    http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code ec, std::size_t) {
      if (ec || !response->keep_alive()) return self->close();
      self->read();
    });
  }

  void close() override {
    if (!stream_.socket().is_open()) return;
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.close();
  }

  Stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<Shared> shared_;
  std::unique_ptr<Slot> slot_;
  Connection connection_;
};

}  // namespace

void startHttpSession(Socket socket, const std::shared_ptr<Shared>& shared) {
  auto session = std::make_shared<HttpSession>(std::move(socket), shared);
  shared->track(session);
  session->read();
}

}  // namespace autolife::api::transport
