// ALAnimatedSpeech, simulated: says a text through the simulated
// ALTextToSpeech (same queue, same TextStarted / TextDone / Status events)
// with its `^...(...)` annotations removed from what is spoken. Animations
// are not played; each lasts kAnimationSeconds for timing:
//   ^run(a) / ^runTag(t)       the speech waits for the animation to end
//   ^start(a) / ^startTag(t)   starts it; speech goes on
//   ^wait(a) / ^waitTag(t)     the speech waits until the started one ends
//   ^stop(a) / ^stopTag(t)     stops it; other annotations take no time.
// ALAnimatedSpeech/EndOfAnimatedSpeech (1) is raised when it ends.
#pragma once

#include <memory>
#include <string>

#include "autolife/robot/text_to_speech.hpp"

namespace autolife::robot {

class AnimatedSpeech {
public:
  static constexpr double kAnimationSeconds = 2.0;

  AnimatedSpeech(RobotCore& core, TextToSpeech& tts);

  std::shared_ptr<service::Service> makeService();

  // What `text` says and how long it takes, annotations applied.
  SpeechPlan plan(std::string_view text) const;
  std::string bodyLanguageMode() const;

private:
  core::Duration say(std::string_view text);

  RobotCore& core_;
  TextToSpeech& tts_;
  std::string mode_ = "contextual";
  bool bodyTalk_ = true;
};

}  // namespace autolife::robot
