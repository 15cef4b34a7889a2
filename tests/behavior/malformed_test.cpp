// Bad input never crashes: every error is located (file:line:column) and
// says why in a sentence; hostile nesting and sizes are bounded.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>

#include "autolife/behavior/xar_parser.hpp"
#include "helpers.hpp"

namespace autolife::behavior {
namespace {

using testing::mentions;
using testing::simpleBox;
using testing::xarWithDiagram;
using ::testing::HasSubstr;

LoadResult parse(const std::string& text, const ParseOptions& options = {}) {
  return parseXarText(text, "bad.xar", options);
}

// Every error names the file and a line, and has a message.
void expectLocated(const LoadResult& r) {
  for (const core::Diagnostic& d : r.errors) {
    EXPECT_EQ(d.file, "bad.xar") << d.format();
    EXPECT_GT(d.line, 0) << d.format();
    EXPECT_FALSE(d.message.empty());
  }
}

TEST(Malformed, BadXmlIsAnErrorAtItsPlace) {
  LoadResult r = parse("<?xml version=\"1.0\"?>\n<ChoregrapheProject>\n  <Box name=\"root\" id=\"1\">\n</ChoregrapheProject>\n");
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 4);
  EXPECT_THAT(r.errors[0].message, HasSubstr("malformed XML"));
  EXPECT_EQ(r.errors[0].sourceLine, "</ChoregrapheProject>");
}

TEST(Malformed, AnEmptyFileIsAnError) {
  LoadResult r = parse("");
  ASSERT_EQ(r.errors.size(), 1u);
  expectLocated(r);
  EXPECT_THAT(r.errors[0].message, HasSubstr("malformed XML"));
}

TEST(Malformed, AnotherKindOfFileIsAnError) {
  LoadResult r = parse("<?xml version=\"1.0\"?>\n<package uuid=\"x\"/>\n");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].format(), "bad.xar:2:1: not a Choregraphe behavior: the root element is <package>; expected "
                                  "<ChoregrapheProject>, <ChoregrapheBox> or <Timeline>");
}

TEST(Malformed, AProjectWithoutARootBoxIsAnError) {
  LoadResult r = parse("<?xml version=\"1.0\"?>\n<ChoregrapheProject xar_version=\"3\">\n</ChoregrapheProject>\n");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].format(), "bad.xar:2:1: <ChoregrapheProject> holds no root <Box>");
}

TEST(Malformed, TwoRootBoxesAreAnError) {
  LoadResult r = parse("<ChoregrapheProject>\n<Box name=\"a\" id=\"1\"/>\n<Box name=\"b\" id=\"2\"/>\n</ChoregrapheProject>\n");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 3);
  EXPECT_THAT(r.errors[0].message, HasSubstr("second root <Box>"));
}

TEST(Malformed, ALinkToAMissingBoxIsAnErrorAtTheLink) {
  LoadResult r = parse(xarWithDiagram(simpleBox("A", 1) + "<Link inputowner=\"9\" indexofinput=\"1\" outputowner=\"0\" indexofoutput=\"2\" />\n"));
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].format(), "bad.xar:16:1: link to box id 9, which is not in this diagram");
}

TEST(Malformed, ALinkFromAMissingBoxIsAnError) {
  LoadResult r = parse(xarWithDiagram(simpleBox("A", 1) + "<Link inputowner=\"1\" indexofinput=\"1\" outputowner=\"5\" indexofoutput=\"2\" />\n"));
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].format(), "bad.xar:16:1: link from box id 5, which is not in this diagram");
}

