// Bad input to the qi server (docs/qi.md "Bad input"): an Error reply when
// the message can be answered, a closed connection when the stream cannot
// be trusted any more, and in every case a server that goes on serving.
#include <gtest/gtest.h>

#include <chrono>

#include "autolife/qi/convert.hpp"
#include "qi_json.hpp"
#include "fixture.hpp"

namespace autolife {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;
using test::QiFixture;

using test::kWait;

std::string header(std::uint32_t id, qi::MessageType type, std::uint32_t service, std::uint32_t object,
                   std::uint32_t action, std::uint32_t size) {
  qi::Header h;
  h.id = id;
  h.type = type;
  h.service = service;
  h.object = object;
  h.action = action;
  h.size = size;
  std::string out;
  qi::encodeHeader(h, out);
  return out;
}

// The text of the Error answering message `id`.
std::string errorFor(qiclient::Client& client, std::uint32_t id) {
  for (;;) {
    auto m = client.receive(kWait);
    if (!m) return "no answer";
    if (m->header.id != id) continue;
    if (m->header.type != qi::MessageType::Error) return "not an error";
    return test::qiToJson(qi::decode(qi::Signature(qi::Kind::Dynamic), m->payload), qi::Signature(qi::Kind::Dynamic));
  }
}

void expectServing(QiFixture& server) {
  auto fresh = server.client();
  EXPECT_EQ(core::valueToJson(fresh->call("ALAutonomousLife", "getState", {})), "solitary");
}

TEST(QiBadInput, UnknownServiceObjectAndActionAreErrorsOnAConnectionThatGoesOn) {
  QiFixture server;
  auto client = server.client();
  const auto memory = client->serviceId("ALMemory");
  client->sendBytes(header(100, qi::MessageType::Call, 999, 1, 100, 0));
  EXPECT_EQ(errorFor(*client, 100), "there is no service with id 999");
  client->sendBytes(header(101, qi::MessageType::Call, memory, 77, 100, 0));
  EXPECT_EQ(errorFor(*client, 101), "there is no object 77 in service " + std::to_string(memory));
  client->sendBytes(header(102, qi::MessageType::Call, memory, 1, 9999, 0));
  EXPECT_NE(errorFor(*client, 102).find("no method with uid 9999"), std::string::npos);
  client->sendBytes(header(103, qi::MessageType::Call, 0, 0, 4, 0));
  EXPECT_NE(errorFor(*client, 103).find("only answers the handshake"), std::string::npos);
  EXPECT_TRUE(client->call("ALMemory", "getDataListName", {}).isArray());
}

TEST(QiBadInput, APayloadThatDoesNotFitTheSignatureIsAnErrorSayingWhere) {
  QiFixture server;
  auto client = server.client();
  const auto memory = client->serviceId("ALMemory");
  const auto getData = *client->metaObject(memory).methodUid("getData");
  // "(s)" with a length of 50 and 3 bytes.
  const std::string payload = std::string("\x32\0\0\0abc", 7);
  client->sendBytes(header(7, qi::MessageType::Call, memory, 1, getData, 7) + payload);
  EXPECT_EQ(errorFor(*client, 7), "at byte 4: string needs 50 bytes, 3 left");
  // Trailing bytes.
  const std::string longer = std::string("\x01\0\0\0xyz", 8);
  client->sendBytes(header(8, qi::MessageType::Call, memory, 1, getData, 8) + longer);
  EXPECT_EQ(errorFor(*client, 8), "at byte 5: 3 bytes left after the value");
  EXPECT_EQ(core::valueToJson(client->call("ALAutonomousLife", "getState", {})), "solitary");
}

TEST(QiBadInput, ABadHeaderClosesTheConnection) {
  QiFixture server;
  for (const std::string& bad : {std::string("GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
                                 header(1, qi::MessageType::Call, 1, 1, 101, 0).replace(12, 2, "\x05\x00", 2),
                                 header(1, qi::MessageType::Call, 1, 1, 101, 0).replace(14, 1, "\x0c", 1)}) {
    auto client = server.client();
    client->sendBytes(bad);
    EXPECT_TRUE(client->closedByPeer(kWait));
  }
  expectServing(server);
}

TEST(QiBadInput, AnOversizedPayloadIsRefusedFromItsHeader) {
  qiserver::ServerOptions options;
  options.limits.maxPayload = 1024;
  QiFixture server(options);
  auto client = server.client();
  client->sendBytes(header(5, qi::MessageType::Call, 1, 1, 100, 1u << 30));  // announces 1 GiB, sends nothing
  EXPECT_TRUE(client->closedByPeer(kWait));
  expectServing(server);
}

TEST(QiBadInput, APeerStallingInTheMiddleOfAMessageIsClosed) {
  qiserver::ServerOptions options;
  options.stallTimeout = 100ms;
  QiFixture server(options);
  auto client = server.client();
  client->sendBytes(header(5, qi::MessageType::Call, 1, 1, 100, 12).substr(0, 20));  // half a header
  EXPECT_TRUE(client->closedByPeer(kWait));
  auto other = server.client();
  client.reset();
  other->sendBytes(header(6, qi::MessageType::Call, 1, 1, 100, 12) + std::string("\x08\0\0\0", 4));  // half a payload
  EXPECT_TRUE(other->closedByPeer(kWait));
  expectServing(server);
}

TEST(QiBadInput, APeerThatVanishesMidCallOrWithSubscriptionsLeavesNothingBehind) {
  QiFixture server;
  {
    auto client = server.client();
    const auto memory = client->serviceId("ALMemory");
    const auto sub = client->call(memory, 1, "subscriber", {"qi/vanish"}).asObject();
    client->connect(memory, sub.object, "signal");
    const auto getData = *client->metaObject(memory).methodUid("getData");
    client->sendBytes(header(50, qi::MessageType::Call, memory, 1, getData, 9) + std::string("\x05\0\0\0nok", 7));
  }  // gone, half a message sent
  server.onEngine([&] { server.engine().memory.raiseEvent("qi/vanish", core::Value(1)); });
  expectServing(server);
  EXPECT_TRUE(server.onEngine([&] { return server.engine().memory.getSubscribers("qi/vanish"); }).empty());
}

TEST(QiBadInput, APeerThatDoesNotReadIsClosedWhenTooMuchWaits) {
  qiserver::ServerOptions options;
  options.maxQueuedBytes = 64 * 1024;
  QiFixture server(options);
  auto client = server.client();
  const auto memory = client->serviceId("ALMemory");
  const auto sub = client->call(memory, 1, "subscriber", {"qi/flood"}).asObject();
  client->connect(memory, sub.object, "signal");
  // Never reading: events pile up in the socket buffers, then in the server's queue.
  const std::string big(64 * 1024, 'x');
  server.onEngine([&] {
    for (int i = 0; i < 200; ++i) server.engine().memory.raiseEvent("qi/flood", core::Value(big));
  });
  EXPECT_TRUE(client->closedByPeer(kWait));
  expectServing(server);
}

TEST(QiBadInput, AMessageBeforeTheHandshakeIsRefusedWhenATokenIsSet) {
  qiserver::ServerOptions options;
  options.token = "secret";
  QiFixture server(options);
  qiclient::ClientOptions withToken;
  withToken.token = "secret";
  auto client = server.client(withToken);
  qiclient::ClientOptions noHandshake;
  noHandshake.handshake = false;
  auto raw = server.client(noHandshake);
  raw->sendBytes(header(3, qi::MessageType::Call, 1, 1, 101, 0));
  EXPECT_NE(errorFor(*raw, 3).find("authentication required"), std::string::npos);
  EXPECT_TRUE(raw->closedByPeer(kWait));
  qiclient::ClientOptions wrong;
  wrong.token = "guess";
  EXPECT_THROW(qiclient::Client(server.url(), wrong), qiclient::Error);
  EXPECT_EQ(core::valueToJson(client->call("ALAutonomousLife", "getState", {})), "solitary");
}

}  // namespace
}  // namespace autolife
