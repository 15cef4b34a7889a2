// What public apps and the SDK's samples do that a behavior's runtime must
// follow: ALExpressionWatcher from box code (through ALProxy and through a
// qi.Session() the box made, the object kept in the box, its signal
// connected to a method of the box), links into a box's parameters.
#include <gmock/gmock.h>

#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using End = sim::PlayResult::End;

TEST(ExpressionWatcherBox, ObjectsFromALProxyAndAQiSessionReportToTheBox) {
  const std::string body =
      "    def onInput_onStart(self):\n"
      "        import qi\n"
      "        self.rising = ALProxy(\"ALExpressionWatcher\").add(\"bang('myEvent') && 'myEvent' == 1\", 2)\n"
      "        self.rising.signal.connect(self.fired)\n"
      "        session = qi.Session()\n"
      "        session.connect(\"tcp://127.0.0.1:9559\")\n"
      "        self.edges = session.service(\"ALExpressionWatcher\").add(\"'n' > 2\", 1)\n"
      "        self.edges.signal.connect(self.edge)\n"
      "        assert self.edges.getExpression() == \"'n' > 2\" and self.edges.getReportMode() == 1\n"
      "        assert self.edges.getReportMode(_async=True).value() == 1\n"
      "        memory = ALProxy(\"ALMemory\")\n"
      "        memory.insertData(\"n\", 3)\n"
      "        memory.raiseEvent(\"myEvent\", 1)\n"
      "    def edge(self, value):\n"
      "        ALProxy(\"ALTextToSpeech\").say(\"edge %s %s\" % (value, self.edges.getValue()))\n"
      "    def fired(self, value):\n"
      "        ALProxy(\"ALTextToSpeech\").say(\"fired %s\" % value)\n"
      "        self.rising = None\n"
      "        self.onStopped()\n";
  auto p = play(behaviorXar(pythonBox("Watch", 1, body) + chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  std::vector<std::string> said;
  for (const auto& call : p.having("method"))
    if (call["method"] == "say") said.push_back(call["args"][0].get<std::string>());
  EXPECT_THAT(said, ::testing::UnorderedElementsAre("edge True True", "fired True"));
}

TEST(ExpressionWatcherBox, ABadExpressionRaisesInTheBoxWithWhereAndWhy) {
  const std::string body =
      "    def onInput_onStart(self):\n"
      "        ALProxy(\"ALExpressionWatcher\").add(\"'k' >\", 0)\n";
  auto p = play(behaviorXar(pythonBox("Watch", 1, body) + chain(1, 1)));
  EXPECT_EQ(p.result.end, End::Error);
  EXPECT_THAT(p.result.error, ::testing::HasSubstr("ALExpressionWatcher.add: 1:6: "));
  EXPECT_THAT(p.result.error, ::testing::HasSubstr("(bad-expression)"));
}

// What NAOqi's box environment gave that public boxes rely on: the naoqi
// module unimported, ALProxy(...).session(), ALRobotModel's private
// _getRobotTypeString of Choregraphe's multi-robot animation boxes.
TEST(BoxEnvironment, NaoqiUnimportedProxySessionAndTheRobotTypeString) {
  const std::string body =
      "    def onInput_onStart(self):\n"
      "        model = naoqi.ALProxy(\"ALRobotModel\")._getRobotTypeString()\n"
      "        ALProxy(\"ALMemory\").session().service(\"ALTextToSpeech\").say(model)\n"
      "        self.onStopped()\n";
  sim::PlayOptions options;
  options.model = launchpad::RobotModel::Pepper;
  auto p = play(behaviorXar(pythonBox("Model", 1, body) + chain(1, 1)), options);
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_EQ(p.firstCall("ALTextToSpeech", "say")["args"][0], "juliette");
}

// An output linked to the root's onStopped and to another box: the first
// delivery ends the behavior and unloads every box, the second reaches an
// unloaded box, which drops it. A box without a script goes as soon as it
// unloads (no onUnload holds it): a public Pepper app's Wait box stopping
// its Dialog box freed the box still delivering (valgrind and the sweep saw
// it; this test fails under ASan without the fix).
TEST(Links, DeliveringAfterTheBehaviorEndedReachesNoFreedBox) {
  const std::string first =
      "    def onInput_onStart(self):\n"
      "        self.onStopped()\n";
  const std::string empty = "<Box name=\"Empty\" id=\"2\">\n<script language=\"4\"><content><![CDATA[]]></content></script>\n" +
                            standardPorts() + "</Box>\n";
  auto p = play(behaviorXar(pythonBox("First", 1, first) + empty + link(1, 2, 0, 2) + link(0, 4, 1, 4) +
                            link(2, 2, 1, 4)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
}

// Choregraphe lets a link reach a parameter: the output's value becomes the
// parameter's, and the box hears it through setParameter (its override).
TEST(ParameterLink, AnOutputsValueBecomesTheParametersAndTheBoxHearsIt) {
  const std::string sender =
      "    def onInput_onStart(self):\n"
      "        self.text(\"from the link\")\n";
  const std::string receiver =
      "    def setParameter(self, name, value):\n"
      "        GeneratedClass.setParameter(self, name, value)\n"
      "        ALProxy(\"ALTextToSpeech\").say(\"%s is %s\" % (name, self.getParameter(name)))\n"
      "        self.onStopped()\n";
  const std::string textOutput = "<Output name=\"text\" type=\"3\" type_size=\"1\" nature=\"2\" inner=\"0\" id=\"5\" />\n";
  const std::string textParameter = "<Parameter name=\"Text\" inherits_from_parent=\"0\" content_type=\"3\" value=\"before\" "
                                    "default_value=\"\" custom_choice=\"0\" id=\"6\" />\n";
  auto p = play(behaviorXar(pythonBox("Send", 1, sender, textOutput) + pythonBox("Receive", 2, receiver, textParameter) +
                            link(1, 2, 0, 2) + link(2, 6, 1, 5) + link(0, 4, 2, 4)));
  EXPECT_EQ(p.result.end, End::Finished) << p.result.error;
  EXPECT_TRUE(p.result.problems.empty());
  EXPECT_EQ(p.firstCall("ALTextToSpeech", "say")["args"][0], "Text is from the link");
}

}  // namespace
}  // namespace autolife::runtimetest
