// The engine's bridge for NAOqi 2.8's service operands (docs/conditions.md
// "Service operands", src/engine/service_operands.cpp): a launch trigger
// reading `Service.signal` or `Service.property` is fed from the registry's
// services, in virtual time, whenever the service appears.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine_fixture.hpp"

namespace autolife::simtest {
namespace {

using service::Any;
using nlohmann::json;
using service::Type;

// A service with a property the test changes, as a sensor would: `charge`
// (read-only, changed by the service itself), `status` (a map), `mode`
// (settable), and a signal `pressed`.
struct TestBattery {
  int charge = 20;
  json status = {{"plugged", false}, {"level", {{"percent", 20}}}};
  std::string mode = "eco";
  std::shared_ptr<service::Service> service = std::make_shared<service::Service>("TestBattery");

  TestBattery() {
    service->property({"charge", Type::Int, "percent", [this] { return Any(charge); }, {}});
    service->property({"status", Type::Map, "plugged, level", [this] { return test::anyOf(status); }, {}});
    service->property({"mode", Type::String, "eco or full", [this] { return Any(mode); },
                       [this](const Any& v) { mode = v.asString(); }});
    service->signal("pressed", {{"button", Type::String}}, "A button was pressed");
  }
  void setCharge(int c) {
    charge = c;
    service->notifyPropertyChanged("charge");
  }
};

class ServiceOperands : public EngineFixture {
protected:
  std::vector<std::string> suggestions() { return engine().life.launchSuggestions(); }
  json activityInfo(const std::string& name) {
    for (const auto& a : call("Autolife.activities"))
      if (a["name"] == name) return a;
    return nullptr;
  }
  core::Time changedAt(const std::string& key) { return engine().memory.getTimestamp(key).time; }
};

TEST_F(ServiceOperands, ASimulatedServiceSignalMakesBangTrue) {
  start(launchpad::RobotModel::Nao, {{.name = "greet", .condition = "bang(ALBasicAwareness.humanTracked)"}});
  EXPECT_EQ(focused(), "");
  at(1, [&] { engine().services.find("ALBasicAwareness")->emit("humanTracked", 7); });
  EXPECT_EQ(focused(), "greet") << "the pulse focused it";
  EXPECT_EQ(key("ALBasicAwareness.humanTracked"), 7);
  EXPECT_EQ(engine().memory.getType("ALBasicAwareness.humanTracked"), "Event");
  EXPECT_EQ(changedAt("ALBasicAwareness.humanTracked"), core::fromSeconds(1));
}

TEST_F(ServiceOperands, ASignalTheSimulatedRobotEmitsItself) {
  // ALTextToSpeech.setLanguage emits languageTTS, as on a robot.
  start(launchpad::RobotModel::Nao,
        {{.name = "bonjour", .condition = "ALTextToSpeech.languageTTS == \"French\""}});
  at(2, [&] { call("ALTextToSpeech.setLanguage", {"French"}); });
  EXPECT_EQ(suggestions(), std::vector<std::string>{"bonjour"});
  EXPECT_EQ(focused(), "bonjour");
}

TEST_F(ServiceOperands, APropertyIsReadAtLoadAndFlipsTheConditionAtTheInstantItChanges) {
  TestBattery battery;
  start();
  engine().services.add(battery.service);
  engine().addActivity(activity({.name = "charged", .condition = "TestBattery.charge > 50"}));
  EXPECT_EQ(key("TestBattery.charge"), 20) << "written when the condition was loaded";
  EXPECT_TRUE(suggestions().empty());
  at(2.5, [&] { battery.setCharge(80); });
  EXPECT_EQ(suggestions(), std::vector<std::string>{"charged"});
  EXPECT_EQ(changedAt("TestBattery.charge"), core::fromSeconds(2.5));
  EXPECT_EQ(engine().memory.getType("TestBattery.charge"), "Data");
  at(3, [&] { battery.setCharge(40); });
  EXPECT_TRUE(suggestions().empty());
}

TEST_F(ServiceOperands, SetPropertyNotifiesAndTimeOperatorsWork) {
  TestBattery battery;
  start();
  engine().services.add(battery.service);
  engine().addActivity(activity({.name = "full", .condition = "(TestBattery.mode == \"full\") ~ 2"}));
  at(1, [&] { engine().services.find("TestBattery")->setProperty("mode", "full"); });
  EXPECT_TRUE(suggestions().empty());
  runTo(2.9);
  EXPECT_TRUE(suggestions().empty());
  runTo(3);
  EXPECT_EQ(suggestions(), std::vector<std::string>{"full"}) << "held for 2 s from t=1";
}

TEST_F(ServiceOperands, MapMembersArePickedAndAMapIsInvalid) {
  TestBattery battery;
  start();
  engine().services.add(battery.service);
  engine().addActivity(activity(
      {.name = "plugged",
       .condition = "TestBattery.status[\"plugged\"] && TestBattery.status.level.percent >= 20 && "
                    "type(TestBattery.status) == \"Invalid\""}));
  EXPECT_EQ(key("TestBattery.status[\"plugged\"]"), false);
  EXPECT_EQ(key("TestBattery.status.level.percent"), 20);
  EXPECT_EQ(key("TestBattery.status"), nullptr) << "a map is not a condition value";
  EXPECT_TRUE(suggestions().empty());
  at(1, [&] {
    battery.status["plugged"] = true;
    battery.service->notifyPropertyChanged("status");
  });
  EXPECT_EQ(suggestions(), std::vector<std::string>{"plugged"});
  at(2, [&] {
    battery.status = {{"plugged", true}};  // level gone: Invalid
    battery.service->notifyPropertyChanged("status");
  });
  EXPECT_EQ(key("TestBattery.status.level.percent"), nullptr);
  EXPECT_TRUE(suggestions().empty());
}

TEST_F(ServiceOperands, SignalArgumentsAreAnArrayAndMembersOfAMapArePicked) {
  auto svc = std::make_shared<service::Service>("Buttons");
  svc->signal("touched", {{"name", Type::String}, {"state", Type::Bool}}, "");
  svc->signal("event", {{"payload", Type::Map}}, "");
  start();
  engine().services.add(svc);
  engine().addActivity(activity({.name = "touch",
                                 .condition = "bang(Buttons.touched) && Buttons.touched[0] == \"Head\" && "
                                              "Buttons.event[\"kind\"] == \"tap\""}));
  at(1, [&] { svc->emit("event", test::anyOf({{"kind", "tap"}})); });
  EXPECT_EQ(key("Buttons.event[\"kind\"]"), "tap");
  at(2, [&] { svc->emit("touched", Any::Array{"Head", true}); });
  EXPECT_EQ(key("Buttons.touched"), json::array({"Head", true}));
  EXPECT_EQ(focused(), "touch");
}

TEST_F(ServiceOperands, AServiceAddedAfterTheConditionIsBridgedThen) {
  start(launchpad::RobotModel::Nao, {{.name = "late", .condition = "bang(TestBattery.pressed) || TestBattery.charge > 50"}});
  EXPECT_EQ(activityInfo("late")["unresolved"], json::array({"TestBattery.pressed", "TestBattery.charge"}));
  TestBattery battery;
  battery.charge = 90;
  at(4, [&] { engine().services.add(battery.service); });
  EXPECT_EQ(activityInfo("late")["unresolved"], json::array());
  EXPECT_EQ(key("TestBattery.charge"), 90);
  EXPECT_EQ(changedAt("TestBattery.charge"), core::fromSeconds(4));
  EXPECT_EQ(focused(), "late");
}

TEST_F(ServiceOperands, ARemovedServiceStopsItsPropertiesGoInvalidItsSignalsKeepTheirValue) {
  TestBattery battery;
  battery.charge = 90;
  start();
  engine().services.add(battery.service);
  engine().addActivity(activity({.name = "a", .condition = "TestBattery.charge > 50"}));
  engine().addActivity(activity({.name = "b", .condition = "TestBattery.pressed == \"A\""}));
  at(1, [&] { battery.service->emit("pressed", "A"); });
  EXPECT_EQ(suggestions(), (std::vector<std::string>{"a", "b"}));
  at(2, [&] { engine().services.remove("TestBattery"); });
  EXPECT_EQ(key("TestBattery.charge"), nullptr);
  EXPECT_EQ(key("TestBattery.pressed"), "A");
  EXPECT_EQ(suggestions(), std::vector<std::string>{"b"});
  EXPECT_EQ(activityInfo("a")["unresolved"], json::array({"TestBattery.charge"}));
  // The removed object is not listened to any more.
  at(3, [&] {
    battery.service->emit("pressed", "B");
    battery.setCharge(99);
  });
  EXPECT_EQ(key("TestBattery.pressed"), "A");
  EXPECT_EQ(key("TestBattery.charge"), nullptr);
}

TEST_F(ServiceOperands, UnknownMembersAreUnresolvedNotErrors) {
  start(launchpad::RobotModel::Nao,
        {{.name = "typo", .condition = "bang(ALBasicAwareness.humanTraked) || 'k' == 1"}});
  EXPECT_TRUE(activityInfo("typo")["problem"].is_null());
  EXPECT_EQ(activityInfo("typo")["unresolved"], json::array({"ALBasicAwareness.humanTraked"}));
  EXPECT_EQ(activityInfo("typo")["explanation"]["value"], false);
}

TEST_F(ServiceOperands, AReplacedTriggerThatNoLongerReadsItIsNoLongerFed) {
  TestBattery battery;
  start();
  engine().services.add(battery.service);
  engine().addActivity(activity({.name = "x", .condition = "TestBattery.charge > 50"}));
  EXPECT_EQ(battery.service->propertyChanged.size(), 1u);
  engine().addActivity(activity({.name = "x", .condition = "'other' == 1"}));  // replaced
  EXPECT_EQ(battery.service->propertyChanged.size(), 0u) << "nothing reads it any more";
  at(1, [&] { battery.setCharge(70); });
  EXPECT_EQ(key("TestBattery.charge"), 20) << "kept its last value";
}

TEST_F(ServiceOperands, TwoActivitiesSharingAnOperandKeepItFedUntilTheLastGoes) {
  TestBattery battery;
  start();
  engine().services.add(battery.service);
  engine().addActivity(activity({.name = "a", .condition = "TestBattery.charge > 50"}));
  engine().addActivity(activity({.name = "b", .condition = "TestBattery.charge > 10"}));
  engine().addActivity(activity({.name = "a", .condition = "'other' == 1"}));  // a reads it no more
  EXPECT_EQ(battery.service->propertyChanged.size(), 1u);
  at(1, [&] { battery.setCharge(5); });
  EXPECT_EQ(key("TestBattery.charge"), 5) << "b still reads it";
  engine().addActivity(activity({.name = "b", .condition = "'other' == 1"}));
  EXPECT_EQ(battery.service->propertyChanged.size(), 0u);
}

TEST_F(ServiceOperands, AServiceReplacedUnderTheSameNameIsBridgedToTheNewObject) {
  TestBattery first;
  start();
  engine().services.add(first.service);
  engine().addActivity(activity({.name = "charged", .condition = "TestBattery.charge > 50"}));
  TestBattery second;
  second.charge = 77;
  at(1, [&] {
    engine().services.remove("TestBattery");
    engine().services.add(second.service);
  });
  EXPECT_EQ(key("TestBattery.charge"), 77);
  EXPECT_EQ(focused(), "charged");
  at(2, [&] { first.setCharge(1); });
  EXPECT_EQ(key("TestBattery.charge"), 77) << "the old object is not listened to";
  at(3, [&] { second.setCharge(10); });
  EXPECT_EQ(key("TestBattery.charge"), 10);
}

TEST_F(ServiceOperands, APropertyChangedWhileTheBridgeReadsItKeepsTheNewerValue) {
  // The getter changes the property while the bridge reads it at load: it
  // returns the old value, but the change it announced is newer and wins.
  int charge = 20;
  bool changing = true;
  auto service = std::make_shared<service::Service>("TestBattery");
  service->property({"charge", Type::Int, "percent", [&] {
                       const int seen = charge;
                       if (changing) {
                         changing = false;
                         charge = 90;
                         service->notifyPropertyChanged("charge");
                       }
                       return Any(seen);
                     },
                     {}});
  start();
  engine().services.add(service);
  engine().addActivity(activity({.name = "charged", .condition = "TestBattery.charge > 50"}));
  EXPECT_EQ(key("TestBattery.charge"), 90);
  EXPECT_EQ(suggestions(), std::vector<std::string>{"charged"});
}

}  // namespace
}  // namespace autolife::simtest
