// The token a client must present when the server listens beyond loopback:
// generated once (32 random bytes, hex), stored in the data folder's `token`
// file (mode 0600), read back at each start.
#pragma once

#include <filesystem>
#include <string>

namespace autolife::api {

struct Token {
  std::string value;
  bool created = false;  // generated just now: show it once
};

// Throws std::runtime_error when the file cannot be read or written.
Token loadOrCreateToken(const std::filesystem::path& dataDir);
// Is `host` a loopback address or name (127.x, ::1, localhost)?
bool isLoopback(const std::string& host);

}  // namespace autolife::api
