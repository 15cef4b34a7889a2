// ALDialog and ALSpeechRecognition on an engine in virtual time: NAOqi's
// methods through the registry, memory keys, answers said through the
// simulated robot in the time they take, assignments once said.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/life/autonomous_life.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/package/store.hpp"
#include "any_json.hpp"
#include "files.hpp"

namespace autolife::dialog {
namespace {

using Json = nlohmann::json;
using ::testing::HasSubstr;

// A registry call, its arguments and answer written as JSON (any_json.hpp).
Json callAsJson(engine::Engine& engine, const std::string& method, std::initializer_list<Json> args = {}) {
  return test::jsonOf(engine.services.call(method, test::argsOf(args)));
}

class DialogServices : public ::testing::Test {
protected:
  DialogServices() : engine(clock, {}) {}

  Json call(const std::string& method, std::initializer_list<Json> args = {}) { return callAsJson(engine, method, args); }
  core::Value memory(const std::string& key) { return engine.memory.getData(key); }
  void load(const std::string& content) {
    const std::string name = call("ALDialog.loadTopicContent", {content}).get<std::string>();
    call("ALDialog.activateTopic", {name});
  }
  std::vector<std::string> spoken() { return engine.robot.textToSpeech().spoken(); }

  core::VirtualClock clock;
  engine::Engine engine;
};

const char* kTopic = "topic: ~greet()\nlanguage: enu\nu:(hello) hi there\nu:(my name is _*) nice to meet you $name=$1\n"
                     "u:(e:FrontTactilTouched) that tickles\nproposal: %intro shall we play?\n";

TEST_F(DialogServices, AnswersAreSpokenAndAssignmentsLandWhenTheSentenceEnds) {
  load(kTopic);
  call("ALDialog.subscribe", {"test"});
  EXPECT_EQ(memory("Dialog/IsStarted").asInt(), 1);
  engine.hear("my name is Ada");
  EXPECT_EQ(spoken(), (std::vector<std::string>{"nice to meet you"}));
  EXPECT_EQ(memory("Dialog/LastInput").asString(), "my name is Ada");
  EXPECT_EQ(memory("Dialog/Answered").asString(), "nice to meet you");
  EXPECT_THROW(engine.memory.getData("name"), memory::MemoryError);  // not yet said
  const core::Time end = engine.dialog.busyUntil();
  EXPECT_GT(end, core::Time{0});
  clock.runUntil(end);
  EXPECT_EQ(memory("name").asString(), "Ada");
}

TEST_F(DialogServices, WithoutASubscriberSpeechIsNotHeardButForceInputIs) {
  load(kTopic);
  auto heard = engine.hear("hello");
  ASSERT_TRUE(heard.dialog);
  EXPECT_EQ(heard.dialog->explanation.outcome, "ignored");
  EXPECT_THAT(heard.dialog->explanation.reason, HasSubstr("not listening"));
  EXPECT_TRUE(spoken().empty());
  call("ALDialog.forceInput", {"hello"});
  EXPECT_EQ(spoken(), (std::vector<std::string>{"hi there"}));
}

TEST_F(DialogServices, NotUnderstoodIsRaised) {
  load(kTopic);
  call("ALDialog.subscribe", {"test"});
  engine.hear("xyzzy");
  EXPECT_EQ(memory("Dialog/NotUnderstood").asString(), "xyzzy");
  EXPECT_TRUE(spoken().empty());
  EXPECT_THAT(engine.dialog.lastExplanation().reason, HasSubstr("no rule of the active topics (~greet) matches"));
}

TEST_F(DialogServices, EventRulesListenToMemory) {
  load(kTopic);
  call("ALDialog.subscribe", {"test"});
  engine.memory.raiseEvent("FrontTactilTouched", 1);
  EXPECT_EQ(spoken(), (std::vector<std::string>{"that tickles"}));
  EXPECT_EQ(call("ALDialog.getEventList"), Json(std::vector<std::string>{"FrontTactilTouched"}));
}

TEST_F(DialogServices, LastInputIsSetBeforeTheAnswerIsChosen) {
  load("topic: ~echo()\nlanguage: enu\nu:(hello) you said $Dialog/LastInput\n");
  call("ALDialog.subscribe", {"test"});
  engine.hear("hello");
  EXPECT_EQ(spoken(), (std::vector<std::string>{"you said hello"}));
}

// SoftBank's Pepper dialogs run their animations with ^runBehavior: the
// behavior is ALBehaviorManager's, started as the answer is said; one that
// is not installed leaves the answer said.
TEST_F(DialogServices, RunBehaviorStartsTheBehavior) {
  const std::string hey = "animations/Stand/Gestures/Hey_1";
  load("topic: ~moves()\nlanguage: enu\nu:(wave) Hello! ^runBehavior(" + hey + ")\n"
       "u:(dance) Let's go! ^runBehavior(dances/none)\n");
  call("ALDialog.subscribe", {"test"});
  engine.hear("wave");
  EXPECT_EQ(spoken(), (std::vector<std::string>{"Hello!"}));
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {hey}), true);
  clock.runUntil(engine.dialog.busyUntil() + core::fromSeconds(robot::AnimationPlayer::kStockSeconds));
  EXPECT_EQ(call("ALBehaviorManager.isBehaviorRunning", {hey}), false);
  EXPECT_EQ(engine.robot.animationPlayer().played(), (std::vector<std::string>{hey}));
  call("ALDialog.forceInput", {"wave"});
  EXPECT_LT(service::takenByLastCall(), core::fromSeconds(robot::AnimationPlayer::kStockSeconds))
      << "the caller waits for the speech, not for the animation";
  std::vector<DialogRecord> failed;
  engine.dialog.records.connect([&](const DialogRecord& r) {
    if (r.kind == "action-failed") failed.push_back(r);
  });
  engine.hear("dance");
  EXPECT_EQ(spoken().back(), "Let's go!");
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_EQ(failed[0].value, "runBehavior");
  EXPECT_EQ(failed[0].args, (std::vector<std::string>{"dances/none"}));
  EXPECT_THAT(failed[0].text, HasSubstr("no behavior named dances/none"));
}

