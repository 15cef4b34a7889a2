#include "autolife/robot/dcm.hpp"

#include <chrono>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;

namespace {

constexpr const char* kDcmService = "DCM";

Leds::Update updateNamed(const Any& v, std::string_view where) {
  const std::string name = args::text(v, where, "the update type");
  if (name == "Merge") return Leds::Update::Merge;
  if (name == "ClearAll") return Leds::Update::ClearAll;
  if (name == "ClearAfter") return Leds::Update::ClearAfter;
  if (name == "ClearBefore") return Leds::Update::ClearBefore;
  refuse("bad-argument", where, "the update type is Merge, ClearAll, ClearAfter or ClearBefore, got " + args::quote(v));
}

}  // namespace

Dcm::Dcm(RobotCore& core, Leds& leds) : core_(core), leds_(leds), origin_(core.now()) {}

std::int64_t Dcm::dcmTime(core::Time t) const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t - origin_).count();
}

core::Time Dcm::engineTime(std::int64_t ms) const {
  return origin_ + std::chrono::duration_cast<core::Duration>(std::chrono::milliseconds(ms));
}

int Dcm::time(int offset) const {
  const std::int64_t t = dcmTime(core_.now()) + offset;
  if (t < std::numeric_limits<int>::min() || t > std::numeric_limits<int>::max())
    service::refuse("bad-argument", "DCM time " + std::to_string(t) + " ms does not fit an int");
  return static_cast<int>(t);
}

// [device, update type, [[value, DCM time (, importance)], ...]]
void Dcm::set(const Any& commands) {
  const std::string w = service::currentMethod();
  const Any::Array* parts = args::list(commands);
  if (!parts || parts->size() < 3)
    refuse("bad-argument", w, "takes [device, update type, [[value, time], ...]], got " + args::quote(commands));
  const std::string name = args::text((*parts)[0], w, "the device");
  const Leds::Update update = updateNamed((*parts)[1], w);
  const Any::Array* timed = args::list((*parts)[2]);
  if (!timed) refuse("bad-argument", w, "the commands are a list of [value, time], got " + args::quote((*parts)[2]));
  std::vector<std::pair<core::Time, double>> keys;
  for (const Any& c : *timed) {
    const Any::Array* pair = args::list(c);
    if (!pair || pair->size() < 2) refuse("bad-argument", w, "a command is [value, time], got " + args::quote(c));
    const double value = args::number((*pair)[0], w, "a command's value");
    // DCM time is an int: a time beyond one cannot be meant.
    const double ms = args::numberIn((*pair)[1], std::numeric_limits<int>::min(), std::numeric_limits<int>::max(), w,
                                     "a command's time (ms, an int)");
    keys.emplace_back(engineTime(static_cast<std::int64_t>(ms)), value);
  }
  const auto led = leds_.device(name);
  if (!led) {
    // Joints, stiffness and the rest of the body are ALMotion's here.
    service::notModelled();
    return;
  }
  leds_.command(*led, std::move(keys), update);
}

std::shared_ptr<service::Service> Dcm::makeService() {
  auto b = declare(core_, kDcmService, "Simulated DCM: its clock, and timed commands to the LEDs");
  b.bind("getTime", {"offset"}, [this](int offset) { return time(offset); },
         "DCM time in ms (since the robot started) plus an offset");
  b.bind("set", {"commands"}, [this](const Any& commands) { set(commands); },
         "Timed values for an LED device: [device, update type, [[value, time], ...]]; other devices are not modelled");
  return b.build();
}

}  // namespace autolife::robot
