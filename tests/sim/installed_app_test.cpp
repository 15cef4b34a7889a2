// A package's behavior as `play` runs it (sim/installed_app.hpp): the
// package found above it, NAOqi's install path, the robot its manifest names.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "autolife/sim/animated_robot.hpp"
#include "autolife/sim/installed_app.hpp"
#include "sim_support.hpp"

namespace autolife::simtest {
namespace {

std::string manifest(const std::string& requirements) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<package uuid=\"app-1a2b3c\" version=\"1.0.0\">\n"
         "<requirements>" + requirements + "</requirements>\n<contents/>\n</package>\n";
}

launchpad::RobotModel robotOf(const std::string& requirements, bool& named, bool* both = nullptr) {
  TempDir dir;
  dir.write("app/manifest.xml", manifest(requirements));
  const auto behavior = dir.write("app/behavior_1/behavior.xar", "<ChoregrapheProject/>");
  const auto package = sim::packageOf(behavior);
  EXPECT_TRUE(package);
  const auto required = package ? sim::robotRequiredBy(*package) : std::nullopt;
  named = required.has_value();
  if (both) *both = required && required->both;
  return required ? required->model : launchpad::RobotModel::Nao;
}

TEST(InstalledApp, ThePackagesRobotIsPepperOnlyWhenNoNaoIsNamed) {
  bool named = false;
  EXPECT_EQ(robotOf("<robotRequirement model=\"JULIETTE_Y20\"/>", named), launchpad::RobotModel::Pepper);
  EXPECT_TRUE(named);
  // An app made for both robots is NAO's, and says it runs on both (play's
  // timelines then choose: some of its behaviors lie down, others move hips).
  bool both = false;
  EXPECT_EQ(robotOf("<robotRequirement model=\"JULIETTE\"/><robotRequirement model=\"NAO\"/>", named, &both),
            launchpad::RobotModel::Nao);
  EXPECT_TRUE(both);
  EXPECT_EQ(robotOf("<robotRequirement model=\"NAO_H25\"/>", named, &both), launchpad::RobotModel::Nao);
  EXPECT_FALSE(both);
  EXPECT_EQ(robotOf("<robotRequirement model=\"ROMEO\"/>", named), launchpad::RobotModel::Nao);
  EXPECT_FALSE(named);
}

TEST(InstalledApp, ThePackageIsSeenThroughNaoqisInstallPathForAsLongAsItLives) {
  TempDir dir;
  dir.write("app/manifest.xml", manifest(""));
  const auto behavior = dir.write("app/behavior_1/behavior.xar", "<ChoregrapheProject/>");
  std::filesystem::path folder;
  {
    sim::InstalledApp installed(*sim::packageOf(behavior));
    folder = installed.folder();
    EXPECT_EQ(folder.filename(), "app-1a2b3c");
    EXPECT_EQ(folder.parent_path().filename(), "apps");
    EXPECT_EQ(folder.parent_path().parent_path().filename(), "PackageManager");
    const auto seen = installed.installed(behavior);
    EXPECT_EQ(seen, folder / "behavior_1" / "behavior.xar");
    EXPECT_TRUE(std::filesystem::is_regular_file(seen));
    EXPECT_EQ(installed.installed(dir / "app"), folder) << "the package's folder is the install folder";
    // What play prints names the package's own folder.
    const std::string own = std::filesystem::absolute(dir / "app").lexically_normal().string();
    EXPECT_EQ(installed.asGiven((folder / "chat" / "chat_enu.top").string() + ":3"), own + "/chat/chat_enu.top:3");
    EXPECT_EQ(installed.asGiven(folder.string() + "-other/x.top:1"), folder.string() + "-other/x.top:1");
    EXPECT_EQ(installed.asGiven("/elsewhere/x.top:1"), "/elsewhere/x.top:1");
  }
  EXPECT_FALSE(std::filesystem::exists(folder)) << "the link goes with it";
  EXPECT_TRUE(std::filesystem::is_regular_file(behavior)) << "the package's own files stay";
  EXPECT_FALSE(sim::packageOf(dir.write("loose/behavior.xar", "<ChoregrapheProject/>")));
}

// A box holding a timeline whose actuator list says `model` and moves `joint`.
behavior::Box animated(const std::string& model, const std::string& joint) {
  behavior::Box box;
  box.timeline.emplace();
  box.timeline->actuators.model = model;
  box.timeline->actuators.curves.push_back({"value", joint, false, false, -1, {}, {}});
  return box;
}

std::optional<sim::AnimatedRobot> animatedFor(std::vector<behavior::Box> boxes) {
  behavior::Behavior b;
  b.root.timeline.emplace();
  b.root.timeline->layers.emplace_back();
  b.root.timeline->layers[0].keyframes.emplace_back();
  b.root.timeline->layers[0].keyframes[0].diagram.boxes = std::move(boxes);
  return sim::robotAnimatedBy(b);
}

TEST(AnimatedRobot, TheTimelinesModelOrTheirJointsTellTheRobot) {
  auto pepper = animatedFor({animated("Juliette", "HeadYaw")});
  ASSERT_TRUE(pepper);
  EXPECT_EQ(pepper->model, launchpad::RobotModel::Pepper);
  EXPECT_EQ(pepper->why, "its timelines are made for Pepper (model \"Juliette\")");
  auto nao = animatedFor({animated("nao", "HeadYaw"), animated("", "KneePitch")});
  ASSERT_TRUE(nao);
  EXPECT_EQ(nao->model, launchpad::RobotModel::Nao) << "the model written wins over the joints";
  auto legs = animatedFor({animated("", "HipPitch")});
  ASSERT_TRUE(legs);
  EXPECT_EQ(legs->why, "its timelines move HipPitch, which only Pepper has");
  EXPECT_FALSE(animatedFor({animated("", "HeadYaw"), animated("", "LHand")})) << "joints both robots have";
  EXPECT_FALSE(animatedFor({animated("nao", "HeadYaw"), animated("juliette", "HeadYaw")})) << "both named";
  EXPECT_FALSE(animatedFor({animated("", "KneePitch"), animated("", "LKneePitch")})) << "both robots' joints";
  EXPECT_FALSE(animatedFor({}));
  behavior::Box empty;
  empty.timeline.emplace();
  empty.timeline->actuators.model = "nao";
  auto animatedOnce = animatedFor({empty, animated("juliette", "HeadYaw")});
  ASSERT_TRUE(animatedOnce) << "a flow diagram's empty actuator list says nothing";
  EXPECT_EQ(animatedOnce->model, launchpad::RobotModel::Pepper);
}

}  // namespace
}  // namespace autolife::simtest
