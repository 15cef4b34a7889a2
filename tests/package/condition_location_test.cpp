// A launch condition's compile error is reported at its line:column in
// manifest.xml, not in the condition: first-line column offsets, CDATA
// over several lines, CRLF files and decoded entities included.
#include <gtest/gtest.h>

#include "autolife/package/manifest.hpp"
#include "helpers.hpp"

namespace autolife::package {
namespace {

using testing::describe;
using testing::fixture;
using testing::readText;

// The only error of a manifest, formatted.
std::string onlyError(const std::string& xml) {
  ManifestResult r = parseManifest(xml, ManifestOptions{"m.xml", "fallback"});
  std::vector<core::Problem> errors;
  for (const core::Problem& p : r.problems)
    if (p.isError()) errors.push_back(p);
  if (errors.size() != 1) return "expected one error, got:\n" + describe(r.problems);
  return errors[0].format();
}

std::string manifestWith(const std::string& condition) {
  return "<package uuid=\"p\" version=\"1\">\n"
         "<contents><behaviorContent path=\"b\"><nature>solitary</nature><autonomous>\n" +
         condition + "\n</autonomous></behaviorContent></contents></package>";
}

TEST(ConditionLocation, AnErrorOnManifestLine12IsReportedThere) {
  ManifestResult r = parseManifest(readText(fixture("bad_condition") / "manifest.xml"),
                                   ManifestOptions{"bad_condition/manifest.xml", ""});
  ASSERT_TRUE(r.manifest) << describe(r.problems);
  ASSERT_EQ(r.problems.size(), 1u) << describe(r.problems);
  const core::Problem& p = r.problems[0];
  EXPECT_EQ(p.format(), "bad_condition/manifest.xml:12:34: error: launch condition: expected a value, found ')'");
  EXPECT_EQ(p.diagnostic.sourceLine, "  && ('Launchpad/BatteryLevel' > ) ]]></condition>");
  // The package still loads; that activity is invalid, the other one is fine.
  EXPECT_FALSE(r.manifest->behaviors[0].launchTrigger->valid());
  EXPECT_TRUE(r.manifest->behaviors[1].launchTrigger->valid());
}

TEST(ConditionLocation, OnTheConditionsFirstLineTheColumnIsOffsetByWhatPrecedesIt) {
  // `'a' = = 1`: the error is at the second '=', column 7 of the condition.
  // The condition starts at column 36 of line 3 (after the 35-character tag).
  EXPECT_EQ(onlyError(manifestWith("<condition purpose=\"launchTrigger\">'a' = = 1</condition>")),
            "m.xml:3:42: error: launch condition: expected a value, found '='");
  EXPECT_EQ(onlyError(manifestWith("    <condition purpose=\"launchTrigger\"><![CDATA['a' = = 1]]></condition>")),
            "m.xml:3:55: error: launch condition: expected a value, found '='");
}

TEST(ConditionLocation, LaterLinesOfACdataConditionKeepTheirOwnColumns) {
  EXPECT_EQ(onlyError(manifestWith("<condition purpose=\"launchTrigger\"><![CDATA['a'\n&& 'b'\n   && ]]></condition>")),
            "m.xml:5:7: error: launch condition: the expression ends where a value was expected");
}

TEST(ConditionLocation, CrlfLineEndingsCountOnce) {
  ManifestResult r = parseManifest(readText(fixture("crlf") / "manifest.xml"), ManifestOptions{"crlf.xml", ""});
  ASSERT_TRUE(r.manifest) << describe(r.problems);
  ASSERT_EQ(r.problems.size(), 1u) << describe(r.problems);
  EXPECT_EQ(r.problems[0].format(), "crlf.xml:8:11: error: launch condition: expected a value, found '='");
  EXPECT_EQ(r.problems[0].diagnostic.sourceLine, " && 'a' = = 1]]></condition>");
  // The condition text itself has plain newlines.
  EXPECT_EQ(r.manifest->behaviors[0].launchTrigger->text, "('Launchpad/NumPeopleZone1' >= 1)\n && 'a' = = 1");
}

TEST(ConditionLocation, LoneCarriageReturnsAreLineBreaksToo) {
  std::string xml = "<package uuid=\"p\" version=\"1\">\r<contents><behaviorContent path=\"b\"><nature>solitary</nature>"
                    "<autonomous>\r<condition purpose=\"launchTrigger\"><![CDATA['a'\r && = ]]></condition>"
                    "</autonomous></behaviorContent></contents></package>";
  EXPECT_EQ(onlyError(xml), "m.xml:4:5: error: launch condition: expected a value, found '='");
}

TEST(ConditionLocation, EntitiesBeforeTheErrorAreCountedAsWritten) {
  // "&lt;" is one character of the condition but four of the file.
  EXPECT_EQ(onlyError(manifestWith("<condition purpose=\"launchTrigger\">'a' &lt; 1 &amp;&amp; = 2</condition>")),
            "m.xml:3:58: error: launch condition: expected a value, found '='");
  EXPECT_EQ(onlyError(manifestWith("<condition purpose=\"launchTrigger\">'a' &#60; 1 &#x26;&#38; = 2</condition>")),
            "m.xml:3:60: error: launch condition: expected a value, found '='");
}

TEST(ConditionLocation, ColumnsCountCharactersNotBytes) {
  // "é" is two bytes, one column, in the file and in the condition.
  EXPECT_EQ(onlyError(manifestWith("<condition purpose=\"launchTrigger\">\"é\" == = 1</condition>")),
            "m.xml:3:43: error: launch condition: expected a value, found '='");
}

TEST(ConditionLocation, TextSplitByACommentStillMapsBack) {
  EXPECT_EQ(onlyError(manifestWith("<condition purpose=\"launchTrigger\">'a' &amp;&amp;<!-- note --> 'b' = = 1</condition>")),
            "m.xml:3:70: error: launch condition: expected a value, found '='");
}

TEST(ConditionLocation, AnErrorAtTheEndOfTheTextPointsJustAfterIt) {
  EXPECT_EQ(onlyError(manifestWith("<condition purpose=\"launchTrigger\"><![CDATA[('a' ~ ]]></condition>")),
            "m.xml:3:52: error: launch condition: '~' needs a window in seconds after it");
}

TEST(ConditionLocation, TheStartOfTheTextIsRecorded) {
  ManifestResult r = parseManifest(manifestWith("  <condition purpose=\"launchTrigger\">'a'</condition>"));
  ASSERT_TRUE(r.manifest);
  EXPECT_EQ(r.manifest->behaviors[0].launchTrigger->start.line, 3);
  EXPECT_EQ(r.manifest->behaviors[0].launchTrigger->start.column, 38);
}

}  // namespace
}  // namespace autolife::package
