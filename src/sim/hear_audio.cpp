#include "hear_audio.hpp"

#include <cstdio>

#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/voice/audio.hpp"

namespace autolife::sim {

nlohmann::ordered_json hearAudioOutcome(engine::Engine& engine, const std::string& path, const voice::Audio* recorded) {
  nlohmann::ordered_json out{{"hear", ""}, {"audio", path}};
  dialog::HeardAudio h;
  try {
    h = engine.hearAudio(recorded ? *recorded : voice::readAudio(path, 0), {}, path);
  } catch (const voice::AudioError& e) {
    h.error = e.what();
  }
  if (!h.error.empty()) {
    out["outcome"] = "error";
    out["reason"] = h.error;
    return out;
  }
  out["hear"] = h.recognition.text;
  out["confidence"] = h.recognition.confidence;
  std::string reason;
  if (!h.recognition.speech) {
    out["outcome"] = "not-understood";
    reason = "silence: nothing was said";
  } else if (h.heard.dialog) {
    out["outcome"] = h.heard.dialog->explanation.outcome;
    reason = h.heard.dialog->explanation.reason;
  } else {
    out["outcome"] = h.understood ? "heard" : "not-understood";
    reason = h.understood ? "ALDialog is not listening" : "no phrase of the vocabulary with enough confidence";
  }
  if (!h.understood && h.recognition.speech && !h.recognition.text.empty()) {
    char buffer[128];
    std::snprintf(buffer, sizeof buffer, " (the closest phrase, \"%.60s\", scored %.2f, under the threshold %.2f)",
                  h.recognition.text.c_str(), h.recognition.confidence, h.threshold);
    reason += buffer;
  }
  if (!h.notice.empty()) reason += "; " + h.notice;
  out["reason"] = reason;
  if (h.heard.wordRecognized) out["wordRecognized"] = true;
  return out;
}

}  // namespace autolife::sim
