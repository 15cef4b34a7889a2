// Object names as libqicore's converter makes them: l<level>_<name>,
// sanitised, with _1, _2... on collisions, and autolife's rule that a box's
// timeline files never take another box's name.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/behavior/object_names.hpp"
#include "helpers.hpp"

namespace autolife::behavior {
namespace {

using ::testing::ElementsAre;

TEST(ObjectNames, SanitisesAsLibqicoreDoes) {
  EXPECT_EQ(sanitizeObjectName("Play Sound"), "Play_Sound");
  EXPECT_EQ(sanitizeObjectName("FPS (%)"), "FPS_");
  EXPECT_EQ(sanitizeObjectName("a__b"), "a_b");
  EXPECT_EQ(sanitizeObjectName("_x_"), "_x_");
  EXPECT_EQ(sanitizeObjectName("Say!"), "Say_");
  EXPECT_EQ(sanitizeObjectName("a\tb"), "a_b");
  EXPECT_EQ(sanitizeObjectName("a\x01" "b"), "ab");      // not printable: dropped
  EXPECT_EQ(sanitizeObjectName("caf\xc3\xa9 noir"), "caf_noir");
  EXPECT_EQ(sanitizeObjectName("\xc3\xa9"), "unnamed_object");
  EXPECT_EQ(sanitizeObjectName(""), "unnamed_object");
  EXPECT_EQ(sanitizeObjectName("../../etc/passwd"), "_etc_passwd");
  EXPECT_EQ(sanitizeObjectName(std::string(500, 'x')).size(), 100u);
}

TEST(ObjectNames, NamesCollidingBoxesWithSuffixes) {
  Behavior b = testing::parseFixture("collisions.xar");
  ObjectNames names(b.root);
  std::vector<std::string> all;
  for (const auto& [box, name] : names.all()) all.push_back(name);
  EXPECT_THAT(all, ElementsAre("l0_root", "l1_Say", "l1_Say_1", "l1_Say_1_1", "l1_Say_", "l1_Play_Sound",
                               "l1_Play_Sound_1", "l1_unnamed_object", "l1_unnamed_object_1", "l1_Walk_timeline",
                               // "Walk" writes l1_Walk_timeline.xml: taken, so it is l1_Walk_1...
                               "l1_Walk_1", "l2_Say",
                               // ...whose state file l1_Walk_1_state_0 is then taken.
                               "l1_Walk_1_state_0_1"));
  const Diagram& d = testing::firstDiagram(b.root);
  EXPECT_EQ(names.of(testing::boxNamed(d, "Say_1")), "l1_Say_1_1");
  EXPECT_EQ(names.of(b.root), "l0_root");
  Box stranger;
  EXPECT_EQ(names.of(stranger), "");
}

TEST(ObjectNames, FollowsTheFilesOrderDepthFirst) {
  Behavior b = testing::parseFixture("layers.xar");
  std::vector<std::string> all;
  const ObjectNames names(b.root);
  for (const auto& [box, name] : names.all()) all.push_back(name);
  EXPECT_THAT(all, ElementsAre("l0_root", "l1_Eyes_on", "l1_Blink", "l1_Eyes_off", "l1_Play", "l1_Tune", "l1_Jingle",
                               "l1_Say_hello"));
}

TEST(ObjectNames, ManyBoxesOfOneNameAreNamedInLinearTime) {
  Box root;
  root.name = "root";
  root.timeline = Timeline{};
  root.timeline->layers.resize(1);
  root.timeline->layers[0].keyframes.resize(1);
  Box child;
  child.name = "Say";
  root.timeline->layers[0].keyframes[0].diagram.boxes.assign(50000, child);
  ObjectNames names(root);
  EXPECT_EQ(names.all().back().second, "l1_Say_49999");
}

}  // namespace
}  // namespace autolife::behavior
