// Idle behaviors (docs/behaviors.md, "Idle behaviors"): a behavior with no
// box code running or due says why it stopped moving: what it still waits
// for (a resource and who holds it, an ALMemory key, box code waiting with
// no deadline), or that nothing is left and where its flow stopped.
#include <gmock/gmock.h>

#include "runtime_support.hpp"

namespace autolife::runtimetest {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using End = sim::PlayResult::End;

std::vector<std::string> waits(const Played& p) {
  std::vector<std::string> out;
  for (const auto& w : p.result.waiting) out.push_back(w.box + ": " + w.what);
  return out;
}

TEST(Idle, AFlowThatStopsShortSaysWhereAndThatNothingIsLeft) {
  // The box fires its onStopped, which nothing links to the behavior's output.
  auto p = play(behaviorXar(pythonBox("Show App", 1, "    def onInput_onStart(self):\n        self.onStopped()\n") +
                            link(1, 2, 0, 2)));
  ASSERT_EQ(p.result.end, End::Idle);
  EXPECT_THAT(p.result.waiting, IsEmpty());
  EXPECT_THAT(p.result.idle, HasSubstr("nothing is left to wait for"));
  EXPECT_THAT(p.result.idle, HasSubstr("'Show App'.onStopped, linked to nothing"));
  const auto end = p.having("end").back();
  EXPECT_EQ(end["why"], p.result.idle);
  EXPECT_EQ(end["waiting"], nlohmann::ordered_json::array());
}

std::string lock(const std::string& resource) {
  return "<Resource name=\"" + resource + "\" type=\"Lock\" timeout=\"0\" />\n";
}

// Both boxes start with the behavior; the holder takes `held` and never
// stops, so the taker waits for `wanted` for good.
Played holderAndTaker(const std::string& holder, const std::string& held, const std::string& taker,
                      const std::string& wanted) {
  return play(behaviorXar(pythonBox(holder, 1, "    def onInput_onStart(self):\n        pass\n", lock(held)) +
                          pythonBox(taker, 2, "    def onInput_onStart(self):\n        self.onStopped()\n", lock(wanted)) +
                          link(1, 2, 0, 2) + link(2, 2, 0, 2) + link(0, 4, 2, 4)));
}

TEST(Idle, ABoxWaitingForAResourceSaysWhoHoldsIt) {
  auto p = holderAndTaker("Animation", "All motors", "Stand Up", "Head");
  ASSERT_EQ(p.result.end, End::Idle);
  EXPECT_THAT(waits(p), ElementsAre("Stand Up: waits for 'Head' (held by 'Animation')"));
  const auto end = p.having("end").back();
  ASSERT_EQ(end["waiting"].size(), 1u);
  EXPECT_EQ(end["waiting"][0]["box"], "Stand Up");
  EXPECT_EQ(end["waiting"][0]["for"], "waits for 'Head' (held by 'Animation')");
  EXPECT_THAT(p.records.back().text, HasSubstr("end      idle: no box runs; still waiting: Stand Up: waits for 'Head'"));
}

TEST(Idle, AHolderOfTheWaitingBoxsOwnNameIsNamedToo) {
  // Two boxes named 'Stand Up' (published behaviors have eight).
  auto p = holderAndTaker("Stand Up", "All motors", "Stand Up", "All motors");
  ASSERT_EQ(p.result.end, End::Idle);
  EXPECT_THAT(waits(p), ElementsAre("Stand Up: waits for 'All motors' (held by another box named 'Stand Up')"));
}

TEST(Idle, WhatBoxCodeListensToAndWaitsOnIsSaid) {
  auto p = play(behaviorXar(
      pythonBox("Speech Reco.", 1,
                "    def onInput_onStart(self):\n"
                "        self.memory = ALProxy(\"ALMemory\")\n"
                "        self.memory.subscribeToEvent(\"WordRecognized\", self.getName(), \"onWord\")\n"
                "    def onWord(self, key, value, message):\n"
                "        self.onStopped()\n",
                // bound to the same key by an input too: said once
                "<Input name=\"word\" type=\"0\" type_size=\"1\" nature=\"4\" stm_value_name=\"WordRecognized\" "
                "inner=\"1\" id=\"5\" />\n") +
      pythonBox("Waiter", 2,
                "    def onInput_onStart(self):\n"
                "        import threading\n"
                "        threading.Event().wait()\n") +
      link(1, 2, 0, 2) + link(2, 2, 0, 2)));
  ASSERT_EQ(p.result.end, End::Idle);
  EXPECT_THAT(waits(p), ElementsAre("Speech Reco.: listens to ALMemory 'WordRecognized'",
                                    ": box code waits with no deadline in 1 thread (an event or a future nothing has "
                                    "set yet)"));
  // Several waits: one a line under the end.
  EXPECT_THAT(p.records.back().text, HasSubstr("still waiting:\n                        Speech Reco.: listens to"));
}

}  // namespace
}  // namespace autolife::runtimetest
