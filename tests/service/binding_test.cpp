// Typed declarations: a method's parameter and result types come from the
// C++ signature of its handler; arguments arrive converted; calls are
// checked against every overload (arity and types); types are qi
// signatures; a stub's answer is the neutral value of its type and is
// reported once.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "autolife/service/service.hpp"
#include "any_json.hpp"
#include "reason_of.hpp"

namespace {

using namespace autolife::service;
using autolife::test::anyOf;
using autolife::test::jsonOf;
using nlohmann::json;
using autolife::test::reasonOf;

TEST(Binding, DerivesTheDeclarationFromTheHandlersSignature) {
  Service s("Player");
  s.bind("play", {"file", "volume", "loop"}, [](const std::string&, double, bool) {});
  s.bind("names", {"prefix", "count"}, [](std::string prefix, int count) {
    std::vector<std::string> out;
    for (int i = 0; i < count; ++i) out.push_back(prefix + std::to_string(i));
    return out;
  });
  s.bind("volumes", {}, [] { return std::map<std::string, double>{{"master", 0.5}}; });
  s.bind("pair", {}, [] { return std::pair<int, std::string>{1, "a"}; });
  const auto& play = s.methods()[0];
  ASSERT_EQ(play.parameters.size(), 3u);
  EXPECT_EQ(play.parameters[0].name, "file");
  EXPECT_EQ(play.parameters[0].type, Type::String);
  EXPECT_EQ(play.parameters[1].type, Type::Float);
  EXPECT_EQ(play.parameters[2].type, Type::Bool);
  EXPECT_EQ(play.result, Type::Void);
  EXPECT_EQ(s.methods()[1].result.signature(), "[s]");
  EXPECT_EQ(s.methods()[2].result.signature(), "{sd}");
  EXPECT_EQ(s.methods()[3].result.signature(), "(is)");
  EXPECT_EQ(jsonOf(s.call("names", {"n", 2})), json({"n0", "n1"}));
  EXPECT_EQ(jsonOf(s.call("volumes", {})), json({{"master", 0.5}}));
  EXPECT_EQ(jsonOf(s.call("pair", {})), json({1, "a"}));
  EXPECT_EQ(jsonOf(s.call("play", {"a.wav", 1, 0})), json(nullptr));  // an int fits a float and, 0 or 1, a bool
}

TEST(Binding, ConvertsListsMapsAndTheDynamicValue) {
  Service s("Conv");
  s.bind("sum", {"values"}, [](const std::vector<double>& v) {
    double total = 0;
    for (double d : v) total += d;
    return total;
  });
  s.bind("keys", {"map"}, [](const std::map<std::string, int>& m) {
    std::vector<std::string> out;
    for (const auto& [k, v] : m) out.push_back(k);
    return out;
  });
  s.bind("echo", {"anything"}, [](const Any& v) { return v; });
  s.bind("wide", {"n"}, [](std::int64_t n) { return n; });
  EXPECT_EQ(jsonOf(s.call("sum", {anyOf({1, 2.5})})), json(3.5));
  EXPECT_EQ(jsonOf(s.call("keys", {anyOf({{"b", 1}, {"a", 2}})})), json({"a", "b"}));
  EXPECT_EQ(jsonOf(s.call("echo", {anyOf({{"x", nullptr}})})), json({{"x", nullptr}}));
  EXPECT_EQ(jsonOf(s.call("wide", {anyOf(8589934592)})), json(8589934592));
  EXPECT_EQ(jsonOf(s.call("wide", {anyOf(3.0)})), json(3));
  EXPECT_EQ(reasonOf([&] { s.call("sum", {anyOf({1, "x"})}); }),
            "bad-argument: Conv.sum: argument 1 (values) must be a list of floats, got [1,\"x\"]");
}

TEST(Binding, AnIntTooWideForItsParameterIsRefused) {
  Service s("Narrow");
  s.bind("f", {"n"}, [](int n) { return n; });
  EXPECT_EQ(reasonOf([&] { s.call("f", {Any(8589934592)}); }), "bad-argument: Narrow.f: 8589934592 is out of range for an int");
}

TEST(Binding, ParameterNamesMustMatchTheHandler) {
  Service s("Bad");
  EXPECT_THROW(s.bind("f", {"a"}, [](int, int) {}), std::logic_error);
}

TEST(Binding, OverloadsOfOneArityAreChosenByType) {
  Service s("Leds");
  s.bind("fade", {"name", "rgb", "duration"}, [](const std::string&, int, double) { return std::string("by number"); });
  s.bind("fade", {"name", "colorName", "duration"}, [](const std::string&, const std::string&, double) {
    return std::string("by name");
  });
  EXPECT_EQ(jsonOf(s.call("fade", {"FaceLeds", 0xff0000, 1})), json("by number"));
  EXPECT_EQ(jsonOf(s.call("fade", {"FaceLeds", "red", 1})), json("by name"));
  EXPECT_NE(reasonOf([&] { s.call("fade", {"FaceLeds", true, 1}); }).find("bad-argument"), std::string::npos)
      << "a bool is neither an int nor a string";
}

TEST(Binding, ARefusalNamesTheOverloadsAndWhatWasPassed) {
  Service s("Leds");
  s.bind("fade", {"name", "rgb", "duration"}, [](const std::string&, int, double) {});
  s.bind("fade", {"name", "colorName", "duration"}, [](const std::string&, const std::string&, double) {});
  EXPECT_EQ(reasonOf([&] { s.call("fade", {"FaceLeds", anyOf(json::array()), 1}); }),
            "bad-argument: Leds.fade takes (name: string, rgb: int, duration: float) or (name: string, colorName: string, "
            "duration: float), got (\"FaceLeds\", [], 1)");
}

TEST(Binding, TypedHandlersRefuseWithTheirMethodsName) {
  Service s("Audio");
  s.bind("setVolume", {"volume"}, [](double v) {
    if (v > 1) refuse("bad-argument", "volume must be between 0 and 1, got " + std::to_string(v));
  });
  EXPECT_EQ(reasonOf([&] { s.call("setVolume", {2}); }), "bad-argument: Audio.setVolume: volume must be between 0 and 1, got 2.000000");
  EXPECT_EQ(currentMethod(), "");
}

TEST(Binding, AGuardRunsBeforeEveryHandler) {
  Service s("Gone");
  bool alive = true;
  s.setGuard([&] {
    if (!alive) refuse("no-such-service", "the robot behind it is gone");
  });
  s.bind("ping", {}, [] { return true; });
  EXPECT_EQ(jsonOf(s.call("ping", {})), json(true));
  alive = false;
  EXPECT_EQ(reasonOf([&] { s.call("ping", {}); }), "no-such-service: Gone.ping: the robot behind it is gone");
}

TEST(Binding, AVariadicMethodTakesAnything) {
  Service s("Mod");
  Method m{"pCall", {}, Type::Int, "posts a call", [](const Arguments& a) { return Any(a.size()); }};
  m.variadic = true;
  s.method(std::move(m));
  EXPECT_EQ(jsonOf(s.call("pCall", {"say", "hello"})), json(2));
  EXPECT_TRUE(s.hasMethod("pCall", 5));
}

TEST(Types, ParseQiSignatures) {
  EXPECT_EQ(Type::parse("s"), Type::String);
  EXPECT_EQ(Type::parse("[s]")->kind(), Type::Kind::List);
  EXPECT_EQ(Type::parse("[s]")->children()[0], Type::String);
  EXPECT_EQ(Type::parse("{s[f]}")->children()[1].signature(), "[f]");
  EXPECT_EQ(Type::parse("(ss)<Pair,a,b>")->signature(), "(ss)");
  EXPECT_EQ(Type::parse("I")->kind(), Type::Kind::Int);
  EXPECT_EQ(Type::parse("f")->kind(), Type::Kind::Float);
  EXPECT_FALSE(Type::parse("[s"));
  EXPECT_FALSE(Type::parse("ss"));
  EXPECT_FALSE(Type::parse("X"));
}

TEST(Types, NeutralValuesAreNeverNullForAConcreteType) {
  EXPECT_EQ(jsonOf(neutral(Type::String)), json(""));
  EXPECT_EQ(jsonOf(neutral(Type::Int)), json(0));
  EXPECT_EQ(jsonOf(neutral(Type::Float)), json(0.0));
  EXPECT_EQ(jsonOf(neutral(Type::Bool)), json(false));
  EXPECT_EQ(jsonOf(neutral(*Type::parse("[s]"))), json::array());
  EXPECT_EQ(jsonOf(neutral(*Type::parse("{sm}"))), json::object());
  EXPECT_EQ(jsonOf(neutral(*Type::parse("(sif)"))), json({"", 0, 0.0}));
  EXPECT_TRUE(neutral(Type::Void).isInvalid());
  EXPECT_TRUE(neutral(Type::Any).isInvalid());
}

TEST(Types, ListsMapsAndTuplesFitElementByElement) {
  EXPECT_TRUE(fits(anyOf({"a", "b"}), *Type::parse("[s]")));
  EXPECT_FALSE(fits(anyOf({"a", 1}), *Type::parse("[s]")));
  EXPECT_TRUE(fits(anyOf({{"a", 1.5}}), *Type::parse("{sf}")));
  EXPECT_FALSE(fits(anyOf({{"a", "x"}}), *Type::parse("{sf}")));
  EXPECT_TRUE(fits(anyOf({"a", 1}), *Type::parse("(si)")));
  EXPECT_FALSE(fits(anyOf({"a"}), *Type::parse("(si)")));
  EXPECT_EQ(typeText(*Type::parse("[[f]]")), "a list of lists of floats");
}

// The kinds qi brings beyond JSON's (decisions 751, 755): a tuple fits a
// list and a tuple, bytes fit a string and raw, an integer beyond int64
// fits a number but no int parameter takes it, a NaN a handler returns is
// Invalid; what a typed handler returns as a pair is a Tuple.
TEST(Types, QiKindsFitWhereTheirJsonDid) {
  using autolife::core::Value;
  const Value tuple = Value::Tuple{{"a", 1}};
  const Value bytes = Value::Bytes{"\x01\x02"};
  const Value huge = std::uint64_t{18446744073709551615u};
  EXPECT_TRUE(fits(tuple, *Type::parse("(si)")));
  EXPECT_TRUE(fits(tuple, *Type::parse("[m]")));
  EXPECT_FALSE(fits(tuple, *Type::parse("[s]")));
  EXPECT_TRUE(fits(bytes, Type::String));
  EXPECT_TRUE(fits(bytes, *Type::parse("r")));
  EXPECT_TRUE(fits(Value("text"), *Type::parse("r")));
  EXPECT_FALSE(fits(bytes, *Type::parse("[m]")));
  EXPECT_TRUE(fits(huge, Type::Int));
  EXPECT_TRUE(fits(huge, Type::Float));
  EXPECT_FALSE(fits(Value::Map{{"a", 1}}, *Type::parse("[m]")));
  EXPECT_FALSE(fits(Value(std::nan("")), Type::Float)) << "a NaN is Invalid";

  Service s("Kinds");
  s.bind("first", {"pair"}, [](const std::pair<std::string, int>& p) { return p.first; });
  s.bind("length", {"text"}, [](const std::string& t) { return static_cast<int>(t.size()); });
  s.bind("narrow", {"n"}, [](std::int64_t n) { return n; });
  s.bind("nothing", {}, [] { return std::nan(""); });
  s.bind("swap", {"pair"}, [](const std::pair<int, std::string>& p) { return std::pair<std::string, int>{p.second, p.first}; });
  EXPECT_EQ(jsonOf(s.call("first", {tuple})), json("a"));
  EXPECT_EQ(jsonOf(s.call("first", {anyOf({"b", 2})})), json("b")) << "the network API sends arrays";
  EXPECT_EQ(jsonOf(s.call("length", {bytes})), json(2));
  EXPECT_EQ(reasonOf([&] { s.call("narrow", {huge}); }), "bad-argument: Kinds.narrow: 18446744073709551615 is out of range for an int");
  EXPECT_TRUE(s.call("nothing", {}).isInvalid());
  const Value swapped = s.call("swap", {Value::Tuple{{1, "x"}}});
  ASSERT_TRUE(swapped.isTuple());
  EXPECT_EQ(jsonOf(swapped), json({"x", 1}));
}

TEST(Registry, AStubsAnswerIsReportedOncePerMethod) {
  Registry r;
  auto s = std::make_shared<Service>("ALStub");
  Method m{"getName", {}, Type::String, "", [](const Arguments&) {
             notModelled();
             return Any("");
           }};
  m.modelled = false;
  s->method(std::move(m));
  s->bind("ping", {}, [] { return true; });
  r.add(s);
  std::vector<CallRecord> records;
  std::vector<std::string> warned;
  r.called.connect([&](const CallRecord& c) { records.push_back(c); });
  r.warned.connect([&](const std::string& w) { warned.push_back(w); });
  r.call("ALStub.getName", {});
  r.call("ALStub.getName", {});
  r.call("ALStub.ping", {});
  ASSERT_EQ(records.size(), 3u);
  EXPECT_TRUE(records[0].notModelled);
  EXPECT_NE(records[0].warning.find("ALStub.getName is not modelled"), std::string::npos) << records[0].warning;
  EXPECT_TRUE(records[1].notModelled);
  EXPECT_EQ(records[1].warning, "");
  EXPECT_FALSE(records[2].notModelled);
  ASSERT_EQ(warned.size(), 1u);
  EXPECT_EQ(r.warnings(), warned);
}

TEST(Registry, ReplaceTakesTheNameOfAStub) {
  Registry r;
  r.add(std::make_shared<Service>("ALDialog", "stub"));
  std::vector<std::string> events;
  r.serviceRemoved.connect([&](const std::string& n) { events.push_back("-" + n); });
  r.serviceAdded.connect([&](const std::string& n) { events.push_back("+" + n); });
  r.replace(std::make_shared<Service>("ALDialog", "modelled"));
  EXPECT_EQ(r.find("ALDialog")->description(), "modelled");
  EXPECT_EQ(events, (std::vector<std::string>{"-ALDialog", "+ALDialog"}));
}

// callAtOnce (what the network API uses): a method that answers at once is
// answered and reported as callAsync reports it, the stub's warning given
// even with nobody listening to `called`; a method that answers later is
// left to callAsync, nothing done.
TEST(Registry, CallAtOnceAnswersWhatAnswersAtOnceAndLeavesTheRest) {
  Registry r;
  auto s = std::make_shared<Service>("ALStub");
  Method stub{"getName", {}, Type::String, "", [](const Arguments&) {
                notModelled();
                return Any("");
              }};
  stub.modelled = false;
  s->method(std::move(stub));
  s->bind("twice", {"n"}, [](int n) { return 2 * n; });
  s->asyncMethod("later", {}, Type::Int, "answers later", [](const Arguments&, Reply) {
    ADD_FAILURE() << "callAtOnce ran a method that answers later";
  });
  r.add(s);
  std::vector<std::string> warned;
  r.warned.connect([&](const std::string& w) { warned.push_back(w); });
  auto unheard = r.callAtOnce("ALStub", s, "getName", {});
  ASSERT_TRUE(unheard);
  EXPECT_EQ(jsonOf(std::get<Any>(*unheard)), json(""));
  EXPECT_EQ(warned.size(), 1u);  // nobody listens to `called`: the warning is still given
  EXPECT_FALSE(r.callAtOnce("ALStub", s, "later", {}));

  std::vector<CallRecord> records;
  r.called.connect([&](const CallRecord& c) { records.push_back(c); });
  auto doubled = r.callAtOnce("ALStub", s, "twice", {Any(21)});
  ASSERT_TRUE(doubled);
  EXPECT_EQ(jsonOf(std::get<Any>(*doubled)), json(42));
  auto refused = r.callAtOnce("ALStub", s, "twice", {Any("x")});
  ASSERT_TRUE(refused);
  EXPECT_EQ(std::get<CallError>(*refused).reason(), "bad-argument");
  auto missing = r.callAtOnce("ALNone", nullptr, "f", {});
  ASSERT_TRUE(missing);
  EXPECT_EQ(std::get<CallError>(*missing).reason(), "no-such-service");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].method, "twice");
  EXPECT_EQ(jsonOf(records[0].result), json(42));
  EXPECT_EQ(jsonOf(records[0].arguments), json({21}));
  EXPECT_EQ(records[1].errorReason, "bad-argument");
  EXPECT_EQ(records[2].service, "ALNone");
  EXPECT_EQ(records[2].errorReason, "no-such-service");
}

}  // namespace
