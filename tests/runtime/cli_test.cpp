// `autolife play` through the real binary: the example greeter, --json
// lines, exit statuses 0/1/2, --until, a converted folder playing as its
// .xar does, and its main.py playing it.
#include <gmock/gmock.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "process.hpp"
#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using testing::runProcess;
using ::testing::HasSubstr;

const std::string kGreeter = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/greeter/behavior.xar";

std::vector<nlohmann::json> jsonLines(const std::string& out) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

TEST(PlayCli, TheGreeterSaysHelloAndFinishes) {
  auto r = runProcess({AUTOLIFE_BINARY, "play", "--json", kGreeter});
  ASSERT_EQ(r.status, 0) << r.err;
  auto lines = jsonLines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0], nlohmann::json::parse(R"({"t": 0.0, "service": "ALTextToSpeech", "method": "say",
                                                 "args": ["Hello! Nice to meet you."]})"));
  EXPECT_EQ(lines[1]["end"], "finished");
  EXPECT_GT(lines[1]["t"].get<double>(), 0.0);
}

TEST(PlayCli, TextOutputIsOneLinePerCall) {
  auto r = runProcess({AUTOLIFE_BINARY, "play", kGreeter});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("0:00:00.000  call     ALTextToSpeech.say(\"Hello! Nice to meet you.\")\n"));
  EXPECT_THAT(r.out, HasSubstr("end      finished\n"));
}

TEST(PlayCli, ABoxErrorExitsWithOne) {
  simtest::TempDir dir;
  auto xar = dir.write("behavior.xar", behaviorXar(pythonBox("Bad", 1, "    def onInput_onStart(self):\n        1/0\n") + chain(1, 1)));
  auto r = runProcess({AUTOLIFE_BINARY, "play", "--json", xar.string()});
  EXPECT_EQ(r.status, 1);
  auto lines = jsonLines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0]["box"], "Bad");
  EXPECT_THAT(lines[0]["error"].get<std::string>(), HasSubstr("ZeroDivisionError"));
  EXPECT_EQ(lines[1]["end"], "error");
}

TEST(PlayCli, AnUnreadableBehaviorExitsWithTwoAndItsPlace) {
  simtest::TempDir dir;
  auto xar = dir.write("behavior.xar", "<ChoregrapheProject xar_version=\"3\">\n<Box name=\"root\" id=\"-1\">\n");
  auto r = runProcess({AUTOLIFE_BINARY, "play", xar.string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr(xar.string() + ":"));
  EXPECT_EQ(r.out, "");
}

TEST(PlayCli, UntilStopsARunningBehavior) {
  simtest::TempDir dir;
  auto xar = dir.write("behavior.xar", behaviorXar(pythonBox("Loop", 1,
                                                             "    def onInput_onStart(self):\n"
                                                             "        import time\n"
                                                             "        while True: time.sleep(0.5)\n") +
                                                   chain(1, 1)));
  auto r = runProcess({AUTOLIFE_BINARY, "play", "--json", "--until", "1m", xar.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  auto lines = jsonLines(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), nlohmann::json::parse(R"({"t": 60.0, "end": "until"})"));
}

TEST(PlayCli, ABoxThatNeverGivesItsThreadBackEndsWithAnErrorAfterTheTurnLimit) {
  simtest::TempDir dir;
  auto xar = dir.write("behavior.xar", behaviorXar(pythonBox("Spin", 1,
                                                             "    def onInput_onStart(self):\n"
                                                             "        while True: pass\n") +
                                                   chain(1, 1)));
  auto r = runProcess({AUTOLIFE_BINARY, "play", "--json", "--turn-limit", "0.2", xar.string()});
  EXPECT_EQ(r.status, 1) << r.err;
  auto lines = jsonLines(r.out);
  ASSERT_FALSE(lines.empty()) << r.out;
  EXPECT_EQ(lines.back()["end"], "error");
  EXPECT_THAT(lines.back()["error"].get<std::string>(),
              HasSubstr(xar.string() + ":14:9: box 'Spin': TurnTimeout: the box kept its thread for more than 200 ms"));
}

TEST(PlayCli, BadOptionsAreRefused) {
  EXPECT_EQ(runProcess({AUTOLIFE_BINARY, "play", "--turn-limit", "0", kGreeter}).status, 2);
  EXPECT_EQ(runProcess({AUTOLIFE_BINARY, "play", "--turn-limit", "-1", kGreeter}).status, 2);
  EXPECT_EQ(runProcess({AUTOLIFE_BINARY, "play", "--until", "soon", kGreeter}).status, 2);
  EXPECT_EQ(runProcess({AUTOLIFE_BINARY, "play", "--robot", "r2d2", kGreeter}).status, 2);
  EXPECT_NE(runProcess({AUTOLIFE_BINARY, "play", "--virtual", "--realtime", kGreeter}).status, 0);
}

TEST(PlayCli, TakesASeed) {
  auto seeded = runProcess({AUTOLIFE_BINARY, "play", "--seed", "42", kGreeter});
  EXPECT_EQ(seeded.status, 0) << seeded.err;
  EXPECT_EQ(seeded.out, runProcess({AUTOLIFE_BINARY, "play", "--seed", "42", kGreeter}).out);
  EXPECT_NE(runProcess({AUTOLIFE_BINARY, "play", "--seed", "-1", kGreeter}).status, 0);
  EXPECT_NE(runProcess({AUTOLIFE_BINARY, "play", "--seed", "many", kGreeter}).status, 0);
}

TEST(PlayCli, RealtimeTakesTheSameCalls) {
  auto r = runProcess({AUTOLIFE_BINARY, "play", "--json", "--realtime", kGreeter});
  ASSERT_EQ(r.status, 0) << r.err;
  auto lines = jsonLines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0]["args"][0], "Hello! Nice to meet you.");
  EXPECT_EQ(lines[1]["end"], "finished");
}

