#include "autolife/behavior/model_compare.hpp"

#include <sstream>

#include "number_text.hpp"

namespace autolife::behavior {

namespace {

std::string text(const std::string& s) { return "'" + s + "'"; }
std::string text(const std::optional<std::string>& s) { return s ? text(*s) : "(none)"; }
std::string text(int v) { return std::to_string(v); }
std::string text(bool v) { return v ? "true" : "false"; }
std::string text(double v) { return numberText(v); }
template <typename Enum>
  requires std::is_enum_v<Enum>
std::string text(Enum v) {
  return std::to_string(static_cast<int>(v));
}
std::string text(const std::vector<std::string>& items) {
  std::string out = "[";
  for (const std::string& s : items) out += (out.size() > 1 ? ", " : "") + text(s);
  return out + "]";
}

// Walks two models side by side; stops at the first difference.
class Comparer {
public:
  std::optional<std::string> difference;

  template <typename T>
  void field(const std::string& path, const char* name, const T& a, const T& b) {
    if (!difference && !(a == b)) difference = path + "/" + name + ": " + text(a) + " vs " + text(b);
  }

  template <typename T, typename Each>
  void list(const std::string& path, const char* name, const std::vector<T>& a, const std::vector<T>& b, Each each) {
    field(path, (std::string(name) + " count").c_str(), static_cast<int>(a.size()), static_cast<int>(b.size()));
    for (std::size_t i = 0; i < a.size() && !difference; ++i) each(path + "/" + name + "[" + std::to_string(i) + "]", a[i], b[i]);
  }

  void box(const std::string& parent, const Box& a, const Box& b) {
    std::string path = parent + "/" + a.name + " (id " + std::to_string(a.id) + ")";
    field(path, "name", a.name, b.name);
    field(path, "id", a.id, b.id);
    field(path, "tooltip", a.tooltip, b.tooltip);
    field(path, "localization", a.localization, b.localization);
    field(path, "plugin", a.plugin, b.plugin);
    field(path, "robot", a.robot, b.robot);
    field(path, "bitmap_expanded", a.bitmapExpanded, b.bitmapExpanded);
    field(path, "x", a.x, b.x);
    field(path, "y", a.y, b.y);
    field(path, "bitmaps", a.bitmaps, b.bitmaps);
    field(path, "script language", a.script.language, b.script.language);
    field(path, "script", a.script.content, b.script.content);
    field(path, "dialogFile", a.dialogFile, b.dialogFile);
    field(path, "pluginContent", a.pluginContent, b.pluginContent);
    list(path, "input", a.inputs, b.inputs, [&](const std::string& p, const Input& x, const Input& y) { input(p, x, y); });
    list(path, "output", a.outputs, b.outputs, [&](const std::string& p, const Output& x, const Output& y) { output(p, x, y); });
    list(path, "parameter", a.parameters, b.parameters,
         [&](const std::string& p, const Parameter& x, const Parameter& y) { parameter(p, x, y); });
    list(path, "resource", a.resources, b.resources, [&](const std::string& p, const Resource& x, const Resource& y) {
      field(p, "name", x.name, y.name);
      field(p, "type", x.type, y.type);
      field(p, "timeout", x.timeout, y.timeout);
    });
    field(path, "has timeline", a.timeline.has_value(), b.timeline.has_value());
    if (a.timeline && b.timeline && !difference) timeline(path + "/timeline", *a.timeline, *b.timeline);
  }

private:
  void input(const std::string& p, const Input& x, const Input& y) {
    field(p, "name", x.name, y.name);
    field(p, "type", x.type, y.type);
    field(p, "type_size", x.typeSize, y.typeSize);
    field(p, "nature", x.nature, y.nature);
    field(p, "stm_value_name", x.stmValueName, y.stmValueName);
    field(p, "inner", x.inner, y.inner);
    field(p, "tooltip", x.tooltip, y.tooltip);
    field(p, "id", x.id, y.id);
  }

  void output(const std::string& p, const Output& x, const Output& y) {
    field(p, "name", x.name, y.name);
    field(p, "type", x.type, y.type);
    field(p, "type_size", x.typeSize, y.typeSize);
    field(p, "nature", x.nature, y.nature);
    field(p, "inner", x.inner, y.inner);
    field(p, "tooltip", x.tooltip, y.tooltip);
    field(p, "id", x.id, y.id);
  }

