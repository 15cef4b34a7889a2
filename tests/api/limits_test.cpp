// The limits of docs/api.md and the token: what a client gets when it
// exceeds one, and that the server and the other clients live on.
#include <gtest/gtest.h>

#include <sys/time.h>

#include <chrono>
#include <string>

#include "../support/loopback_socket.hpp"
#include "server_fixture.hpp"

namespace {

using namespace autolife::test;
using autolife::api::Limits;

Limits with(auto change) {
  Limits l;
  change(l);
  return l;
}

TEST(Limits, CallsBeyondTheRateAreRefusedAndTheConnectionLivesOn) {
  ServerFixture server(with([](Limits& l) { l.callsPerSecond = 5; }));
  WsClient client{server.port()};
  Json batch = Json::array();
  for (int i = 0; i < 10; ++i) batch.push_back(request("ALAutonomousLife.getState", Json::array(), i));
  client.send(batch);
  auto answers = client.receive();
  ASSERT_EQ(answers.size(), 10u);
  for (const auto& a : answers) {
    EXPECT_EQ(codeOf(a), -32001);
    EXPECT_EQ(reasonOf(a), "rate-limit");
  }
  // The bucket holds a second's worth: single calls pass again.
  EXPECT_EQ(client.call("ALAutonomousLife.getState")["result"], "solitary");
}

// Single requests (the common message, read without a JSON tree) meet the
// same bucket: each one beyond it is refused with its own id.
TEST(Limits, SingleCallsBeyondTheRateAreRefusedWithTheirIds) {
  ServerFixture server(with([](Limits& l) { l.callsPerSecond = 2; }));
  WsClient client{server.port()};
  for (int i = 0; i < 4; ++i) client.send(request("ALAutonomousLife.getState", Json::array(), i));
  for (int i = 0; i < 4; ++i) {
    const auto answer = client.receive();
    EXPECT_EQ(answer["id"], i);
    if (i < 2) EXPECT_EQ(answer["result"], "solitary");
    else EXPECT_EQ(reasonOf(answer), "rate-limit");
  }
}

TEST(Limits, ABatchOverTheLimitIsRefused) {
  ServerFixture server(with([](Limits& l) { l.maxBatch = 3; }));
  WsClient client{server.port()};
  client.send(Json::array({request("describe"), request("describe"), request("describe"), request("describe")}));
  EXPECT_EQ(reasonOf(client.receive()), "batch-too-large");
  EXPECT_EQ(client.call("ALAutonomousLife.getState")["result"], "solitary");
}

TEST(Limits, SubscriptionsBeyondTheLimitAreRefused) {
  ServerFixture server(with([](Limits& l) { l.maxSubscriptions = 2; }));
  WsClient client{server.port()};
  EXPECT_TRUE(client.call("subscribe", {{"event", "a"}})["result"].is_number());
  EXPECT_TRUE(client.call("subscribe", {{"event", "b"}})["result"].is_number());
  auto third = client.call("subscribe", {{"event", "c"}});
  EXPECT_EQ(codeOf(third), -32001);
  EXPECT_EQ(reasonOf(third), "too-many-subscriptions");
}

TEST(Limits, ConnectionsBeyondTheLimitAreRefusedWith503) {
  ServerFixture server(with([](Limits& l) { l.maxConnections = 2; }));
  WsClient a{server.port()};
  WsClient b{server.port()};
  EXPECT_EQ(httpRequest(server.port(), "POST", "/api", request("describe").dump()).status, 503);
  EXPECT_THROW(WsClient{server.port()}, std::runtime_error);
  EXPECT_EQ(a.call("ALAutonomousLife.getState")["result"], "solitary");
}

// A client that sends and never reads: once its unsent answers pass the
// limit the server drops it; others are served throughout.
TEST(Limits, AClientThatDoesNotReadIsDisconnected) {
  ServerFixture server(with([](Limits& l) { l.maxQueuedBytes = 64 * 1024; }));
  WsClient flooder{server.port()};
  WsClient polite{server.port()};
  polite.call("ALMemory.insertData", {"big", std::string(60000, 'x')});
  try {
    for (int i = 0; i < 1000; ++i) flooder.send(request("ALMemory.getData", {"big"}, i));
  } catch (const std::exception&) {  // already dropped
  }
  EXPECT_TRUE(flooder.closedByServer());
  EXPECT_EQ(polite.call("ALAutonomousLife.getState")["result"], "solitary");
}

// A socket that asked for a WebSocket upgrade and does nothing else by
// itself (no pong, no close): what a test makes of the server's frames is
// its own. Reads give up after 30 s, reached only when the server never
// sends. -1 when the request could not be sent.
int rawWebSocket(unsigned short port) {
  const int fd = connectToLoopback(port);
  timeval wait{30, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  const std::string upgrade =
      "GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  if (::send(fd, upgrade.data(), upgrade.size(), 0) != static_cast<ssize_t>(upgrade.size())) return -1;
  return fd;
}

// A peer gone without a word (its machine off, a cable pulled) never
// answers: the server pings it halfway through the idle timeout and closes
// the connection at its end, freeing its slot.
TEST(Limits, AWebSocketPeerThatNeverAnswersIsClosedAfterTheIdleTimeout) {
  ServerFixture server(with([](Limits& l) { l.idleTimeout = std::chrono::milliseconds(300); }));
  const int fd = rawWebSocket(server.port());
  ASSERT_GE(fd, 0);
  // Read (never answering) until the server closes: the 101, a ping, a close.
  std::string received;
  char buffer[4096];
  ssize_t n = 0;
  while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0) received.append(buffer, static_cast<std::size_t>(n));
  ::close(fd);
  EXPECT_EQ(n, 0) << "the server did not close the connection";
  ASSERT_TRUE(received.starts_with("HTTP/1.1 101")) << received;
  const std::string frames = received.substr(received.find("\r\n\r\n") + 4);
  ASSERT_GE(frames.size(), 2u);
  EXPECT_EQ(static_cast<unsigned char>(frames[0]), 0x89) << "the first frame is a ping";
  WsClient next{server.port()};
  EXPECT_EQ(next.call("ALAutonomousLife.getState")["result"], "solitary");
}

// A quiet peer that answers the server's pings is not idle: it stays
// connected through several idle timeouts and is answered when it calls.
TEST(Limits, AWebSocketPeerThatAnswersPingsStaysPastTheIdleTimeout) {
  ServerFixture server(with([](Limits& l) { l.idleTimeout = std::chrono::milliseconds(200); }));
  const int fd = rawWebSocket(server.port());
  ASSERT_GE(fd, 0);
  std::string received;
  auto readMore = [&] {
    char buffer[4096];
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n > 0) received.append(buffer, static_cast<std::size_t>(n));
    return n > 0;
  };
  while (received.find("\r\n\r\n") == std::string::npos) ASSERT_TRUE(readMore());
  received.erase(0, received.find("\r\n\r\n") + 4);
  // A client's frame, masked with a zero key (the payload as it is).
  auto sendFrame = [&](unsigned char opcode, const std::string& payload) {
    std::string frame{static_cast<char>(0x80 | opcode), static_cast<char>(0x80 | payload.size()), 0, 0, 0, 0};
    frame += payload;
    ASSERT_EQ(::send(fd, frame.data(), frame.size(), 0), static_cast<ssize_t>(frame.size()));
  };
  // Four pings, two idle timeouts at least: each answered with a pong.
  for (int pings = 0; pings < 4;) {
    while (received.size() < 2) ASSERT_TRUE(readMore()) << "closed after " << pings << " pings";
    ASSERT_EQ(static_cast<unsigned char>(received[0]), 0x89) << "only pings come to a quiet peer";
    const std::size_t length = static_cast<unsigned char>(received[1]) & 0x7f;
    while (received.size() < 2 + length) ASSERT_TRUE(readMore());
    sendFrame(0xA, received.substr(2, length));
    received.erase(0, 2 + length);
    ++pings;
  }
  sendFrame(0x1, request("ALAutonomousLife.getState").dump());
  while (received.size() < 2 || static_cast<unsigned char>(received[0]) != 0x81) {
    if (received.size() >= 2) received.erase(0, 2 + (static_cast<unsigned char>(received[1]) & 0x7f));  // a ping
    else ASSERT_TRUE(readMore()) << "closed before answering";
  }
  ::close(fd);
}

