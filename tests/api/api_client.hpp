// A real network client for the API's contract tests, written with Beast:
// WebSocket (requests, answers, notifications) and HTTP POST. Every wait
// has a generous timeout and fails the test instead of hanging.
#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

namespace autolife::test {

using Json = nlohmann::json;
constexpr auto kTimeout = std::chrono::seconds(20);

struct HttpReply {
  int status = 0;
  std::string body;
  std::map<std::string, std::string> headers;
  Json json() const { return Json::parse(body); }
};

// One HTTP request on a fresh connection ("Content-Type: application/json"
// unless `headers` says otherwise).
HttpReply httpRequest(unsigned short port, const std::string& method, const std::string& target,
                      const std::string& body, std::map<std::string, std::string> headers = {});
HttpReply post(unsigned short port, const std::string& body);
// Raises on a transport error.
Json rpcOverHttp(unsigned short port, const std::string& method, const Json& params = Json::array());

class WsClient {
public:
  // Connects and upgrades at `target`; throws (with the HTTP status) when refused.
  explicit WsClient(unsigned short port, const std::string& target = "/api",
                    std::map<std::string, std::string> headers = {});
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void sendText(const std::string& text);
  void sendBinary(const std::string& bytes);
  void send(const Json& message) { sendText(message.dump()); }
  // The next message (answer or notification), as received.
  Json receive();
  // Sends a request with a fresh id and returns its answer; notifications
  // received meanwhile are kept for nextNotification().
  Json call(const std::string& method, const Json& params = Json::array());
  // The answer with this id (keeping notifications and other answers).
  Json answerTo(const Json& id);
  Json nextNotification();
  std::size_t notificationsWaiting() const { return notifications_.size(); }
  // Is the connection closed by the server? (waits for it)
  bool closedByServer();
  // The code of the server's WebSocket close frame (0 when none came).
  int closeCode() const;
  // Resets the connection (TCP RST, no close handshake), as a client that
  // dies does; the object can only be destroyed afterwards.
  void abort();

private:
  Json receiveRaw();
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::deque<Json> notifications_;
  std::deque<Json> answers_;
  std::int64_t nextId_ = 1;
};

}  // namespace autolife::test
