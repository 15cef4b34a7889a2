// A manifest's <services> (docs/packages.md "Package services"): the forms
// real packages write (robot-jumpstarter's templates, the qibuild
// tutorial's), execStart split into arguments, and each problem located.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/package/manifest.hpp"
#include "helpers.hpp"

namespace autolife::package {
namespace {

using testing::describe;
using testing::mentions;
using ::testing::ElementsAre;

ManifestResult parse(const std::string& body) {
  return parseManifest("<?xml version='1.0' encoding='UTF-8'?>\n<package uuid=\"svc\" version=\"1\">\n" + body +
                       "\n</package>\n");
}

TEST(ManifestServices, ReadsTheServicesOfAJumpstarterTemplate) {
  auto r = parse(R"( <contents/>
 <services>
  <service execStart="/usr/bin/python2 scripts/myservice.py" name="myservice" autorun="true"/>
  <service name="helper" execStart="./python bin/helper.py --verbose"/>
 </services>
 <executableFiles><file path="python"/></executableFiles>)");
  ASSERT_TRUE(r.manifest) << describe(r.problems);
  EXPECT_TRUE(r.problems.empty()) << describe(r.problems);
  const auto& services = r.manifest->services;
  ASSERT_EQ(services.size(), 2u);
  EXPECT_EQ(services[0].name, "myservice");
  EXPECT_TRUE(services[0].autorun);
  EXPECT_EQ(services[0].execStart, "/usr/bin/python2 scripts/myservice.py");
  EXPECT_THAT(services[0].command, ElementsAre("/usr/bin/python2", "scripts/myservice.py"));
  EXPECT_EQ(services[0].position.line, 5);
  EXPECT_EQ(services[1].name, "helper");
  EXPECT_FALSE(services[1].autorun);  // absent: started on request only
  EXPECT_THAT(services[1].command, ElementsAre("./python", "bin/helper.py", "--verbose"));
  EXPECT_THAT(r.manifest->executableFiles, ElementsAre("python"));
}

TEST(ManifestServices, ExecutableFilesInsideServicesAsTheTutorialWritesThem) {
  auto r = parse(R"(<services>
    <service name="myservice" autorun="true" execStart="./python bin/myservice.py" />
    <executableFiles><file path="python" /></executableFiles>
  </services>)");
  ASSERT_TRUE(r.manifest);
  ASSERT_EQ(r.manifest->services.size(), 1u);
  EXPECT_THAT(r.manifest->executableFiles, ElementsAre("python"));
}

TEST(ManifestServices, NoServicesAtAll) {
  auto r = parse("<contents/>");
  ASSERT_TRUE(r.manifest);
  EXPECT_TRUE(r.manifest->services.empty());
}

TEST(ManifestServices, ProblemsAreLocatedAndTheOthersStay) {
  auto r = parse(R"(<services>
  <service execStart="python a.py"/>
  <service name="quoted" execStart="python 'a b.py"/>
  <service name="empty" execStart="  "/>
  <service name="ok" execStart="python ok.py" autorun="yes"/>
  <service name="ok" execStart="python again.py"/>
</services>)");
  ASSERT_TRUE(r.manifest);
  ASSERT_EQ(r.manifest->services.size(), 1u) << describe(r.problems);
  EXPECT_EQ(r.manifest->services[0].name, "ok");
  EXPECT_FALSE(r.manifest->services[0].autorun);
  const std::string all = describe(r.problems);
  EXPECT_TRUE(mentions(r.problems, "a service without a name")) << all;
  EXPECT_TRUE(mentions(r.problems, "single quote is not closed")) << all;
  EXPECT_TRUE(mentions(r.problems, "there is nothing to run")) << all;
  EXPECT_TRUE(mentions(r.problems, "autorun='yes' is neither true nor false")) << all;
  EXPECT_TRUE(mentions(r.problems, "a second service named 'ok'")) << all;
  EXPECT_NE(all.find("manifest.xml:4:"), std::string::npos) << all;  // the unnamed service's line
}

TEST(SplitCommand, QuotesAndEscapesAsAShellSplitsThem) {
  std::string error;
  EXPECT_THAT(splitCommand(R"(python "my script.py" 'a "b"' c\ d)", error),
              ElementsAre("python", "my script.py", "a \"b\"", "c d"));
  EXPECT_TRUE(error.empty());
  EXPECT_THAT(splitCommand("  run  ''  x ", error), ElementsAre("run", "", "x"));
  EXPECT_TRUE(splitCommand("python \"open", error).empty());
  EXPECT_EQ(error, "a double quote is not closed");
}

}  // namespace
}  // namespace autolife::package