// ^pCall(Service.method(args)): called as the answer is said, with no lock
// held (it may call ALDialog back), a refusal recorded; what a caller of
// ALDialog waits for is still the speech.
TEST_F(DialogServices, PCallIsCalledAsTheAnswerIsSaid) {
  load("topic: ~calls()\nlanguage: enu\nu:(ping) pong ^pCall(ALMemory.raiseEvent(\"Pinged\", $n))\n"
       "u:(ask) sure ^pCall(ALDialog.getActivatedTopics())\nu:(broken) oops ^pCall(ALNothing.here())\n");
  call("ALDialog.subscribe", {"test"});
  std::vector<DialogRecord> failed;
  engine.dialog.records.connect([&](const DialogRecord& r) {
    if (r.kind == "action-failed") failed.push_back(r);
  });
  call("ALMemory.insertData", {"n", 7});
  engine.hear("ping");
  EXPECT_EQ(memory("Pinged").asInt(), 7);
  engine.hear("ask");
  EXPECT_TRUE(failed.empty()) << failed.front().text;
  engine.hear("broken");
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_EQ(failed[0].value, "pCall");
  call("ALDialog.forceInput", {"ping"});
  EXPECT_GT(service::takenByLastCall(), core::Duration::zero()) << "the speech, not the call's";
}

// The knowledge functions, the syntax page's own example: ALKnowledge's
// triples in the "com.aldebaran.learning" domain, "?" matching anything.
TEST_F(DialogServices, KnowledgeFunctionsKeepTriplesInALKnowledge) {
  load("topic: ~test()\nlanguage: English\nconcept:(color) [blue red green yellow]\n"
       "u:(Bob likes the _~color color) Ok ^addKnowledge(bob, likes, $1)\n"
       "u:(which color does Bob like) ^first[\"He likes the ^queryKnowledge(bob, likes, ?)\" \"I don't know\"]\n"
       "u:(does Bob like the _~color color) ^first[\"Yes ^containsKnowledge(bob, likes, $1)\" \"No he doesn't\"]\n"
       "u:(does Bob like something) ^first[\"Yes ^containsKnowledge(bob, likes, ?)\" \"No he doesn't\"]\n"
       "u:(does anyone like the _~color) ^first[\"Yes someone does ^containsKnowledge(?, likes, $1)\" \"Noone does\"]\n"
       "u:(is Bob indifferent) ^first[\"Yes ^notContainsKnowledge(bob, likes, ?)\" \"No\"]\n"
       "u:(Bob does not like the _~color color) Ok ^removeKnowledge(bob, likes, $1)\n"
       "u:(Bob does not like anything) Ok ^removeKnowledge(bob, likes, ?)\n"
       "u:(Bob likes only the _~color) Ok ^updateKnowledge(bob, likes, $1)\n");
  call("ALDialog.subscribe", {"test"});
  auto answer = [&](const std::string& said) {
    engine.hear(said);
    clock.runUntil(engine.dialog.busyUntil());
    return spoken().back();
  };
  EXPECT_EQ(answer("which color does Bob like"), "I don't know");
  EXPECT_EQ(answer("Bob likes the blue color"), "Ok");
  EXPECT_EQ(answer("which color does Bob like"), "He likes the blue");
  EXPECT_EQ(answer("does Bob like the blue color"), "Yes");
  EXPECT_EQ(answer("does Bob like the red color"), "No he doesn't");
  EXPECT_EQ(answer("does Bob like something"), "Yes");
  EXPECT_EQ(answer("does anyone like the blue"), "Yes someone does");
  EXPECT_EQ(answer("is Bob indifferent"), "No");
  EXPECT_EQ(answer("Bob likes the red color"), "Ok");
  EXPECT_EQ(answer("which color does Bob like"), "He likes the blue") << "the first of several";
  EXPECT_EQ(call("ALKnowledge.query", {"com.aldebaran.learning", "bob", "likes", "?"}), Json({"blue", "red"}));
  EXPECT_EQ(answer("Bob does not like the blue color"), "Ok");
  EXPECT_EQ(answer("which color does Bob like"), "He likes the red");
  EXPECT_EQ(answer("Bob likes only the green"), "Ok");
  EXPECT_EQ(answer("which color does Bob like"), "He likes the green");
  EXPECT_EQ(answer("does Bob like the red color"), "No he doesn't");
  EXPECT_EQ(answer("Bob does not like anything"), "Ok");
  EXPECT_EQ(answer("is Bob indifferent"), "Yes");
}

