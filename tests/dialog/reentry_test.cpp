// ALDialog's lock is not recursive (docs/architecture.md, "Locks"): what
// it calls while holding it never calls it back on the same thread. These
// would hang on their own lock if it did.
#include <gtest/gtest.h>

#include "autolife/core/clock.hpp"
#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/robot/simulated_robot.hpp"
#include "any_json.hpp"

namespace autolife::dialog {
namespace {

class DialogReentry : public ::testing::Test {
protected:
  DialogReentry() : engine(clock, {}) {}
  // A registry call, its arguments and answer written as JSON (any_json.hpp).
  nlohmann::json call(const std::string& method, std::initializer_list<nlohmann::json> args = {}) {
    return test::jsonOf(engine.services.call(method, test::argsOf(args)));
  }
  void load(const std::string& content) {
    const std::string name = call("ALDialog.loadTopicContent", {content}).get<std::string>();
    call("ALDialog.activateTopic", {name});
    call("ALDialog.subscribe", {"test"});
  }
  std::vector<std::string> spoken() { return engine.robot.textToSpeech().spoken(); }

  core::VirtualClock clock;
  engine::Engine engine;
};

// A ^call into ALDialog itself, made while the rule holds the dialog, is
// refused (dialog-busy): the call failed, the rule's e1 answers.
TEST_F(DialogReentry, ACallBackIntoALDialogFromItsOwnRuleIsRefused) {
  load("topic: ~self()\nlanguage: enu\n"
       "u:(who has the focus) ^call(ALDialog.getFocus())\n  c1:(_*) it is $1\n  e1: I cannot ask myself\n");
  engine.hear("who has the focus");
  EXPECT_EQ(spoken(), (std::vector<std::string>{"I cannot ask myself"}));
  EXPECT_EQ(call("ALDialog.getFocus").get<std::string>(), "self");  // usable again once the rule is done
}

// A ^call whose service raises an event the dialog waits for: the event is
// delivered once the rule has let go of the dialog, and its rule answers.
TEST_F(DialogReentry, AnEventRaisedByACallReachesTheDialogOnceTheRuleIsDone) {
  load("topic: ~ping()\nlanguage: enu\n"
       "u:(ping) ^call(ALMemory.raiseEvent(\"Ping\", 1)) sent\n"
       "u:(e:Ping) pong\n");
  engine.hear("ping");
  EXPECT_EQ(spoken(), (std::vector<std::string>{"pong", "sent"}));
}

}  // namespace
}  // namespace autolife::dialog
