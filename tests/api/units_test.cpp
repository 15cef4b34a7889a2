// The API's parts without a socket: the rate limiter's arithmetic, reading
// requests, named parameters, and the code for each refusal reason.
#include <gtest/gtest.h>

#include "autolife/api/api.hpp"
#include "autolife/api/json_rpc.hpp"
#include "autolife/api/limits.hpp"
#include "autolife/api/request_reader.hpp"
#include "autolife/api/token.hpp"
#include "autolife/core/value_json.hpp"

namespace {

using namespace autolife::api;
using namespace std::chrono_literals;

TEST(RateLimiter, AllowsABurstOfOneSecondThenRefillsAtTheRate) {
  const auto t0 = RateLimiter::Clock::now();
  RateLimiter limiter(10, t0);
  EXPECT_TRUE(limiter.take(10, t0));
  EXPECT_FALSE(limiter.take(1, t0));
  EXPECT_FALSE(limiter.take(1, t0 + 50ms));
  EXPECT_TRUE(limiter.take(1, t0 + 150ms));
  EXPECT_FALSE(limiter.take(20, t0 + 100s));  // never more than a second's worth
  EXPECT_TRUE(limiter.take(10, t0 + 100s));
}

TEST(JsonRpc, ReadsARequestAndKeepsItsId) {
  Json id;
  auto r = readRequest(Json::parse(R"({"jsonrpc": "2.0", "id": "x", "method": "A.b", "params": {"k": 1}})"), id);
  EXPECT_EQ(r.method, "A.b");
  EXPECT_EQ(id, "x");
  EXPECT_FALSE(r.notification);
  EXPECT_TRUE(readRequest(Json::parse(R"({"jsonrpc": "2.0", "method": "A.b"})"), id).notification);
}

TEST(JsonRpc, AnInvalidRequestStillAnswersWithItsId) {
  Json id;
  try {
    readRequest(Json::parse(R"({"jsonrpc": "2.0", "id": 12, "method": []})"), id);
    FAIL();
  } catch (const RpcError& e) {
    EXPECT_EQ(e.code(), code::kInvalidRequest);
  }
  EXPECT_EQ(id, 12);
}

TEST(JsonRpc, ReasonsMapToCodes) {
  EXPECT_EQ(codeForReason("no-such-service"), -32601);
  EXPECT_EQ(codeForReason("no-such-method"), -32601);
  EXPECT_EQ(codeForReason("wrong-arity"), -32602);
  EXPECT_EQ(codeForReason("bad-argument"), -32602);
  EXPECT_EQ(codeForReason("error"), -32603);
  EXPECT_EQ(codeForReason("unknown-key"), -32000);
}

// The answer's text is written without building the response object: it
// must be the text the JSON-RPC object dumps to, byte for byte (key order,
// no spaces, invalid UTF-8 replaced).
TEST(JsonRpc, AResultsTextIsTheResponseObjectsText) {
  const Json ids[] = {Json(7), Json("a\"b"), Json(nullptr), Json(-3), Json(1.5)};
  const Json results[] = {Json(nullptr), Json(true), Json(42), Json(0.1), Json("caf\xc3\xa9"), Json("bad \xff byte"),
                          Json::array({1, "x", Json::object({{"z", 1}, {"a", 2}})}), Json::object()};
  for (const auto& id : ids)
    for (const auto& result : results) {
      EXPECT_EQ(resultText(id, result), text(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", result}}));
      // A service's answer (a core::Value) reads the same.
      EXPECT_EQ(resultText(id, autolife::core::jsonToValue(result)),
                text(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", result}}));
    }
  const Json extremes[] = {Json(INT64_MIN), Json(INT64_MAX), Json(UINT64_MAX), Json(false), Json(0)};
  for (const auto& n : extremes) {
    EXPECT_EQ(resultText(n, n), text(Json{{"jsonrpc", "2.0"}, {"id", n}, {"result", n}}));
    EXPECT_EQ(resultText(n, autolife::core::jsonToValue(n)), text(Json{{"jsonrpc", "2.0"}, {"id", n}, {"result", n}}));
  }
  EXPECT_EQ(resultText(Json(1), Json(nullptr)), R"({"id":1,"jsonrpc":"2.0","result":null})");
  // Written over a buffer that held a longer text: the same bytes.
  std::string reused(300, 'x');
  for (const auto& id : ids)
    for (const auto& result : results) {
      writeResultText(reused, id, result);
      EXPECT_EQ(reused, resultText(id, result));
      writeResultText(reused, id, autolife::core::jsonToValue(result));
      EXPECT_EQ(reused, resultText(id, result));
    }
  const RpcError refused(code::kRefused, "busy", "it is \"busy\"");
  EXPECT_EQ(errorText(Json(3), refused),
            R"({"error":{"code":-32000,"data":{"reason":"busy"},"message":"it is \"busy\""},"id":3,"jsonrpc":"2.0"})");
}

TEST(JsonRpc, ParseErrorsAndDepth) {
  EXPECT_THROW(parseMessage("{", 8), RpcError);
  try {
    parseMessage("[[[[[[1]]]]]]", 3);
    FAIL();
  } catch (const RpcError& e) {
    EXPECT_EQ(e.reason(), "too-deep");
  }
}

TEST(NamedParameters, PickTheOverloadWithThoseNames) {
  autolife::service::Service s("S");
  using autolife::service::Type;
  s.method("f", {{"a", Type::Int}}, Type::Int, "", [](const auto& a) { return a[0]; });
  s.method("f", {{"a", Type::Int}, {"b", Type::Int}}, Type::Int, "", [](const auto& a) { return a[1]; });
  auto arguments = [&](const Json& params) {
    return autolife::core::valueToJson(autolife::core::Value(argumentsFor(s, "f", autolife::core::jsonToValue(params))));
  };
  EXPECT_EQ(arguments(Json{{"b", 2}, {"a", 1}}), Json::array({1, 2}));
  EXPECT_EQ(arguments(Json{{"a", 1}}), Json::array({1}));
  EXPECT_THROW(arguments(Json{{"c", 1}}), autolife::service::CallError);
  EXPECT_EQ(arguments(Json()), Json::array());
}

TEST(Loopback, AddressesAndNames) {
  EXPECT_TRUE(isLoopback("127.0.0.1"));
  EXPECT_TRUE(isLoopback("127.1.2.3"));
  EXPECT_TRUE(isLoopback("::1"));
  EXPECT_TRUE(isLoopback("localhost"));
  EXPECT_FALSE(isLoopback("0.0.0.0"));
  EXPECT_FALSE(isLoopback("192.168.1.10"));
  EXPECT_FALSE(isLoopback("robot.local"));
}

// The fast reader takes the common request and reads it exactly as
// parseMessage and readRequest do (types included: an id of 3 is unsigned in
// both, an argument of 3 an Int);
// everything else it declines, for them to answer.
TEST(RequestReader, AgreesWithTheFullReaderOnWhatItTakesAndDeclinesTheRest) {
  RequestReader reader;
  auto full = [](const std::string& text) {
    Json id;
    return readRequest(parseMessage(text, 64), id);
  };
  auto expectSame = [&](const std::string& text) {
    SCOPED_TRACE(text);
    const auto fast = reader.read(text, 64);
    ASSERT_TRUE(fast.has_value());
    const Request slow = full(text);
    EXPECT_EQ(fast->method, slow.method);
    EXPECT_EQ(fast->notification, slow.notification);
    EXPECT_EQ(fast->id, slow.id);
    EXPECT_EQ(fast->id.type(), slow.id.type());
    EXPECT_EQ(fast->id.dump(), slow.id.dump());
    EXPECT_TRUE(identical(fast->params, slow.params)) << fast->params.toJson() << " vs " << slow.params.toJson();
  };
  expectSame(R"({"jsonrpc":"2.0","id":3,"method":"ALMemory.insertData","params":["bench/one",42]})");
  expectSame("{\"params\":[\"k\",-7,0.25,true,null,\"\\u00e9\\n\"],\"method\":\"ALMemory.insertData\",\"id\":\"a\",\"jsonrpc\":\"2.0\"}");
  expectSame(R"( {"jsonrpc":"2.0","method":"ALMemory.raiseEvent","params":["e",18446744073709551615]} )");
  expectSame(R"({"jsonrpc":"2.0","id":-12,"method":"ALMotion.wakeUp"})");
  expectSame(R"({"jsonrpc":"2.0","id":null,"method":"describe","params":[]})");
  expectSame("{\"j\\u0073onrpc\":\"2.0\",\"id\":1.5,\"method\":\"a.b\",\"params\":[1e-3,-0.5]}");
  for (const std::string text : {
           R"([{"jsonrpc":"2.0","id":1,"method":"describe"}])",                         // a batch
           R"({"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"event":"e"}})",  // named params
           R"({"jsonrpc":"2.0","id":1,"method":"a.b","params":[[1]]})",               // nested
           R"({"jsonrpc":"2.0","id":1,"id":2,"method":"a.b"})",                       // repeated
           R"({"jsonrpc":"2.0","id":1,"method":"a.b","extra":0})",                    // another member
           R"({"jsonrpc":"2.0","id":1,"method":"a.b","params":[-0]})",                // -0 is an integer to nlohmann
           R"({"jsonrpc":"2.0","id":1,"method":"a.b","params":[1.0]})",               // integral float
           R"({"jsonrpc":"2.0","id":true,"method":"a.b"})",                            // invalid id
           R"({"jsonrpc":"1.0","id":1,"method":"a.b"})",                               // wrong version
           R"({"jsonrpc":"2.0","id":1})",                                              // no method
           R"({"jsonrpc":"2.0","id":1,"method":"a.b"} x)",                             // trailing
           R"({"jsonrpc":"2.0","id":1,"method":"a.b","params":[1e400]})",              // beyond a double
           "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\xff\"}",                   // not UTF-8
           "",
       }) {
    SCOPED_TRACE(text);
    EXPECT_FALSE(reader.read(text, 64).has_value());
  }
  EXPECT_FALSE(reader.read(R"({"jsonrpc":"2.0","id":1,"method":"a.b","params":[1]})", 1).has_value());
}