// A number a variable holds is kept as its text; an answer that is not
// said writes nothing.
TEST_F(DialogServices, KnowledgeWritesAreMadeOnlyByAnswersSaid) {
  load("topic: ~ages()\nlanguage: English\n"
       "u:(I am _* years old) ^first[\"^addKnowledge(user, guess, $1) $nope\" \"Noted ^addKnowledge(user, age, $1)\"]\n"
       "u:(how old am I) ^first[\"You are ^queryKnowledge(user, age, ?)\" \"I don't know\"]\n"
       "u:(do I have an age) ^first[\"Yes ^containsKnowledge(user, age, ?)\" \"No\"]\n");
  call("ALDialog.subscribe", {"test"});
  engine.hear("I am 42 years old");
  EXPECT_EQ(spoken().back(), "Noted");
  EXPECT_EQ(call("ALKnowledge.query", {"com.aldebaran.learning", "user", "age", "?"}), Json({"42"}));
  EXPECT_EQ(call("ALKnowledge.contains", {"com.aldebaran.learning", "user", "guess", "*"}), false)
      << "the first choice failed on $nope: it wrote nothing";
  engine.hear("how old am I");
  EXPECT_EQ(spoken().back(), "You are 42");
  engine.hear("do I have an age");
  EXPECT_EQ(spoken().back(), "Yes");
}

// ^switchFocus(app/behavior): Life's switchFocus once the answer is said.
TEST_F(DialogServices, SwitchFocusAsksLifeOnceTheAnswerIsSaid) {
  load("topic: ~launcher()\nlanguage: enu\nu:(start weather) Here is the weather ^switchFocus(weather/.)\n");
  call("ALDialog.subscribe", {"test"});
  std::vector<DialogRecord> failed;
  engine.dialog.records.connect([&](const DialogRecord& r) {
    if (r.kind == "action-failed") failed.push_back(r);
  });
  engine.hear("start weather");
  EXPECT_EQ(spoken(), (std::vector<std::string>{"Here is the weather"}));
  EXPECT_TRUE(failed.empty()) << "not before the answer is said";
  clock.runUntil(engine.dialog.busyUntil());
  ASSERT_EQ(failed.size(), 1u) << "no activity weather/. is loaded";
  EXPECT_EQ(failed[0].value, "switchFocus");
  EXPECT_EQ(failed[0].args, (std::vector<std::string>{"weather/."}));

  engine.start();
  life::Activity weather;
  weather.name = "weather/.";
  weather.run = life::RunFor{core::fromSeconds(30)};
  engine.addActivity(weather);
  engine.hear("start weather");
  EXPECT_NE(engine.life.focusedActivity(), "weather/.");
  clock.runUntil(engine.dialog.busyUntil());
  EXPECT_EQ(engine.life.focusedActivity(), "weather/.");
  EXPECT_EQ(failed.size(), 1u);
}

TEST_F(DialogServices, ASpeakFailureIsNotANotUnderstood) {
  load("topic: ~where()\nlanguage: enu\nu:(where is _*) $1 is in the $place\n");
  call("ALDialog.subscribe", {"test"});
  engine.hear("xyzzy");
  engine.hear("where is Bob");
  EXPECT_EQ(engine.dialog.lastExplanation().outcome, "speak-failure");
  EXPECT_EQ(memory("Dialog/NotUnderstood").asString(), "xyzzy");  // not raised again
  EXPECT_EQ(memory("Dialog/LastInput").asString(), "where is Bob");
  EXPECT_TRUE(spoken().empty());
}

