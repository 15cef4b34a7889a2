#include "autolife/robot/leds.hpp"

#include <algorithm>
#include <array>

#include "arguments.hpp"

namespace autolife::robot {

using service::Any;
using service::Arguments;
using service::Type;

namespace {

constexpr const char* kLedsService = "ALLeds";

constexpr std::string_view kSuffix = "/Actuator/Value";
constexpr std::string_view kPrefix = "Device/SubDeviceList/";

std::string memoryKey(const LedDevice& d) { return std::string(kPrefix) + d.name; }

// A device by its name, with or without `Device/SubDeviceList/` before it
// or `/Actuator/Value` after it.
std::optional<std::size_t> findDevice(const std::vector<LedDevice>& devices, std::string_view name) {
  if (name.starts_with(kPrefix)) name.remove_prefix(kPrefix.size());
  for (std::size_t i = 0; i < devices.size(); ++i) {
    std::string_view d = devices[i].name;
    if (d == name || (d.ends_with(kSuffix) && d.substr(0, d.size() - kSuffix.size()) == name)) return i;
  }
  return std::nullopt;
}

const std::array<std::pair<const char*, std::uint32_t>, 7> kColors{{
    {"white", 0xFFFFFF}, {"red", 0xFF0000}, {"green", 0x00FF00}, {"blue", 0x0000FF},
    {"yellow", 0xFFFF00}, {"magenta", 0xFF00FF}, {"cyan", 0x00FFFF},
}};

double component(std::uint32_t rgb, char color) {
  const int shift = color == 'R' ? 16 : color == 'G' ? 8 : 0;
  return static_cast<double>((rgb >> shift) & 0xFF) / 255.0;
}

// The devices and groups of a model, as NAOqi names them.
struct Layout {
  std::vector<LedDevice> devices;
  std::map<std::string, std::vector<std::size_t>> groups;

