// The fleet's pieces without a broker (docs/fleet.md): topics and robot
// names, brokers' URLs, and what the fleet page's server makes of the
// robots' messages, whatever they hold.
#include <gtest/gtest.h>

#include "any_json.hpp"
#include "autolife/fleet/fleet_view.hpp"
#include "autolife/fleet/topics.hpp"
#include "autolife/mqtt/client.hpp"

namespace {

using namespace autolife;
using nlohmann::json;

mqtt::Message message(const std::string& topic, const std::string& payload) {
  return mqtt::Message{topic, payload, 1, false, {}, std::nullopt};
}

TEST(FleetTopics, AreUnderTheRobotsName) {
  EXPECT_EQ(fleet::topicOf("r1", fleet::topic::State), "autolife/r1/state");
  EXPECT_EQ(fleet::everyRobot(fleet::topic::Online), "autolife/+/online");
  auto parsed = fleet::parseTopic("autolife/pepper-2/transition");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->robot, "pepper-2");
  EXPECT_EQ(parsed->leaf, "transition");
  for (const char* other : {"autolife/r1", "autolife//state", "autolife/r1/", "autolife/fleet/id/reply", "other/r1/state"})
    EXPECT_FALSE(fleet::parseTopic(other)) << other;
  EXPECT_EQ(fleet::robotNameProblem("nao-7"), "");
  for (const char* bad : {"", "a/b", "a+", "#", "tab\there", "fleet"}) EXPECT_NE(fleet::robotNameProblem(bad), "") << bad;
  EXPECT_NE(fleet::robotNameProblem(std::string(65, 'x')), "");
}

TEST(FleetBrokerUrl, DefaultsToMqttsPortsAndSaysWhatIsWrong) {
  auto plain = mqtt::parseBrokerUrl("mqtt://broker.local");
  ASSERT_TRUE(std::holds_alternative<net::Url>(plain));
  EXPECT_EQ(std::get<net::Url>(plain).port, 1883);
  EXPECT_FALSE(std::get<net::Url>(plain).tls);
  auto secure = mqtt::parseBrokerUrl("mqtts://[::1]");
  ASSERT_TRUE(std::holds_alternative<net::Url>(secure));
  EXPECT_EQ(std::get<net::Url>(secure).port, 8883);
  EXPECT_EQ(std::get<net::Url>(secure).host, "::1");
  EXPECT_EQ(mqtt::brokerText(std::get<net::Url>(secure)), "mqtts://[::1]:8883");
  auto wrong = mqtt::parseBrokerUrl("tcp://host:1883");
  ASSERT_TRUE(std::holds_alternative<std::string>(wrong));
  EXPECT_NE(std::get<std::string>(wrong).find("not an MQTT URL: mqtt://HOST:PORT or mqtts://HOST:PORT expected"),
            std::string::npos)
      << std::get<std::string>(wrong);
  EXPECT_TRUE(std::holds_alternative<std::string>(mqtt::parseBrokerUrl("mqtt://host:0")));
}

TEST(FleetView, ARobotHeardFirstIsWholeThenOnlyWhatChanged) {
  fleet::FleetView view;
  auto first = view.apply(message("autolife/r1/state", "\"solitary\""));
  ASSERT_TRUE(first);
  auto robot = test::jsonOf(*first);
  EXPECT_EQ(robot["name"], "r1");
  EXPECT_EQ(robot["state"], "solitary");
  EXPECT_TRUE(robot["online"].is_null());
  EXPECT_TRUE(robot["transition"].is_null());
  auto online = view.apply(message("autolife/r1/online", "true"));
  EXPECT_EQ(test::jsonOf(*online), (json{{"name", "r1"}, {"online", true}}));
  EXPECT_TRUE(view.online("r1"));
  auto transition = test::jsonOf(*view.apply(message("autolife/r1/transition", R"({"FocusedActivityName": "p/a"})")));
  EXPECT_EQ(transition["transition"]["FocusedActivityName"], "p/a");
  EXPECT_EQ(transition["events"], 1);
  EXPECT_FALSE(view.apply(message("autolife/r1/call", "{}"))) << "a call is not the page's";
  EXPECT_FALSE(view.apply(message("autolife/fleet/x/reply", "{}")));
  EXPECT_EQ(view.size(), 1u);
}

TEST(FleetView, KeepsWhatARobotCannotSayAsNullAndCountsIt) {
  fleet::FleetView view;
  view.apply(message("autolife/r1/battery", R"({"level": 80, "charging": false})"));
  for (const char* bad : {"{", "not json", "[[[[", "\xff\xfe", "1e999"})
    EXPECT_TRUE(test::jsonOf(*view.apply(message("autolife/r1/battery", bad)))["battery"].is_null()) << bad;
  EXPECT_EQ(view.malformed(), 5u);
  EXPECT_TRUE(test::jsonOf(*view.apply(message("autolife/r1/battery", "")))["battery"].is_null()) << "cleared";
  EXPECT_EQ(view.malformed(), 5u);
  view.apply(message("autolife/r1/online", "true"));
  view.apply(message("autolife/r1/dashboard", "\"http://r1.local:8765/\""));
  EXPECT_TRUE(view.setReachable("r1", true));
  EXPECT_FALSE(view.setReachable("r1", true)) << "no change";
  EXPECT_FALSE(view.setReachable("nobody", true));
  auto offline = test::jsonOf(*view.apply(message("autolife/r1/online", "false")));
  EXPECT_EQ(offline["reachable"], false) << "an offline robot's dashboard is not reachable";
  EXPECT_EQ(view.dashboard("r1"), "http://r1.local:8765/");
}

TEST(FleetView, ReadsADashboardsAddress) {
  auto a = fleet::httpAddressOf("http://r1.local:8765/");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->host, "r1.local");
  EXPECT_EQ(a->port, 8765);
  auto v6 = fleet::httpAddressOf("http://[::1]:9000/?token=x");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->host, "::1");
  EXPECT_EQ(fleet::httpAddressOf("http://host/")->port, 80);
  for (const char* bad : {"", "https://h/", "http://", "http://h:99999/", "http://h:x/", "http://u@h/"})
    EXPECT_FALSE(fleet::httpAddressOf(bad)) << bad;
}

}  // namespace
