// ALLeds, simulated: every LED device of the robot (NAO: face, ears, chest,
// feet, head; Pepper: face, ears, chest) with its intensity, NAOqi's groups
// (FaceLeds, FaceLedsTop, LeftEarLeds, ChestLeds, AllLeds...), and fades
// over engine time. A fade `takes` its duration; the intensities reach
// memory (`Device/SubDeviceList/<LED>`, e.g.
// `Device/SubDeviceList/Face/Led/Red/Left/0Deg/Actuator/Value`) at its end.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/robot/robot_core.hpp"
#include "autolife/service/service.hpp"

namespace autolife::robot {

struct LedDevice {
  std::string name;  // "Face/Led/Red/Left/0Deg/Actuator/Value"
  char color;        // 'R', 'G' or 'B' (single-colour LEDs, ears and head, are blue)
  double initial;    // the default state reset() restores
};

class Leds {
public:
  explicit Leds(RobotCore& core);

  std::shared_ptr<service::Service> makeService();

  const std::vector<LedDevice>& devices() const { return devices_; }
  // The devices a group or LED name stands for; unknown-led when none.
  std::vector<std::size_t> resolve(const std::string& name, std::string_view where) const;
  // An LED's intensity now (during a fade, the interpolated one).
  double intensity(std::size_t device) const;
  double intensity(const std::string& deviceName) const;
  std::vector<std::string> groups() const;
  // One LED device by its name or memory key (not a group); none if unknown.
  std::optional<std::size_t> device(std::string_view name) const;

  // What DCM.set does to the commands an LED still has pending.
  enum class Update { Merge, ClearAll, ClearAfter, ClearBefore };
  // Timed intensities for one LED, as DCM.set gives them: the LED moves
  // linearly to each in turn; one already due is its intensity now. The
  // memory key is written when the last is reached.
  void command(std::size_t device, std::vector<std::pair<core::Time, double>> commands, Update update);

  // 0x00RRGGBB from an int or a colour name; bad-argument otherwise.
  static std::uint32_t color(const service::Any& v, std::string_view where);

private:
  using Keys = std::vector<std::pair<core::Duration, double>>;
  // Starts changing devices along keys; returns the longest time.
  core::Duration animate(std::vector<std::pair<std::size_t, Keys>> tracks);
  void setNow(const std::vector<std::size_t>& devices, const std::function<double(const LedDevice&)>& value);
  void finish(std::uint64_t task);
  // Cancels the end of every fade no LED follows any more (lock held).
  void dropAbandonedTasks();
  double valueAt(std::size_t device, core::Time t) const;

  struct State {
    double value = 0;
    std::uint64_t task = 0;
    std::vector<std::pair<core::Time, double>> keys;
  };

  RobotCore& core_;
  std::vector<LedDevice> devices_;
  std::map<std::string, std::vector<std::size_t>> groups_;
  std::vector<State> state_;
  std::map<std::uint64_t, core::TimerId> tasks_;
  std::uint64_t nextTask_ = 1;
};

}  // namespace autolife::robot
