// ALSA playback and capture for `serve --voice`: one thread each. The
// speaker plays a queue of utterances; the microphone reads 30 ms blocks
// into an UtteranceDetector.
#include <alsa/asoundlib.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "autolife/voice/devices.hpp"

namespace autolife::voice {

namespace {

// ALSA's own messages (which configuration line failed) go nowhere: the
// error we throw says what failed and why.
void quietAlsa(const char*, int, const char*, int, const char*, ...) {}

snd_pcm_t* openPcm(const std::string& device, snd_pcm_stream_t stream, int rate) {
  static std::once_flag quiet;
  std::call_once(quiet, [] { snd_lib_error_set_handler(quietAlsa); });
  const char* what = stream == SND_PCM_STREAM_PLAYBACK ? "sound output" : "microphone";
  snd_pcm_t* pcm = nullptr;
  if (int e = snd_pcm_open(&pcm, device.c_str(), stream, 0); e < 0)
    throw VoiceError(std::string("no ") + what + " device '" + device + "' (ALSA: " + snd_strerror(e) + ")");
  // 16-bit mono at `rate`, ALSA converting if the device cannot; 100 ms of latency.
  if (int e = snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1,
                                 static_cast<unsigned>(rate), 1, 100000);
      e < 0) {
    snd_pcm_close(pcm);
    throw VoiceError(std::string("the ") + what + " device '" + device + "' refuses 16-bit mono at " + std::to_string(rate) +
                     " Hz (ALSA: " + snd_strerror(e) + ")");
  }
  return pcm;
}

class AlsaSpeaker final : public Speaker {
public:
  AlsaSpeaker(const std::string& device, int rate) : pcm_(openPcm(device, SND_PCM_STREAM_PLAYBACK, rate)), rate_(rate) {
    thread_ = std::thread([this] { run(); });
  }
  ~AlsaSpeaker() override {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
      queue_.clear();
    }
    wake_.notify_all();
    thread_.join();
    snd_pcm_close(pcm_);
  }

  void play(std::shared_ptr<const Audio> audio) override {
    if (!audio || audio->empty()) return;
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(audio->rate == rate_ ? std::move(audio) : std::make_shared<const Audio>(resample(*audio, rate_)));
    }
    wake_.notify_all();
  }

  void stop() override {
    std::lock_guard lock(mutex_);
    queue_.clear();
    ++generation_;  // the one playing stops at its next block
  }

  bool playing() const override {
    std::lock_guard lock(mutex_);
    return busy_ || !queue_.empty();
  }

private:
  void run() {
    for (;;) {
      std::shared_ptr<const Audio> audio;
      std::uint64_t generation;
      {
        std::unique_lock lock(mutex_);
        busy_ = false;
        wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
        if (closing_) return;
        audio = queue_.front();
        queue_.pop_front();
        busy_ = true;
        generation = generation_;
      }
      snd_pcm_prepare(pcm_);
      constexpr std::size_t kBlock = 1024;
      for (std::size_t at = 0; at < audio->samples.size();) {
        {
          std::lock_guard lock(mutex_);
          if (closing_ || generation != generation_) break;
        }
        const std::size_t n = std::min(kBlock, audio->samples.size() - at);
        snd_pcm_sframes_t wrote = snd_pcm_writei(pcm_, audio->samples.data() + at, n);
        if (wrote < 0) wrote = snd_pcm_recover(pcm_, static_cast<int>(wrote), 1) < 0 ? -1 : 0;
        if (wrote < 0) break;
        at += static_cast<std::size_t>(wrote);
      }
      snd_pcm_drain(pcm_);
    }
  }

  snd_pcm_t* pcm_;
  int rate_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<const Audio>> queue_;
  std::uint64_t generation_ = 0;
  bool busy_ = false;
  bool closing_ = false;
  std::thread thread_;
};

class AlsaMicrophone final : public Microphone {
public:
  AlsaMicrophone(const std::string& device, std::function<void(Audio)> utterance, std::function<bool()> deaf)
      : pcm_(openPcm(device, SND_PCM_STREAM_CAPTURE, 16000)), detector_(std::move(utterance)), deaf_(std::move(deaf)) {
    thread_ = std::thread([this] { run(); });
  }
  ~AlsaMicrophone() override {
    closing_ = true;
    thread_.join();
    snd_pcm_close(pcm_);
  }
private:
  void run() {
    std::int16_t block[480];  // 30 ms
    snd_pcm_start(pcm_);
    while (!closing_) {
      // Wait at most 100 ms for a block, so that closing is seen.
      if (snd_pcm_wait(pcm_, 100) == 0) continue;
      snd_pcm_sframes_t got = snd_pcm_readi(pcm_, block, 480);
      if (got < 0) {
        if (snd_pcm_recover(pcm_, static_cast<int>(got), 1) < 0) return;
        continue;
      }
      if (deaf_ && deaf_()) {
        detector_.reset();
        continue;
      }
      detector_.feed(block, static_cast<std::size_t>(got));
    }
  }

  snd_pcm_t* pcm_;
  UtteranceDetector detector_;
  std::atomic<bool> closing_{false};
  std::function<bool()> deaf_;
  std::thread thread_;
};

}  // namespace

std::unique_ptr<Speaker> openSpeaker(const std::string& device, int rate) { return std::make_unique<AlsaSpeaker>(device, rate); }

std::unique_ptr<Microphone> openMicrophone(const std::string& device, std::function<void(Audio)> utterance,
                                           std::function<bool()> deaf) {
  return std::make_unique<AlsaMicrophone>(device, std::move(utterance), std::move(deaf));
}

}  // namespace autolife::voice