// Read into one request again and again (the connection's), nothing of the
// last message stays, and arguments a Value still holds are not refilled.
TEST(RequestReader, ReadingIntoTheSameRequestLeavesNothingOfTheLastOne) {
  RequestReader reader;
  Request r;
  ASSERT_TRUE(reader.readInto(r, R"({"jsonrpc":"2.0","id":"x","method":"ALMemory.insertData","params":["k",1]})", 64));
  const autolife::core::Value held = r.params;  // what a call might keep
  ASSERT_TRUE(reader.readInto(r, R"({"jsonrpc":"2.0","method":"ALMotion.wakeUp"})", 64));
  EXPECT_TRUE(r.notification);
  EXPECT_TRUE(r.id.is_null());
  EXPECT_TRUE(r.params.isInvalid());
  EXPECT_EQ(r.method, "ALMotion.wakeUp");
  ASSERT_TRUE(reader.readInto(r, R"({"jsonrpc":"2.0","id":2,"method":"a.b","params":["other",2,3]})", 64));
  EXPECT_EQ(autolife::core::valueToJson(held), Json::array({"k", 1}));
  EXPECT_EQ(autolife::core::valueToJson(r.params), Json::array({"other", 2, 3}));
  ASSERT_TRUE(reader.readInto(r, R"({"jsonrpc":"2.0","id":3,"method":"a.b","params":[true]})", 64));
  EXPECT_EQ(autolife::core::valueToJson(r.params), Json::array({true}));  // refilled: no one else held it
  EXPECT_EQ(r.id, Json(3));
  EXPECT_FALSE(reader.readInto(r, R"([1])", 64));
}

}  // namespace
