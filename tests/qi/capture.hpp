// Reads the qi captures in tests/qi/data/ (copied from the shared reference
// qi-wire/: real libqi 4.0.5 sessions printed in hex, one message per
// record) into bytes.
#pragma once

#include <string>
#include <vector>

namespace autolife::qi::test {

struct CapturedMessage {
  int number = 0;           // #N in the file
  bool fromServer = false;  // sent by the service directory (port 9559)
  std::string header;       // the 28 bytes
  std::string payload;
  std::string summary;      // the record's first line
};

// Throws std::runtime_error naming the file and line of anything unexpected.
std::vector<CapturedMessage> readCapture(const std::string& path);

// tests/qi/data/<name>
std::string captureFile(const std::string& name);

}  // namespace autolife::qi::test
