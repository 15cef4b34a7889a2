// NAOqi 2.8's service operands (REFERENCE §3; docs/conditions.md "Service
// operands"; docs/decisions.md): `Service.member[.sub...]` and `["name"]`
// map indexing after it read the memory key named as written, and the
// Program says which of its keys are service operands. The engine's bridge
// is tested in tests/sim/service_operands_test.cpp.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run.hpp"

namespace {

using autolife::condition::ServiceOperand;
using autolife::test::compileError;
using autolife::test::compiled;
using autolife::test::errorAt;
using autolife::test::run;
using autolife::test::value;
using autolife::test::valueWith;
using testing::ElementsAre;
using testing::HasSubstr;

std::string compileErrorOf(const std::string& expression) {
  auto d = compileError(expression);
  return d ? d->message : "compiled";
}

// ---- syntax: each form, and the key it reads ------------------------------

TEST(ServiceOperandSyntax, SignalOrPropertyReadsTheKeyNamedAsWritten) {
  auto p = compiled("ALBasicAwareness.humanTracked >= 0");
  EXPECT_THAT(p->keys, ElementsAre("ALBasicAwareness.humanTracked"));
  EXPECT_THAT(p->serviceOperands, ElementsAre(ServiceOperand{0, "ALBasicAwareness", "humanTracked", {}}));
}

TEST(ServiceOperandSyntax, DottedMembersArePathsIntoTheValue) {
  auto p = compiled("ALBattery.charge.level.percent > 50");
  EXPECT_THAT(p->keys, ElementsAre("ALBattery.charge.level.percent"));
  EXPECT_THAT(p->serviceOperands,
              ElementsAre(ServiceOperand{0, "ALBattery", "charge", {"level", "percent"}}));
}

TEST(ServiceOperandSyntax, MapIndexingIsPartOfTheKeyInOneCanonicalSpelling) {
  auto p = compiled("Svc.prop [ \"a\" ] [\"b\"] == 3");
  EXPECT_THAT(p->keys, ElementsAre("Svc.prop[\"a\"][\"b\"]"));
  EXPECT_THAT(p->serviceOperands, ElementsAre(ServiceOperand{0, "Svc", "prop", {"a", "b"}}));
  // Both spellings of a member name are one key.
  auto same = compiled("Svc.prop[\"a\"][\"b\"] == 3 && Svc.prop [\"a\"]  [ \"b\" ] == 3");
  EXPECT_EQ(same->keys.size(), 1u);
  EXPECT_EQ(same->serviceOperands.size(), 1u);
}

TEST(ServiceOperandSyntax, MapKeysAreEscapedInTheKeyName) {
  auto p = compiled(R"(Svc.p["say \"hi\"\\now"])");
  EXPECT_THAT(p->keys, ElementsAre(R"(Svc.p["say \"hi\"\\now"])"));
  EXPECT_THAT(p->serviceOperands[0].path, ElementsAre(R"(say "hi"\now)"));
}

TEST(ServiceOperandSyntax, ListIndexingStaysIndexing) {
  // [i] (or any non-literal) after the path is the ordinary index operator.
  auto p = compiled("Svc.sig[1] == \"x\" && Svc.prop[\"a\"][0] == 2");
  EXPECT_THAT(p->keys, ElementsAre("Svc.sig", "Svc.prop[\"a\"]"));
  EXPECT_EQ(valueWith("Svc.sig[1]", R"({"t": 0, "raise": {"Svc.sig": ["a", "b"]}})"), "\"b\"");
  EXPECT_EQ(valueWith("Svc.prop[\"a\"][0]", R"({"t": 0, "set": {"Svc.prop[\"a\"]": [7, 8]}})"), "7");
}

TEST(ServiceOperandSyntax, QuotedKeysAreMemoryKeysNotOperands) {
  auto p = compiled("'ALBattery.charge' > 1 && ALBattery.charge > 1");
  EXPECT_THAT(p->keys, ElementsAre("ALBattery.charge"));  // one key...
  EXPECT_THAT(p->serviceOperands, ElementsAre(ServiceOperand{0, "ALBattery", "charge", {}}));  // ...bridged once
  EXPECT_TRUE(compiled("'ALBattery.charge' > 1")->serviceOperands.empty());
}

TEST(ServiceOperandSyntax, EachDistinctOperandOnceInFirstUseOrder) {
  auto p = compiled("'k' && B.y && A.x && B.y && A.x.z");
  EXPECT_THAT(p->keys, ElementsAre("k", "B.y", "A.x", "A.x.z"));
  ASSERT_EQ(p->serviceOperands.size(), 3u);
  EXPECT_EQ(p->serviceOperands[0].key, 1u);
  EXPECT_EQ(p->serviceOperands[1].key, 2u);
  EXPECT_EQ(p->serviceOperands[2].key, 3u);
}

