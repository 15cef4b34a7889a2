// The object model of REFERENCE §8: methods with typed parameters and
// overloads by arity, signals, properties, a registry by name, and a
// machine-readable reason on every refusal.
#include <gtest/gtest.h>

#include <algorithm>

#include "autolife/service/service.hpp"
#include "any_json.hpp"
#include "reason_of.hpp"

namespace {

using namespace autolife::service;
using autolife::test::anyOf;
using autolife::test::jsonOf;
using nlohmann::json;
using autolife::test::reasonOf;

std::shared_ptr<Service> calculator() {
  auto s = std::make_shared<Service>("Calc", "adds things");
  s->method("add", {{"a", Type::Int}, {"b", Type::Int}}, Type::Int, "a + b",
            [](const Arguments& a) { return Any(intArg(a, 0) + intArg(a, 1)); });
  s->method("scale", {{"x", Type::Float}}, Type::Float, "x * 2", [](const Arguments& a) { return Any(floatArg(a, 0) * 2); });
  s->method("scale", {{"x", Type::Float}, {"by", Type::Float}}, Type::Float, "x * by",
            [](const Arguments& a) { return Any(floatArg(a, 0) * floatArg(a, 1)); });
  s->method("refuse", {}, Type::Void, "always refuses",
            [](const Arguments&) -> Any { throw CallError("not-today", "Calc.refuse: not today"); });
  s->method("crash", {}, Type::Void, "throws something else",
            [](const Arguments&) -> Any { throw std::logic_error("boom"); });
  s->signal("changed", {{"value", Type::Int}}, "fired on change");
  return s;
}

TEST(Service, CallsAMethodWithTypedArguments) {
  auto s = calculator();
  EXPECT_EQ(jsonOf(s->call("add", {2, 3})), json(5));
}

TEST(Service, OverloadsAreChosenByArity) {
  auto s = calculator();
  EXPECT_EQ(jsonOf(s->call("scale", {1.5})), json(3.0));
  EXPECT_EQ(jsonOf(s->call("scale", {1.5, 4})), json(6.0));  // an int fits a float parameter
}

TEST(Service, EveryRefusalHasAReasonAndASentence) {
  auto s = calculator();
  EXPECT_EQ(reasonOf([&] { s->call("nope", {}); }), "no-such-method: Calc.nope does not exist");
  EXPECT_EQ(reasonOf([&] { s->call("add", {1}); }), "wrong-arity: Calc.add takes 2 arguments (a: int, b: int), got 1: (1)");
  EXPECT_EQ(reasonOf([&] { s->call("scale", {}); }),
            "wrong-arity: Calc.scale takes 1 or 2 arguments (x: float) or (x: float, by: float), got 0: ()");
  EXPECT_EQ(reasonOf([&] { s->call("add", {1, "two"}); }),
            "bad-argument: Calc.add: argument 2 (b) must be an int, got \"two\"");
  EXPECT_EQ(reasonOf([&] { s->call("add", {1, 2.5}); }),
            "bad-argument: Calc.add: argument 2 (b) must be an int, got 2.5");
  EXPECT_EQ(reasonOf([&] { s->call("refuse", {}); }), "not-today: Calc.refuse: not today");
  EXPECT_EQ(reasonOf([&] { s->call("crash", {}); }), "error: Calc.crash: boom");
}

TEST(Service, SignalsReachSubscribersWithTheirName) {
  auto s = calculator();
  std::vector<std::string> seen;
  s->emitted.connect([&](const std::string& name, const Any& v) { seen.push_back(name + "=" + jsonOf(v).dump()); });
  s->emit("changed", 7);
  EXPECT_EQ(seen, std::vector<std::string>{"changed=7"});
}

TEST(Service, PropertiesAreTypedAndMayBeReadOnly) {
  Service s("Thing");
  int level = 1;
  s.property({"level", Type::Int, "a level", [&] { return Any(level); }, [&](const Any& v) { level = Convert<int>::from(v); }});
  s.property({"name", Type::String, "fixed", [] { return Any("thing"); }, nullptr});
  s.setProperty("level", 4);
  EXPECT_EQ(jsonOf(s.getProperty("level")), json(4));
  EXPECT_EQ(reasonOf([&] { s.setProperty("level", "high"); }), "bad-argument: Thing.level must be an int, got \"high\"");
  EXPECT_EQ(reasonOf([&] { s.setProperty("name", "other"); }), "read-only: Thing.name cannot be set");
  EXPECT_EQ(reasonOf([&] { s.getProperty("missing"); }), "no-such-property: Thing.missing is not a property");
}

TEST(Service, PropertyChangesAreSignalledWithTheValueReadBack) {
  Service s("Thing");
  int level = 1;
  int reading = 10;
  // The setter clamps: the signal carries what the getter reads back.
  s.property({"level", Type::Int, "0 to 5", [&] { return Any(level); },
              [&](const Any& v) { level = std::min(Convert<int>::from(v), 5); }});
  s.property({"reading", Type::Int, "a sensor", [&] { return Any(reading); }, nullptr});
  std::vector<std::string> seen;
  s.propertyChanged.connect([&](const std::string& name, const Any& v) { seen.push_back(name + "=" + jsonOf(v).dump()); });
  s.setProperty("level", 9);
  reading = 11;
  s.notifyPropertyChanged("reading");  // changed by the service itself
  EXPECT_EQ(seen, (std::vector<std::string>{"level=5", "reading=11"}));
  EXPECT_EQ(reasonOf([&] { s.setProperty("reading", 3); }), "read-only: Thing.reading cannot be set");
  EXPECT_EQ(reasonOf([&] { s.notifyPropertyChanged("missing"); }), "no-such-property: Thing.missing is not a property");
  EXPECT_EQ(seen.size(), 2u) << "a refused change is not signalled";
}

TEST(Registry, FindsServicesByNameAndCallsQualifiedMethods) {
  Registry r;
  std::vector<std::string> added;
  r.serviceAdded.connect([&](const std::string& n) { added.push_back(n); });
  r.add(calculator());
  EXPECT_EQ(added, std::vector<std::string>{"Calc"});
  EXPECT_EQ(r.names(), std::vector<std::string>{"Calc"});
  EXPECT_EQ(jsonOf(r.call("Calc.add", {40, 2})), json(42));
  EXPECT_EQ(reasonOf([&] { r.call("Nope.add", {}); }), "no-such-service: there is no service named Nope");
  EXPECT_EQ(reasonOf([&] { r.call("Calc", {}); }), "bad-method-name: 'Calc' is not of the form Service.method");
  EXPECT_EQ(reasonOf([&] { r.add(calculator()); }), "service-exists: a service named Calc is already registered");
  EXPECT_TRUE(r.remove("Calc"));
  EXPECT_FALSE(r.remove("Calc"));
  EXPECT_EQ(r.find("Calc"), nullptr);
}

TEST(Type, SignaturesAndFitting) {
  EXPECT_EQ(signature(Type::String), "s");
  EXPECT_EQ(signature(Type::List), "[m]");
  EXPECT_TRUE(fits(Any(1), Type::Float));
  EXPECT_TRUE(fits(Any(1.0), Type::Int));  // integral: libqi converts it
  EXPECT_FALSE(fits(Any(1.5), Type::Int));
  EXPECT_TRUE(fits(anyOf(json::object()), Type::Map));
  EXPECT_TRUE(fits(Any(), Type::Any));
}

}  // namespace

