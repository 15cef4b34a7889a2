// What `play` and `simulate` say (issue 32, "Say what is happening"),
// through the real binary: identical records in a row folded into two
// lines (xN; --all and --json have each), an idle end that says what the
// boxes still waited for and who holds it, an activity whose behavior went
// idle said once while it keeps the focus; `serve`'s box logs on stderr
// by --log-level, with the idle note.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include <signal.h>

#include "files.hpp"
#include "process.hpp"
#include "serve_process.hpp"

namespace {

using autolife::test::TempDir;
using autolife::testing::ProcessResult;
using autolife::testing::runProcess;
using ::testing::HasSubstr;
using ::testing::Not;

const std::string kPorts =
    "<Input name=\"onLoad\" type=\"1\" type_size=\"1\" nature=\"0\" inner=\"1\" id=\"1\" />\n"
    "<Input name=\"onStart\" type=\"1\" type_size=\"1\" nature=\"2\" inner=\"0\" id=\"2\" />\n"
    "<Input name=\"onStop\" type=\"1\" type_size=\"1\" nature=\"3\" inner=\"0\" id=\"3\" />\n"
    "<Output name=\"onStopped\" type=\"1\" type_size=\"1\" nature=\"1\" inner=\"0\" id=\"4\" />\n";

std::string box(const std::string& name, int id, const std::string& methods, const std::string& more = "") {
  return "<Box name=\"" + name + "\" id=\"" + std::to_string(id) +
         "\">\n<script language=\"4\"><content><![CDATA[class MyClass(GeneratedClass):\n"
         "    def __init__(self):\n        GeneratedClass.__init__(self)\n" +
         methods + "]]></content></script>\n" + kPorts + more + "</Box>\n";
}

std::string link(int inputOwner, int input, int outputOwner, int output) {
  return "<Link inputowner=\"" + std::to_string(inputOwner) + "\" indexofinput=\"" + std::to_string(input) +
         "\" outputowner=\"" + std::to_string(outputOwner) + "\" indexofoutput=\"" + std::to_string(output) + "\" />\n";
}

std::string xar(const std::string& diagram) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<ChoregrapheProject xar_version=\"3\">\n"
         "<Box name=\"root\" id=\"-1\">\n" + kPorts +
         "<Timeline enable=\"0\"><BehaviorLayer name=\"l\"><BehaviorKeyframe name=\"k\" index=\"1\"><Diagram>\n" +
         diagram + "</Diagram></BehaviorKeyframe></BehaviorLayer></Timeline>\n</Box>\n</ChoregrapheProject>\n";
}

std::size_t countOf(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// A box asking the volume 120 times, every 0.1 s, then the behavior ends.
const std::string kPolling = xar(box("Poll", 1,
                                     "    def onInput_onStart(self):\n"
                                     "        import time\n"
                                     "        for i in range(120):\n"
                                     "            ALProxy(\"ALTextToSpeech\").getVolume()\n"
                                     "            time.sleep(0.1)\n"
                                     "        self.onStopped()\n") +
                                 link(1, 2, 0, 2) + link(0, 4, 1, 4));

TEST(OutputCli, PlayFoldsIdenticalCallsInARow) {
  TempDir dir;
  const auto behavior = dir.write("behavior.xar", kPolling).string();
  auto r = runProcess({AUTOLIFE_BINARY, "play", behavior});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "0:00:00.000  call     ALTextToSpeech.getVolume()\n"
            "0:00:11.900  call     ALTextToSpeech.getVolume()  x120\n"
            "0:00:12.000  end      finished\n");
  auto all = runProcess({AUTOLIFE_BINARY, "play", "--all", behavior});
  EXPECT_EQ(countOf(all.out, "getVolume()"), 120u) << all.out;
  EXPECT_THAT(all.out, Not(HasSubstr(" x")));
  auto json = runProcess({AUTOLIFE_BINARY, "play", "--json", behavior});
  EXPECT_EQ(countOf(json.out, "\"getVolume\""), 120u);
}

TEST(OutputCli, PlaySaysWhatAnIdleBehaviorStillWaitsForAndWhoHoldsIt) {
  TempDir dir;
  const std::string motors = "<Resource name=\"All motors\" type=\"Lock\" timeout=\"0\" />\n";
  const auto behavior =
      dir.write("behavior.xar",
                xar(box("Animation", 1, "    def onInput_onStart(self):\n        pass\n", motors) +
                    box("Stand Up", 2, "    def onInput_onStart(self):\n        self.onStopped()\n", motors) +
                    link(1, 2, 0, 2) + link(2, 2, 0, 2) + link(0, 4, 2, 4)))
          .string();
  auto r = runProcess({AUTOLIFE_BINARY, "play", behavior});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("0:00:00.000  end      idle: no box runs; still waiting: Stand Up: waits for 'All "
                               "motors' (held by 'Animation')\n"));
  auto json = runProcess({AUTOLIFE_BINARY, "play", "--json", behavior});
  std::string last;
  std::istringstream lines(json.out);
  for (std::string line; std::getline(lines, line);) last = line;
  const auto end = nlohmann::json::parse(last);
  EXPECT_EQ(end["end"], "idle");
  EXPECT_THAT(end["why"].get<std::string>(), HasSubstr("Stand Up: waits for 'All motors'"));
  EXPECT_EQ(end["waiting"], nlohmann::json::parse(
                                R"json([{"box": "Stand Up", "for": "waits for 'All motors' (held by 'Animation')"}])json"));
}

