// libFuzzer target for the audio path (issue 28): the input is the bytes of
// a sound file (a recording uploaded to the dashboard, a --voice-in file, a
// scenario's hear: audio). Every input is decoded by libsndfile, mixed to
// mono and resampled to 16 kHz, or refused with an AudioError that names
// it; a short sound that decodes is then heard by PocketSphinx against a
// small grammar (silence, noise, clipping, any rate): nothing may crash.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "autolife/voice/recognizer.hpp"
#include "fuzz_support.hpp"

namespace {

autolife::voice::Recognizer* recognizer() {
  static std::unique_ptr<autolife::voice::Recognizer> r = [] {
    auto made = autolife::voice::makePocketSphinx();
    autolife::voice::Grammar g;
    using autolife::voice::Phrase;
    g.phrases.push_back(Phrase::of(Phrase::Kind::Sequence, {Phrase::word("hello"), Phrase::word("robot")}));
    g.phrases.push_back(Phrase::of(Phrase::Kind::Sequence, {Phrase::word("my"), Phrase::word("name"), Phrase::word("is"),
                                                            Phrase::of(Phrase::Kind::Slot)}));
    made->setGrammar(g);
    return made;
  }();
  return r.get();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace autolife::voice;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  Audio audio;
  try {
    audio = decodeAudio(bytes, 16000, "fuzz.wav");
  } catch (const AudioError& e) {
    if (std::string(e.what()).rfind("fuzz.wav", 0) != 0) autolife::fuzz::fail("an audio error that does not name the file", e.what());
    return 0;
  }
  if (audio.rate != 16000 || audio.empty()) autolife::fuzz::fail("decoded audio not at 16 kHz or empty", std::to_string(audio.rate));
  if (audio.seconds() > 3.0) return 0;  // the recogniser's time goes to short sounds
  const Recognition r = recognizer()->recognize(audio);
  if (!(r.confidence >= 0 && r.confidence <= 1)) autolife::fuzz::fail("confidence outside 0..1", std::to_string(r.confidence));
  return 0;
}