namespace {

using namespace autolife::service;

// A handler says how long its robot action takes; the caller reads it
// right after the call, on the same thread; every call is reported.
TEST(Registry, ReportsEveryCallAndTheTimeItsActionTakes) {
  Registry r;
  auto s = std::make_shared<Service>("Robot");
  s->method("say", {{"text", Type::String}}, Type::Void, "speaks", [](const Arguments&) {
    takes(std::chrono::milliseconds(1500));
    return Any();
  });
  s->method("ping", {}, Type::String, "answers", [](const Arguments&) { return Any("pong"); });
  r.add(s);
  std::vector<CallRecord> records;
  r.called.connect([&](const CallRecord& c) { records.push_back(c); });
  r.call("Robot.say", {"hello"});
  EXPECT_EQ(takenByLastCall(), std::chrono::milliseconds(1500));
  EXPECT_EQ(jsonOf(r.call("Robot.ping", {})), json("pong"));
  EXPECT_EQ(takenByLastCall(), std::chrono::milliseconds(0));  // each call starts from nothing
  EXPECT_THROW(r.call("Robot.fly", {}), CallError);
  EXPECT_THROW(r.call("Nobody.here", {}), CallError);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].service, "Robot");
  EXPECT_EQ(records[0].method, "say");
  ASSERT_EQ(records[0].arguments.size(), 1u);
  EXPECT_EQ(jsonOf(records[0].arguments[0]), "hello");
  EXPECT_EQ(records[0].takes, std::chrono::milliseconds(1500));
  EXPECT_EQ(jsonOf(records[1].result), json("pong"));
  EXPECT_EQ(records[2].errorReason, "no-such-method");
  EXPECT_EQ(records[3].errorReason, "no-such-service");
}

}  // namespace
