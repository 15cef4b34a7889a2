#include "autolife/behavior/xar_model.hpp"

#include <algorithm>

namespace autolife::behavior {

namespace {

template <typename T, typename Key, typename Field>
const T* findIn(const std::vector<T>& items, const Key& key, Field field) {
  auto it = std::find_if(items.begin(), items.end(), [&](const T& item) { return item.*field == key; });
  return it == items.end() ? nullptr : &*it;
}

}  // namespace

const std::string& Source::path() const {
  static const std::string kNone;
  return file ? *file : kNone;
}

core::Diagnostic Source::diagnostic(std::string message) const {
  core::Diagnostic d;
  d.file = path();
  d.line = line;
  d.column = column;
  d.message = std::move(message);
  return d;
}

const Box* Diagram::findBox(int id) const { return findIn(boxes, id, &Box::id); }

const Input* Box::findInput(int id) const { return findIn(inputs, id, &Input::id); }
const Output* Box::findOutput(int id) const { return findIn(outputs, id, &Output::id); }
const Parameter* Box::findParameter(int id) const { return findIn(parameters, id, &Parameter::id); }
const Input* Box::findInput(const std::string& name) const { return findIn(inputs, name, &Input::name); }
const Output* Box::findOutput(const std::string& name) const { return findIn(outputs, name, &Output::name); }
const Parameter* Box::findParameter(const std::string& name) const {
  return findIn(parameters, name, &Parameter::name);
}

const char* resourceTypeName(ResourceType type) {
  switch (type) {
    case ResourceType::Lock: return "Lock";
    case ResourceType::StopOnDemand: return "Stop on demand";
    case ResourceType::PauseOnDemand: return "Pause on demand";
    case ResourceType::CallbackOnDemand: return "Callback on demand";
  }
  return "Lock";
}

const char* interpolationName(Interpolation interpolation) {
  switch (interpolation) {
    case Interpolation::Constant: return "constant";
    case Interpolation::Linear: return "linear";
    case Interpolation::Bezier: return "bezier";
  }
  return "bezier";
}

const char* tangentSideName(TangentSide side) { return side == TangentSide::Right ? "right" : "left"; }

}  // namespace autolife::behavior
