// Typed declarations: a method's parameter and result types come from the
// C++ signature of its handler; arguments arrive converted; calls are
// checked against every overload (arity and types); types are qi
// signatures; a stub's answer is the neutral value of its type and is
// reported once.
#include <gtest/gtest.h>

#include "autolife/service/service.hpp"
#include "reason_of.hpp"

namespace {

using namespace autolife::service;
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
  EXPECT_EQ(s.call("names", {"n", 2}), Any({"n0", "n1"}));
  EXPECT_EQ(s.call("volumes", {}), Any({{"master", 0.5}}));
  EXPECT_EQ(s.call("pair", {}), Any({1, "a"}));
  EXPECT_EQ(s.call("play", {"a.wav", 1, 0}), Any());  // an int fits a float and, 0 or 1, a bool
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
  EXPECT_EQ(s.call("sum", {Any({1, 2.5})}), Any(3.5));
  EXPECT_EQ(s.call("keys", {Any({{"b", 1}, {"a", 2}})}), Any({"a", "b"}));
  EXPECT_EQ(s.call("echo", {Any({{"x", nullptr}})}), Any({{"x", nullptr}}));
  EXPECT_EQ(s.call("wide", {Any(8589934592)}), Any(8589934592));
  EXPECT_EQ(s.call("wide", {Any(3.0)}), Any(3));
  EXPECT_EQ(reasonOf([&] { s.call("sum", {Any({1, "x"})}); }),
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
  EXPECT_EQ(s.call("fade", {"FaceLeds", 0xff0000, 1}), Any("by number"));
  EXPECT_EQ(s.call("fade", {"FaceLeds", "red", 1}), Any("by name"));
  EXPECT_NE(reasonOf([&] { s.call("fade", {"FaceLeds", true, 1}); }).find("bad-argument"), std::string::npos)
      << "a bool is neither an int nor a string";
}

TEST(Binding, ARefusalNamesTheOverloadsAndWhatWasPassed) {
  Service s("Leds");
  s.bind("fade", {"name", "rgb", "duration"}, [](const std::string&, int, double) {});
  s.bind("fade", {"name", "colorName", "duration"}, [](const std::string&, const std::string&, double) {});
  EXPECT_EQ(reasonOf([&] { s.call("fade", {"FaceLeds", Any::array(), 1}); }),
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
  EXPECT_EQ(s.call("ping", {}), Any(true));
  alive = false;
  EXPECT_EQ(reasonOf([&] { s.call("ping", {}); }), "no-such-service: Gone.ping: the robot behind it is gone");
}

TEST(Binding, AVariadicMethodTakesAnything) {
  Service s("Mod");
  Method m{"pCall", {}, Type::Int, "posts a call", [](const Arguments& a) { return Any(a.size()); }};
  m.variadic = true;
  s.method(std::move(m));
  EXPECT_EQ(s.call("pCall", {"say", "hello"}), Any(2));
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
  EXPECT_EQ(neutral(Type::String), Any(""));
  EXPECT_EQ(neutral(Type::Int), Any(0));
  EXPECT_EQ(neutral(Type::Float), Any(0.0));
  EXPECT_EQ(neutral(Type::Bool), Any(false));
  EXPECT_EQ(neutral(*Type::parse("[s]")), Any::array());
  EXPECT_EQ(neutral(*Type::parse("{sm}")), Any::object());
  EXPECT_EQ(neutral(*Type::parse("(sif)")), Any({"", 0, 0.0}));
  EXPECT_TRUE(neutral(Type::Void).is_null());
  EXPECT_TRUE(neutral(Type::Any).is_null());
}

TEST(Types, ListsMapsAndTuplesFitElementByElement) {
  EXPECT_TRUE(fits(Any({"a", "b"}), *Type::parse("[s]")));
  EXPECT_FALSE(fits(Any({"a", 1}), *Type::parse("[s]")));
  EXPECT_TRUE(fits(Any({{"a", 1.5}}), *Type::parse("{sf}")));
  EXPECT_FALSE(fits(Any({{"a", "x"}}), *Type::parse("{sf}")));
  EXPECT_TRUE(fits(Any({"a", 1}), *Type::parse("(si)")));
  EXPECT_FALSE(fits(Any({"a"}), *Type::parse("(si)")));
  EXPECT_EQ(typeText(*Type::parse("[[f]]")), "a list of lists of floats");
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

}  // namespace
