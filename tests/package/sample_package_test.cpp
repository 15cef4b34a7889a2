// A real package from libqicore's test data (registered only when the
// shared samples exist): no uuid attribute, an empty <nature>, the behavior
// at the package root.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/package/store.hpp"
#include "helpers.hpp"
#include "process.hpp"

namespace autolife::package {
namespace {

namespace fs = std::filesystem;
using testing::describe;
using test::TempDir;

const fs::path kSample = AUTOLIFE_SAMPLE_PACKAGE;

TEST(SamplePackage, LoadsUnderItsFolderNameAsAPlainBehavior) {
  LoadResult loaded = loadPackage(kSample);
  ASSERT_TRUE(loaded.package) << describe(loaded.problems);
  const Package& p = *loaded.package;
  EXPECT_EQ(p.uuid(), "behavior1_package");
  EXPECT_TRUE(p.manifest.uuidFromFallback);
  EXPECT_EQ(p.manifest.version, "0.0.0");
  EXPECT_THAT(p.manifest.supportedLanguages, ::testing::ElementsAre("en_US"));
  ASSERT_EQ(p.behaviors.size(), 1u);
  EXPECT_EQ(p.behaviors[0].name, "behavior1_package/.");
  EXPECT_FALSE(p.behaviors[0].isActivity());
  EXPECT_EQ(p.behaviors[0].behaviorFile, kSample / "behavior.xar");
  // The only problem: the uuid that had to be made up.
  ASSERT_EQ(loaded.problems.size(), 1u) << describe(loaded.problems);
  EXPECT_EQ(loaded.problems[0].severity, core::Severity::Warning);
}

TEST(SamplePackage, InstallsAndListsNoActivity) {
  TempDir dir;
  PackageStore store(dir / "apps");
  InstallResult r = store.install(kSample);
  ASSERT_TRUE(r.installed) << describe(r.problems);
  EXPECT_TRUE(store.has("behavior1_package"));
  EXPECT_EQ(store.behaviors().size(), 1u);
  EXPECT_TRUE(store.activities().empty());
  EXPECT_TRUE(fs::exists(dir / "apps/behavior1_package/behavior.xar"));
}

TEST(SamplePackage, CheckPassesWithOneWarning) {
  auto r = autolife::testing::runProcess({AUTOLIFE_BINARY, "check", kSample.string()});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_THAT(r.out, ::testing::EndsWith("1 package checked: 0 errors, 1 warning\n"));
}

}  // namespace
}  // namespace autolife::package