TEST(Malformed, ALinkToAMissingPortIsAnErrorThatSaysWhatTheIdIs) {
  LoadResult r = parse(xarWithDiagram(simpleBox("A", 1) +
                                      "<Link inputowner=\"1\" indexofinput=\"2\" outputowner=\"0\" indexofoutput=\"2\" />\n"
                                      "<Link inputowner=\"1\" indexofinput=\"7\" outputowner=\"0\" indexofoutput=\"2\" />\n"
                                      "<Link inputowner=\"0\" indexofinput=\"2\" outputowner=\"1\" indexofoutput=\"2\" />\n"
                                      "<Link inputowner=\"1\" indexofinput=\"1\" outputowner=\"0\" indexofoutput=\"9\" />\n"));
  ASSERT_EQ(r.errors.size(), 4u) << r.report();
  EXPECT_EQ(r.errors[0].format(),
            "bad.xar:16:1: link to input 2 of box 'A' (id 1), which has no input with that id; 2 is its output 'onStopped'");
  EXPECT_EQ(r.errors[1].format(), "bad.xar:17:1: link to input 7 of box 'A' (id 1), which has no input with that id");
  EXPECT_EQ(r.errors[2].format(),
            "bad.xar:18:1: link to output 2 of the parent box 'root' (id -1), which has no output with that id; 2 is "
            "its input 'onStart'");
  EXPECT_EQ(r.errors[3].format(),
            "bad.xar:19:1: link from input 9 of the parent box 'root' (id -1), which has no input with that id");
}

TEST(Malformed, DuplicateIdsAreErrors) {
  LoadResult r = parse(xarWithDiagram(simpleBox("A", 1) + simpleBox("B", 1) + simpleBox("C", 0) +
                                      simpleBox("D", 2, "<Parameter name=\"p\" id=\"1\" />\n")));
  ASSERT_EQ(r.errors.size(), 3u) << r.report();
  EXPECT_EQ(r.errors[0].format(), "bad.xar:16:1: box 'B' (id 1): id 1 is already used in this diagram by box 'A' (line 12)");
  EXPECT_EQ(r.errors[1].format(), "bad.xar:20:1: box 'C' (id 0): id 0 is reserved, links use it for the parent box");
  EXPECT_EQ(r.errors[2].format(),
            "bad.xar:27:1: box 'D' (id 2): parameter 'p' has id 1, already used by input 'onStart'; ids must be unique "
            "among a box's inputs, outputs and parameters");
}

TEST(Malformed, KeyframesOfALayerAtTheSameFrameAreAnError) {
  std::string text = xarWithDiagram("");
  text.insert(text.find("</BehaviorLayer>"), "<BehaviorKeyframe name=\"again\" index=\"1\" />\n");
  LoadResult r = parse(text);
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].format(),
            "bad.xar:14:1: layer 'behavior_layer1' already has keyframe 'keyframe1' at frame 1; keyframes of a layer "
            "start at distinct frames");
}

TEST(Malformed, BadValuesAreErrorsAtTheirAttribute) {
  LoadResult r = parse(xarWithDiagram(
      "<Box name=\"A\" id=\"one\">\n"                                                              // 12
      "<Input name=\"onStart\" type=\"1\" nature=\"2\" inner=\"maybe\" id=\"1\" />\n"               // 13
      "<Resource name=\"Head\" type=\"Borrow\" timeout=\"soon\" />\n"                               // 14
      "<Timeline fps=\"fast\" resources_acquisition=\"greedy\">\n"                                  // 15
      "<ActuatorList><ActuatorCurve actuator=\"HeadYaw\">\n"                                        // 16
      "<Key frame=\"1\" value=\"inf\"><Tangent side=\"up\" interpType=\"cubic\"/></Key>\n"          // 17
      "</ActuatorCurve></ActuatorList>\n"
      "</Timeline>\n"
      "</Box>\n"));
  expectLocated(r);
  std::vector<std::string> found;
  for (const auto& e : r.errors) found.push_back(e.format());
  EXPECT_THAT(found, ::testing::ElementsAre(
                         "bad.xar:12:15: Box attribute id is 'one'; expected an integer",
                         "bad.xar:13:43: Input attribute inner is 'maybe'; expected 0 or 1",
                         "bad.xar:14:23: Resource attribute type is 'Borrow'; expected Lock, Stop on demand, Pause on "
                         "demand or Callback on demand",
                         "bad.xar:14:37: Resource attribute timeout is 'soon'; expected a number",
                         "bad.xar:15:11: Timeline attribute fps is 'fast'; expected an integer",
                         "bad.xar:15:22: Timeline attribute resources_acquisition is 'greedy'; expected 0 (passive), 1 "
                         "(waiting) or 2 (aggressive)",
                         "bad.xar:17:16: Key attribute value is 'inf'; expected a number",
                         "bad.xar:17:37: Tangent attribute side is 'up'; expected left or right",
                         "bad.xar:17:47: Tangent attribute interpType is 'cubic'; expected constant, linear or bezier"));
}