TEST_F(DialogServices, NothingToSayIsRaisedInMemoryAndAnsweredOnce) {
  load("topic: ~bored()\nlanguage: enu\nu:(talk to me) ^topicRandom\nu:(e:Dialog/NothingToSay) I am out of ideas\n");
  call("ALDialog.subscribe", {"test"});
  engine.hear("talk to me");
  EXPECT_EQ(memory("Dialog/NothingToSay").asString(), "bored");
  EXPECT_EQ(spoken(), (std::vector<std::string>{"I am out of ideas"}));
}

TEST_F(DialogServices, QiChatOnlyEventsAreNotHeardFromMemory) {
  load("topic: ~ev()\nlanguage: enu\nu:(e:Dialog/SameRule) again\nu:(e:Dialog/NotSpeaking10) are you still there?\n"
       "u:(e:Dialog/Failure) let us start again\n");
  call("ALDialog.subscribe", {"test"});
  engine.memory.raiseEvent("Dialog/SameRule", 1);
  engine.memory.raiseEvent("Dialog/NotSpeaking10", 1);
  engine.memory.raiseEvent("Dialog/Failure", 1);
  EXPECT_TRUE(spoken().empty());
}

// The timed qiChat events (decision 703): ten seconds after the dialog
// started with nobody speaking, Dialog/NotSpeaking10's rule answers; what
// the person says starts the count again.
TEST_F(DialogServices, NotSpeakingEventsComeAfterThePersonsSilence) {
  load("topic: ~quiet()\nlanguage: enu\nu:(hello) hi\nu:(e:Dialog/NotSpeaking10) are you still there?\n");
  call("ALDialog.subscribe", {"test"});
  clock.runUntil(core::fromSeconds(9.9));
  EXPECT_TRUE(spoken().empty());
  clock.runUntil(core::fromSeconds(10));
  EXPECT_EQ(spoken(), (std::vector<std::string>{"are you still there?"}));
  clock.runUntil(core::fromSeconds(12));
  engine.hear("hello");
  clock.runUntil(core::fromSeconds(21.9));
  EXPECT_EQ(spoken(), (std::vector<std::string>{"are you still there?", "hi"}));
  clock.runUntil(core::fromSeconds(22));
  EXPECT_EQ(spoken(), (std::vector<std::string>{"are you still there?", "hi", "are you still there?"}));
  // Once each silence: no second NotSpeaking10 until the person speaks.
  clock.runUntil(core::fromSeconds(60));
  EXPECT_EQ(spoken().size(), 3u);
}

// Dialog/NoOneSpeak15 counts from the end of what the robot said; the
// generic Dialog/NoOneSpeak comes with each of them.
TEST_F(DialogServices, NoOneSpeakCountsFromTheEndOfTheRobotsAnswer) {
  load("topic: ~quiet()\nlanguage: enu\nu:(hello) hello to you, my friend, how nice to see you\n"
       "u:(e:Dialog/NoOneSpeak15) so quiet\n");
  call("ALDialog.subscribe", {"test"});
  clock.runUntil(core::fromSeconds(1));
  engine.hear("hello");
  const core::Time end = engine.dialog.busyUntil();
  ASSERT_GT(end, core::fromSeconds(2));
  clock.runUntil(core::addSaturating(end, core::fromSeconds(14.9)));
  EXPECT_EQ(spoken().size(), 1u);
  clock.runUntil(core::addSaturating(end, core::fromSeconds(15)));
  EXPECT_EQ(spoken().back(), "so quiet");
}

// A rule that says nothing keeps the silence: the generic event comes at
// 5, 10, 15 and 20 seconds, and no more.
TEST_F(DialogServices, TheGenericNoOneSpeakComesWithEachOfThem) {
  load("topic: ~quiet()\nlanguage: enu\nu:(e:Dialog/NoOneSpeak) $quiet=1\n");
  std::vector<core::Time> heard;
  engine.memory.subscribeToEvent("quiet", "test", [&](const std::string&, const core::Value&) { heard.push_back(clock.now()); });
  call("ALDialog.subscribe", {"test"});
  clock.runUntil(core::fromSeconds(60));
  EXPECT_EQ(heard, (std::vector<core::Time>{core::fromSeconds(5), core::fromSeconds(10), core::fromSeconds(15),
                                            core::fromSeconds(20)}));
  EXPECT_TRUE(spoken().empty());
}

TEST_F(DialogServices, NoTimedEventOnceTheDialogStopped) {
  load("topic: ~quiet()\nlanguage: enu\nu:(e:Dialog/NotSpeaking5) anyone?\n");
  call("ALDialog.subscribe", {"test"});
  clock.runUntil(core::fromSeconds(3));
  call("ALDialog.unsubscribe", {"test"});
  clock.runUntil(core::fromSeconds(30));
  EXPECT_TRUE(spoken().empty());
}