TEST(Token, IsRequiredWhenSet) {
  ServerFixture server({}, "s3cret");
  const auto body = request("ALAutonomousLife.getState").dump();
  EXPECT_EQ(httpRequest(server.port(), "POST", "/api", body).status, 401);
  EXPECT_EQ(httpRequest(server.port(), "POST", "/api", body, {{"Authorization", "Bearer wrong"}}).status, 401);
  EXPECT_EQ(httpRequest(server.port(), "POST", "/api", body, {{"Authorization", "Bearer s3cret"}}).status, 200);
  EXPECT_EQ(httpRequest(server.port(), "POST", "/api?token=s3cret", body).status, 200);
  EXPECT_THROW(WsClient{server.port()}, std::runtime_error);
  WsClient withHeader{server.port(), "/api", {{"Authorization", "Bearer s3cret"}}};
  EXPECT_EQ(withHeader.call("ALAutonomousLife.getState")["result"], "solitary");
  WsClient withQuery{server.port(), "/api?token=s3cret"};
  EXPECT_EQ(withQuery.call("ALAutonomousLife.getState")["result"], "solitary");
}

TEST(Origin, ACrossSiteWebSocketIsRefused) {
  ServerFixture server;
  EXPECT_THROW((WsClient{server.port(), "/api", {{"Origin", "https://evil.example"}}}), std::runtime_error);
  WsClient sameSite{server.port(), "/api", {{"Origin", "http://127.0.0.1:" + std::to_string(server.port())}}};
  EXPECT_EQ(sameSite.call("ALAutonomousLife.getState")["result"], "solitary");
}

}  // namespace
