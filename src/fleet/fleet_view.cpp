#include "autolife/fleet/fleet_view.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"
#include "autolife/fleet/topics.hpp"

namespace autolife::fleet {

namespace {

using core::Value;

// A robot nothing was heard of but its name.
Value::Map blankRobot(const std::string& name) {
  Value::Map r{{"name", name}, {"online", Value()}, {"reachable", false}, {"events", 0}};
  for (const auto leaf : kRetained) r.emplace(std::string(leaf), Value());
  r.emplace(std::string(topic::Transition), Value());
  r.emplace(std::string(topic::Problem), Value());
  return r;
}

bool shown(std::string_view leaf) {
  return std::find(std::begin(kRetained), std::end(kRetained), leaf) != std::end(kRetained) || leaf == topic::Transition ||
         leaf == topic::Problem;
}

constexpr std::size_t kPayloadDepth = 64;

}  // namespace

std::optional<Value> FleetView::apply(const mqtt::Message& m) {
  auto parsed = parseTopic(m.topic);
  if (!parsed || !shown(parsed->leaf) || !robotNameProblem(parsed->robot).empty()) return std::nullopt;
  Value value;  // an empty payload clears a retained topic: null
  if (!m.payload.empty()) {
    try {
      value = core::jsonToValue(core::parseJson(m.payload, kPayloadDepth));
    } catch (const std::exception&) {
      ++malformed_;
    }
  }
  auto it = robots_.find(parsed->robot);
  const bool added = it == robots_.end();
  if (added) it = robots_.emplace(parsed->robot, blankRobot(parsed->robot)).first;
  auto& robot = it->second;
  Value::Map change{{"name", parsed->robot}};
  if (parsed->leaf == topic::Transition || parsed->leaf == topic::Problem) {
    const auto events = robot["events"].isInt() ? robot["events"].asInt() : 0;
    robot["events"] = events + 1;
    change.emplace("events", events + 1);
  }
  if (parsed->leaf == topic::Online && !(value.isBool() && value.asBool())) {
    robot["reachable"] = false;  // offline: its dashboard is not
    change.emplace("reachable", false);
  }
  robot[parsed->leaf] = value;
  change.emplace(parsed->leaf, std::move(value));
  if (added) return Value(robot);
  return Value(std::move(change));
}

std::optional<Value> FleetView::setReachable(const std::string& name, bool reachable) {
  auto it = robots_.find(name);
  if (it == robots_.end()) return std::nullopt;
  auto& now = it->second["reachable"];
  if (now.isBool() && now.asBool() == reachable) return std::nullopt;
  now = reachable;
  return Value(Value::Map{{"name", name}, {"reachable", reachable}});
}

Value FleetView::robots() const {
  Value::Array out;
  out.reserve(robots_.size());
  for (const auto& [name, robot] : robots_) out.emplace_back(robot);
  return Value(std::move(out));
}

std::string FleetView::dashboard(const std::string& name) const {
  auto it = robots_.find(name);
  if (it == robots_.end()) return {};
  auto url = it->second.find(std::string(topic::Dashboard));
  return url != it->second.end() && url->second.isString() ? url->second.asString() : std::string();
}

bool FleetView::online(const std::string& name) const {
  auto it = robots_.find(name);
  if (it == robots_.end()) return false;
  auto online = it->second.find("online");
  return online != it->second.end() && online->second.isBool() && online->second.asBool();
}

std::optional<HttpAddress> httpAddressOf(const std::string& url) {
  constexpr std::string_view kScheme = "http://";
  if (!url.starts_with(kScheme)) return std::nullopt;
  std::string_view rest = std::string_view(url).substr(kScheme.size());
  rest = rest.substr(0, rest.find_first_of("/?#"));
  HttpAddress address;
  std::string_view port;
  if (rest.starts_with('[')) {
    const auto close = rest.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    address.host = std::string(rest.substr(1, close - 1));
    rest = rest.substr(close + 1);
    if (rest.starts_with(':')) port = rest.substr(1);
    else if (!rest.empty()) return std::nullopt;
  } else {
    const auto colon = rest.rfind(':');
    address.host = std::string(rest.substr(0, colon));
    if (colon != std::string_view::npos) port = rest.substr(colon + 1);
  }
  if (address.host.empty() || address.host.find('@') != std::string::npos) return std::nullopt;
  if (!port.empty()) {
    if (port.size() > 5 || !std::all_of(port.begin(), port.end(), [](unsigned char c) { return std::isdigit(c); }))
      return std::nullopt;
    const auto p = std::stoul(std::string(port));
    if (p == 0 || p > 65535) return std::nullopt;
    address.port = static_cast<unsigned short>(p);
  }
  return address;
}

}  // namespace autolife::fleet
