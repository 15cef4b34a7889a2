// bench_fleet (docs/performance.md, "A fleet on one broker"): one process
// playing many robots on an MQTT broker, each publishing as `serve --mqtt`
// does (a fleet::Broadcaster each: its own connection and will, online,
// state, focus, battery and activities kept on the broker) and, at --rate a
// second, a focus change: the `transition` event and the retained `focus`,
// as serve publishes them. The focused activity's name carries the wall
// time it was published at, in milliseconds ("bench/1764412345678"), so
// that a page showing it can tell how far behind it is
// (bench/fleet_bench.mjs measures the fleet page so).
//
//   bench_fleet --broker mqtt://127.0.0.1:1883 [--robots 200] [--rate 10] [--seconds 30]
//
// Prints {"connected": N} once every robot reached the broker, then
// {"robots", "rate", "seconds", "published", "dropped", "late_ticks"} at the end.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "autolife/fleet/broadcaster.hpp"
#include "autolife/fleet/topics.hpp"

namespace {

using namespace autolife;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

std::string robotName(int i) {
  char name[32];
  std::snprintf(name, sizeof name, "bench-%03d", i);
  return name;
}

long long wallMilliseconds() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// What serve keeps on the broker from its start.
void keep(fleet::Broadcaster& robot, int i) {
  robot.retain(fleet::topic::State, "\"solitary\"");
  robot.retain(fleet::topic::Focus, "\"\"");
  robot.retain(fleet::topic::Battery, json{{"level", 40 + i % 60}, {"charging", i % 7 == 0}}.dump());
  robot.retain(fleet::topic::Activities,
               json::array({{{"name", "bench/greet"}, {"trigger", "'Launchpad/NumPeopleZone1' >= 1"}, {"value", false}},
                            {{"name", "bench/idle"}, {"trigger", "'Launchpad/NoPeopleInZones' ~ 10"}, {"value", i % 2 == 0}}})
                   .dump());
}

// One focus change, as serve publishes it: the event, then what is kept.
void focusChange(fleet::Broadcaster& robot, std::string& focused, long long seq) {
  const std::string next = "bench/" + std::to_string(wallMilliseconds());
  robot.event(fleet::topic::Transition, json{{"TransitionTime", seq},
                                             {"PreviousActivityName", focused},
                                             {"PreviousActivityStopReason", focused.empty() ? "" : "switchFocus-interrupt"},
                                             {"FocusedActivityName", next},
                                             {"FocusedActivityStartReason", "condition"}}
                                            .dump());
  robot.retain(fleet::topic::Focus, json(next).dump());
  focused = next;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"bench_fleet: many robots publishing on one MQTT broker, as serve --mqtt does"};
  std::string broker;
  int robots = 200;
  double rate = 10;
  double seconds = 30;
  app.add_option("--broker", broker, "mqtt://HOST:PORT")->required();
  app.add_option("--robots", robots, "Robots played (default 200)")->check(CLI::Range(1, 5000));
  app.add_option("--rate", rate, "Focus changes a second, each robot (default 10)")->check(CLI::Range(0.1, 1000.0));
  app.add_option("--seconds", seconds, "How long they publish (default 30)")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);

  auto url = mqtt::parseBrokerUrl(broker);
  if (const auto* wrong = std::get_if<std::string>(&url)) {
    std::cerr << "bench_fleet: " << *wrong << "\n";
    return 2;
  }
  std::vector<std::unique_ptr<fleet::Broadcaster>> fleet;
  for (int i = 0; i < robots; ++i) {
    fleet::BroadcasterOptions options;
    options.client.broker = std::get<net::Url>(url);
    options.robot = robotName(i);
    options.log = [](const char* level, const std::string& text) {
      if (std::string(level) != "info") std::cerr << "bench_fleet: " << text << "\n";
    };
    fleet.push_back(std::make_unique<fleet::Broadcaster>(options));
    keep(*fleet.back(), i);
    fleet.back()->start();
  }
  const auto connectBy = Clock::now() + std::chrono::seconds(60);
  for (const auto& r : fleet)
    while (!r->connected()) {
      if (Clock::now() > connectBy) {
        std::cerr << "bench_fleet: " << r->robot() << " did not reach the broker in 60 s\n";
        return 1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  std::cout << json{{"connected", robots}}.dump() << std::endl;

  // Each robot's changes at its own phase, the fleet spread over a period.
  const auto period = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / rate));
  const auto start = Clock::now();
  const auto end = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  std::vector<Clock::time_point> next(fleet.size());
  std::vector<std::string> focused(fleet.size());
  for (std::size_t i = 0; i < fleet.size(); ++i) next[i] = start + period * static_cast<long>(i) / static_cast<long>(fleet.size());
  long long seq = 0, lateTicks = 0;
  constexpr auto kTick = std::chrono::milliseconds(2);
  for (auto tick = start; tick < end; tick += kTick) {
    std::this_thread::sleep_until(tick);
    const auto now = Clock::now();
    if (now - tick > period) ++lateTicks;  // the machine could not keep the pace
    for (std::size_t i = 0; i < fleet.size(); ++i)
      while (next[i] <= now && next[i] < end) {
        focusChange(*fleet[i], focused[i], ++seq);
        next[i] += period;
      }
  }
  std::uint64_t published = 0, dropped = 0;
  for (const auto& r : fleet) {
    published += r->counts().published;
    dropped += r->counts().dropped;
  }
  std::cout << json{{"robots", robots}, {"rate", rate}, {"seconds", seconds}, {"published", published},
                    {"dropped", dropped}, {"late_ticks", lateTicks}}
                   .dump()
            << std::endl;
  for (auto& r : fleet) r->stop();
  return 0;
}
