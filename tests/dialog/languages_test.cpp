// Every NAOqi dialog language (issue 32, item 2): the SDK's codes, locales
// and names; topics without `language:`; words of every script; case
// compared without it in names (issue 34, item 1).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>

#include "conversation.hpp"

namespace autolife::dialog::testing {
namespace {

using ::testing::HasSubstr;

TEST(QiChatLanguages, EveryCodeLocaleAndNameTheSdkLists) {
  // The supported-languages pages' codification, with liblanguage's locales.
  const std::vector<std::array<const char*, 3>> table = {
      {"arw", "ar_SA", "Arabic"},  {"czc", "cs_CZ", "Czech"},      {"dad", "da_DK", "Danish"},
      {"dun", "nl_NL", "Dutch"},   {"enu", "en_US", "English"},    {"fif", "fi_FI", "Finnish"},
      {"frf", "fr_FR", "French"},  {"ged", "de_DE", "German"},     {"grg", "el_GR", "Greek"},
      {"iti", "it_IT", "Italian"}, {"jpj", "ja_JP", "Japanese"},   {"kok", "ko_KR", "Korean"},
      {"mnc", "zh_CN", "Chinese"}, {"mnt", "zh_TW", "MandarinTaiwan"}, {"non", "nn_NO", "Norwegian"},
      {"plp", "pl_PL", "Polish"},  {"ptb", "pt_BR", "Brazilian"},  {"ptp", "pt_PT", "Portuguese"},
      {"rur", "ru_RU", "Russian"}, {"spe", "es_ES", "Spanish"},    {"sws", "sv_SE", "Swedish"},
      {"trt", "tr_TR", "Turkish"},
  };
  EXPECT_EQ(languageNames().size(), table.size());
  for (const auto& [code, locale, name] : table) {
    EXPECT_EQ(languageName(code), name) << code;
    EXPECT_EQ(languageName(locale), name) << locale;
    EXPECT_EQ(languageName(name), name) << name;
    EXPECT_EQ(languageCode(name), code) << name;
    EXPECT_EQ(languageLocale(name), locale) << name;
  }
  EXPECT_EQ(languageName("en_GB"), "English");
  EXPECT_EQ(languageName("nb_NO"), "Norwegian");
  EXPECT_EQ(languageName("zh-TW"), "MandarinTaiwan");
  EXPECT_EQ(languageName("xx_XX"), "");
  // Later robots' regional languages, by name and code (the Choice box
  // writes a topic in each): their locales stay the languages above.
  for (const auto& [code, name] : std::vector<std::array<const char*, 2>>{
           {"cah", "CantoneseHongKong"}, {"ena", "EnglishAustralia"}, {"eng", "EnglishGB"},
           {"eni", "EnglishIndian"}, {"frc", "FrenchCanadian"}, {"spm", "SpanishMexico"}}) {
    EXPECT_EQ(languageName(code), name) << code;
    EXPECT_EQ(languageName(name), name) << name;
    EXPECT_EQ(languageCode(name), code) << name;
  }
  EXPECT_EQ(languageName("fr_CA"), "French");
  EXPECT_EQ(languageName("zh_HK"), "MandarinTaiwan");
  auto r = parseTopic("topic: ~t()\nlanguage: dun\nu:(hallo) goedendag\n", "t.top");
  ASSERT_TRUE(r.topic) << (r.problems.empty() ? "" : r.problems[0].format());
  EXPECT_EQ(r.topic->language, "Dutch");
}

TEST(QiChatLanguages, ATopicWithoutLanguageTakesItsFilesThenTheGivenThenEnglish) {
  const std::string qisdk = "topic: ~greet()\nu:(hi) hello\n";  // QiSDK topics have no language: line
  auto language = [&](const std::string& file, std::string_view fallback = {}) {
    auto r = parseTopic(qisdk, file, fallback);
    return r.topic ? r.topic->language : "refused: " + (r.problems.empty() ? "" : r.problems[0].format());
  };
  EXPECT_EQ(language("dlg/greet_frf.top"), "French");
  EXPECT_EQ(language("dlg/greet_de_DE.top", "enu"), "German");
  EXPECT_EQ(language("app/res/raw-fr/greet.top"), "French");
  EXPECT_EQ(language("app/res/raw-zh-rTW/greet.top"), "MandarinTaiwan");
  EXPECT_EQ(language("app/res/raw/greet.top", "ja_JP"), "Japanese");
  EXPECT_EQ(language("greet.top"), "English");
  // A language: line after a rule is still an error: it decides how the rule's words were read.
  auto late = parseTopic("topic: ~t()\nu:(hi) hello\nlanguage: enu\n", "t.top");
  ASSERT_FALSE(late.problems.empty());
  EXPECT_THAT(late.problems[0].format(), HasSubstr("t.top:2:1: error: a rule before 'language:'"));
}

TEST(QiChatLanguages, WordsOfEveryScriptCompareWithoutCase) {
  // Polish, Czech, Turkish, Greek, Russian capitals (ł used to read as Ń),
  // Arabic punctuation, Chinese of Taiwan matched on characters.
  struct Case {
    const char* language;
    const char* rule;
    const char* said;
    const char* answer;
  };
  const Case cases[] = {
      {"plp", "u:(jadę do Łodzi) dobrze", "JADĘ DO łodzi", "dobrze"},
      {"czc", "u:(Žádný problém) dobře", "žádný PROBLÉM", "dobře"},
      {"trt", "u:(İstanbul) evet", "istanbul", "evet"},
      {"grg", "u:(Άρης ΧΡΌΝΟΣ) ναι", "άρης χρόνος", "ναι"},
      {"rur", "u:(Ёлка) да", "ёлка", "да"},
      {"arw", "u:(مرحبا) أهلا", "مرحبا؟", "أهلا"},
      {"mnt", "u:(我叫_*) 你好$1", "我叫小明", "你好小明"},
  };
  for (const Case& c : cases) {
    Conversation conversation(std::string("topic: ~t()\nlanguage: ") + c.language + "\n" + c.rule + "\n");
    EXPECT_EQ(conversation.say(c.said), c.answer) << c.language;
  }
}

TEST(QiChatLanguages, TheJapaneseLexiconIsBuiltIn) {
  Conversation c("topic: ~t()\nlanguage: jpj\nu:(~yes) よかった\n");
  EXPECT_EQ(c.say("もちろん"), "よかった");
}

// Issue 34, item 1: names compared without case, as NAOqi does.
TEST(QiChatNames, ConceptsTagsAndVariablesWithoutCase) {
  Conversation c(kHeader + "concept:(Books) [novel poem]\n"
                           "u:(I like ~books) me too\n"
                           "u:(start) ^goto(intro)\n"
                           "proposal: %Intro welcome\n"
                           "u:(my name is _*) ok $Name=$1\n"
                           "u:(who am I) you are $name\n");
  EXPECT_EQ(c.say("I like poem"), "me too");
  EXPECT_EQ(c.say("start"), "welcome");
  EXPECT_EQ(c.say("my name is Bob"), "ok");
  EXPECT_EQ(c.say("who am I"), "you are Bob");
  EXPECT_EQ(c.variables.get("Name"), "Bob");  // the spelling the topic wrote first is the ALMemory key
  Conversation tags(kHeader + "u:(hello %Greeting) hi\n");
  ASSERT_TRUE(tags.dialog.deactivateTag("GREETING", "t"));
  EXPECT_EQ(tags.say("hello"), "?");
  c.dialog.setConcept("Fruit", "English", {"apple"});
  EXPECT_EQ(c.dialog.getConcept("fruit", "English"), std::vector<std::string>{"apple"});
}

}  // namespace
}  // namespace autolife::dialog::testing
