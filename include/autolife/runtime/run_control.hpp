// Breakpoints and fault injection: control of a behavior, not observation
// (what it does is seen through run_observer.hpp's seam; this is how it is
// steered). Boxes are named by their paths (behavior/box_paths.hpp).
//
// A breakpoint on a box's input: when a signal reaches that input, the
// behavior holds before the box receives it. The box is `paused`, and every
// signal of the behavior along a link (or into any input) waits behind it
// until resume(): nothing after it runs, the boxes already running go on,
// the rest of life goes on (decision 1064).
//
// A fault for the next time a box starts (an onStart input reaches it, its
// resources granted): `error`, it fails as if it raised "injected fault"
// (its onError output gets it when it has one, else the behavior ends with
// that error, and its activity with it); `skip`, it fires its onStopped
// outputs at once without running its script.
//
// Refusals are service::CallError: unknown-box, unknown-input, not-paused,
// no-start-input (a fault for a box that has no onStart input: it never
// starts).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace autolife::runtime {

enum class Fault { Error, Skip };
const char* faultName(Fault fault);                         // "error", "skip"
std::optional<Fault> faultNamed(std::string_view name);

class RunControl {
public:
  virtual ~RunControl() = default;
  virtual void setBreakpoint(const std::string& box, const std::string& input) = 0;
  // False when there was none on that input.
  virtual bool clearBreakpoint(const std::string& box, const std::string& input) = 0;
  // Delivers the signals held since the behavior paused (the first past its
  // breakpoint), in the order they came. Refused (not-paused) when nothing holds.
  virtual void resume() = 0;
  virtual void injectFault(const std::string& box, Fault fault) = 0;
  virtual bool paused() const = 0;

  struct Settings {
    std::vector<std::pair<std::string, std::string>> breakpoints;  // (box, input), sorted
    std::vector<std::pair<std::string, Fault>> faults;              // waiting for their box to start, sorted
  };
  virtual Settings settings() const = 0;
};

}  // namespace autolife::runtime
