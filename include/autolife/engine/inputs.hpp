// What comes into an engine from outside it, through one door
// (docs/architecture.md, "Inputs"): the world a scenario tells (its
// updates, the people around, a touch), memory written from outside (a
// scenario's set and raise, a robot's mirrored keys), a robot's
// perception, what a person says (Engine::hear, Engine::hearAudio), a client's calls (the
// network fronts and a scenario's `call` say them: Registry::clientCalls),
// and the setup of a run (Engine::loadPackage, addActivity, overrideRun,
// start). Everything else an engine does follows from these, its seed and
// its clock: that is what makes a recorded day replayable (src/replay).
//
// The door applies each input to the engine and first tells its observer,
// if one is set, on the engine's thread. An input made from inside a
// service call (box code, a client's call doing its work) is the engine's
// own doing: it is applied, not told.
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/time.hpp"
#include "autolife/core/value.hpp"
#include "autolife/launchpad/world.hpp"
#include "autolife/life/activity.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/service/type.hpp"

namespace autolife {
namespace package {
struct InstallResult;
}
namespace perception {
struct Observation;
class Perception;
}  // namespace perception
namespace voice {
struct Audio;
}
namespace robot {
struct WorldUpdate;
class SimulatedWorld;
class SimulatedRobot;
}  // namespace robot
}  // namespace autolife

namespace autolife::engine {

// Hears every input as it comes in, before it is applied (engine thread).
class InputObserver {
public:
  virtual ~InputObserver() = default;

  // The run's setup (and a package loaded later).
  virtual void packageLoaded(const std::filesystem::path& path, const package::InstallResult& result) = 0;
  virtual void activityAdded(const life::Activity& activity) = 0;
  virtual void runOverridden(const std::string& name, const life::Run& run, core::Duration loadTime, bool applied) = 0;
  virtual void started() = 0;

  virtual void world(const robot::WorldUpdate& update) = 0;
  virtual void touched(const std::string& sensor, double seconds) = 0;
  virtual void people(const std::vector<launchpad::Person>& people) = 0;
  // Kind Set or Raise; one write, or a batch of them.
  virtual void written(memory::Write::Kind kind, std::string_view key, const core::Value& value) = 0;
  virtual void writtenBatch(std::span<const memory::Write> writes) = 0;
  virtual void observed(const perception::Observation& observation) = 0;
  virtual void heard(const std::string& utterance, double confidence) = 0;
  // Speech heard from audio (a microphone, a scenario's sound file), named
  // as its outcome names it: the recogniser hears it again in a replay.
  virtual void heardAudio(std::string_view source, const voice::Audio& audio) = 0;
  virtual void called(std::string_view service, std::string_view method, const service::Arguments& arguments) = 0;
  // The inputs between a true and a false came together, as one (a
  // scenario's step, applied in one clock task).
  virtual void together(bool begins) = 0;
};

class Inputs {
public:
  Inputs(memory::Memory& memory, robot::SimulatedWorld& world, robot::SimulatedRobot& robot,
         perception::Perception& perceived);
  Inputs(const Inputs&) = delete;
  Inputs& operator=(const Inputs&) = delete;

  // On the engine's thread, before the inputs it should hear; null: none.
  void setObserver(InputObserver* observer) { observer_ = observer; }
  // The observer to tell of an input made now: none inside a service call.
  InputObserver* observer() const;

  // The simulated world (a scenario's world:, people:, touch:), with the
  // simulated robot's services that sense it (ALBattery, ALBodyTemperature).
  void world(const robot::WorldUpdate& update);
  void touch(const std::string& sensor, double seconds);
  void people(std::vector<launchpad::Person> people);
  // Memory written from outside: ALMemory.insertData and raiseEvent of one
  // key, or a batch of Set and Raise writes (one evaluation point).
  void set(std::string_view key, core::Value value);
  void raise(std::string_view key, core::Value value);
  void write(std::span<memory::Write> writes);
  // What a robot perceived (src/remote): the perception seam's input.
  void observe(const perception::Observation& observation);

  // The inputs made while it lives came together (a scenario's step).
  class Together {
  public:
    explicit Together(const Inputs& inputs);
    ~Together();
    Together(const Together&) = delete;
    Together& operator=(const Together&) = delete;

  private:
    InputObserver* observer_;
  };

private:
  memory::Memory& memory_;
  robot::SimulatedWorld& world_;
  robot::SimulatedRobot& robot_;
  perception::Perception& perceived_;
  InputObserver* observer_ = nullptr;
};

}  // namespace autolife::engine
