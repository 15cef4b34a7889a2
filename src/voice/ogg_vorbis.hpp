// Ogg Vorbis headers checked before libsndfile sees them (ogg_vorbis.cpp).
#pragma once

#include <string>
#include <string_view>

namespace autolife::voice {

// Why `bytes`, an Ogg stream whose first logical stream is Vorbis, would be
// refused: a malformed or missing header ("" when it is not Ogg Vorbis, or
// when its three headers are whole and valid). Not `whole`: `bytes` is the
// beginning of a file, and headers it cuts short are not missing.
std::string oggVorbisFault(std::string_view bytes, bool whole = true);

}  // namespace autolife::voice
