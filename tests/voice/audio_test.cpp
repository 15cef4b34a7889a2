// The voice module (issue 28): sound read, resampled and written; grammars
// as JSGF; eSpeak NG's synthesis and PocketSphinx's recognition of it. The
// audio is made here with eSpeak NG, never a device.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sndfile.h>

#include <cmath>

#include "autolife/voice/audio.hpp"
#include "autolife/voice/recognizer.hpp"
#include "autolife/voice/synthesizer.hpp"
#include "files.hpp"
#include "heap.hpp"

namespace {

using namespace autolife::voice;
using autolife::test::TempDir;
using ::testing::HasSubstr;

Audio tone(int rate, double seconds, double amplitude = 0.5) {
  Audio a;
  a.rate = rate;
  for (int i = 0; i < static_cast<int>(rate * seconds); ++i)
    a.samples.push_back(static_cast<std::int16_t>(amplitude * 32767 * std::sin(2 * M_PI * 440 * i / rate)));
  return a;
}

// The AudioError `f` throws, or "no error".
std::string audioError(const std::function<void()>& f) {
  try {
    f();
  } catch (const AudioError& e) {
    return e.what();
  }
  return "no error";
}

TEST(VoiceAudio, WavRoundTripAndResampling) {
  const Audio a = tone(22050, 0.5);
  const Audio back = decodeAudio(encodeWav(a), 0);
  EXPECT_EQ(back.rate, 22050);
  EXPECT_EQ(back.samples, a.samples);
  const Audio at16 = decodeAudio(encodeWav(a), 16000);
  EXPECT_EQ(at16.rate, 16000);
  EXPECT_NEAR(at16.seconds(), 0.5, 0.01);
  EXPECT_NEAR(loudness(at16), loudness(a), 0.02);
  TempDir dir;
  writeWav(dir / "a.wav", a);
  EXPECT_EQ(readAudio(dir / "a.wav", 0).samples, a.samples);
}

TEST(VoiceAudio, BadAudioIsAClearErrorNamingIt) {
  EXPECT_THAT(audioError([] { decodeAudio("", 16000, "up.wav"); }), HasSubstr("up.wav: empty"));
  EXPECT_THAT(audioError([] { decodeAudio("not audio at all", 16000, "up.wav"); }), HasSubstr("up.wav: not a sound"));
  Audio none;
  EXPECT_THAT(audioError([&] { decodeAudio(encodeWav(none), 16000, "up.wav"); }), HasSubstr("no sound in it"));
  // Too slow to resample to 16 kHz (the audio fuzz target's finding: libsamplerate's refusal named no file).
  Audio slow = tone(16000, 0.1);
  slow.rate = 50;
  EXPECT_THAT(audioError([&] { decodeAudio(encodeWav(slow), 16000, "up.wav"); }),
              HasSubstr("up.wav: a sample rate of 50 Hz, not between 1000 and 384000"));
  // One frame at 22,050 Hz is nothing at 16 kHz (the audio fuzz target: an empty sound came back).
  Audio once;
  once.rate = 22050;
  once.samples = {1234};
  EXPECT_THAT(audioError([&] { decodeAudio(encodeWav(once), 16000, "up.wav"); }), HasSubstr("up.wav: too short to hear (1 frame)"));
  EXPECT_THAT(audioError([] { readAudio("/nonexistent/x.wav"); }), HasSubstr("/nonexistent/x.wav: no such file"));
  TempDir dir;
  EXPECT_THAT(audioError([&] { writeWav(dir / "missing" / "x.wav", tone(16000, 0.1)); }), HasSubstr("cannot be written"));
}

TEST(VoiceGrammar, JsgfLeavesOutWhatCannotBeSaid) {
  Grammar g;
  using K = Phrase::Kind;
  g.rules["drink"] = Phrase::of(K::Choice, {Phrase::word("tea"), Phrase::word("xqzzy")});
  g.phrases.push_back(Phrase::of(K::Sequence, {Phrase::word("a"), Phrase{K::Rule, "drink", {}},
                                               Phrase::of(K::Optional, {Phrase::word("please")})}));
  g.phrases.push_back(Phrase::of(K::Sequence, {Phrase::word("xqzzy"), Phrase::word("b")}));
  g.phrases.push_back(Phrase::of(K::Sequence, {Phrase::word("call"), Phrase::of(K::Slot)}));
  std::vector<std::string> missing;
  const std::string jsgf = toJsgf(g, [](const std::string& w) { return w != "xqzzy"; }, {"bob", "xqzzy"}, missing);
  EXPECT_THAT(jsgf, HasSubstr("public <utterance> = a <r0> [ please ]\n  | call <autolife_slot>;"));
  EXPECT_THAT(jsgf, HasSubstr("<r0> = ( tea );"));
  EXPECT_THAT(jsgf, HasSubstr("<autolife_slot> = ( bob );"));
  EXPECT_EQ(missing, std::vector<std::string>{"xqzzy"});
  Grammar nothing;
  nothing.phrases.push_back(Phrase::word("xqzzy"));
  EXPECT_THROW(toJsgf(nothing, [](const std::string&) { return false; }, {}, missing), VoiceError);
}

TEST(VoiceEspeak, SpeaksAtItsRateFasterWhenFaster) {
  auto espeak = makeEspeak();
  VoiceSettings normal;
  int chunks = 0;
  const Audio a = espeak->synthesize("Hello, my name is Pepper.", normal, [&](const Audio&) { ++chunks; });
  EXPECT_EQ(a.rate, espeak->rate());
  EXPECT_GT(a.seconds(), 0.8);
  EXPECT_GT(chunks, 0);
  VoiceSettings fast = normal;
  fast.speed = 200;
  EXPECT_LT(espeak->synthesize("Hello, my name is Pepper.", fast).seconds(), a.seconds() * 0.7);
  VoiceSettings quiet = normal;
  quiet.volume = 0.25;
  EXPECT_NEAR(loudness(espeak->synthesize("Hello, my name is Pepper.", quiet)), loudness(a) / 4, loudness(a) / 20);
  EXPECT_TRUE(espeak->synthesize("   ", normal).empty());
  EXPECT_TRUE(espeak->speaks("French"));
  EXPECT_FALSE(espeak->speaks("Klingon"));
}

TEST(VoicePocketSphinx, HearsEspeakSaySomethingOfItsGrammar) {
  auto espeak = makeEspeak();
  auto asr = makePocketSphinx();
  Grammar g;
  using K = Phrase::Kind;
  for (const char* p : {"what is my name", "goodbye", "i like robots"}) {
    Phrase seq = Phrase::of(K::Sequence);
    std::istringstream in(p);
    for (std::string w; in >> w;) seq.children.push_back(Phrase::word(w));
    g.phrases.push_back(seq);
  }
  EXPECT_TRUE(asr->setGrammar(g).empty());
  const Recognition r = asr->recognize(resample(espeak->synthesize("what is my name", {}), asr->rate()));
  EXPECT_TRUE(r.speech);
  EXPECT_EQ(r.text, "what is my name");
  EXPECT_GT(r.confidence, 0.5);
  const Recognition silence = asr->recognize(Audio{16000, std::vector<std::int16_t>(16000, 0)});
  EXPECT_FALSE(silence.speech);
  EXPECT_EQ(silence.text, "");
  EXPECT_THROW(asr->recognize(tone(16000, kMaxUtteranceSeconds + 1, 0.1)), AudioError);
  EXPECT_THROW(makePocketSphinx("French"), VoiceError);
}

// An Ogg Vorbis sound reads from a file and from bytes; one whose headers
// are missing or malformed is refused naming them, before libsndfile sees
// it: libsndfile kept 5,784 bytes of every such file it refused (the audio
// fuzz target's reproducer, kept as its seed).
TEST(VoiceAudio, AnOggVorbisWithBadHeadersIsRefusedAndCostsNothing) {
  TempDir dir;
  {
    SF_INFO info{};
    info.samplerate = 16000;
    info.channels = 1;
    info.format = SF_FORMAT_OGG | SF_FORMAT_VORBIS;
    SNDFILE* out = sf_open((dir / "tone.ogg").c_str(), SFM_WRITE, &info);
    ASSERT_NE(out, nullptr) << sf_strerror(nullptr);
    const Audio a = tone(16000, 0.5);
    sf_write_short(out, a.samples.data(), static_cast<sf_count_t>(a.samples.size()));
    sf_close(out);
  }
  EXPECT_NEAR(readAudio(dir / "tone.ogg").seconds(), 0.5, 0.01);
  const std::string ogg = autolife::test::readText(dir / "tone.ogg");
  EXPECT_NEAR(decodeAudio(ogg, 16000, "tone.ogg").seconds(), 0.5, 0.01);

  const auto refusal = [](const std::string& bytes) { return audioError([&] { decodeAudio(bytes, 16000, "up.ogg"); }); };
  const std::string firstPage = ogg.substr(0, ogg.find("OggS", 4));
  EXPECT_THAT(refusal(firstPage), HasSubstr("up.ogg: not a sound libsndfile can read (Ogg Vorbis with 1 of its 3 headers)"));
  autolife::test::writeText(dir / "cut.ogg", firstPage);  // a file: read from its beginning, refused the same
  EXPECT_THAT(audioError([&] { readAudio(dir / "cut.ogg"); }),
              HasSubstr("cut.ogg: not a sound libsndfile can read (Ogg Vorbis with 1 of its 3 headers)"));
  // The fuzzer's two: malformed Vorbis headers; "OggS", bytes that are no
  // page, then a Vorbis page with one header (the check stopped at the
  // bytes skipped; libsndfile went on to the page).
  const std::string corpus = std::string(AUTOLIFE_SOURCE_DIR) + "/fuzz/corpus/audio/";
  const std::string reproducer = autolife::test::readText(corpus + "leak_ogg_vorbis_header");
  const std::string resync = autolife::test::readText(corpus + "leak_ogg_resync");
  EXPECT_THAT(refusal(reproducer), HasSubstr("Ogg Vorbis"));
  EXPECT_THAT(refusal(resync), HasSubstr("up.ogg: not a sound libsndfile can read (Ogg Vorbis with 1 of its 3 headers)"));
  EXPECT_THAT(refusal("OggS and then nothing of a page"), HasSubstr("Ogg with no page libogg can read"));
  const std::size_t before = autolife::test::heapInUse();
  for (int i = 0; i < 100; ++i) refusal(reproducer), refusal(resync);
  // 100 refusals of the first kept 480 KB before the check (debug build).
  EXPECT_LT(autolife::test::heapInUse(), before + 100'000);
}

// A dialog sets a new grammar whenever its active topics change: what
// parsing the last one took is given back. Debian's ps_set_jsgf_string
// kept every grammar it parsed, about 42 KB each (found by the audio fuzz
// target).
TEST(VoicePocketSphinx, ANewGrammarGivesBackWhatTheLastOneTook) {
  static const char* const kDigits[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
  const auto numbered = [](int n) {
    Phrase seq = Phrase::of(Phrase::Kind::Sequence);
    for (const char d : std::to_string(n)) seq.children.push_back(Phrase::word(kDigits[d - '0']));
    seq.children.push_back(Phrase::word("robot"));
    Grammar g;
    g.phrases.push_back(std::move(seq));
    return g;
  };
  auto asr = makePocketSphinx();
  asr->setGrammar(numbered(0));
  const std::size_t before = autolife::test::heapInUse();
  for (int n = 1; n <= 100; ++n) ASSERT_TRUE(asr->setGrammar(numbered(n)).empty());
  const std::size_t after = autolife::test::heapInUse();
  // 100 such grammars kept 776 KB before the fix, 39 KB after (debug build).
  EXPECT_LT(after, before + 300'000) << "grew by " << after - before << " bytes over 100 grammars";
}

}  // namespace