  std::size_t add(std::string name, char color, double initial, std::initializer_list<std::string> inGroups) {
    devices.push_back({std::move(name), color, initial});
    const std::size_t i = devices.size() - 1;
    for (const auto& g : inGroups) groups[g].push_back(i);
    groups["AllLeds"].push_back(i);
    groups[color == 'R' ? "AllLedsRed" : color == 'G' ? "AllLedsGreen" : "AllLedsBlue"].push_back(i);
    return i;
  }
};

Layout layoutFor(bool pepper) {
  Layout l;
  const std::array<std::pair<char, const char*>, 3> rgb{{{'R', "Red"}, {'G', "Green"}, {'B', "Blue"}}};
  // Face: 8 RGB LEDs per eye, every 45 degrees. Top 7 and 0, internal 1 and 2,
  // bottom 3 and 4, external 5 and 6.
  auto facePart = [](int i) {
    switch (i) {
      case 7: case 0: return "Top";
      case 1: case 2: return "Internal";
      case 3: case 4: return "Bottom";
      default: return "External";
    }
  };
  // Each LED's short name is numbered otherwise (from 1, the right eye's
  // the other way round): FaceLedLeft0 is LeftFaceLed1, FaceLedRight0 is
  // RightFaceLed8, so that both eyes animate symmetrically.
  auto shortName = [](const std::string& side, int i) {
    return side + "FaceLed" + std::to_string(side == "Left" ? i + 1 : 8 - i);
  };
  for (const char* side : {"Left", "Right"})
    for (int i = 0; i < 8; ++i)
      for (const auto& [c, color] : rgb)
        l.add(std::string("Face/Led/") + color + "/" + side + "/" + std::to_string(i * 45) + "Deg" + std::string(kSuffix), c, 1.0,
              {"FaceLeds", std::string(side) + "FaceLeds", std::string(side) + "FaceLeds" + color,
               "FaceLed" + std::string(side) + std::to_string(i), "FaceLed" + std::to_string(i),
               std::string("FaceLeds") + facePart(i), std::string("FaceLeds") + side + facePart(i), shortName(side, i)});
  // Ears: 10 blue LEDs per ear, every 36 degrees.
  for (const char* side : {"Left", "Right"})
    for (int i = 0; i < 10; ++i) {
      const std::string ear = std::string(side) + "EarLeds";
      const std::size_t d = l.add(std::string("Ears/Led/") + side + "/" + std::to_string(i * 36) + "Deg" + std::string(kSuffix), 'B',
                                  1.0, {"EarLeds", ear, ear + (i < 5 ? "Front" : "Back"), ear + (i % 2 ? "Odd" : "Even")});
      if (pepper) l.groups["EarLed" + std::to_string(i + 1)].push_back(d);
    }
  for (const auto& [c, color] : rgb) l.add(std::string("ChestBoard/Led/") + color + std::string(kSuffix), c, 1.0, {"ChestLeds"});
  if (pepper) return l;
  for (const auto& [foot, group] : {std::pair{"LFoot", "LeftFootLeds"}, std::pair{"RFoot", "RightFootLeds"}})
    for (const auto& [c, color] : rgb)
      l.add(std::string(foot) + "/Led/" + color + std::string(kSuffix), c, 0.0, {"FeetLeds", group});
  // Head (brain): 12 blue LEDs, front to rear on each side.
  for (const char* side : {"Left", "Right"})
    for (const auto& [position, count] : {std::pair{"Front", 2}, std::pair{"Middle", 1}, std::pair{"Rear", 3}})
      for (int n = 0; n < count; ++n)
        l.add(std::string("Head/Led/") + position + "/" + side + "/" + std::to_string(n) + std::string(kSuffix), 'B', 0.0,
              {"BrainLeds", std::string("BrainLeds") + side,
               std::string("BrainLeds") + (std::string_view(position) == "Rear" ? "Back" : position)});
  return l;
}

}  // namespace

Leds::Leds(RobotCore& core) : core_(core) {
  Layout layout = layoutFor(core.pepper());
  devices_ = std::move(layout.devices);
  groups_ = std::move(layout.groups);
  state_.resize(devices_.size());
  MemoryWrites writes;
  for (std::size_t i = 0; i < devices_.size(); ++i) {
    state_[i].value = devices_[i].initial;
    writes.set(memoryKey(devices_[i]), devices_[i].initial);
  }
  writes.applyTo(core_.memory);
}

std::uint32_t Leds::color(const Any& v, std::string_view w) {
  if (v.isInt() || v.isUInt()) {
    const auto rgb = v.isInt() ? v.asInt() : -1;  // a UInt is beyond every colour
    if (rgb < 0 || rgb > 0xFFFFFF) refuse("bad-argument", w, "a colour is 0x00RRGGBB, got " + args::quote(v));
    return static_cast<std::uint32_t>(rgb);
  }
  if (v.isString()) {
    for (const auto& [name, rgb] : kColors)
      if (v.asString() == name) return rgb;
    refuse("bad-argument", w, "no colour named " + args::quote(v) + " (white, red, green, blue, yellow, magenta, cyan)");
  }
  refuse("bad-argument", w, "a colour is an int 0x00RRGGBB or a name, got " + args::quote(v));
}

std::vector<std::size_t> Leds::resolve(const std::string& name, std::string_view w) const {
  std::lock_guard lock(core_.mutex);
  if (auto g = groups_.find(name); g != groups_.end()) return g->second;
  if (auto d = findDevice(devices_, name)) return {*d};
  refuse("unknown-led", w, "no LED or group named '" + name + "' on " + std::string(core_.modelName()));
}

std::optional<std::size_t> Leds::device(std::string_view name) const {
  std::lock_guard lock(core_.mutex);
  return findDevice(devices_, name);
}

double Leds::valueAt(std::size_t d, core::Time t) const {
  const State& s = state_[d];
  if (s.task == 0 || s.keys.empty()) return s.value;
  // The last key first: a fade of no duration is already done.
  if (t >= s.keys.back().first) return s.keys.back().second;
  if (t <= s.keys.front().first) return s.keys.front().second;
  for (std::size_t i = 1; i < s.keys.size(); ++i) {
    const auto& [t1, v1] = s.keys[i];
    if (t < t1) {
      const auto& [t0, v0] = s.keys[i - 1];
      return v0 + (v1 - v0) * (core::toSeconds(t - t0) / core::toSeconds(t1 - t0));
    }
  }
  return s.keys.back().second;
}

double Leds::intensity(std::size_t device) const {
  std::lock_guard lock(core_.mutex);
  return valueAt(device, core_.now());
}

double Leds::intensity(const std::string& deviceName) const {
  const auto devices = resolve(deviceName, "Leds::intensity");
  return intensity(devices.front());
}

std::vector<std::string> Leds::groups() const {
  std::lock_guard lock(core_.mutex);
  std::vector<std::string> out;
  for (const auto& [name, devices] : groups_) out.push_back(name);
  return out;
}

core::Duration Leds::animate(std::vector<std::pair<std::size_t, Keys>> tracks) {
  std::lock_guard lock(core_.mutex);
  const core::Time now = core_.now();
  core::Duration duration{0};
  for (const auto& [d, keys] : tracks)
    if (!keys.empty()) duration = std::max(duration, keys.back().first);
  const std::uint64_t id = nextTask_++;
  for (const auto& [d, keys] : tracks) {
    State& s = state_[d];
    const double current = valueAt(d, now);
    s.value = current;
    s.task = id;
    s.keys.assign(1, {now, current});
    for (const auto& [offset, v] : keys) s.keys.emplace_back(now + offset, std::clamp(v, 0.0, 1.0));
  }
  tasks_[id] = core_.at(now + duration, [this, id] { finish(id); });
  dropAbandonedTasks();
  return duration;
}

void Leds::command(std::size_t d, std::vector<std::pair<core::Time, double>> commands, Update update) {
  std::lock_guard lock(core_.mutex);
  const core::Time now = core_.now();
  State& s = state_[d];
  double start = valueAt(d, now);
  std::vector<std::pair<core::Time, double>> keys;
  if (s.task != 0)
    for (const auto& k : s.keys)
      if (k.first > now) keys.push_back(k);
  auto byTime = [](const auto& a, const auto& b) { return a.first < b.first; };
  std::stable_sort(commands.begin(), commands.end(), byTime);
  if (update == Update::ClearAll) keys.clear();
  if (!commands.empty()) {
    const core::Time first = commands.front().first, last = commands.back().first;
    std::erase_if(keys, [&](const auto& k) {
      return (update == Update::ClearAfter && k.first >= first) || (update == Update::ClearBefore && k.first <= last);
    });
  }
  for (const auto& [t, v] : commands) {
    if (t <= now) start = std::clamp(v, 0.0, 1.0);  // already due: the value now
    else keys.emplace_back(t, std::clamp(v, 0.0, 1.0));
  }
  std::stable_sort(keys.begin(), keys.end(), byTime);
  s.value = start;
  s.keys.assign(1, {now, start});
  s.keys.insert(s.keys.end(), keys.begin(), keys.end());
  s.task = nextTask_++;
  tasks_[s.task] = core_.at(s.keys.back().first, [this, id = s.task] { finish(id); });
  dropAbandonedTasks();
}

void Leds::dropAbandonedTasks() {
  for (auto it = tasks_.begin(); it != tasks_.end();) {
    const auto task = it->first;
    if (std::none_of(state_.begin(), state_.end(), [task](const State& s) { return s.task == task; })) {
      core_.cancel(it->second);
      it = tasks_.erase(it);
    } else {
      ++it;
    }
  }
}

void Leds::finish(std::uint64_t task) {
  MemoryWrites writes;
  {
    std::lock_guard lock(core_.mutex);
    if (!tasks_.erase(task)) return;
    for (std::size_t d = 0; d < state_.size(); ++d) {
      State& s = state_[d];
      if (s.task != task) continue;
      s.value = s.keys.back().second;
      s.task = 0;
      s.keys.clear();
      writes.set(memoryKey(devices_[d]), s.value);
    }
  }
  writes.applyTo(core_.memory);
}

void Leds::setNow(const std::vector<std::size_t>& devices, const std::function<double(const LedDevice&)>& value) {
  MemoryWrites writes;
  {
    std::lock_guard lock(core_.mutex);
    for (auto d : devices) {
      State& s = state_[d];
      s.task = 0;
      s.keys.clear();
      s.value = std::clamp(value(devices_[d]), 0.0, 1.0);
      writes.set(memoryKey(devices_[d]), s.value);
    }
    dropAbandonedTasks();
  }
  core_.publish(std::move(writes));
}

std::shared_ptr<service::Service> Leds::makeService() {
  auto b = declare(core_, kLedsService, "Simulated LEDs: intensities, groups and fades");
  auto duration = [](double seconds, std::string_view what) { return args::seconds(args::within(seconds, 0.0, 1e6, what)); };
  auto fadeTo = [this](const std::vector<std::size_t>& devices, core::Duration d, const std::function<double(const LedDevice&)>& value) {
    std::vector<std::pair<std::size_t, Keys>> tracks;
    for (auto i : devices) tracks.push_back({i, {{d, value(devices_[i])}}});
    return animate(std::move(tracks));
  };
  auto here = [] { return service::currentMethod(); };
  b.bind("on", {"name"}, [this, here](const std::string& name) { setNow(resolve(name, here()), [](const LedDevice&) { return 1.0; }); },
         "Full intensity now");
  b.bind("off", {"name"}, [this, here](const std::string& name) { setNow(resolve(name, here()), [](const LedDevice&) { return 0.0; }); },
         "Zero intensity now");
  b.bind("setIntensity", {"name", "intensity"}, [this, here](const std::string& name, double v) {
    const auto devices = resolve(name, here());
    args::within(v, 0.0, 1.0, "intensity");
    setNow(devices, [v](const LedDevice&) { return v; });
  }, "An intensity now");
  b.bind("getIntensity", {"name"}, [this, here](const std::string& name) {
    const auto devices = resolve(name, here());
    if (devices.size() == 1) return Any(intensity(devices[0]));
    std::vector<double> out;
    for (auto d : devices) out.push_back(intensity(d));
    return service::toAny(out);
  }, "An LED's intensity (a list for a group)");
  b.bind("fade", {"name", "intensity", "duration"}, [this, duration, fadeTo, here](const std::string& name, double v, double seconds) {
    const auto devices = resolve(name, here());
    args::within(v, 0.0, 1.0, "intensity");
    service::takes(fadeTo(devices, duration(seconds, "duration"), [v](const LedDevice&) { return v; }));
  }, "Fades to an intensity; takes the duration");
  b.bind("fadeRGB", {"name", "color", "duration"}, [this, duration, fadeTo, here](const std::string& name, const Any& c, double seconds) {
    const auto devices = resolve(name, here());
    const std::uint32_t rgb = color(c, here());
    service::takes(fadeTo(devices, duration(seconds, "duration"), [rgb](const LedDevice& d) { return component(rgb, d.color); }));
  }, "Fades to a colour (0x00RRGGBB or a name); takes the duration");
  b.bind("fadeRGB", {"name", "red", "green", "blue", "duration"},
         [this, duration, fadeTo, here](const std::string& name, double r, double g, double bl, double seconds) {
           const auto devices = resolve(name, here());
           args::within(r, 0, 1, "red");
           args::within(g, 0, 1, "green");
           args::within(bl, 0, 1, "blue");
           service::takes(fadeTo(devices, duration(seconds, "duration"),
                                 [r, g, bl](const LedDevice& d) { return d.color == 'R' ? r : d.color == 'G' ? g : bl; }));
         }, "Fades to a colour given as three intensities; takes the duration");
  b.bind("fadeListRGB", {"name", "rgbList", "timeList"}, [this, here](const std::string& name, const std::vector<Any>& colors,
                                                                       const std::vector<double>& times) {
    const std::string w = here();
    const auto devices = resolve(name, w);
    if (colors.size() != times.size() || times.empty())
      service::refuse("bad-argument", "rgbList and timeList must have the same, non-zero, length");
    std::vector<std::uint32_t> rgbs;
    double previous = 0;
    for (std::size_t i = 0; i < times.size(); ++i) {
      rgbs.push_back(color(colors[i], w));
      if (times[i] < previous) service::refuse("bad-argument", "timeList must be increasing");
      previous = times[i];
    }
    std::vector<std::pair<std::size_t, Keys>> tracks;
    for (auto d : devices) {
      Keys keys;
      for (std::size_t i = 0; i < times.size(); ++i) keys.emplace_back(args::seconds(times[i]), component(rgbs[i], devices_[d].color));
      tracks.push_back({d, std::move(keys)});
    }
    service::takes(animate(std::move(tracks)));
  }, "Fades through timed colours; takes the last time");
  b.bind("reset", {"name"}, [this, here](const std::string& name) {
    setNow(resolve(name, here()), [](const LedDevice& d) { return d.initial; });
  }, "Back to the default state now");
  b.bind("rotateEyes", {"rgb", "timeForRotation", "totalDuration"},
         [this, duration, fadeTo, here](const Any& c, double timeForRotation, double totalDuration) {
           const std::uint32_t rgb = color(c, here());
           if (!(timeForRotation > 0)) service::refuse("bad-argument", "timeForRotation must be positive");
           service::takes(fadeTo(resolve("FaceLeds", here()), duration(totalDuration, "totalDuration"),
                                 [rgb](const LedDevice& d) { return component(rgb, d.color); }));
         }, "Rotates a colour around the eyes; takes totalDuration and leaves the eyes in that colour");
  for (const char* name : {"randomEyes", "rasta"}) {
    const std::string group = std::string_view(name) == "rasta" ? "AllLeds" : "FaceLeds";
    b.bind(name, {"duration"}, [this, duration, group, here](double seconds) {
      const core::Duration d = duration(seconds, "duration");
      std::vector<std::pair<std::size_t, Keys>> tracks;
      for (auto i : resolve(group, here())) tracks.push_back({i, {{d, intensity(i)}}});
      service::takes(animate(std::move(tracks)));
    }, "A light show; takes the duration and leaves the LEDs as they were");
  }
  b.bind("earLedsSetAngle", {"degrees", "duration", "leaveOnAtEnd"}, [this, duration, here](double degrees, double seconds, bool leaveOn) {
    args::within(degrees, 0, 360, "degrees");
    const core::Duration d = duration(seconds, "duration");
    std::vector<std::pair<std::size_t, Keys>> tracks;
    for (auto i : resolve("EarLeds", here())) {
      const std::string& n = devices_[i].name;  // Ears/Led/<Side>/<angle>Deg/...
      const auto deg = n.find("Deg");
      const double angle = std::stod(n.substr(n.rfind('/', deg) + 1, deg - n.rfind('/', deg) - 1));
      tracks.push_back({i, {{d, leaveOn && angle <= degrees ? 1.0 : 0.0}}});
    }
    service::takes(animate(std::move(tracks)));
  }, "Lights the ears up to an angle; takes the duration");
  b.bind("listGroups", [this] { return groups(); }, "The group names");
  b.bind("listGroup", {"groupName"}, [this, here](const std::string& name) {
    {
      std::lock_guard lock(core_.mutex);
      if (!groups_.contains(name)) service::refuse("unknown-led", "no group named '" + name + "'");
    }
    std::vector<std::string> out;
    for (auto d : resolve(name, here())) out.push_back(devices_[d].name);
    return out;
  }, "The LEDs of a group");
  b.bind("listLED", {"name"}, [this, here](const std::string& name) {
    std::vector<std::string> out;
    for (auto d : resolve(name, here())) out.push_back(devices_[d].name);
    return out;
  }, "The LEDs a name stands for");
  b.bind("listLEDs", [this] {
    std::vector<std::string> out;
    for (const auto& d : devices_) out.push_back(d.name);
    return out;
  }, "Every LED");
  b.bind("createGroup", {"groupName", "ledNames"}, [this, here](const std::string& name, const Any& leds) {
    const std::string w = here();
    if (name.empty()) service::refuse("bad-argument", "a group needs a name");
    std::vector<std::size_t> members;
    for (const auto& led : args::names(leds, w, "ledNames"))
      for (auto d : resolve(led, w))
        if (std::find(members.begin(), members.end(), d) == members.end()) members.push_back(d);
    std::lock_guard lock(core_.mutex);
    groups_[name] = std::move(members);
  }, "Names a group of LEDs");
  return b.build();
}

}  // namespace autolife::robot
