// Services declared against the catalog: modelled methods take their
// parameter names from it, every other overload it lists answers the
// neutral value of its type and is marked not modelled, ALModule's methods
// answer as NAOqi's do.
#include <gtest/gtest.h>

#include "autolife/naoqi/service_builder.hpp"
#include "any_json.hpp"

namespace {

using namespace autolife;
using naoqi::Catalog;
using naoqi::ServiceBuilder;
using service::Any;
using service::Type;
using test::jsonOf;
using json = nlohmann::json;

std::string reasonOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const service::CallError& e) {
    return e.reason() + ": " + e.what();
  }
  return "no error";
}

TEST(ServiceBuilder, NamesParametersFromTheCatalog) {
  ServiceBuilder b("ALAudioPlayer");
  double volume = -1;
  b.bind("setMasterVolume", [&](double v) { volume = v; });
  auto s = b.build();
  const auto& m = s->methods().front();
  EXPECT_EQ(m.name, "setMasterVolume");
  ASSERT_EQ(m.parameters.size(), 1u);
  EXPECT_EQ(m.parameters[0].name, "volume");
  EXPECT_EQ(m.parameters[0].type, Type::Float);
  s->call("setMasterVolume", {0.25});
  EXPECT_EQ(volume, 0.25);
}

TEST(ServiceBuilder, AMethodTheCatalogLacksNeedsItsNames) {
  ServiceBuilder b("ALAudioPlayer");
  EXPECT_THROW(b.bind("fly", [](int) {}), std::logic_error);
  EXPECT_THROW(b.bind("setMasterVolume", [](double, double) {}), std::logic_error);  // no such overload
  b.bind("fly", {"height"}, [](int) {});
  EXPECT_TRUE(b.build()->hasMethod("fly", 1));
}

TEST(ServiceBuilder, ADynamicResultTakesTheCatalogsType) {
  ServiceBuilder b("ALAudioPlayer");
  b.bind("getLoadedSoundSetsList", [] { return Any(Any::Array{}); });
  auto s = b.build();
  EXPECT_EQ(s->methods().front().result.signature(), "[s]");
}

TEST(ServiceBuilder, EveryOtherCatalogOverloadIsAStubOfItsType) {
  ServiceBuilder b("ALAudioPlayer");
  b.bind("setMasterVolume", [](double) {});
  auto s = b.build();
  const auto* module = Catalog::naoqi().find("ALAudioPlayer");
  for (const auto& entry : module->methods) EXPECT_TRUE(s->hasMethod(entry.name, entry.parameters.size())) << entry.name;
  EXPECT_EQ(jsonOf(s->call("getLoadedSoundSetsList", {})), json::array());
  EXPECT_EQ(jsonOf(s->call("getMasterVolume", {})), json(0.0));
  EXPECT_EQ(jsonOf(s->call("isSoundSetInstalled", {"Aldebaran"})), json(false));
  for (const auto& m : s->methods()) {
    if (m.name == "getLoadedSoundSetsList") {
      EXPECT_FALSE(m.modelled);
    }
    if (m.name == "setMasterVolume") {
      EXPECT_TRUE(m.modelled);
    }
  }
  // Stubs check their arguments like any method.
  EXPECT_EQ(reasonOf([&] { s->call("isSoundSetInstalled", {42}); }),
            "bad-argument: ALAudioPlayer.isSoundSetInstalled: argument 1 (setName) must be a string, got 42");
}

TEST(ServiceBuilder, CatalogSignalsAreDeclared) {
  auto s = ServiceBuilder("ALTabletService").build();
  bool found = false;
  for (const auto& sig : s->signals())
    if (sig.name == "onTouchDown") found = sig.parameters.size() == 2;
  EXPECT_TRUE(found);
}

TEST(ServiceBuilder, ModuleMethodsAnswerAsNaoqis) {
  auto s = naoqi::makeStubService(*Catalog::naoqi().find("ALBattery"));
  EXPECT_EQ(jsonOf(s->call("ping", {})), json(true));
  EXPECT_EQ(jsonOf(s->call("version", {})), json(naoqi::kNaoqiVersion));
  const auto list = jsonOf(s->call("getMethodList", {}));
  EXPECT_NE(std::find(list.begin(), list.end(), json("getBatteryCharge")), list.end());
  EXPECT_EQ(jsonOf(s->call("getUsage", {"getBatteryCharge"})), json("getBatteryCharge() -> int"));
  EXPECT_EQ(jsonOf(s->call("isRunning", {3})), json(false));
  EXPECT_EQ(jsonOf(s->call("getBatteryCharge", {})), json(0));
}

TEST(ServiceBuilder, PCallCallsTheNamedMethodWithoutWaiting) {
  ServiceBuilder b("ALTextToSpeech");
  std::string said;
  b.bind("say", [&](const std::string& text) {
    said = text;
    service::takes(std::chrono::seconds(2));
  });
  auto s = b.build();
  EXPECT_EQ(jsonOf(s->call("pCall", {"say", "hello"})), json(1));
  EXPECT_EQ(said, "hello");
  EXPECT_EQ(service::takenByLastCall(), core::Duration{0});
  EXPECT_EQ(jsonOf(s->call("pCall", {"say", "again"})), json(2));
  EXPECT_NE(reasonOf([&] { s->call("pCall", {"say"}); }).find("wrong-arity: ALTextToSpeech.say takes"), std::string::npos);
  EXPECT_NE(reasonOf([&] { s->call("pCall", {}); }).find("bad-argument"), std::string::npos);
}

TEST(ServiceBuilder, AServiceOutsideTheCatalogIsOnlyWhatItDeclares) {
  ServiceBuilder b("Autolife");
  b.bind("hello", {"name"}, [](const std::string& n) { return "hello " + n; });
  auto s = b.build();
  EXPECT_EQ(s->methods().size(), 1u);
  EXPECT_EQ(jsonOf(s->call("hello", {"you"})), json("hello you"));
}

}  // namespace
