// Every NAOqi module of the catalog exists on the simulated robot, every
// overload the catalog lists answers a value of its declared type (a
// neutral one when it is not modelled: never null where the type is a
// string, an int, a bool, a list or a map), calls are checked against the
// overloads, and a method that is not modelled is said once.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/naoqi/catalog.hpp"
#include "engine_fixture.hpp"

namespace {

using namespace autolife;
using autolife::simtest::EngineFixture;
using nlohmann::json;
using ::testing::HasSubstr;

class Catalog : public EngineFixture {
protected:
  // The sentence of the refusal `method` gives ("" when it answers).
  std::string messageOf(const std::string& method, const service::Arguments& arguments) {
    try {
      engine().services.call(method, arguments);
    } catch (const service::CallError& e) {
      return e.what();
    }
    return "";
  }
  void wait(double seconds) { clock_.runUntil(clock_.now() + core::fromSeconds(seconds)); }
};

// An argument of a type: what a careful caller would pass.
json sample(const service::Type& t) {
  switch (t.kind()) {
    case service::Type::Kind::Bool: return false;
    case service::Type::Kind::Int: return 0;
    case service::Type::Kind::Float: return 0.5;
    case service::Type::Kind::String:
    case service::Type::Kind::Raw: return "x";
    case service::Type::Kind::List: return json::array();
    case service::Type::Kind::Map: return json::object();
    case service::Type::Kind::Tuple: {
      json out = json::array();
      for (const auto& m : t.children()) out.push_back(sample(m));
      return out;
    }
    default: return "x";
  }
}

// Methods whose call would do what a test should not: stop the engine's
// behaviors, install things, wait forever.
bool skipped(const std::string& service, const std::string& method) {
  return service == "ALMemory" || service == "ALAutonomousLife" || service == "PackageManager" || service == "ALBehaviorManager" ||
         service == "ALPreferenceManager" || method == "pCall" || method == "exit";
}

TEST_F(Catalog, EveryModuleIsRegistered) {
  start();
  for (const auto& m : naoqi::Catalog::naoqi().modules()) EXPECT_NE(engine().services.find(m.name), nullptr) << m.name;
}

TEST_F(Catalog, EveryOverloadExistsAndAnswersItsDeclaredType) {
  for (const auto model : {launchpad::RobotModel::Nao, launchpad::RobotModel::Pepper}) {
    engine_.reset();
    start(model);
    std::size_t answered = 0, refused = 0;
    for (const auto& m : naoqi::Catalog::naoqi().modules()) {
      const auto s = engine().services.find(m.name);
      ASSERT_NE(s, nullptr) << m.name;
      for (const auto& entry : m.methods) {
        EXPECT_TRUE(s->hasMethod(entry.name, entry.parameters.size())) << m.name << "." << entry.name << "/" << entry.parameters.size();
        if (skipped(m.name, entry.name)) continue;
        // The declaration the call will run: the service's own overload of that arity.
        const service::Method* declared = nullptr;
        for (const auto& d : s->methods())
          if (d.name == entry.name && d.parameters.size() == entry.parameters.size()) declared = &d;
        if (!declared) continue;  // a variadic one
        service::Arguments args;
        for (const auto& p : declared->parameters) args.push_back(test::anyOf(sample(p.type)));
        try {
          const service::Any result = engine().services.call(m.name, entry.name, args);
          ++answered;
          EXPECT_TRUE(service::fits(result, declared->result))
              << m.name << "." << entry.name << " answered " << result.toJson() << " for " << declared->result.signature();
          const auto kind = declared->result.kind();
          if (kind != service::Type::Kind::Void && kind != service::Type::Kind::Any && kind != service::Type::Kind::Object) {
            EXPECT_FALSE(result.isInvalid()) << m.name << "." << entry.name << " answered null";
          }
        } catch (const service::CallError& e) {
          // A modelled method may refuse sample arguments (an unknown id),
          // with a reason of its own; never with an unexplained error.
          ++refused;
          EXPECT_NE(e.reason(), "error") << m.name << "." << entry.name << ": " << e.what();
          EXPECT_NE(e.reason(), "no-such-method") << m.name << "." << entry.name;
          EXPECT_TRUE(declared->modelled) << m.name << "." << entry.name << " is a stub, yet refused: " << e.what();
        }
        wait(0.01);
      }
    }
    EXPECT_GT(answered, 2000u);
    EXPECT_LT(refused, answered / 10);
  }
}

TEST_F(Catalog, AStubAnswersANeutralValueAndIsSaidOnce) {
  start();
  std::vector<std::string> warned;
  engine().services.warned.connect([&](const std::string& w) { warned.push_back(w); });
  EXPECT_EQ(call("ALSonar.getOutputNames"), json::array());
  EXPECT_EQ(call("ALSonar.getOutputNames"), json::array());
  EXPECT_EQ(call("ALVisionRecognition.getParam", {"x"}), json());  // a dynamic result: null
  ASSERT_EQ(warned.size(), 2u);
  EXPECT_THAT(warned[0], HasSubstr("ALSonar.getOutputNames is not modelled"));
  EXPECT_EQ(call("Autolife.warnings"), json(warned));
}

TEST_F(Catalog, CallsAreCheckedAgainstEveryOverload) {
  start();
  EXPECT_EQ(refusal("ALTextToSpeech.say", {1}), "bad-argument");
  EXPECT_THAT(messageOf("ALTextToSpeech.say", {1}), HasSubstr("ALTextToSpeech.say: argument 1 (stringToSay) must be a string, got 1"));
  EXPECT_EQ(refusal("ALTextToSpeech.say", {"a", "b", "c"}), "wrong-arity");
  const std::string arity = messageOf("ALTextToSpeech.say", {"a", "b", "c"});
  EXPECT_THAT(arity, HasSubstr("(stringToSay: string) or (stringToSay: string, language: string)"));
  EXPECT_THAT(arity, HasSubstr("got 3: (\"a\", \"b\", \"c\")"));
  EXPECT_EQ(refusal("ALSonar.subscribe", {1}), "bad-argument") << "a stub checks its arguments too";
  EXPECT_EQ(refusal("ALSonar.fly", {}), "no-such-method") << "an unknown method on a known service";
  EXPECT_EQ(refusal("ALTeleporter.beam", {}), "no-such-service");
}

TEST_F(Catalog, BoxesFavouriteMethodsAnswer) {
  start();
  EXPECT_EQ(call("ALAudioPlayer.getLoadedSoundSetsList"), json::array());
  EXPECT_TRUE(call("ALTextToSpeech.pCall", {"say", "hello"}).is_number_integer());
  EXPECT_EQ(call("ALSystem.systemVersion"), "2.8.5.10");
  EXPECT_EQ(call("ALSystem.robotName"), "NAO");
  EXPECT_EQ(call("ALBattery.getBatteryCharge"), 100);
  EXPECT_EQ(call("ALServiceManager.isServiceRunning", {"ALTextToSpeech"}), true);
  EXPECT_EQ(call("ALServiceManager.isServiceRunning", {"ALTeleporter"}), false);
}

}  // namespace
