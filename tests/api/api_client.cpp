#include "api_client.hpp"

#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace autolife::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

// Runs the io_context until `done` or the timeout (which throws).
void runUntil(asio::io_context& ioc, const bool& done, const char* what) {
  ioc.restart();
  const auto deadline = std::chrono::steady_clock::now() + kTimeout;
  while (!done && std::chrono::steady_clock::now() < deadline) ioc.run_one_for(std::chrono::milliseconds(100));
  if (!done) throw std::runtime_error(std::string("timed out: ") + what);
}

tcp::endpoint local(unsigned short port) { return {asio::ip::make_address("127.0.0.1"), port}; }

}  // namespace

HttpReply httpRequest(unsigned short port, const std::string& method, const std::string& target,
                      const std::string& body, std::map<std::string, std::string> headers) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(local(port));
  http::request<http::string_body> request(http::string_to_verb(method), target, 11);
  request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  if (!headers.contains("Content-Type")) request.set(http::field::content_type, "application/json");
  for (const auto& [k, v] : headers) request.set(k, v);
  request.body() = body;
  request.prepare_payload();
  bool done = false;
  beast::error_code error;
  http::async_write(stream, request, [&](beast::error_code ec, std::size_t) {
    if (ec) error = ec;
    done = true;
  });
  runUntil(ioc, done, "HTTP write");
  // A server refusing a large body may answer before reading it all.
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  done = false;
  http::async_read(stream, buffer, response, [&](beast::error_code ec, std::size_t) {
    error = ec;
    done = true;
  });
  runUntil(ioc, done, "HTTP read");
  if (error) throw std::runtime_error("HTTP read: " + error.message());
  HttpReply reply{static_cast<int>(response.result_int()), response.body(), {}};
  for (const auto& field : response) reply.headers[std::string(field.name_string())] = std::string(field.value());
  return reply;
}

HttpReply post(unsigned short port, const std::string& body) { return httpRequest(port, "POST", "/api", body); }

Json rpcOverHttp(unsigned short port, const std::string& method, const Json& params) {
  auto reply = post(port, Json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", method}, {"params", params}}.dump());
  if (reply.status != 200) throw std::runtime_error("HTTP " + std::to_string(reply.status) + ": " + reply.body);
  return reply.json();
}

struct WsClient::Impl {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
};

WsClient::WsClient(unsigned short port, const std::string& target, std::map<std::string, std::string> headers)
    : impl_(std::make_unique<Impl>()) {
  beast::get_lowest_layer(impl_->ws).connect(local(port));
  impl_->ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& r) {
    for (const auto& [k, v] : headers) r.set(k, v);
  }));
  impl_->ws.read_message_max(64 << 20);
  websocket::response_type response;
  bool done = false;
  beast::error_code error;
  impl_->ws.async_handshake(response, "127.0.0.1:" + std::to_string(port), target, [&](beast::error_code ec) {
    error = ec;
    done = true;
  });
  runUntil(impl_->ioc, done, "WebSocket handshake");
  if (error) throw std::runtime_error("refused: HTTP " + std::to_string(response.result_int()));
}

WsClient::~WsClient() = default;

void WsClient::sendText(const std::string& text) {
  impl_->ws.text(true);
  impl_->ws.write(asio::buffer(text));
}

void WsClient::sendBinary(const std::string& bytes) {
  impl_->ws.binary(true);
  impl_->ws.write(asio::buffer(bytes));
}

Json WsClient::receiveRaw() {
  bool done = false;
  beast::error_code error;
  impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, std::size_t) {
    error = ec;
    done = true;
  });
  runUntil(impl_->ioc, done, "WebSocket read");
  if (error) throw std::runtime_error("WebSocket read: " + error.message());
  auto text = beast::buffers_to_string(impl_->buffer.data());
  impl_->buffer.clear();
  return Json::parse(text);
}

Json WsClient::receive() {
  if (!answers_.empty()) {
    auto j = answers_.front();
    answers_.pop_front();
    return j;
  }
  return receiveRaw();
}

Json WsClient::answerTo(const Json& id) {
  for (auto it = answers_.begin(); it != answers_.end(); ++it)
    if (it->is_object() && it->value("id", Json()) == id) {
      auto j = *it;
      answers_.erase(it);
      return j;
    }
  for (;;) {
    auto j = receiveRaw();
    if (j.is_object() && !j.contains("id")) notifications_.push_back(j);
    else if (j.is_object() && j["id"] == id) return j;
    else answers_.push_back(j);
  }
}

Json WsClient::call(const std::string& method, const Json& params) {
  const Json id = nextId_++;
  send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
  return answerTo(id);
}

Json WsClient::nextNotification() {
  while (notifications_.empty()) {
    auto j = receiveRaw();
    if (j.is_object() && !j.contains("id")) notifications_.push_back(j);
    else answers_.push_back(j);
  }
  auto j = notifications_.front();
  notifications_.pop_front();
  return j;
}

bool WsClient::closedByServer() {
  for (;;) {
    bool done = false;
    beast::error_code error;
    impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, std::size_t) {
      error = ec;
      done = true;
    });
    runUntil(impl_->ioc, done, "WebSocket close");
    impl_->buffer.clear();
    if (error) return true;
  }
}

int WsClient::closeCode() const { return static_cast<int>(impl_->ws.reason().code); }

void WsClient::abort() {
  auto& socket = beast::get_lowest_layer(impl_->ws).socket();
  beast::error_code ignored;
  socket.set_option(asio::socket_base::linger(true, 0), ignored);  // close() then sends RST
  socket.close(ignored);
}

}  // namespace autolife::test
