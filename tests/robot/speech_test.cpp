// ALTextToSpeech and ALAnimatedSpeech through the registry: how long a
// sentence takes, the memory events a robot raises around it, the queue,
// interruptions, markup, parameters, languages, and refusals.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "robot_fixture.hpp"

namespace {

using namespace autolife;
using namespace autolife::robottest;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// 0.2 s lead-in plus 14 characters a second at speed 100 (docs/robot.md).
double sentence(double characters, double speedPercent = 100) { return 0.2 + characters / (14.0 * speedPercent / 100.0); }

using TextToSpeech = RobotFixture;

TEST_F(TextToSpeech, SayTakesTheLeadInPlusFourteenCharactersASecond) {
  call("ALTextToSpeech.say", {"Hello world"});
  EXPECT_NEAR(took, sentence(11), 1e-9);
  call("ALTextToSpeech.stopAll");
  call("ALTextToSpeech.say", {"Hi"});
  EXPECT_NEAR(took, sentence(2), 1e-9);
}

TEST_F(TextToSpeech, WhitespaceRunsCountAsOneSpaceAndEdgesAreNotSpoken) {
  watch("ALTextToSpeech/CurrentSentence");
  call("ALTextToSpeech.say", {"  Hello \n\t  world  "});
  EXPECT_NEAR(took, sentence(11), 1e-9);
  settle();
  ASSERT_EQ(seenOf("ALTextToSpeech/CurrentSentence").size(), 1u);
  EXPECT_EQ(seenOf("ALTextToSpeech/CurrentSentence")[0].value, "Hello world");
}

TEST_F(TextToSpeech, Utf8CharactersCountOnceEach) {
  call("ALTextToSpeech.say", {"été"});
  EXPECT_NEAR(took, sentence(3), 1e-9);
}

TEST_F(TextToSpeech, EmptyTextTakesNoTime) {
  call("ALTextToSpeech.say", {""});
  EXPECT_EQ(taken, core::Duration::zero());
}

TEST_F(TextToSpeech, MemoryFollowsTheSentenceFromEnqueuedToDone) {
  for (const char* k : {"ALTextToSpeech/Status", "ALTextToSpeech/TextStarted", "ALTextToSpeech/TextDone",
                        "ALTextToSpeech/CurrentSentence"})
    watch(k);
  call("ALTextToSpeech.say", {"Hello world"});
  const double end = ns(sentence(11));
  EXPECT_TRUE(seen.empty()) << "memory is written by the robot's own loop, not inside the call";
  settle();
  EXPECT_EQ(key("ALTextToSpeech/TextStarted"), 1);
  EXPECT_EQ(key("ALTextToSpeech/TextDone"), 0);
  EXPECT_EQ(key("ALTextToSpeech/CurrentSentence"), "Hello world");
  EXPECT_EQ(key("ALTextToSpeech/Status"), json::array({1, "started"}));
  EXPECT_TRUE(robot().textToSpeech().speaking());

  runTo(end - 0.001);
  EXPECT_EQ(key("ALTextToSpeech/TextDone"), 0) << "still speaking just before the end";
  runTo(end);
  EXPECT_EQ(key("ALTextToSpeech/TextDone"), 1);
  EXPECT_EQ(key("ALTextToSpeech/TextStarted"), 0);
  EXPECT_EQ(key("ALTextToSpeech/Status"), json::array({1, "done"}));
  EXPECT_FALSE(robot().textToSpeech().speaking());

  const auto status = seenOf("ALTextToSpeech/Status");
  ASSERT_EQ(status.size(), 3u);
  EXPECT_EQ(status[0].value, json::array({1, "enqueued"}));
  EXPECT_EQ(status[1].value, json::array({1, "started"}));
  EXPECT_EQ(status[2].value, json::array({1, "done"}));
  EXPECT_DOUBLE_EQ(status[0].t, 0.0);
  EXPECT_DOUBLE_EQ(status[1].t, 0.0);
  EXPECT_DOUBLE_EQ(status[2].t, end);
  const auto done = seenOf("ALTextToSpeech/TextDone");
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[0].value, 0);
  EXPECT_EQ(done[1].value, 1);
  EXPECT_DOUBLE_EQ(done[1].t, end);
  EXPECT_EQ(memory().getType("ALTextToSpeech/TextDone"), "Event") << "bang('ALTextToSpeech/TextDone') must fire";
}

