#include "behavior_diagram.hpp"

#include <unordered_map>

#include "autolife/behavior/box_paths.hpp"

namespace autolife::engine {

using core::Value;

namespace {

const char* inputNature(behavior::InputNature n) {
  switch (n) {
    case behavior::InputNature::OnLoad: return "onLoad";
    case behavior::InputNature::OnStart: return "onStart";
    case behavior::InputNature::OnStop: return "onStop";
    case behavior::InputNature::StmValue: return "memory";
    case behavior::InputNature::Undefined: break;
  }
  return "input";
}

const char* outputNature(behavior::OutputNature n) {
  switch (n) {
    case behavior::OutputNature::Stopped: return "onStopped";
    case behavior::OutputNature::Punctual: return "punctual";
    case behavior::OutputNature::Recurrent: return "recurrent";
    case behavior::OutputNature::Undefined: break;
  }
  return "output";
}

const char* formatName(behavior::SourceFormat f) {
  switch (f) {
    case behavior::SourceFormat::Xar3: return "xar3";
    case behavior::SourceFormat::Xar4: return "xar4";
    case behavior::SourceFormat::NewFormat: return "new";
  }
  return "?";
}

using Paths = std::unordered_map<const behavior::Box*, std::string>;

Value boxValue(const behavior::Box& box, const Paths& paths);

Value diagramValue(const behavior::Diagram& diagram, const Paths& paths) {
  Value::Array boxes, links;
  for (const auto& b : diagram.boxes) boxes.push_back(boxValue(b, paths));
  for (const auto& l : diagram.links)
    links.push_back(Value::Map{{"from", Value::Array{l.outputOwner, l.indexOfOutput}},
                               {"to", Value::Array{l.inputOwner, l.indexOfInput}}});
  return Value::Map{{"boxes", std::move(boxes)}, {"links", std::move(links)}};
}

Value timelineValue(const behavior::Timeline& t, const Paths& paths) {
  Value::Array layers, curves;
  for (const auto& layer : t.layers) {
    Value::Array keyframes;
    for (const auto& k : layer.keyframes)
      keyframes.push_back(Value::Map{{"name", k.name}, {"index", k.index}, {"diagram", diagramValue(k.diagram, paths)}});
    layers.push_back(Value::Map{{"name", layer.name}, {"mute", layer.mute}, {"keyframes", std::move(keyframes)}});
  }
  for (const auto& c : t.actuators.curves) {
    Value::Array frames;
    for (const auto& k : c.keys) frames.push_back(k.frame);
    curves.push_back(Value::Map{{"actuator", c.actuator}, {"mute", c.mute}, {"frames", std::move(frames)}});
  }
  return Value::Map{{"enable", t.enable},       {"fps", t.fps},         {"startFrame", t.startFrame},
                    {"endFrame", t.endFrame},   {"size", t.size},       {"layers", std::move(layers)},
                    {"curves", std::move(curves)}};
}

Value boxValue(const behavior::Box& box, const Paths& paths) {
  Value::Array inputs, outputs;
  for (const auto& i : box.inputs)
    inputs.push_back(Value::Map{{"id", i.id}, {"name", i.name}, {"nature", inputNature(i.nature)}, {"inner", i.inner},
                                {"tooltip", i.tooltip}});
  for (const auto& o : box.outputs)
    outputs.push_back(Value::Map{{"id", o.id}, {"name", o.name}, {"nature", outputNature(o.nature)}, {"inner", o.inner},
                                 {"tooltip", o.tooltip}});
  auto path = paths.find(&box);
  return Value::Map{{"id", box.id},
                    {"name", box.name},
                    {"path", path == paths.end() ? std::string() : path->second},
                    {"x", box.x},
                    {"y", box.y},
                    {"tooltip", box.tooltip},
                    {"python", box.script.language == behavior::ScriptLanguage::Python && !box.script.content.empty()},
                    {"dialog", !box.dialogFile.empty()},
                    {"line", box.source.line},
                    {"inputs", std::move(inputs)},
                    {"outputs", std::move(outputs)},
                    {"timeline", box.timeline ? timelineValue(*box.timeline, paths) : Value()}};
}

}  // namespace

Value behaviorDiagram(const behavior::Behavior& behavior) {
  const Paths paths = behavior::boxPaths(behavior);
  return Value::Map{{"file", behavior.path.string()}, {"format", formatName(behavior.format)},
                    {"root", boxValue(behavior.root, paths)}};
}

}  // namespace autolife::engine