  void parameter(const std::string& p, const Parameter& x, const Parameter& y) {
    field(p, "name", x.name, y.name);
    field(p, "inherits_from_parent", x.inheritsFromParent, y.inheritsFromParent);
    field(p, "content_type", x.type, y.type);
    field(p, "value", x.value, y.value);
    field(p, "default_value", x.defaultValue, y.defaultValue);
    field(p, "min", x.min, y.min);
    field(p, "max", x.max, y.max);
    field(p, "tooltip", x.tooltip, y.tooltip);
    field(p, "id", x.id, y.id);
    field(p, "custom_choice", x.customChoice, y.customChoice);
    field(p, "password", x.password, y.password);
    field(p, "choices", x.choices, y.choices);
  }

  void timeline(const std::string& p, const Timeline& x, const Timeline& y) {
    field(p, "name", x.name, y.name);
    field(p, "enable", x.enable, y.enable);
    field(p, "fps", x.fps, y.fps);
    field(p, "start_frame", x.startFrame, y.startFrame);
    field(p, "end_frame", x.endFrame, y.endFrame);
    field(p, "size", x.size, y.size);
    field(p, "resources_acquisition", x.resourcesAcquisition, y.resourcesAcquisition);
    field(p, "scale", x.scale, y.scale);
    list(p, "layer", x.layers, y.layers, [&](const std::string& lp, const BehaviorLayer& a, const BehaviorLayer& b) {
      field(lp, "name", a.name, b.name);
      field(lp, "mute", a.mute, b.mute);
      list(lp, "keyframe", a.keyframes, b.keyframes,
           [&](const std::string& kp, const BehaviorKeyframe& c, const BehaviorKeyframe& d) { keyframe(kp, c, d); });
    });
    field(p, "actuator model", x.actuators.model, y.actuators.model);
    list(p, "curve", x.actuators.curves, y.actuators.curves,
         [&](const std::string& cp, const ActuatorCurve& a, const ActuatorCurve& b) { curve(cp, a, b); });
  }

  void keyframe(const std::string& p, const BehaviorKeyframe& x, const BehaviorKeyframe& y) {
    field(p, "name", x.name, y.name);
    field(p, "index", x.index, y.index);
    field(p, "bitmap", x.bitmap, y.bitmap);
    field(p, "diagram scale", x.diagram.scale, y.diagram.scale);
    list(p, "box", x.diagram.boxes, y.diagram.boxes,
         [&](const std::string& bp, const Box& a, const Box& b) { box(bp.substr(0, bp.rfind('/')), a, b); });
    list(p, "link", x.diagram.links, y.diagram.links, [&](const std::string& lp, const Link& a, const Link& b) {
      field(lp, "inputowner", a.inputOwner, b.inputOwner);
      field(lp, "indexofinput", a.indexOfInput, b.indexOfInput);
      field(lp, "outputowner", a.outputOwner, b.outputOwner);
      field(lp, "indexofoutput", a.indexOfOutput, b.indexOfOutput);
    });
  }

  void curve(const std::string& p, const ActuatorCurve& x, const ActuatorCurve& y) {
    field(p, "name", x.name, y.name);
    field(p, "actuator", x.actuator, y.actuator);
    field(p, "recordable", x.recordable, y.recordable);
    field(p, "mute", x.mute, y.mute);
    field(p, "unit", x.unit, y.unit);
    list(p, "key", x.keys, y.keys, [&](const std::string& kp, const Key& a, const Key& b) {
      field(kp, "frame", a.frame, b.frame);
      field(kp, "value", a.value, b.value);
      field(kp, "smooth", a.smooth, b.smooth);
      field(kp, "symmetrical", a.symmetrical, b.symmetrical);
      list(kp, "tangent", a.tangents, b.tangents, [&](const std::string& tp, const Tangent& c, const Tangent& d) {
        field(tp, "side", c.side, d.side);
        field(tp, "interpType", c.interpolation, d.interpolation);
        field(tp, "abscissaParam", c.abscissa, d.abscissa);
        field(tp, "ordinateParam", c.ordinate, d.ordinate);
      });
    });
  }
};

}  // namespace

std::optional<std::string> firstDifference(const Box& a, const Box& b) {
  Comparer comparer;
  comparer.box("", a, b);
  return comparer.difference;
}

}  // namespace autolife::behavior