// Dialog/Failure: three inputs in a row not understood, or answered by a
// fallback, or a mix; the count starts again after it and after an input
// understood.
TEST_F(DialogServices, FailureAnswersTheThirdMissInARow) {
  load("topic: ~main()\nlanguage: enu\nu:(hello) hi\nu:(e:Dialog/Failure) I do not follow you\n");
  load("topic: ~last ^fallback()\nlanguage: enu\nu:(banana) a fruit\n");
  call("ALDialog.subscribe", {"test"});
  auto say = [&](const char* words) {
    engine.hear(words);
    clock.runUntil(engine.dialog.busyUntil());
  };
  say("blah");
  say("hello");
  say("blah");
  say("banana");
  EXPECT_EQ(spoken(), (std::vector<std::string>{"hi", "a fruit"}));
  say("blah");
  EXPECT_EQ(spoken(), (std::vector<std::string>{"hi", "a fruit", "I do not follow you"}));
  say("blah");
  say("blah");
  EXPECT_EQ(spoken().size(), 3u);
}

TEST_F(DialogServices, TopicsAndConceptsThroughTheApi) {
  load(kTopic);
  EXPECT_EQ(call("ALDialog.getLoadedTopics", {"English"}), Json(std::vector<std::string>{"greet"}));
  EXPECT_EQ(call("ALDialog.getActivatedTopics", {}), Json(std::vector<std::string>{"greet"}));
  call("ALDialog.setConcept", {"drinks", "enu", Json::array({"tea", "coffee"})});
  EXPECT_EQ(call("ALDialog.getConcept", {"drinks", "English"}), Json::array({"tea", "coffee"}));
  call("ALDialog.gotoTag", {"intro", "greet"});
  EXPECT_EQ(spoken(), (std::vector<std::string>{"shall we play?"}));
  EXPECT_EQ(call("ALDialog.getFocus"), "greet");
  call("ALDialog.deactivateTopic", {"greet"});
  EXPECT_EQ(call("ALDialog.getActivatedTopics", {}), Json::array());
  call("ALDialog.unloadTopic", {"greet"});
  EXPECT_EQ(call("ALDialog.getAllLoadedTopics", {}), Json::array());
}

TEST_F(DialogServices, ABrokenTopicIsRefusedWithItsLocation) {
  try {
    call("ALDialog.loadTopicContent", {"topic: ~b()\nlanguage: enu\nu:(hi {there) x\n"});
    FAIL() << "loaded";
  } catch (const service::CallError& e) {
    EXPECT_EQ(e.reason(), "bad-topic");
    EXPECT_THAT(e.what(), HasSubstr("<loadTopicContent>:3:7: error: unclosed '{'"));
  }
  load(kTopic);  // the others still load
  EXPECT_EQ(call("ALDialog.getAllLoadedTopics", {}), Json(std::vector<std::string>{"greet"}));
}

TEST_F(DialogServices, TheRecogniserRaisesWordRecognizedForItsVocabulary) {
  call("ALSpeechRecognition.setVocabulary", {Json::array({"yes", "no"}), true});
  engine.hear("yes please", 0.8);
  EXPECT_THROW(engine.memory.getData("WordRecognized").asArray(), std::exception);  // not subscribed
  call("ALSpeechRecognition.subscribe", {"test"});
  EXPECT_EQ(call("ALSpeechRecognition.getLanguage"), "English");
  auto heard = engine.hear("yes please", 0.8);
  EXPECT_TRUE(heard.wordRecognized);
  const auto w = memory("WordRecognized").asArray();
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w[0].asString(), "yes");
  EXPECT_DOUBLE_EQ(w[1].asFloat(), 0.8);
  EXPECT_THROW(call("ALSpeechRecognition.setVocabulary", {Json::array({"x"}), false}), service::CallError);
  call("ALSpeechRecognition.pause", {true});
  EXPECT_FALSE(engine.hear("no", 1.0).wordRecognized);
}

}  // namespace
}  // namespace autolife::dialog

