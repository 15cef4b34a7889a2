// An Ogg Vorbis stream's three headers, checked with libogg and libvorbis
// before libsndfile opens it: Debian's libsndfile (1.2.0) refusing one
// whose headers are malformed keeps the vorbis_info it began, 5,784 bytes a
// refused file (found by the audio fuzz target), and a client can send such
// files to Autolife.hearAudio as fast as it likes. The same calls libsndfile
// makes, here with everything freed.
#include "ogg_vorbis.hpp"

#include <ogg/ogg.h>
#include <vorbis/codec.h>

#include <algorithm>
#include <cstring>

namespace autolife::voice {

namespace {

constexpr int kHeaders = 3;  // identification, comment, setup

// The first packet of an Opus or FLAC stream, the other codecs libsndfile
// reads in Ogg: theirs to check.
bool otherCodec(const ogg_packet& p) {
  const std::string_view head(reinterpret_cast<const char*>(p.packet), static_cast<std::size_t>(std::max(p.bytes, 0L)));
  return head.starts_with("OpusHead") || head.starts_with("\x7F" "FLAC");
}

// The decoding state of one stream's headers, freed whatever happens.
class HeaderReader {
public:
  explicit HeaderReader(std::string_view bytes) {
    ogg_sync_init(&sync_);
    vorbis_info_init(&info_);
    vorbis_comment_init(&comment_);
    char* buffer = ogg_sync_buffer(&sync_, static_cast<long>(bytes.size()));
    if (buffer) {
      std::memcpy(buffer, bytes.data(), bytes.size());
      ogg_sync_wrote(&sync_, static_cast<long>(bytes.size()));
    }
  }
  ~HeaderReader() {
    vorbis_comment_clear(&comment_);
    vorbis_info_clear(&info_);
    if (streaming_) ogg_stream_clear(&stream_);
    ogg_sync_clear(&sync_);
  }
  HeaderReader(const HeaderReader&) = delete;
  HeaderReader& operator=(const HeaderReader&) = delete;

  // "" when the first stream is Opus or FLAC, or Vorbis with its headers
  // whole and valid (or, for the beginning of a file, valid as far as they
  // go); otherwise why not. libsndfile begins a Vorbis decoder for any
  // other Ogg stream too, and keeps it when the headers fail.
  std::string fault(bool whole) {
    ogg_page page;
    bool paged = false;
    for (int got; headers_ < kHeaders && (got = ogg_sync_pageout(&sync_, &page)) != 0;) {
      if (got < 0) continue;  // bytes skipped to the next page
      paged = true;
      if (!streaming_) {
        ogg_stream_init(&stream_, ogg_page_serialno(&page));
        streaming_ = true;
      }
      if (ogg_stream_pagein(&stream_, &page) != 0) continue;  // another stream's page
      ogg_packet packet;
      while (headers_ < kHeaders && ogg_stream_packetout(&stream_, &packet) == 1) {
        if (headers_ == 0 && !vorbis_synthesis_idheader(&packet))
          return otherCodec(packet) ? "" : "an Ogg stream of none of Vorbis, Opus or FLAC";
        if (vorbis_synthesis_headerin(&info_, &comment_, &packet) != 0)
          return "Ogg Vorbis header " + std::to_string(headers_ + 1) + " of 3 is malformed";
        ++headers_;
      }
    }
    if (!paged) return "Ogg with no page libogg can read";
    if (!whole) return "";
    if (headers_ == 0) return "an Ogg stream whose first packet cannot be read";
    if (headers_ < kHeaders) return "Ogg Vorbis with " + std::to_string(headers_) + " of its 3 headers";
    return "";
  }

private:
  ogg_sync_state sync_;
  ogg_stream_state stream_;
  vorbis_info info_;
  vorbis_comment comment_;
  bool streaming_ = false;
  int headers_ = 0;
};

}  // namespace

std::string oggVorbisFault(std::string_view bytes, bool whole) {
  if (bytes.size() < 4 || bytes.substr(0, 4) != "OggS") return "";
  return HeaderReader(bytes).fault(whole);
}

}  // namespace autolife::voice
