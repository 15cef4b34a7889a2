// The one seam through which a running behavior is seen (docs/architecture.md,
// "Watching a behavior"): the runtime tells a RunObserver what its boxes do,
// and knows nothing of who watches (the data folder's log of runs, the API's
// Autolife.boxEvent, `play --boxes`), as BehaviorTree.CPP's Groot2Publisher
// observes a tree. Breakpoints and faults are control, not observation: they
// have an interface of their own (run_control.hpp).
//
// Observers are called under the run's lock, on the clock's thread or a box
// thread, and from several runs at once: they must be thread-safe, quick, and
// never call the run back (post instead).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/behavior/xar_model.hpp"
#include "autolife/core/time.hpp"
#include "autolife/core/value.hpp"

namespace autolife::runtime {

// What a box did (decision 1060). The first six are Autolife.boxEvent's
// events; frame, heard and said show a timeline's playhead and a Dialog
// box's lines.
enum class BoxEventKind : std::uint8_t {
  Start,   // an onStart input reached it (its resources granted): it runs
  Stop,    // it fired an onStopped output, got onStop, or was unloaded while running
  Error,   // it failed (detail: the error, file:line:column: box 'X': ...)
  Input,   // a signal reached an input (detail: its name, and " = <value>")
  Output,  // it fired an output (detail: its name, and " = <value>")
  Paused,  // a breakpoint holds a signal before this input (detail: the input's name)
  Frame,   // its timeline's playhead: "12 at 25 fps" while it plays (frame 12), "12 held"
  Heard,   // a Dialog box: what ALDialog heard
  Said,    // a Dialog box: what it answered, and the rule ("Hello there (greet_enu.top:4)")
};

inline constexpr std::size_t kBoxEventKinds = 9;
const char* boxEventName(BoxEventKind kind);  // "start", "stop", ...
std::optional<BoxEventKind> boxEventKind(std::string_view name);

struct BoxEvent {
  core::Time time{0};
  BoxEventKind kind = BoxEventKind::Input;
  std::string_view box;   // its path (behavior/box_paths.hpp); "" for the root box
  std::string_view text;  // the port's name, the error, the frame, the line
  const core::Value* value = nullptr;  // Input, Output: the value carried (null for a bang)

  // `text`, then " = " and the value as JSON (at most 200 characters) when
  // there is one: the event's detail wherever it is shown.
  std::string detail() const;
};

// The run an event belongs to.
struct RunInfo {
  std::string_view behavior;  // the run's id: the activity's name (play: the file)
  const behavior::Behavior& model;
  std::uint64_t serial = 0;  // unique among this process's runs
};

struct RunEnding {
  enum class How { Finished, Error, Stopped };  // the root fired onStopped; a box failed; stopped from outside
  How how = How::Finished;
  core::Time time{0};
  std::string_view error;  // How::Error
};
const char* runEndingName(RunEnding::How how);  // "finished", "error", "stopped"

class RunObserver {
public:
  virtual ~RunObserver() = default;
  // Before any of its box events.
  virtual void runStarted(const RunInfo& run, core::Time time) = 0;
  virtual void boxEvent(const RunInfo& run, const BoxEvent& event) = 0;
  // After the last of them (the boxes unloaded).
  virtual void runEnded(const RunInfo& run, const RunEnding& ending) = 0;
};

// Several observers behind one: the engine's, to which the log, the API's
// signal and `play --boxes` are added. Thread-safe; each event goes to every
// observer in the order they were added.
class RunObservers final : public RunObserver {
public:
  void add(RunObserver* observer);
  void remove(RunObserver* observer);
  bool empty() const;

  void runStarted(const RunInfo& run, core::Time time) override;
  void boxEvent(const RunInfo& run, const BoxEvent& event) override;
  void runEnded(const RunInfo& run, const RunEnding& ending) override;

private:
  using List = std::vector<RunObserver*>;
  std::shared_ptr<const List> list() const;
  mutable std::mutex mutex_;
  std::shared_ptr<const List> observers_ = std::make_shared<List>();
};

}  // namespace autolife::runtime