TEST_F(TextToSpeech, TheKeysExistBeforeAnythingIsSaid) {
  for (const char* k : {"ALTextToSpeech/TextStarted", "ALTextToSpeech/TextDone", "ALTextToSpeech/TextInterrupted",
                        "ALTextToSpeech/CurrentSentence", "ALTextToSpeech/CurrentBookMark", "ALTextToSpeech/Status"})
    EXPECT_TRUE(key(k).is_null()) << k << " is declared and reads Invalid";
}

TEST_F(TextToSpeech, SentencesQueueAndACallTakesUntilItsOwnEnd) {
  watch("ALTextToSpeech/CurrentSentence");
  watch("ALTextToSpeech/TextDone");
  call("ALTextToSpeech.say", {"first"});
  const double first = took;
  call("ALTextToSpeech.say", {"second one"});
  EXPECT_NEAR(took, first + sentence(10), 1e-8) << "the second waits for the first";
  runTo(10);
  const auto sentences = seenOf("ALTextToSpeech/CurrentSentence");
  ASSERT_EQ(sentences.size(), 2u);
  EXPECT_EQ(sentences[0].value, "first");
  EXPECT_EQ(sentences[1].value, "second one");
  EXPECT_DOUBLE_EQ(sentences[1].t, ns(first));
  EXPECT_THAT(robot().textToSpeech().spoken(), ElementsAre("first", "second one"));
}

TEST_F(TextToSpeech, AfterABlockingSayTheNextStartsAtOnce) {
  callAndWait("ALTextToSpeech.say", {"one"});
  call("ALTextToSpeech.say", {"two"});
  EXPECT_NEAR(took, sentence(3), 1e-9);
}

TEST_F(TextToSpeech, StopAllInterruptsTheSentenceAndThrowsTheQueue) {
  for (const char* k : {"ALTextToSpeech/Status", "ALTextToSpeech/TextInterrupted", "ALTextToSpeech/TextDone"}) watch(k);
  call("ALTextToSpeech.say", {"a rather long sentence to interrupt"});
  call("ALTextToSpeech.say", {"never said"});
  runTo(0.5);
  call("ALTextToSpeech.stopAll");
  EXPECT_EQ(taken, core::Duration::zero());
  settle();
  EXPECT_EQ(key("ALTextToSpeech/TextInterrupted"), 1);
  EXPECT_EQ(key("ALTextToSpeech/TextDone"), 1);
  EXPECT_EQ(key("ALTextToSpeech/TextStarted"), 0);
  const auto status = seenOf("ALTextToSpeech/Status");
  ASSERT_GE(status.size(), 2u);
  EXPECT_EQ(status[status.size() - 2].value, json::array({1, "stopped"}));
  EXPECT_EQ(status.back().value, json::array({2, "thrown"}));
  EXPECT_DOUBLE_EQ(status.back().t, 0.5);
  const auto before = seen.size();
  runTo(60);
  EXPECT_EQ(seen.size(), before) << "nothing happens at the interrupted sentences' old ends";
  EXPECT_FALSE(robot().textToSpeech().speaking());
  call("ALTextToSpeech.say", {"now"});
  EXPECT_NEAR(took, sentence(3), 1e-9) << "the queue is empty again";
}

TEST_F(TextToSpeech, PauseTagsAddTimeAndMarkupIsNotSpoken) {
  watch("ALTextToSpeech/CurrentSentence");
  call("ALTextToSpeech.say", {"\\pau=500\\Hi \\vct=120\\there\\rspd=100\\"});
  EXPECT_NEAR(took, sentence(8) + 0.5, 1e-9);
  settle();
  EXPECT_EQ(seenOf("ALTextToSpeech/CurrentSentence").at(0).value, "Hi there");
}

TEST_F(TextToSpeech, SpeedTagChangesTheRateUntilReset) {
  call("ALTextToSpeech.say", {"\\RSPD=200\\abcd"});
  EXPECT_NEAR(took, sentence(4, 200), 1e-9);
  call("ALTextToSpeech.stopAll");
  call("ALTextToSpeech.say", {"\\rspd=50\\ab\\rst\\cd"});
  EXPECT_NEAR(took, 0.2 + 2 / 7.0 + 2 / 14.0, 1e-9);
}

