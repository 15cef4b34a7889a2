// The behavior model: what a Choregraphe behavior is, whatever file it came
// from (a .xar, version 3 or 4, or a folder in libqicore's "new format").
// A behavior is a root Box; a box may hold a Timeline whose behavior layers
// hold keyframes, each with a Diagram of boxes and links, and whose
// ActuatorList holds motion curves. Nothing here runs anything: the runtime
// builds its instances from this model (see docs/behaviors.md).
//
// Every element remembers where it was read (file, line, column) so that the
// runtime's errors point into the user's file. Enumerations keep the file's
// number even when it is not a known value (their underlying type is int),
// so that nothing is lost on the way through the converter.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autolife/core/diagnostic.hpp"

namespace autolife::behavior {

// Where an element was read. `file` is shared by every element of a file.
struct Source {
  std::shared_ptr<const std::string> file;
  int line = 0;    // 1-based; 0 when unknown
  int column = 0;  // 1-based, in characters; 0 when unknown

  const std::string& path() const;  // "" when unknown
  core::Diagnostic diagnostic(std::string message) const;
};

// <script language="N">: 0 C++, 1 Urbi, 2 Ruby, 3 dynamic library,
// 4 Python, 5 QiChat, 6 no script.
enum class ScriptLanguage : int { Cpp = 0, Urbi = 1, Ruby = 2, DynamicLibrary = 3, Python = 4, QiChat = 5, None = 6 };

struct Script {
  ScriptLanguage language = ScriptLanguage::None;
  std::string content;  // the text, line ends normalised to \n
  // Where the content's first character is: line `n` of the script is line
  // `source.line + n - 1` of `source.path()` (a .xar, or the object's .py,
  // where it is line 1), so Python tracebacks can point into the user's file.
  Source source;
};

// Input/Output `type`: 0 dynamic, 1 bang, 2 number, 3 string, 4 bitmap, 5 sound.
enum class IoType : int { Dynamic = 0, Bang = 1, Number = 2, String = 3, Bitmap = 4, Sound = 5 };
// Input `nature`: 0 onLoad, 1 undefined (a plain input), 2 onStart, 3 onStop, 4 ALMemory value.
enum class InputNature : int { OnLoad = 0, Undefined = 1, OnStart = 2, OnStop = 3, StmValue = 4 };
// Output `nature`: 0 undefined, 1 stopped (ends the box), 2 punctual, 3 recurrent.
enum class OutputNature : int { Undefined = 0, Stopped = 1, Punctual = 2, Recurrent = 3 };

struct Input {
  std::string name;
  IoType type = IoType::Bang;
  int typeSize = 1;
  InputNature nature = InputNature::Undefined;
  std::string stmValueName;  // the ALMemory key of a StmValue input
  bool inner = false;        // an input only the box's own diagram sees (onLoad)
  std::string tooltip;
  int id = 0;  // unique among the box's inputs, outputs and parameters
  Source source;
};

struct Output {
  std::string name;
  IoType type = IoType::Bang;
  int typeSize = 1;
  OutputNature nature = OutputNature::Undefined;
  bool inner = false;
  std::string tooltip;
  int id = 0;
  Source source;
};

// Parameter `content_type`: 0 bool, 1 int, 2 double, 3 string, 4 resource (a file path).
enum class ParameterType : int { Bool = 0, Int = 1, Double = 2, String = 3, Resource = 4 };

struct Parameter {
  std::string name;
  bool inheritsFromParent = false;  // take the parent box's parameter of the same name
  ParameterType type = ParameterType::String;
  // Values as written in the file ("1", "0.5", "English"); the runtime
  // converts them by `type` (a bool is "0"/"1", or "true"/"false").
  std::string value;
  std::string defaultValue;
  std::optional<std::string> min;
  std::optional<std::string> max;
  std::string tooltip;
  int id = 0;
  bool customChoice = false;         // the user may type a value not in `choices`
  bool password = false;
  std::vector<std::string> choices;  // <Choice value="…"/>, in file order
  Source source;
};

// Resource `type`: what happens to a box that holds the resource when
// another box asks for it.
enum class ResourceType : int { Lock = 0, StopOnDemand = 1, PauseOnDemand = 2, CallbackOnDemand = 3 };

struct Resource {
  std::string name;  // "All motors", "Head", "Left eye leds", ...
  ResourceType type = ResourceType::Lock;
  double timeout = 0;  // seconds to wait for the resource
  Source source;
};

// Owner 0 is the box that holds the diagram (the parent): a link from
// (0, one of its inputs) forwards that input into the diagram, a link to
// (0, one of its outputs) fires the parent's output.
struct Link {
  int inputOwner = 0;     // box id that receives
  int indexOfInput = 0;   // port id in that box (an output id when the owner is 0)
  int outputOwner = 0;    // box id that sends
  int indexOfOutput = 0;  // port id in that box (an input id when the owner is 0)
  Source source;
};

struct Box;

struct Diagram {
  std::string scale;       // editor zoom, kept as written
  std::vector<Box> boxes;  // ids are unique in a diagram and never 0
  std::vector<Link> links;
  Source source;

