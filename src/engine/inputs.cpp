#include "autolife/engine/inputs.hpp"

#include "autolife/perception/observation.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/robot/simulated_world.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

Inputs::Inputs(memory::Memory& memory, robot::SimulatedWorld& world, robot::SimulatedRobot& robot,
               perception::Perception& perceived)
    : memory_(memory), world_(world), robot_(robot), perceived_(perceived) {}

InputObserver* Inputs::observer() const { return observer_ && !service::insideCall() ? observer_ : nullptr; }

void Inputs::world(const robot::WorldUpdate& update) {
  if (auto* o = observer()) o->world(update);
  world_.apply(update);
  robot_.system().sense(update);  // ALBattery, ALBodyTemperature and their events
}

void Inputs::touch(const std::string& sensor, double seconds) {
  if (auto* o = observer()) o->touched(sensor, seconds);
  robot_.devices().press(sensor, seconds);
}

void Inputs::people(std::vector<launchpad::Person> people) {
  if (auto* o = observer()) o->people(people);
  world_.setPeople(std::move(people));
}

void Inputs::set(std::string_view key, core::Value value) {
  if (auto* o = observer()) o->written(memory::Write::Kind::Set, key, value);
  memory_.insertData(key, std::move(value));
}

void Inputs::raise(std::string_view key, core::Value value) {
  if (auto* o = observer()) o->written(memory::Write::Kind::Raise, key, value);
  memory_.raiseEvent(key, std::move(value));
}

void Inputs::write(std::span<memory::Write> writes) {
  if (auto* o = observer()) o->writtenBatch(writes);
  memory_.apply(writes);
}

void Inputs::observe(const perception::Observation& observation) {
  if (auto* o = observer()) o->observed(observation);
  perceived_.observe(observation);
}

Inputs::Together::Together(const Inputs& inputs) : observer_(inputs.observer()) {
  if (observer_) observer_->together(true);
}

Inputs::Together::~Together() {
  if (observer_) observer_->together(false);
}

}  // namespace autolife::engine