TEST_F(TextToSpeech, TheSpeedParameterChangesEverySentence) {
  call("ALTextToSpeech.setParameter", {"speed", 50});
  EXPECT_EQ(call("ALTextToSpeech.getParameter", {"speed"}), 50.0);
  call("ALTextToSpeech.say", {"abcd"});
  EXPECT_NEAR(took, sentence(4, 50), 1e-9);
  call("ALTextToSpeech.stopAll");
  call("ALTextToSpeech.resetSpeed");
  EXPECT_EQ(call("ALTextToSpeech.getParameter", {"speed"}), 100.0);
  call("ALTextToSpeech.say", {"abcd"});
  EXPECT_NEAR(took, sentence(4), 1e-9);
}

TEST_F(TextToSpeech, BookmarksAreRaisedWhenReached) {
  watch("ALTextToSpeech/CurrentBookMark");
  call("ALTextToSpeech.say", {"one \\mrk=1\\ two \\mrk=2\\"});
  EXPECT_NEAR(took, sentence(7), 1e-9);
  runTo(5);
  const auto marks = seenOf("ALTextToSpeech/CurrentBookMark");
  ASSERT_EQ(marks.size(), 2u);
  EXPECT_EQ(marks[0].value, 1);
  EXPECT_NEAR(marks[0].t, sentence(3), 1e-8);
  EXPECT_EQ(marks[1].value, 2);
  EXPECT_NEAR(marks[1].t, sentence(7), 1e-8);
}

TEST_F(TextToSpeech, SayInALanguageKeepsTheCurrentLanguage) {
  EXPECT_EQ(call("ALTextToSpeech.getLanguage"), "English");
  EXPECT_EQ(call("ALTextToSpeech.locale"), "en_US");
  call("ALTextToSpeech.say", {"Bonjour", "French"});
  EXPECT_NEAR(took, sentence(7), 1e-9);
  EXPECT_EQ(call("ALTextToSpeech.getLanguage"), "English");
}

TEST_F(TextToSpeech, SetLanguageChangesItAndSignalsIt) {
  std::vector<std::pair<std::string, json>> signals;
  registry().find("ALTextToSpeech")->emitted.connect([&](const std::string& s, const service::Any& v) { signals.emplace_back(s, test::jsonOf(v)); });
  call("ALTextToSpeech.setLanguage", {"French"});
  EXPECT_EQ(call("ALTextToSpeech.getLanguage"), "French");
  EXPECT_EQ(call("ALTextToSpeech.locale"), "fr_FR");
  ASSERT_EQ(signals.size(), 1u);
  EXPECT_EQ(signals[0].first, "languageTTS");
  EXPECT_EQ(signals[0].second, "French");
  const json languages = call("ALTextToSpeech.getAvailableLanguages");
  EXPECT_NE(std::find(languages.begin(), languages.end(), "Japanese"), languages.end());
}

TEST_F(TextToSpeech, UnknownLanguagesAreRefused) {
  EXPECT_EQ(refusal("ALTextToSpeech.setLanguage", {"Klingon"}), "unknown-language");
  EXPECT_THAT(message, HasSubstr("Klingon"));
  EXPECT_EQ(refusal("ALTextToSpeech.say", {"Qapla'", "Klingon"}), "unknown-language");
  EXPECT_TRUE(robot().textToSpeech().spoken().empty()) << "a refused say says nothing";
  EXPECT_EQ(call("ALTextToSpeech.getLanguage"), "English");
}