TEST(ServiceOperandSyntax, FunctionsAndKeywordsAreNotMistakenForOperands) {
  EXPECT_EQ(value("size(Svc.list) == 0 && int(\"3\") == 3"), "true");
  EXPECT_EQ(valueWith("Svc.list subsets [1, 2] && Svc.list intersects [2]",
                      R"({"t": 0, "set": {"Svc.list": [2]}})"),
            "true");
  auto p = compiled("bang(Svc.sig) || stable(Svc.prop) ~ 1 || rand(0, 1, 0) >= 0");
  EXPECT_THAT(p->keys, ElementsAre("Svc.sig", "Svc.prop"));
  EXPECT_EQ(p->serviceOperands.size(), 2u);
  EXPECT_EQ(value("true && !false"), "true");
}

// ---- errors, with line:column -----------------------------------------------

TEST(ServiceOperandSyntax, ADotMustBeFollowedByAMemberName) {
  EXPECT_EQ(errorAt("Svc."), "1:4");
  EXPECT_EQ(errorAt("Svc. x"), "1:4");
  EXPECT_EQ(errorAt("Svc.5"), "1:4");
  EXPECT_EQ(errorAt("Svc.a..b"), "1:6");
  EXPECT_EQ(errorAt("'k' &&\n  ALBattery."), "2:12");
  EXPECT_THAT(compileErrorOf("Svc.a."), HasSubstr("expected a member name after 'Svc.a.'"));
  EXPECT_THAT(compileErrorOf("Svc.a."), HasSubstr("Service.member"));
}

TEST(ServiceOperandSyntax, ALoneIdentifierIsStillAnErrorThatNamesTheServiceForm) {
  EXPECT_EQ(errorAt("humanTracked"), "1:1");
  EXPECT_EQ(errorAt("'k' ||\n humanTracked"), "2:2");
  EXPECT_THAT(compileErrorOf("humanTracked"), HasSubstr("unknown name 'humanTracked'"));
  EXPECT_THAT(compileErrorOf("humanTracked"), HasSubstr("service operands as Service.member"));
}

TEST(ServiceOperandSyntax, MethodsCannotBeCalled) {
  EXPECT_EQ(errorAt("1 + ALBattery.getBatteryCharge()"), "1:5");
  EXPECT_THAT(compileErrorOf("ALBattery.getBatteryCharge()"), HasSubstr("cannot be called"));
}

TEST(ServiceOperandSyntax, UnknownFunctionsStayUnknownFunctions) {
  EXPECT_THAT(compileErrorOf("banng(Svc.sig)"), HasSubstr("unknown function 'banng'"));
  EXPECT_EQ(errorAt("bang(Svc.sig[0])"), "1:6");  // bang() wants a key, not an index
}

// ---- the machinery works on them unchanged (what `autolife eval` prints) ---

TEST(ServiceOperandEval, BangOfASignal) {
  EXPECT_EQ(run("bang(ALBasicAwareness.humanTracked)",
                R"({"t": 1, "raise": {"ALBasicAwareness.humanTracked": 3}}
{"t": 2, "raise": {"ALBasicAwareness.humanTracked": 4}})"),
            "1:true 1:false 2:true 2:false");
}

TEST(ServiceOperandEval, HeldForAndWithin) {
  EXPECT_EQ(run("(ALBattery.charge >= 50) ~ 2",
                R"({"t": 1, "set": {"ALBattery.charge": 60}}
{"t": 5, "set": {"ALBattery.charge": 40}})"),
            "1:false 3:true 5:false");
  EXPECT_EQ(run("ALBasicAwareness.humanLost # 3",
                R"({"t": 1, "raise": {"ALBasicAwareness.humanLost": 1}}
{"t": 2, "raise": {"ALBasicAwareness.humanLost": 0}})"),
            "1:true 5:false");
}

TEST(ServiceOperandEval, Stable) {
  EXPECT_EQ(run("stable(ALBattery.charge.level) ~ 2",
                R"({"t": 0, "set": {"ALBattery.charge.level": 80}}
{"t": 1, "set": {"ALBattery.charge.level": 79}})",
                4.0),
            "0:false 3:true");
}

TEST(ServiceOperandEval, MapIndexing) {
  EXPECT_EQ(run(R"(Svc.prop["mode"] == "sleep")",
                R"({"t": 1, "set": {"Svc.prop[\"mode\"]": "sleep"}}
{"t": 2, "set": {"Svc.prop[\"mode\"]": "awake"}})"),
            "1:true 2:false");
}

}  // namespace
