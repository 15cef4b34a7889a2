// Single calls over HTTP POST /api (docs/api.md "HTTP"): answers, every
// kind of error with its code and reason, and the HTTP statuses around
// them. Each over a real socket to an in-process server.
#include <gtest/gtest.h>

#include "server_fixture.hpp"

namespace {

using namespace autolife::test;

class Http : public ::testing::Test {
protected:
  ServerFixture server;
  unsigned short port() { return server.port(); }
  Json call(const std::string& method, const Json& params = Json::array()) { return rpcOverHttp(port(), method, params); }
};

TEST_F(Http, ACallAnswersWithItsResultAndId) {
  auto answer = post(port(), R"({"jsonrpc": "2.0", "id": "a1", "method": "ALMemory.insertData", "params": ["k", 42]})");
  EXPECT_EQ(answer.status, 200);
  EXPECT_EQ(answer.headers["Content-Type"], "application/json");
  EXPECT_EQ(answer.json(), Json::parse(R"({"jsonrpc": "2.0", "id": "a1", "result": null})"));
  EXPECT_EQ(call("ALMemory.getData", {"k"})["result"], 42);
}

TEST_F(Http, IntsAndFloatsStayDistinct) {
  call("ALMemory.insertData", {"f", 1.0});
  auto reply = post(port(), request("ALMemory.getData", {"f"}).dump());
  EXPECT_NE(reply.body.find("\"result\":1.0"), std::string::npos) << reply.body;
}

TEST_F(Http, NamedParametersAreMatchedByName) {
  EXPECT_EQ(call("ALMemory.insertData", {{"value", "v"}, {"key", "named"}})["result"], nullptr);
  EXPECT_EQ(call("ALMemory.getData", {{"key", "named"}})["result"], "v");
  auto wrong = call("ALMemory.getData", {{"name", "named"}});
  EXPECT_EQ(codeOf(wrong), -32602);
  EXPECT_EQ(reasonOf(wrong), "wrong-arity");
}

TEST_F(Http, LifeAnswersOverTheNetwork) {
  EXPECT_EQ(call("ALAutonomousLife.getState")["result"], "solitary");
}

TEST_F(Http, AnUnknownServiceOrMethodIsMethodNotFound) {
  auto service = call("ALNothing.doIt");
  EXPECT_EQ(codeOf(service), -32601);
  EXPECT_EQ(reasonOf(service), "no-such-service");
  auto method = call("ALMemory.doIt");
  EXPECT_EQ(codeOf(method), -32601);
  EXPECT_EQ(reasonOf(method), "no-such-method");
  auto builtin = call("frobnicate");
  EXPECT_EQ(codeOf(builtin), -32601);
  EXPECT_EQ(reasonOf(builtin), "no-such-method");
}

TEST_F(Http, WrongArgumentsAreInvalidParams) {
  auto arity = call("ALMemory.getData", {"a", "b", "c"});
  EXPECT_EQ(codeOf(arity), -32602);
  EXPECT_EQ(reasonOf(arity), "wrong-arity");
  auto type = call("ALMemory.getData", {3});
  EXPECT_EQ(codeOf(type), -32602);
  EXPECT_EQ(reasonOf(type), "bad-argument");
}

TEST_F(Http, AServicesRefusalCarriesItsReason) {
  auto answer = call("ALMemory.getData", {"never/set"});
  EXPECT_EQ(codeOf(answer), -32000);
  EXPECT_EQ(reasonOf(answer), "unknown-key");
  EXPECT_NE(answer["error"]["message"].get<std::string>().find("never/set"), std::string::npos);
}

TEST_F(Http, MalformedRequestsGetTheirErrorWithANullId) {
  auto notJson = post(port(), "{\"jsonrpc\": ");
  EXPECT_EQ(notJson.status, 200);
  EXPECT_EQ(codeOf(notJson.json()), -32700);
  EXPECT_EQ(notJson.json()["id"], nullptr);
  EXPECT_EQ(reasonOf(post(port(), R"({"jsonrpc": "1.0", "id": 4, "method": "describe"})").json()), "invalid-request");
  auto version = post(port(), R"({"jsonrpc": "1.0", "id": 4, "method": "describe"})").json();
  EXPECT_EQ(codeOf(version), -32600);
  EXPECT_EQ(version["id"], 4);
  EXPECT_EQ(codeOf(post(port(), R"({"jsonrpc": "2.0", "id": 5, "method": 3})").json()), -32600);
  EXPECT_EQ(codeOf(post(port(), R"({"jsonrpc": "2.0", "id": 5, "method": "describe", "params": 3})").json()), -32600);
  EXPECT_EQ(codeOf(post(port(), R"({"jsonrpc": "2.0", "id": {}, "method": "describe"})").json()), -32600);
  EXPECT_EQ(codeOf(post(port(), "\"just a string\"").json()), -32600);
  EXPECT_EQ(codeOf(post(port(), "99999999999999999999999").json()), -32700);
}

TEST_F(Http, DeepNestingIsRefused) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  auto answer = post(port(), R"({"jsonrpc": "2.0", "id": 1, "method": "ALMemory.insertData", "params": ["k", )" + deep +
                                 "]}")
                    .json();
  EXPECT_EQ(codeOf(answer), -32600);
  EXPECT_EQ(reasonOf(answer), "too-deep");
}

TEST_F(Http, ANotificationGetsNoContent) {
  auto reply = post(port(), R"({"jsonrpc": "2.0", "method": "ALMemory.insertData", "params": ["quiet", 1]})");
  EXPECT_EQ(reply.status, 204);
  EXPECT_EQ(reply.body, "");
  EXPECT_EQ(call("ALMemory.getData", {"quiet"})["result"], 1);
}

