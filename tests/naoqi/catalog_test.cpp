// The catalog compiled into the binary: NAOqi's modules with their
// methods (overloads, parameter names, qi types), signals, events and
// memory keys, as scripts/naoqi-catalog took them from the SDK.
#include <gtest/gtest.h>

#include "autolife/naoqi/catalog.hpp"

namespace {

using autolife::naoqi::Catalog;
using autolife::service::Type;

TEST(Catalog, HoldsEveryModuleOfTheSdk) {
  const auto& c = Catalog::naoqi();
  EXPECT_GE(c.modules().size(), 90u);
  for (const char* name : {"ALAudioPlayer", "ALTextToSpeech", "ALMotion", "ALMemory", "ALTabletService", "ALSystem",
                           "ALServiceManager", "ALMood", "ALUserSession", "ALAnimationPlayer", "ALNavigation",
                           "ALBattery", "ALRobotModel", "ALVideoDevice", "ALPhotoCapture", "ALDialog",
                           "ALSpeechRecognition", "PackageManager", "DCM"})
    EXPECT_NE(c.find(name), nullptr) << name;
  EXPECT_EQ(c.find("ALNoSuchModule"), nullptr);
}

TEST(Catalog, KeepsOverloadsWithTheirParameterNamesAndTypes) {
  const auto* tts = Catalog::naoqi().find("ALTextToSpeech");
  ASSERT_NE(tts, nullptr);
  const auto* say1 = tts->method("say", 1);
  const auto* say2 = tts->method("say", 2);
  ASSERT_NE(say1, nullptr);
  ASSERT_NE(say2, nullptr);
  EXPECT_EQ(say1->parameters[0].name, "stringToSay");
  EXPECT_EQ(say1->parameters[0].type, Type::String);
  EXPECT_EQ(say2->parameters[1].name, "language");
  EXPECT_EQ(say1->result, Type::Void);
  const auto* player = Catalog::naoqi().find("ALAudioPlayer");
  EXPECT_EQ(player->method("getLoadedSoundSetsList", 0)->result.signature(), "[s]");
  EXPECT_EQ(player->method("playFile", 3)->parameters[1].name, "volume");
  EXPECT_EQ(player->method("playFile", 3)->parameters[1].type.signature(), "f");
  EXPECT_TRUE(player->hasMethod("pCall"));
}

TEST(Catalog, ModulesWithoutAHeaderComeFromTheDocumentation) {
  const auto* tablet = Catalog::naoqi().find("ALTabletService");
  ASSERT_NE(tablet, nullptr);
  EXPECT_NE(tablet->method("showWebview", 0), nullptr);
  EXPECT_NE(tablet->method("showWebview", 1), nullptr);
  EXPECT_EQ(tablet->method("loadUrl", 1)->result, Type::Bool);
  bool onTouchDown = false;
  for (const auto& s : tablet->signals)
    if (s.name == "onTouchDown") onTouchDown = s.parameters.size() == 2 && s.parameters[0].name == "x";
  EXPECT_TRUE(onTouchDown);
}

TEST(Catalog, KnowsEventsAndMemoryKeys) {
  const auto& c = Catalog::naoqi();
  EXPECT_TRUE(c.knowsKey("ALBattery/BatteryLow"));
  EXPECT_TRUE(c.knowsKey("FrontTactilTouched"));
  EXPECT_TRUE(c.knowsKey("EngagementZones/PeopleInZone1"));
  EXPECT_TRUE(c.knowsKey("PeoplePerception/Person/12/IsVisible"));
  EXPECT_FALSE(c.knowsKey("PeoplePerception/Person//IsVisible"));
  EXPECT_FALSE(c.knowsKey("PeoplePerception/Person/12/NoSuchThing"));
  EXPECT_FALSE(c.knowsKey("myApp/Whatever"));
  const auto* battery = c.find("ALBattery");
  ASSERT_FALSE(battery->events.empty());
  EXPECT_EQ(battery->events[0].name, "ALBattery/BatteryLow");
  EXPECT_EQ(battery->events[0].type, Type::Bool);
}

TEST(Catalog, AMalformedCatalogIsRefusedSayingWhere) {
  EXPECT_THROW(Catalog::parse("{"), std::invalid_argument);
  EXPECT_THROW(Catalog::parse("{}"), std::invalid_argument);
  try {
    Catalog::parse(R"({"modules": {"M": {"methods": [{"name": "f", "params": [["a", "[s"]], "returns": "v"}]}}})");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "M.f.a: '[s' is not a qi signature");
  }
  auto ok = Catalog::parse(R"({"modules": {"M": {"methods": [{"name": "f", "params": [["a", "[s]"]], "returns": "i"}]}}})");
  EXPECT_EQ(ok.find("M")->method("f", 1)->parameters[0].type.signature(), "[s]");
}

}  // namespace
