// `autolife --version` (issue 31): the release and the commit it was built
// from, on one line, as help2man and bug reports read it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "process.hpp"

namespace {

TEST(VersionCli, NamesTheReleaseAndTheCommit) {
  const auto r = autolife::testing::runProcess({AUTOLIFE_BINARY, "--version"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, ::testing::MatchesRegex("autolife " AUTOLIFE_PROJECT_VERSION " \\(commit [0-9a-f]+(\\+dirty)?\\)\n"));
}

}  // namespace