namespace autolife::dialog {
namespace {

using ::testing::HasSubstr;

// The dashboard's "say to the robot" field calls Autolife.hear.
TEST(DialogDashboard, AutolifeHearSaysWhatTheRobotAnsweredOrWhyNot) {
  core::VirtualClock clock;
  engine::Engine engine(clock, {});
  Json r = callAsJson(engine, "Autolife.hear", {"hello", 1.0});
  EXPECT_EQ(r["outcome"], "ignored");
  callAsJson(engine, "ALDialog.loadTopicContent", {"topic: ~t()\nlanguage: enu\nu:(hello) hi\n"});
  callAsJson(engine, "ALDialog.activateTopic", {"t"});
  callAsJson(engine, "ALDialog.subscribe", {"dashboard"});
  r = callAsJson(engine, "Autolife.hear", {"hello", 1.0});
  EXPECT_EQ(r["outcome"], "answered");
  EXPECT_EQ(r["answers"], Json::array({"hi"}));
  EXPECT_EQ(r["rule"], "u:(hello) hi");
  r = callAsJson(engine, "Autolife.hear", {"bye", 1.0});
  EXPECT_EQ(r["outcome"], "not-understood");
  EXPECT_THAT(r["reason"].get<std::string>(), HasSubstr("no rule of the active topics (~t) matches"));
}

}  // namespace
}  // namespace autolife::dialog

namespace autolife::dialog {
namespace {

// A package's topic loads at install; its Dialog box loads the same file
// again, and unloading once (the box stopping) leaves the package's load.
TEST(DialogPackages, ATopicFileLoadedTwiceStaysUntilUnloadedTwice) {
  core::VirtualClock clock;
  engine::Engine engine(clock, {});
  const std::string file = std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/chatter/chat/chat_enu.top";
  EXPECT_EQ(callAsJson(engine, "ALDialog.loadTopic", {file}), "chat");
  EXPECT_EQ(callAsJson(engine, "ALDialog.loadTopic", {file}), "chat");
  callAsJson(engine, "ALDialog.unloadTopic", {"chat"});
  EXPECT_EQ(callAsJson(engine, "ALDialog.getAllLoadedTopics", {}), Json(std::vector<std::string>{"chat"}));
  callAsJson(engine, "ALDialog.unloadTopic", {"chat"});
  EXPECT_EQ(callAsJson(engine, "ALDialog.getAllLoadedTopics", {}), Json::array());
}

TEST(DialogPackages, APackagesTopicsLoadWithIt) {
  core::VirtualClock clock;
  engine::Engine engine(clock, {});
  engine.loadPackage(std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages/chatter");
  EXPECT_EQ(callAsJson(engine, "ALDialog.getLoadedTopics", {"English"}), Json(std::vector<std::string>{"chat"}));
  EXPECT_EQ(callAsJson(engine, "ALDialog.getLoadedTopics", {"French"}), Json(std::vector<std::string>{"chat"}));
  EXPECT_EQ(callAsJson(engine, "ALDialog.getActivatedTopics", {}), Json::array());
}

}  // namespace
}  // namespace autolife::dialog

namespace autolife::dialog {
namespace {

TEST(DialogIncludes, AnIncludedFileLoadsAndActivatesWithItsTopic) {
  const test::TempDir dir;
  dir.write("words.top", "topic: ~words()\nlanguage: enu\nconcept:(fruit) [apple pear]\nu:(bye) bye\n");
  dir.write("main.top", "topic: ~main()\nlanguage: enu\ninclude: words.top\ninclude: lexicon_enu.top\n"
                        "u:(I like _~fruit) me too, $1\n");
  core::VirtualClock clock;
  engine::Engine engine(clock, {});
  EXPECT_EQ(callAsJson(engine, "ALDialog.loadTopic", {(dir / "main.top").string()}), "main");
  callAsJson(engine, "ALDialog.activateTopic", {"main"});
  EXPECT_EQ(callAsJson(engine, "ALDialog.getActivatedTopics", {}), Json::array({"words", "main"}));
  callAsJson(engine, "ALDialog.forceInput", {"I like pears"});
  callAsJson(engine, "ALDialog.forceInput", {"I like apple"});
  callAsJson(engine, "ALDialog.forceInput", {"bye"});
  EXPECT_EQ(engine.robot.textToSpeech().spoken(), (std::vector<std::string>{"me too, apple", "bye"}));
  dir.write("broken.top", "topic: ~b()\nlanguage: enu\ninclude: missing.top\n");
  EXPECT_THROW(callAsJson(engine, "ALDialog.loadTopic", {(dir / "broken.top").string()}), service::CallError);
}

// A package's Dialog folders include each other's topics by file name
// (include: Concepts_enu.top from Greeting/, a karate app's).
TEST(DialogIncludes, AnIncludeNamesAFileOfTheTopicsPackage) {
  const test::TempDir dir;
  dir.write("manifest.xml", "<package uuid=\"p\" version=\"1\"/>\n");
  dir.write("Concepts/Concepts_enu.top", "topic: ~Concepts()\nlanguage: enu\nconcept:(kick) [kick punch]\n");
  dir.write("Greeting/Greeting_enu.top", "topic: ~Greeting()\nlanguage: enu\ninclude: Concepts_enu.top\n"
                                         "u:(~kick) hiya\n");
  core::VirtualClock clock;
  engine::Engine engine(clock, {});
  EXPECT_EQ(callAsJson(engine, "ALDialog.loadTopic", {(dir / "Greeting/Greeting_enu.top").string()}), "Greeting");
  callAsJson(engine, "ALDialog.activateTopic", {"Greeting"});
  callAsJson(engine, "ALDialog.forceInput", {"punch"});
  EXPECT_EQ(engine.robot.textToSpeech().spoken(), (std::vector<std::string>{"hiya"}));
}

// Each load counts its own includes: a file that includes itself is refused
// at the ninth level, and the count does not leak into the next load (or
// into another thread's: it travels with the call).
TEST(DialogIncludes, ATopicThatIncludesItselfIsRefusedAndTheNextLoadStartsAtDepthZero) {
  const test::TempDir dir;
  dir.write("loop.top", "topic: ~loop()\nlanguage: enu\ninclude: loop.top\n");
  dir.write("chain0.top", "topic: ~chain0()\nlanguage: enu\nu:(hi) hello\n");
  for (int i = 1; i <= 7; ++i)
    dir.write("chain" + std::to_string(i) + ".top", "topic: ~chain" + std::to_string(i) +
                                                       "()\nlanguage: enu\ninclude: chain" + std::to_string(i - 1) +
                                                       ".top\n");
  core::VirtualClock clock;
  engine::Engine engine(clock, {});
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      callAsJson(engine, "ALDialog.loadTopic", {(dir / "loop.top").string()});
      ADD_FAILURE() << "a topic including itself loaded";
    } catch (const service::CallError& e) {
      EXPECT_THAT(e.what(), testing::HasSubstr("includes nested more than 8 deep"));
    }
  }
  // Seven includes below the topic loaded are allowed, after the refusals.
  EXPECT_EQ(callAsJson(engine, "ALDialog.loadTopic", {(dir / "chain7.top").string()}), "chain7");
}

}  // namespace
}  // namespace autolife::dialog