  const Box* findBox(int id) const;
};

struct BehaviorKeyframe {
  std::string name;
  int index = 0;  // the frame where the keyframe starts
  std::string bitmap;
  Diagram diagram;
  Source source;
};

struct BehaviorLayer {
  std::string name;
  bool mute = false;
  std::vector<BehaviorKeyframe> keyframes;  // in file order; indexes are distinct in a layer
  Source source;
};

enum class TangentSide : int { Left = 0, Right = 1 };
enum class Interpolation : int { Constant = 0, Linear = 1, Bezier = 2 };

struct Tangent {
  TangentSide side = TangentSide::Left;
  Interpolation interpolation = Interpolation::Bezier;
  double abscissa = 0;  // abscissaParam, in frames
  double ordinate = 0;  // ordinateParam, in the curve's unit
  Source source;
};

// A key without tangents is "bezier-auto" (smooth, no overshoot).
struct Key {
  int frame = 0;
  double value = 0;  // degrees, or a ratio for percent units (hands)
  bool smooth = false;
  bool symmetrical = false;
  std::vector<Tangent> tangents;  // none, or a left and a right one
  Source source;
};

struct ActuatorCurve {
  std::string name;      // usually "value"
  std::string actuator;  // joint name: "HeadYaw", "LHand", ...
  bool recordable = false;
  bool mute = false;
  int unit = -1;  // -1 the actuator's own unit, 0 degrees, 1 percent
  std::vector<Key> keys;
  Source source;
};

struct ActuatorList {
  std::string model;  // robot model the curves were made for ("Nao", ""...)
  std::vector<ActuatorCurve> curves;
  Source source;
};

// Timeline `resources_acquisition`.
enum class ResourcesAcquisition : int { Passive = 0, Waiting = 1, Aggressive = 2 };

struct Timeline {
  std::string name;
  bool enable = true;  // false: the box is a flow diagram (one layer, one keyframe)
  int fps = 25;        // 0: no motion clock
  int startFrame = 0;
  int endFrame = -1;   // -1: the last key or keyframe
  int size = 0;        // length the editor shows, in frames
  ResourcesAcquisition resourcesAcquisition = ResourcesAcquisition::Passive;
  std::string scale;   // editor zoom, kept as written
  std::vector<BehaviorLayer> layers;
  ActuatorList actuators;
  Source source;
};

struct Box {
  std::string name;
  int id = 0;
  std::string tooltip;
  std::string localization;
  std::string plugin;
  std::string robot;
  std::string bitmapExpanded;
  int x = 0;
  int y = 0;
  std::vector<std::string> bitmaps;
  Script script;
  std::vector<Input> inputs;
  std::vector<Output> outputs;
  std::vector<Parameter> parameters;
  std::vector<Resource> resources;
  std::optional<Timeline> timeline;
  std::string dialogFile;     // <dialogFile>: the .dlg of a Dialog box, as written
  std::string pluginContent;  // <pluginContent>'s children, as raw XML ("" when absent)
  Source source;

  const Input* findInput(int id) const;
  const Output* findOutput(int id) const;
  const Parameter* findParameter(int id) const;
  const Input* findInput(const std::string& name) const;
  const Output* findOutput(const std::string& name) const;
  const Parameter* findParameter(const std::string& name) const;
};

// Which file format a behavior was read from.
enum class SourceFormat { Xar3, Xar4, NewFormat };

struct Behavior {
  Box root;
  std::filesystem::path path;  // the .xar, or the new-format folder
  SourceFormat format = SourceFormat::Xar3;
};

// The file's spelling of enumerated values, for messages and writers.
const char* resourceTypeName(ResourceType type);   // "Lock", "Stop on demand", ...
const char* interpolationName(Interpolation interpolation);  // "constant", "linear", "bezier"
const char* tangentSideName(TangentSide side);  // "left", "right"

}  // namespace autolife::behavior