TEST_F(TextToSpeech, VolumeAndParametersHaveRangesAndReset) {
  call("ALTextToSpeech.setVolume", {0.4});
  EXPECT_EQ(call("ALTextToSpeech.getVolume"), 0.4);
  EXPECT_EQ(refusal("ALTextToSpeech.setVolume", {1.5}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("between 0 and 1"));
  EXPECT_EQ(refusal("ALTextToSpeech.setVolume", {-0.1}), "bad-argument");
  EXPECT_EQ(refusal("ALTextToSpeech.setVolume", {"loud"}), "bad-argument");
  EXPECT_EQ(call("ALTextToSpeech.getVolume"), 0.4) << "a refused value changes nothing";
  EXPECT_EQ(refusal("ALTextToSpeech.setParameter", {"speed", 1000}), "bad-argument");
  EXPECT_EQ(refusal("ALTextToSpeech.setParameter", {"speed", 10}), "bad-argument");
  EXPECT_EQ(refusal("ALTextToSpeech.setParameter", {"warp", 1}), "unknown-parameter");
  EXPECT_EQ(refusal("ALTextToSpeech.getParameter", {"warp"}), "unknown-parameter");
  call("ALTextToSpeech.setParameter", {"pitchShift", 1.5});
  call("ALTextToSpeech.reset");
  EXPECT_EQ(call("ALTextToSpeech.getParameter", {"pitchShift"}), 1.0);
  EXPECT_EQ(call("ALTextToSpeech.getVolume"), 1.0);
}

TEST_F(TextToSpeech, VoicesAreChosenFromTheAvailableOnes) {
  EXPECT_EQ(call("ALTextToSpeech.getVoice"), "naoenu");
  call("ALTextToSpeech.setVoice", {"naofrf"});
  EXPECT_EQ(call("ALTextToSpeech.getVoice"), "naofrf");
  EXPECT_EQ(refusal("ALTextToSpeech.setVoice", {"hal9000"}), "unknown-voice");
  EXPECT_EQ(call("ALTextToSpeech.getVoice"), "naofrf");
}

TEST_F(TextToSpeech, SayToFileIsRecordedButNotSpoken) {
  watch("ALTextToSpeech/TextStarted");
  call("ALTextToSpeech.sayToFile", {"Hello", "/tmp/hello.raw"});
  EXPECT_EQ(taken, core::Duration::zero());
  settle();
  EXPECT_TRUE(seen.empty());
  EXPECT_TRUE(robot().textToSpeech().spoken().empty());
  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls.back().method, "sayToFile");
}