TEST(Malformed, MissingRequiredAttributesAreErrors) {
  LoadResult r = parse(xarWithDiagram(
      "<Box name=\"A\">\n"
      "<Input name=\"onStart\" nature=\"2\" id=\"1\" />\n"
      "</Box>\n"
      "<Link inputowner=\"1\" outputowner=\"0\" indexofoutput=\"2\" />\n"));
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(mentions(r.errors, "Box has no id attribute")) << r.report();
  EXPECT_TRUE(mentions(r.errors, "Link has no indexofinput attribute")) << r.report();
  expectLocated(r);
}

TEST(Malformed, AKeyWithMoreThanTwoTangentsIsAnError) {
  std::string t = "<Tangent side=\"left\" interpType=\"linear\" abscissaParam=\"0\" ordinateParam=\"0\"/>";
  LoadResult r = parse("<Timeline>\n<ActuatorList>\n<ActuatorCurve actuator=\"HeadYaw\">\n<Key frame=\"1\" value=\"2\">" + t +
                       t + t + "</Key>\n</ActuatorCurve>\n</ActuatorList>\n</Timeline>\n");
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].line, 4);
  EXPECT_THAT(r.errors[0].message, HasSubstr("3 tangents"));
}

TEST(Malformed, TenThousandNestedBoxesGiveOneErrorQuickly) {
  std::string open, close;
  for (int i = 0; i < 10000; ++i) {
    open += "<Box name=\"b\" id=\"1\"><Timeline><BehaviorLayer><BehaviorKeyframe index=\"1\"><Diagram>\n";
    close += "</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline></Box>\n";
  }
  auto start = std::chrono::steady_clock::now();
  LoadResult r = parse("<ChoregrapheProject>\n" + open + close + "</ChoregrapheProject>\n");
  auto elapsed = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  // The root is on line 2, depth 0; depth 65 is the first one too deep.
  EXPECT_EQ(r.errors[0].line, 2 + 65);
  EXPECT_THAT(r.errors[0].message, HasSubstr("nested more than 64 levels deep"));
  EXPECT_LT(elapsed, std::chrono::seconds(5));
}

TEST(Malformed, TheLimitsCanBeTightened) {
  ParseOptions options;
  options.limits.maxBoxes = 2;
  LoadResult r = parse(xarWithDiagram(simpleBox("A", 1) + simpleBox("B", 2) + simpleBox("C", 3)), options);
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].format(), "bad.xar:16:1: the behavior has more than 2 boxes; the rest is not read");
  options = {};
  options.limits.maxFileBytes = 100;
  r = parse(xarWithDiagram(""), options);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_THAT(r.errors[0].message, HasSubstr("too large"));
}

TEST(Malformed, AFileThatCannotBeReadIsAnError) {
  LoadResult r = parseXarFile("/nonexistent/behavior.xar");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].format(), "/nonexistent/behavior.xar: cannot read the behavior: the file does not exist");
  r = parseXarFile("/");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_THAT(r.errors[0].message, HasSubstr("not a regular file"));
}

TEST(Malformed, LineNumbersCountWindowsLineEnds) {
  std::string text = xarWithDiagram(simpleBox("A", 1) + "<Link inputowner=\"8\" indexofinput=\"1\" outputowner=\"0\" indexofoutput=\"2\" />\n");
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  LoadResult r = parse(crlf);
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].location(), "bad.xar:16:1");
}

TEST(Malformed, ColumnsCountCharactersNotBytes) {
  LoadResult r = parse(xarWithDiagram("<Box name=\"été\" id=\"x\">\n</Box>\n"));
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].location(), "bad.xar:12:17");
}

TEST(Malformed, HostileTextInMessagesIsNeutralised) {
  LoadResult r = parse(xarWithDiagram("<Box name=\"A\" id=\"1&#10;bad.xar:1:1: forged\">\n</Box>\n"));
  ASSERT_EQ(r.errors.size(), 1u) << r.report();
  EXPECT_EQ(r.errors[0].message.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace autolife::behavior
