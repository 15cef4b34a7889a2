// manifest.xml (REFERENCE §6), as real Choregraphe packages write it: the
// package's uuid and version, its names, requirements, its contents
// (behaviorContent and dialogContent) and its services. Parsing never throws: what cannot be
// read becomes a core::Problem located in the file, and unknown elements are
// ignored (real manifests carry many).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/condition/program.hpp"
#include "autolife/core/problem.hpp"

namespace autolife::package {

// Text per language code ("en_US" → "Hello").
using Localized = std::map<std::string, std::string>;
// Several texts per language (trigger sentences, loading responses).
using LocalizedList = std::map<std::string, std::vector<std::string>>;

// An element's position in manifest.xml, 1-based; columns count characters.
struct TextPosition {
  int line = 0;
  int column = 0;
};

enum class Nature { None, Interactive, Solitary };
// "interactive", "solitary", "" for None.
std::string_view natureName(Nature n);

// <permissions>: a present element grants the permission.
struct Permissions {
  bool canRunOnPod = false;
  bool canStandUp = false;
  bool canRunInSleep = false;
};

// <autonomous><condition purpose="launchTrigger">…</condition>, as written
// (CDATA or plain text, newlines kept, entities decoded), and compiled.
struct LaunchTrigger {
  std::string text;
  TextPosition start;  // where the text starts in manifest.xml
  // Null when the condition does not compile (its error is a core::Problem):
  // the activity is then invalid, everything else keeps working.
  std::shared_ptr<const condition::Program> program;
  // Where each of program->keys is first read, in manifest.xml (the
  // message empty): `check` says there when nothing writes a key.
  std::vector<core::Diagnostic> keyReads;
  // What `check` may warn about, located: comparisons true while their key
  // has no value (condition::trueWithoutValue), with that key. Not
  // problems of the package (it loads and runs the same), so not in its
  // problems.
  struct Hint {
    std::string key;
    core::Diagnostic where;  // its message says what happens
  };
  std::vector<Hint> hints;

  bool valid() const { return program != nullptr; }
};

struct BehaviorContent {
  std::string path;      // as written; "." is the package root
  Nature nature = Nature::None;
  std::string natureText;  // as written (trimmed), for messages
  bool userRequestable = false;
  Localized names;
  Localized descriptions;
  LocalizedList triggerSentences;
  LocalizedList loadingResponses;
  std::optional<LaunchTrigger> launchTrigger;
  Permissions permissions;
  TextPosition position;  // of the <behaviorContent> element
};

struct DialogTopic {
  std::string language;
  std::string path;
};

struct DialogContent {
  std::string topicName;
  std::string path;         // the path attribute, when written
  std::string typeVersion;
  std::vector<DialogTopic> topics;  // <topic path="…" language="…"/>
  TextPosition position;
};

// <services><service name="…" autorun="true" execStart="…"/></services>: a
// program ALServiceManager runs beside NAOqi, in the package's folder
// (docs/packages.md "Package services"); NAOqi names it `<uuid>.<name>`.
struct ServiceContent {
  std::string name;
  bool autorun = false;
  std::string execStart;              // as written
  std::vector<std::string> command;   // execStart split into arguments
  TextPosition position;
};

// execStart split as a shell would split a simple command: blanks separate
// arguments, single and double quotes group, a backslash escapes (not in
// single quotes). Empty, with `error` set, when a quote is not closed or
// there is nothing to run.
std::vector<std::string> splitCommand(std::string_view text, std::string& error);

struct Requirements {
  std::string naoqiMinVersion;  // empty when not given
  std::string naoqiMaxVersion;
  std::vector<std::string> robotModels;  // <robotRequirement model="…"/>, in order
};

struct Manifest {
  std::string uuid;
  bool uuidFromFallback = false;  // the manifest had none: the folder or archive name is used
  std::string version;
  Localized names;
  Localized descriptions;
  std::vector<std::string> supportedLanguages;
  std::vector<std::string> descriptionLanguages;
  Requirements requirements;
  std::vector<BehaviorContent> behaviors;  // in manifest order
  std::vector<DialogContent> dialogs;
  std::vector<ServiceContent> services;    // in manifest order
  std::vector<std::string> executableFiles;  // <executableFiles><file path="…"/>
};

struct ManifestOptions {
  std::string fileName = "manifest.xml";  // the Diagnostic file of every problem
  std::string fallbackUuid;               // used (with a warning) when uuid is missing
};

struct ManifestResult {
  // Empty when the file cannot be used at all (bad XML, no <package> root,
  // no usable uuid); otherwise present even if problems hold errors.
  std::optional<Manifest> manifest;
  std::vector<core::Problem> problems;
};

// Parses manifest.xml text (UTF-8). Also checks each launch condition with
// the conditions compiler, reporting its errors at their manifest
// line:column, and each field's value (nature, paths, duplicates).
ManifestResult parseManifest(std::string_view xml, const ManifestOptions& options = {});

// Is `uuid` usable as a package name and install folder name? Empty when
// it is; otherwise the reason, as a sentence fragment.
std::string uuidProblem(std::string_view uuid);

// Largest manifest.xml read; a bigger file is refused, not parsed.
inline constexpr std::size_t kMaxManifestBytes = 16u << 20;

}  // namespace autolife::package