TEST_F(TextToSpeech, BadArgumentsAreRefusedClearly) {
  EXPECT_EQ(refusal("ALTextToSpeech.say", {42}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("stringToSay"));
  EXPECT_EQ(refusal("ALTextToSpeech.say"), "wrong-arity");
  EXPECT_EQ(refusal("ALTextToSpeech.say", {"a", "English", 3}), "wrong-arity");
  EXPECT_EQ(refusal("ALTextToSpeech.shout", {"a"}), "no-such-method");
  EXPECT_EQ(refusal("ALTextToSpeech.say", {nullptr}), "bad-argument");
  EXPECT_TRUE(robot().textToSpeech().spoken().empty());
}

// ---- ALAnimatedSpeech ----------------------------------------------------------

using AnimatedSpeech = RobotFixture;

TEST_F(AnimatedSpeech, AnnotationsAreNotSpoken) {
  watch("ALTextToSpeech/CurrentSentence");
  call("ALAnimatedSpeech.say", {"^mode(disabled) Hello ^pCall(ALLeds.rasta(1.0)) world"});
  EXPECT_NEAR(took, sentence(11), 1e-9) << "annotations other than run/start/wait take no time";
  settle();
  EXPECT_EQ(seenOf("ALTextToSpeech/CurrentSentence").at(0).value, "Hello world");
}

TEST_F(AnimatedSpeech, RunWaitsForTheAnimation) {
  call("ALAnimatedSpeech.say", {"Hi ^run(animations/Stand/Gestures/Hey_1) there"});
  EXPECT_NEAR(took, sentence(8) + 2.0, 1e-9);
  EXPECT_EQ(robot().textToSpeech().spoken().back(), "Hi there");
}

TEST_F(AnimatedSpeech, StartThenWaitWaitsOnlyForWhatIsLeft) {
  call("ALAnimatedSpeech.say", {"^start(animations/Stand/Gestures/Hey_1) Hello ^wait(animations/Stand/Gestures/Hey_1)"});
  EXPECT_NEAR(took, 0.2 + 2.0, 1e-9) << "the animation started at 0 and lasts 2 s; the speech waits for it";
  call("ALAnimatedSpeech.say", {"^startTag(hello) a long enough sentence to outlast it ^waitTag(hello)"});
  EXPECT_NEAR(took, 2.2 + sentence(36), 1e-8) << "queued behind the first; no extra wait";
}

TEST_F(AnimatedSpeech, StopCancelsTheWait) {
  call("ALAnimatedSpeech.say", {"^start(a) Hi ^stop(a) ^wait(a)"});
  EXPECT_NEAR(took, sentence(2), 1e-9);
}

TEST_F(AnimatedSpeech, ItRaisesTheSpeechEventsAndItsOwnEnd) {
  watch("ALAnimatedSpeech/EndOfAnimatedSpeech");
  watch("ALTextToSpeech/TextDone");
  callAndWait("ALAnimatedSpeech.say", {"Hello"});
  const auto end = seenOf("ALAnimatedSpeech/EndOfAnimatedSpeech");
  ASSERT_EQ(end.size(), 1u);
  EXPECT_EQ(end[0].value, 1);
  EXPECT_DOUBLE_EQ(end[0].t, ns(sentence(5)));
  EXPECT_EQ(seenOf("ALTextToSpeech/TextDone").back().value, 1);
  EXPECT_DOUBLE_EQ(seenOf("ALTextToSpeech/TextDone").back().t, end[0].t);
}

TEST_F(AnimatedSpeech, ItSharesTheSpeechQueue) {
  call("ALTextToSpeech.say", {"first"});
  const double first = took;
  call("ALAnimatedSpeech.say", {"second"});
  EXPECT_NEAR(took, first + sentence(6), 1e-8);
  watch("ALAnimatedSpeech/EndOfAnimatedSpeech");
  call("ALTextToSpeech.stopAll");
  settle();
  ASSERT_EQ(seenOf("ALAnimatedSpeech/EndOfAnimatedSpeech").size(), 1u) << "an interrupted animated say ends too";
}

TEST_F(AnimatedSpeech, ConfigurationIsCheckedInEitherForm) {
  EXPECT_EQ(refusal("ALAnimatedSpeech.say", {"Hi", json{{"bodyLanguageMode", "disabled"}}}), "");
  EXPECT_EQ(refusal("ALAnimatedSpeech.say", {"Hi", json::array({json::array({"bodyLanguageMode", "random"})})}), "");
  EXPECT_EQ(refusal("ALAnimatedSpeech.say", {"Hi", json{{"bodyLanguageMode", "dancing"}}}), "bad-argument");
  EXPECT_THAT(message, HasSubstr("dancing"));
  EXPECT_EQ(refusal("ALAnimatedSpeech.say", {"Hi", 42}), "bad-argument");
  EXPECT_EQ(refusal("ALAnimatedSpeech.say", {"Hi", json::array({"bodyLanguageMode"})}), "bad-argument");
  EXPECT_EQ(refusal("ALAnimatedSpeech.say", {"Hi", json{{"bodyLanguageMode", 2}}}), "bad-argument");
  EXPECT_EQ(robot().textToSpeech().spoken().size(), 2u) << "only the accepted ones were said";
}

TEST_F(AnimatedSpeech, BodyLanguageModes) {
  EXPECT_EQ(call("ALAnimatedSpeech.getBodyLanguageModeToStr"), "contextual");
  call("ALAnimatedSpeech.setBodyLanguageMode", {1});
  EXPECT_EQ(call("ALAnimatedSpeech.getBodyLanguageModeToStr"), "random");
  call("ALAnimatedSpeech.setBodyLanguageModeFromStr", {"disabled"});
  EXPECT_EQ(call("ALAnimatedSpeech.getBodyLanguageMode"), 0);
  EXPECT_EQ(call("ALAnimatedSpeech.isBodyTalkEnabled"), false);
  call("ALAnimatedSpeech.setBodyTalkEnabled", {true});
  EXPECT_EQ(call("ALAnimatedSpeech.getBodyLanguageModeToStr"), "contextual");
  call("ALAnimatedSpeech.setBodyLanguageEnabled", {0});
  EXPECT_EQ(call("ALAnimatedSpeech.isBodyLanguageEnabled"), false);
  EXPECT_EQ(refusal("ALAnimatedSpeech.setBodyLanguageMode", {3}), "bad-argument");
  EXPECT_EQ(refusal("ALAnimatedSpeech.setBodyLanguageMode", {1.5}), "bad-argument");
  EXPECT_EQ(refusal("ALAnimatedSpeech.setBodyLanguageModeFromStr", {"wild"}), "bad-argument");
  EXPECT_EQ(call("ALAnimatedSpeech.getBodyLanguageModeToStr"), "disabled");
}

}  // namespace