// A package "pk" whose activity (trigger 'go' == 1) runs `diagram`.
void writePackage(const TempDir& dir, const std::string& diagram) {
  dir.write("pk/manifest.xml",
            "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<package uuid=\"pk\" version=\"1.0.0\">\n"
            "<names><name lang=\"en_US\">Show</name></names><contents>\n"
            "<behaviorContent path=\".\"><nature>solitary</nature><autonomous><condition "
            "purpose=\"launchTrigger\"><![CDATA['go' == 1]]></condition></autonomous></behaviorContent>\n"
            "</contents>\n</package>\n");
  dir.write("pk/behavior.xar", xar(diagram));
}

TEST(OutputCli, SimulateSaysAnIdleActivityOnceAndItKeepsTheFocus) {
  TempDir dir;
  writePackage(dir, box("Show App", 1,
                        "    def onInput_onStart(self):\n"
                        "        ALProxy(\"ALTextToSpeech\").say(\"look at my tablet\")\n"
                        "        self.onStopped()\n") +
                        link(1, 2, 0, 2));
  const auto scenario = dir.write("day.yaml",
                                  "packages: [pk]\nuntil: 60\nsteps:\n  - {t: 1, set: {go: 1}}\n"
                                  "expect:\n  - {t: 59, focused: pk/.}\n");
  auto r = runProcess({AUTOLIFE_BINARY, "simulate", scenario.string()});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(countOf(r.out, "  idle  "), 1u) << r.out;
  EXPECT_THAT(r.out, HasSubstr("  idle         pk/.: no box runs and nothing is left to wait for: the behavior's output "
                               "(onStopped) was never reached; the last output fired was 'Show App'.onStopped, linked "
                               "to nothing (it keeps the focus until stopped, as on NAOqi)\n"));
}

TEST(OutputCli, ServeWritesBoxLogsToStderrByLevel) {
  TempDir dir;
  writePackage(dir, box("Chatty", 1,
                        "    def onInput_onStart(self):\n"
                        "        self.logger.debug(\"detail\")\n"
                        "        self.log(\"hello\")\n"
                        "        ALProxy(\"ALLogger\").warn(\"Sensors\", \"no sonar\")\n") +
                        link(1, 2, 0, 2));
  const auto scenario = dir.write("s.yaml", "packages: [pk]\nsteps:\n  - {t: 0, set: {go: 1}}\n");
  {
    autolife::test::ServeProcess serve({"--data", (dir.path() / "data").string(), "--scenario", scenario.string(),
                                        "--qi", "off"});
    serve.port();
    EXPECT_EQ(serve.line(true), "autolife serve: [info] pk/.: Chatty: hello");
    EXPECT_EQ(serve.line(true), "autolife serve: [warning] pk/.: Sensors: no sonar");
    EXPECT_THAT(serve.line(true), HasSubstr("autolife serve: pk/. is idle at t="));
    EXPECT_EQ(serve.stop(SIGTERM), 0);
  }
  autolife::test::ServeProcess serve({"--data", (dir.path() / "data").string(), "--scenario", scenario.string(),
                                      "--qi", "off", "--log-level", "warning", "--log-json"});
  serve.port();
  auto warning = nlohmann::json::parse(serve.line(true));
  EXPECT_EQ(warning["level"], "warning");
  EXPECT_EQ(warning["activity"], "pk/.");
  EXPECT_EQ(warning["box"], "Sensors");
  EXPECT_EQ(warning["message"], "no sonar");
  auto idle = nlohmann::json::parse(serve.line(true));
  EXPECT_THAT(idle["idle"].get<std::string>(), HasSubstr("no box runs and nothing is left to wait for"));
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  const auto refused = runProcess({AUTOLIFE_BINARY, "serve", "--log-level", "loud"});
  EXPECT_NE(refused.status, 0);
  EXPECT_THAT(refused.err, HasSubstr("--log-level: must be debug, info, warning, error, fatal or silent"));
}

// check's trigger warnings agree with what the simulated robot writes at
// boot and NAOqi's catalog documents: no false warning on BatteryTrapIsOpen
// (an ALBattery event) nor UserSession/FocusedUser (-1 from the start); a
// key nothing writes, and a comparison true while a key is unset, still warn.
TEST(OutputCli, CheckWarnsOnlyAboutKeysNothingWritesOrThatStartUnset) {
  TempDir dir;
  auto content = [](const std::string& path, const std::string& trigger) {
    return "<behaviorContent path=\"" + path + "\"><nature>solitary</nature><autonomous><condition "
           "purpose=\"launchTrigger\"><![CDATA[" + trigger + "]]></condition></autonomous></behaviorContent>\n";
  };
  dir.write("pk/manifest.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<package uuid=\"pk\" version=\"1.0.0\">"
                               "<contents>\n" + content("a", "('BatteryTrapIsOpen' == 1)") +
                               content("b", "('UserSession/FocusedUser' >= 0) && ('ALBasicAwareness/HumanTracked' >= 0)") +
                               content("c", "('MyApp/Ready' == 1) && ('FaceDetected' != [])") +
                               "</contents>\n</package>\n");
  for (const char* b : {"a", "b", "c"}) dir.write(std::string("pk/") + b + "/behavior.xar", xar(""));
  auto r = runProcess({AUTOLIFE_BINARY, "check", (dir.path() / "pk").string()});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_THAT(r.out, Not(HasSubstr("BatteryTrapIsOpen")));
  EXPECT_THAT(r.out, Not(HasSubstr("FocusedUser")));
  EXPECT_THAT(r.out, Not(HasSubstr("HumanTracked")));
  EXPECT_THAT(r.out, HasSubstr("nothing writes 'MyApp/Ready'"));
  EXPECT_THAT(r.out, HasSubstr("'FaceDetected' has no value"));
  EXPECT_THAT(r.out, HasSubstr("1 package checked: 0 errors, 2 warnings"));
}

}  // namespace
