// The Choregraphe project file, `<name>.pml`, at a package's root:
//   <Package name="my-app" format_version="4">
//     <Manifest src="manifest.xml"/>
//     <BehaviorDescriptions><BehaviorDescription name="behavior" src="behavior_1" xar="behavior.xar"/>…
//     <Dialogs><Dialog name="…" src="…/x.dlg"/>…   <Resources><File name="…" src="…"/>…
//     <Topics><Topic name="…" src="…_enu.top" topicName="…" language="en_US"/>…
//     <IgnoredPaths><Path src="…"/>…   <Translations><Translation name="…" src="…" language="…"/>…
//   </Package>
// The robot never reads it (manifest.xml decides what a package holds), so
// its problems are warnings. Unknown elements and attributes are ignored.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "autolife/core/problem.hpp"

namespace autolife::package {

struct ProjectBehavior {
  std::string name;
  std::string src;  // folder, relative to the package root ("." is the root)
  std::string xar;  // file name in that folder, usually "behavior.xar"
};

struct ProjectFile {
  std::string name;
  std::string src;
};

struct ProjectTopic {
  std::string name;
  std::string src;
  std::string topicName;
  std::string language;
};

struct ProjectTranslation {
  std::string name;
  std::string src;
  std::string language;
};

struct Project {
  std::string name;
  std::string formatVersion;
  std::string manifestSrc;  // usually "manifest.xml"
  std::vector<ProjectBehavior> behaviors;
  std::vector<ProjectFile> dialogs;
  std::vector<ProjectFile> resources;
  std::vector<ProjectTopic> topics;
  std::vector<std::string> ignoredPaths;
  std::vector<ProjectTranslation> translations;
};

struct ProjectResult {
  std::optional<Project> project;  // empty when the file is not a readable .pml
  std::vector<core::Problem> problems;   // warnings only
};

ProjectResult parseProject(std::string_view xml, const std::string& fileName);

}  // namespace autolife::package