namespace autolife::dialog {
namespace {

// What ALDialog says of the robot and the time of day, which published
// topics read (aldialog-api's events; Pepper-Concierge's welcome says
// $Dialog/RobotName).
TEST(DialogVariables, TheRobotAndTheTimeOfDay) {
  core::VirtualClock clock;
  engine::EngineOptions options;
  options.model = launchpad::RobotModel::Pepper;
  engine::Engine engine(clock, options);
  const std::string name =
      engine.services.call("ALDialog.loadTopicContent",
                           {std::string("topic: ~t()\nlanguage: enu\nu:(who are you) I am $Dialog/RobotName, a "
                                        "$Dialog/RobotModel\nu:(what year is it) $Dialog/Year\n")})
          .asString();
  engine.services.call("ALDialog.activateTopic", {name});
  engine.services.call("ALDialog.subscribe", {std::string("test")});
  EXPECT_EQ(engine.hear("who are you").dialog->answers.at(0).text, "I am pepper, a juliette");
  const auto year = engine.hear("what year is it").dialog->answers.at(0).text;
  EXPECT_EQ(year.size(), 4u);
  EXPECT_TRUE(year.starts_with("20")) << year;
}

}  // namespace
}  // namespace autolife::dialog

namespace autolife::dialog {
namespace {

// What Choregraphe's Choice box (v9) writes for each language, loads with
// ALDialog._addDialogFromTopicBox, fills with setConcept, activates, and
// runs: the question is said by its u:(in:onActivation) rule.
std::string choiceTopic(const std::string& guid, const std::string& language = "enu") {
  return "topic: ~dlg_choice_" + guid + "_" + language + " () \nlanguage: " + language + " \ndynamic: question" + guid +
         "\ndynamic: choices" + guid +
         "\nu:(in:onActivation)  ~question" + guid + " \n\tu1:(~choices" + guid + ") $test=0 ";
}

TEST(DialogChoiceBox, ItsTopicAsksTheQuestionWhenTheDialogStartsAndHearsTheChoice) {
  const test::TempDir dir;
  dir.write("dlg_choice_g1_enu.top", choiceTopic("g1"));
  core::VirtualClock clock;
  engine::Engine engine(clock, {});
  const Json topic = callAsJson(engine, "ALDialog._addDialogFromTopicBox",
                                {(dir / "dlg_choice_g1_enu.top").string(), "/apps/bar/behavior_1"});
  EXPECT_EQ(topic, "dlg_choice_g1_enu");
  callAsJson(engine, "ALDialog.setConcept", {"questiong1", "enu", Json::array({"Do you want a drink?"})});
  callAsJson(engine, "ALDialog.setConcept", {"choicesg1", "enu", Json::array({"yes", "no"})});
  callAsJson(engine, "ALDialog.activateTopic", {topic});
  EXPECT_TRUE(engine.robot.textToSpeech().spoken().empty()) << "the dialog is not running yet";
  callAsJson(engine, "ALDialog.subscribe", {"Choice"});
  EXPECT_EQ(engine.robot.textToSpeech().spoken(), (std::vector<std::string>{"Do you want a drink?"}));
  EXPECT_EQ(service::takenByLastCall(), core::Duration{0}) << "subscribe returns before the question is said";
  clock.runUntil(engine.dialog.busyUntil());
  // The box reads Dialog/Confidence when Dialog/LastInput comes.
  double confidence = -1;
  engine.memory.subscribeToEvent("Dialog/LastInput", "Choice", [&](const std::string&, const core::Value&) {
    confidence = engine.memory.getData("Dialog/Confidence").asFloat();
  });
  auto heard = engine.hear("yes", 0.6);
  ASSERT_TRUE(heard.dialog);
  EXPECT_TRUE(heard.dialog->understood) << "the choice is the question's subrule";
  EXPECT_EQ(engine.memory.getData("Dialog/LastInput").asString(), "yes");
  EXPECT_EQ(confidence, 0.6);
  // The box stops listening and starts again: asked again.
  callAsJson(engine, "ALDialog.unsubscribe", {"Choice"});
  callAsJson(engine, "ALDialog.activateTopic", {topic});
  callAsJson(engine, "ALDialog.subscribe", {"Choice"});
  EXPECT_EQ(engine.robot.textToSpeech().spoken().size(), 2u);
  // The next Choice box starts while the first one's topic is still active
  // (Pepper bar: "Do you want to drink something?", then "What do you
  // want?"): each topic asks its own question.
  dir.write("dlg_choice_g2_enu.top", choiceTopic("g2"));
  const Json next = callAsJson(engine, "ALDialog._addDialogFromTopicBox", {(dir / "dlg_choice_g2_enu.top").string(), ""});
  callAsJson(engine, "ALDialog.setConcept", {"questiong2", "enu", Json::array({"What do you want?"})});
  callAsJson(engine, "ALDialog.unsubscribe", {"Choice"});
  callAsJson(engine, "ALDialog.activateTopic", {next});
  callAsJson(engine, "ALDialog.subscribe", {"Choice"});
  EXPECT_EQ(engine.robot.textToSpeech().spoken().back(), "What do you want?");
  EXPECT_EQ(engine.robot.textToSpeech().spoken().size(), 3u) << "only the topic activated asks";
  EXPECT_THROW(callAsJson(engine, "ALDialog._addDialogFromTopicBox", {(dir / "missing.top").string(), ""}),
               service::CallError);
  // The box loads one topic per language it lists, in one try: a later
  // robot's regional language must not stop the loop (decision 1188).
  for (const std::string language : {"cah", "ena", "eng", "eni", "frc", "spm"}) {
    const std::string file = "dlg_choice_g3_" + language + ".top";
    dir.write(file, choiceTopic("g3", language));
    const Json regional = callAsJson(engine, "ALDialog._addDialogFromTopicBox", {(dir / file).string(), ""});
    callAsJson(engine, "ALDialog.unloadTopic", {regional});
  }
}

TEST(DialogChoiceBox, InOnActivationIsTheDialogsOwnEvent) {
  core::VirtualClock clock;
  engine::Engine engine(clock, {});
  callAsJson(engine, "ALDialog._preloadMain", {});
  callAsJson(engine, "ALDialog._runMain", {});
  EXPECT_EQ(engine.memory.getData("Dialog/IsStarted").asInt(), 1);
  const Json topic = callAsJson(engine, "ALDialog.loadTopicContent",
                                {"topic: ~a()\nlanguage: enu\nu:(in:onActivation) here I am\nu:(in the garden) lovely\n"});
  callAsJson(engine, "ALDialog.activateTopic", {topic});
  EXPECT_EQ(engine.robot.textToSpeech().spoken(), (std::vector<std::string>{"here I am"})) << "activated while running";
  EXPECT_EQ(service::takenByLastCall(), core::Duration{0}) << "activateTopic returns before it is said";
  engine.memory.raiseEvent("in:onActivation", 1);
  EXPECT_EQ(engine.robot.textToSpeech().spoken().size(), 1u) << "not an ALMemory event";
  callAsJson(engine, "ALDialog.forceInput", {"in the garden"});
  EXPECT_EQ(engine.robot.textToSpeech().spoken().back(), "lovely") << "'in' followed by a space is a word";
  callAsJson(engine, "ALDialog._stopMain", {});
  EXPECT_EQ(engine.memory.getData("Dialog/IsStarted").asInt(), 0);
}

}  // namespace
}  // namespace autolife::dialog