TEST(PlayCli, AConvertedFolderPlaysAsItsXar) {
  simtest::TempDir dir;
  const std::string xar = behaviorXar(pythonBox("Say", 1, "    def onInput_onStart(self):\n"
                                                          "        ALProxy(\"ALTextToSpeech\").say(\"twice\")\n"
                                                          "        import time\n        time.sleep(1)\n"
                                                          "        self.onStopped()\n") +
                                      chain(1, 1));
  auto file = dir.write("behavior.xar", xar);
  ASSERT_EQ(runProcess({AUTOLIFE_BINARY, "convert", file.string(), (dir.path() / "converted").string()}).status, 0);
  auto fromXar = runProcess({AUTOLIFE_BINARY, "play", "--json", file.string()});
  auto fromFolder = runProcess({AUTOLIFE_BINARY, "play", "--json", (dir.path() / "converted").string()});
  ASSERT_EQ(fromXar.status, 0) << fromXar.err;
  ASSERT_EQ(fromFolder.status, 0) << fromFolder.err;
  EXPECT_EQ(fromXar.out, fromFolder.out);
  EXPECT_THAT(fromXar.out, HasSubstr("\"twice\""));
}

// A converted folder and the `autolife play` its main.py would run.
struct Converted {
  simtest::TempDir dir;
  std::filesystem::path folder;
  std::string mainPy;
  Converted() {
    auto file = dir.write("behavior.xar", behaviorXar(pythonBox("Say", 1, kSayOnce) + chain(1, 1)));
    folder = dir.path() / "converted";
    EXPECT_EQ(runProcess({AUTOLIFE_BINARY, "convert", file.string(), folder.string()}).status, 0);
    mainPy = (folder / "main.py").string();
  }
  static constexpr const char* kSayOnce =
      "    def onInput_onStart(self):\n        ALProxy(\"ALTextToSpeech\").say(\"from main\")\n        self.onStopped()\n";
};

