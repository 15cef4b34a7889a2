// A package's behavior as NAOqi runs it: from the folder the package is
// installed in, `<data>/PackageManager/apps/<uuid>/` (on a robot,
// /home/nao/.local/share/PackageManager/apps/), so that what box code reads
// of its own path holds ("appsFolderFragment" in Choregraphe's Show Image,
// Show App, Play Video boxes). `play` runs a behavior of a package through
// such a folder: a link, in a temporary folder, to the package's own. And
// the robot a package is made for, from its manifest's requirements.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "autolife/launchpad/robot_profile.hpp"

namespace autolife::sim {

struct PackageOf {
  std::filesystem::path root;  // the folder holding its manifest.xml
  std::string uuid;
  std::vector<std::string> robotModels;  // <robotRequirement model>, in order
};

// The package `behavior` (a .xar or a folder) belongs to: the nearest
// folder above it with a manifest.xml that can be read. None outside one.
std::optional<PackageOf> packageOf(const std::filesystem::path& behavior);

// The robot a package is made for: NAO when a robotRequirement names a NAO
// (NAO, NAO_H25...), else Pepper when one names a Pepper (JULIETTE...);
// none when they name neither.
struct RequiredRobot {
  launchpad::RobotModel model;
  std::string requirement;  // as the manifest writes it: "JULIETTE_Y20"
  bool both = false;        // it names a NAO and a Pepper: the app runs on either
};
std::optional<RequiredRobot> robotRequiredBy(const PackageOf& package);

// The package's folder as NAOqi's install path, for as long as this lives.
class InstalledApp {
public:
  // Throws std::filesystem::filesystem_error when the link cannot be made.
  explicit InstalledApp(const PackageOf& package);
  ~InstalledApp();
  InstalledApp(const InstalledApp&) = delete;
  InstalledApp& operator=(const InstalledApp&) = delete;

  // `path` (inside the package's folder) as seen through the install path.
  std::filesystem::path installed(const std::filesystem::path& path) const;
  // The other way: a location that starts with the install path ("<folder>/
  // chat/chat_enu.top:3", as the dialog engine words one) with the
  // package's own folder instead, as the user gave it; others unchanged.
  std::string asGiven(const std::string& location) const;
  const std::filesystem::path& folder() const { return folder_; }  // .../PackageManager/apps/<uuid>

private:
  std::filesystem::path temporary_;
  std::filesystem::path folder_;
  std::filesystem::path root_;  // the package's own folder
};

}  // namespace autolife::sim