TEST_F(Http, ABatchIsAnsweredWithAnArray) {
  auto reply = post(port(), Json::array({request("ALMemory.insertData", {"b", 2}, 1), request("ALMemory.getData", {"b"}, 2),
                                         Json{{"jsonrpc", "2.0"}, {"method", "ALMemory.insertData"}, {"params", {"c", 3}}},
                                         Json{{"id", 9}}})
                                .dump());
  auto answers = reply.json();
  ASSERT_TRUE(answers.is_array());
  ASSERT_EQ(answers.size(), 3u);  // the notification has no answer
  std::map<int, Json> byId;
  for (const auto& a : answers) byId[a["id"].get<int>()] = a;
  EXPECT_EQ(byId[2]["result"], 2);
  EXPECT_EQ(codeOf(byId[9]), -32600);
  EXPECT_EQ(codeOf(post(port(), "[]").json()), -32600);
}

TEST_F(Http, SubscribingNeedsAWebSocket) {
  auto answer = call("subscribe", {{"event", "k"}});
  EXPECT_EQ(codeOf(answer), -32000);
  EXPECT_EQ(reasonOf(answer), "needs-websocket");
}

TEST_F(Http, OnlyPostAtSlashApiIsACall) {
  EXPECT_EQ(httpRequest(port(), "GET", "/api", "").status, 405);
  EXPECT_EQ(httpRequest(port(), "POST", "/elsewhere", "{}").status, 404);
  EXPECT_EQ(httpRequest(port(), "POST", "/api", "{}", {{"Content-Type", "text/plain"}}).status, 415);
}

TEST_F(Http, ACrossSiteBrowserRequestIsForbidden) {
  auto body = request("describe").dump();
  EXPECT_EQ(httpRequest(port(), "POST", "/api", body, {{"Origin", "http://evil.example"}}).status, 403);
  const std::string self = "http://127.0.0.1:" + std::to_string(port());
  EXPECT_EQ(httpRequest(port(), "POST", "/api", body, {{"Origin", self}}).status, 200);
}

// DNS rebinding: a page at a name an attacker points at 127.0.0.1 is, to
// the browser, the same origin as that name; its Host is that name.
TEST_F(Http, WithoutATokenOnlyThisMachinesNamesAreAnswered) {
  const auto body = request("describe").dump();
  const std::string p = std::to_string(port());
  EXPECT_EQ(httpRequest(port(), "POST", "/api", body, {{"Host", "evil.example:" + p}, {"Origin", "http://evil.example:" + p}}).status,
            403);
  EXPECT_EQ(httpRequest(port(), "GET", "/", "", {{"Host", "evil.example"}}).status, 403);
  for (const std::string& host : std::vector<std::string>{"localhost.evil.example", "127.0.0.1.evil.example", "[::2]:" + p, "127.0.0.256", "127.0.0.1:x"})
    EXPECT_EQ(httpRequest(port(), "POST", "/api", body, {{"Host", host}}).status, 403) << host;
  for (const std::string& host : std::vector<std::string>{"localhost:" + p, "LocalHost", "127.0.0.1", "127.1.2.3:" + p, "[::1]:" + p, "[::1]", "app.localhost"})
    EXPECT_EQ(httpRequest(port(), "POST", "/api", body, {{"Host", host}}).status, 200) << host;
  EXPECT_THROW(WsClient(port(), "/api", {{"Host", "evil.example:" + p}}), std::exception);
}

TEST(HttpWithAToken, AnyHostMayCallWithTheToken) {
  ServerFixture server(autolife::api::Limits{}, "s3cret");
  const auto body = Json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "describe"}}.dump();
  EXPECT_EQ(httpRequest(server.port(), "POST", "/api", body, {{"Host", "robot.example"}, {"Authorization", "Bearer s3cret"}}).status,
            200);
  EXPECT_EQ(httpRequest(server.port(), "POST", "/api", body, {{"Host", "robot.example"}}).status, 401);
}

TEST_F(Http, ABodyOverTheLimitIs413WithAJsonRpcError) {
  const std::string big(2 << 20, ' ');
  auto reply = post(port(), big);
  EXPECT_EQ(reply.status, 413);
  EXPECT_EQ(reasonOf(reply.json()), "message-too-large");
  EXPECT_EQ(call("ALAutonomousLife.getState")["result"], "solitary");  // the server lives on
}

}  // namespace

namespace {

// describe (docs/api.md): every catalog service, each type's qi signature
// beside its kind, and whether the simulation models each method.
TEST_F(Http, DescribeGivesSignaturesAndWhatIsModelled) {
  const auto services = post(port(), R"({"jsonrpc": "2.0", "id": 1, "method": "describe"})").json()["result"]["services"];
  ASSERT_TRUE(services.contains("ALSonar"));
  ASSERT_TRUE(services.contains("ALTabletService"));
  auto overload = [&](const std::string& service, const std::string& name, std::size_t arity) {
    for (const auto& m : services[service]["methods"])
      if (m["name"] == name && m["parameters"].size() == arity) return m;
    return Json();
  };
  const auto say = overload("ALTextToSpeech", "say", 1);
  EXPECT_EQ(say["parameters"][0]["type"], "string");
  EXPECT_EQ(say["parameters"][0]["signature"], "s");
  EXPECT_EQ(say["modelled"], true);
  const auto names = overload("ALAudioPlayer", "getLoadedFilesNames", 0);
  EXPECT_EQ(names["result"], "list");
  EXPECT_EQ(names["resultSignature"], "[s]");
  EXPECT_EQ(overload("ALSonar", "getOutputNames", 0)["modelled"], false);
  EXPECT_EQ(overload("ALTextToSpeech", "pCall", 1)["variadic"], true);
}

}  // namespace