TEST(MainPy, PlaysTheFolderOnTheSimulatedRobotWithTheAutolifeItFinds) {
  Converted c;
  // $AUTOLIFE names the program; options go on to `autolife play`.
  auto r = runProcess({"/usr/bin/env", std::string("AUTOLIFE=") + AUTOLIFE_BINARY, "/usr/bin/python3", c.mainPy, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, runProcess({AUTOLIFE_BINARY, "play", "--json", c.folder.string()}).out);
  EXPECT_THAT(r.out, HasSubstr("\"from main\""));
  // An autolife beside main.py, then one on PATH.
  std::filesystem::create_symlink(AUTOLIFE_BINARY, c.folder / "autolife");
  auto beside = runProcess({"/usr/bin/env", "-u", "AUTOLIFE", "PATH=/nonexistent", "/usr/bin/python3", c.mainPy});
  EXPECT_EQ(beside.status, 0) << beside.err;
  EXPECT_THAT(beside.out, HasSubstr("ALTextToSpeech.say(\"from main\")"));
  std::filesystem::remove(c.folder / "autolife");
  const auto bin = c.dir.path() / "bin";
  std::filesystem::create_directories(bin);
  std::filesystem::create_symlink(AUTOLIFE_BINARY, bin / "autolife");
  auto onPath = runProcess({"/usr/bin/env", "-u", "AUTOLIFE", "PATH=" + bin.string(), "/usr/bin/python3", c.mainPy});
  EXPECT_EQ(onPath.status, 0) << onPath.err;
  EXPECT_THAT(onPath.out, HasSubstr("ALTextToSpeech.say(\"from main\")"));
}

TEST(MainPy, AnAddressPlaysOnTheRobotThere) {
  Converted c;
  // A stand-in for autolife that says how it was called.
  auto fake = c.dir.write("fake-autolife", "#!/bin/sh\necho \"$@\"\n");
  std::filesystem::permissions(fake, std::filesystem::perms::owner_all);
  auto run = [&](std::vector<std::string> args) {
    std::vector<std::string> argv{"/usr/bin/env", "AUTOLIFE=" + fake.string(), "/usr/bin/python3", c.mainPy};
    argv.insert(argv.end(), args.begin(), args.end());
    auto r = runProcess(argv);
    EXPECT_EQ(r.status, 0) << r.err;
    return r.out;
  };
  const std::string folder = c.folder.string();
  EXPECT_EQ(run({"10.0.0.7", "9560"}), "play " + folder + " --robot tcp://10.0.0.7:9560\n");
  EXPECT_EQ(run({"10.0.0.7"}), "play " + folder + " --robot tcp://10.0.0.7:9559\n");
  EXPECT_EQ(run({"10.0.0.7", "9559", "--until", "5"}), "play " + folder + " --robot tcp://10.0.0.7:9559 --until 5\n");
  EXPECT_EQ(run({}), "play " + folder + "\n");
  // Nothing to run it with: said, not a traceback.
  auto none = runProcess({"/usr/bin/env", "-u", "AUTOLIFE", "PATH=/nonexistent", "/usr/bin/python3", c.mainPy});
  EXPECT_NE(none.status, 0);
  EXPECT_THAT(none.err, HasSubstr("main.py: no autolife to run the behavior"));
  auto wrong = runProcess({"/usr/bin/env", "AUTOLIFE=/nonexistent/autolife", "/usr/bin/python3", c.mainPy});
  EXPECT_THAT(wrong.err, HasSubstr("AUTOLIFE=/nonexistent/autolife is not a program"));
}

}  // namespace
}  // namespace autolife::runtimetest

namespace autolife::runtimetest {
namespace {

TEST(CheckCli, BehaviorsAreReadAndTheirPythonCompiled) {
  simtest::TempDir dir;
  simtest::writePackage(dir, "pk", "pk", {{"good", "solitary", ""}, {"old", "solitary", ""}, {"older", "solitary", ""}, {"broken", "solitary", ""}});
  dir.write("pk/good/behavior.xar", behaviorXar(pythonBox("Fine", 1, "    def onInput_onStart(self):\n        pass\n") + chain(1, 1)));
  dir.write("pk/old/behavior.xar", behaviorXar(pythonBox("Old", 1, "    def onInput_onStart(self):\n        print \"hi\"\n") + chain(1, 1)));
  dir.write("pk/older/behavior.xar", behaviorXar(pythonBox("Older", 1, "    def onInput_onStart(self):\n        print \"hi\"\n       x = 1\n") + chain(1, 1)));
  dir.write("pk/broken/behavior.xar", "<ChoregrapheProject xar_version=\"3\">\n<Box name=\"root\" id=\"one\" />\n</ChoregrapheProject>\n");
  auto r = runProcess({AUTOLIFE_BINARY, "check", (dir.path() / "pk").string()});
  EXPECT_EQ(r.status, 1) << r.out;
  const std::string old = (dir.path() / "pk/old/behavior.xar").string();
  const std::string broken = (dir.path() / "pk/broken/behavior.xar").string();
  const std::string older = (dir.path() / "pk/older/behavior.xar").string();
  EXPECT_THAT(r.out, HasSubstr(old + ":14:9: warning: box 'Old': Python 2's print statement, rewritten"));
  EXPECT_THAT(r.out, HasSubstr(older + ":14:9: error: box 'Older': Python 2 syntax"));
  EXPECT_THAT(r.out, HasSubstr(broken + ":2:"));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("good/behavior.xar")));
  EXPECT_THAT(r.out, HasSubstr("1 package checked: 2 errors, 1 warning"));
}

