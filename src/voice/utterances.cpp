#include <algorithm>
#include <cmath>

#include "autolife/voice/devices.hpp"

namespace autolife::voice {

namespace {

constexpr int kStartFrames = 3;    // 90 ms over the threshold: speech
constexpr int kEndFrames = 20;     // 600 ms under it: the utterance ended
constexpr double kMaxSeconds = 10.0;
constexpr std::size_t kBeforeFrames = 10;  // kept before the start: the first consonant

double rms(const std::int16_t* s, std::size_t n) {
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += static_cast<double>(s[i]) * s[i];
  return std::sqrt(sum / static_cast<double>(std::max<std::size_t>(n, 1))) / 32768.0;
}

}  // namespace

UtteranceDetector::UtteranceDetector(std::function<void(Audio)> utterance, int rate)
    : utterance_(std::move(utterance)), rate_(rate), frameSize_(static_cast<std::size_t>(rate) * 30 / 1000) {
  current_.rate = rate;
}

void UtteranceDetector::reset() {
  partial_.clear();
  current_.samples.clear();
  before_.clear();
  loudFrames_ = quietFrames_ = 0;
  inSpeech_ = false;
}

void UtteranceDetector::feed(const std::int16_t* samples, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    partial_.push_back(samples[i]);
    if (partial_.size() == frameSize_) {
      frame(partial_.data());
      partial_.clear();
    }
  }
}

void UtteranceDetector::frame(const std::int16_t* samples) {
  const double level = rms(samples, frameSize_);
  const bool loud = level > std::max(0.01, noise_ * 3.0);
  if (!inSpeech_) {
    // The room's noise, followed slowly while nobody speaks.
    if (!loud) noise_ = 0.95 * noise_ + 0.05 * level;
    before_.insert(before_.end(), samples, samples + frameSize_);
    if (before_.size() > kBeforeFrames * frameSize_) before_.erase(before_.begin(), before_.begin() + static_cast<long>(frameSize_));
    loudFrames_ = loud ? loudFrames_ + 1 : 0;
    if (loudFrames_ < kStartFrames) return;
    inSpeech_ = true;
    quietFrames_ = 0;
    current_.samples = before_;
    before_.clear();
    return;
  }
  current_.samples.insert(current_.samples.end(), samples, samples + frameSize_);
  quietFrames_ = loud ? 0 : quietFrames_ + 1;
  if (quietFrames_ >= kEndFrames || current_.seconds() >= kMaxSeconds) {
    Audio done = std::move(current_);
    reset();
    current_.rate = rate_;
    utterance_(std::move(done));
  }
}

}  // namespace autolife::voice