// A package's behavior plays from NAOqi's install path (the stock Show
// Image box finds its app from it) on the robot its manifest requires.
TEST(PlayCli, APackagesBehaviorPlaysFromItsInstallPathOnItsRobot) {
  simtest::TempDir dir;
  dir.write("shower/manifest.xml",
            "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<package uuid=\"shower\" version=\"1.0.0\">\n"
            "<requirements><robotRequirement model=\"JULIETTE_Y20\"/></requirements>\n"
            "<contents><behaviorContent path=\"behavior_1\"><nature>interactive</nature></behaviorContent></contents>\n"
            "</package>\n");
  const std::string body =
      "    def onInput_onStart(self):\n"
      "        import os\n"
      "        path = ALProxy(\"ALFrameManager\").getBehaviorPath(self.behaviorId)\n"
      "        fragment = os.path.join(\"PackageManager\", \"apps\")\n"
      "        app = path.split(fragment, 1)[1].lstrip(\"/\")\n"
      "        joints = ALProxy(\"ALMotion\").getBodyNames(\"Body\")\n"
      "        robot = \"pepper\" if \"KneePitch\" in joints else \"nao\"\n"
      "        ALProxy(\"ALTextToSpeech\").say(\"%s %s %s\" % (app, robot, os.path.isfile(os.path.join(path, \"behavior.xar\"))))\n"
      "        self.onStopped()\n";
  const auto xar = dir.write("shower/behavior_1/behavior.xar", behaviorXar(pythonBox("Show", 1, body) + chain(1, 1)));
  auto r = runProcess({AUTOLIFE_BINARY, "play", "--json", xar.string()});
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  auto lines = jsonLines(r.out);
  std::string said;
  for (const auto& l : lines)
    if (l.value("method", "") == "say") said = l["args"][0];
  EXPECT_EQ(said, "shower/behavior_1 pepper True");
  EXPECT_THAT(r.err, HasSubstr("on Pepper, as the package's manifest requires (JULIETTE_Y20)"));
  // --robot chooses; a behavior outside a package stays where it is, on NAO.
  r = runProcess({AUTOLIFE_BINARY, "play", "--json", "--robot", "nao", xar.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("shower/behavior_1 nao True"));
  EXPECT_EQ(r.err, "");
}

// No manifest names a robot: the timelines Choregraphe animated for Pepper
// (model "juliette", or Pepper's joints) play on Pepper (decision 1187).
TEST(PlayCli, ABehaviorAnimatedForPepperPlaysOnPepper) {
  simtest::TempDir dir;
  const std::string body =
      "    def onInput_onStart(self):\n"
      "        joints = ALProxy(\"ALMotion\").getBodyNames(\"Body\")\n"
      "        ALProxy(\"ALTextToSpeech\").say(\"pepper\" if \"KneePitch\" in joints else \"nao\")\n"
      "        self.onStopped()\n";
  auto animation = [](const std::string& model, const std::string& joint) {
    return "<Box name=\"Anim\" id=\"2\">\n" + standardPorts() +
           "<Timeline fps=\"25\" size=\"10\" enable=\"1\"><ActuatorList model=\"" + model +
           "\"><ActuatorCurve name=\"value\" actuator=\"" + joint +
           "\" mute=\"0\" unit=\"0\"><Key frame=\"5\" value=\"10\" /></ActuatorCurve></ActuatorList></Timeline>\n</Box>\n";
  };
  auto said = [&](const std::string& model, const std::string& joint, std::string& err) {
    const auto xar = dir.write(model + joint + "/behavior.xar",
                               behaviorXar(pythonBox("Show", 1, body) + animation(model, joint) + chain(1, 1)));
    auto r = runProcess({AUTOLIFE_BINARY, "play", "--json", xar.string()});
    EXPECT_EQ(r.status, 0) << r.err << r.out;
    err = r.err;
    for (const auto& l : jsonLines(r.out))
      if (l.value("method", "") == "say") return l["args"][0].get<std::string>();
    return std::string();
  };
  std::string err;
  EXPECT_EQ(said("juliette", "HeadYaw", err), "pepper");
  EXPECT_THAT(err, HasSubstr("on Pepper, as its timelines are made for Pepper (model \"juliette\")"));
  // The other cases are AnimatedRobot's (tests/sim/installed_app_test.cpp).
  EXPECT_EQ(said("", "HeadYaw", err), "nao") << "nothing says Pepper";
  EXPECT_EQ(err, "");
  // A package made for both robots: its timelines choose too (decision 1195).
  dir.write("manifest.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<package uuid=\"both\" version=\"1.0.0\">\n"
                            "<requirements><robotRequirement model=\"JULIETTE_Y20\"/><robotRequirement model=\"NAO_H25\"/>"
                            "</requirements>\n<contents/>\n</package>\n");
  EXPECT_EQ(said("juliette", "HipPitch", err), "pepper");
  EXPECT_THAT(err, HasSubstr("on Pepper, as the package runs on NAO and Pepper and its timelines are made for Pepper"));
  EXPECT_EQ(said("nao", "LKneePitch", err), "nao");
  EXPECT_EQ(err, "");
  EXPECT_EQ(said("", "HeadYaw", err), "nao");
  EXPECT_EQ(err, "");
}

}  // namespace
}  // namespace autolife::runtimetest
