#include "capture.hpp"

#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace autolife::qi::test {

namespace {

bool isHexByte(const std::string& token) {
  return token.size() == 2 && std::isxdigit(static_cast<unsigned char>(token[0])) &&
         std::isxdigit(static_cast<unsigned char>(token[1]));
}

// Appends the leading two-digit hex tokens of `text` to `out`; stops at the
// first other token (the ASCII column starts with '|').
void appendHex(std::istringstream& tokens, std::string& out) {
  std::string token;
  while (tokens >> token && isHexByte(token)) out += static_cast<char>(std::stoi(token, nullptr, 16));
}

}  // namespace

std::string captureFile(const std::string& name) { return std::string(AUTOLIFE_SOURCE_DIR) + "/tests/qi/data/" + name; }

std::vector<CapturedMessage> readCapture(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<CapturedMessage> messages;
  std::string line;
  int lineNumber = 0;
  auto fail = [&](const std::string& what) {
    throw std::runtime_error(path + ":" + std::to_string(lineNumber) + ": " + what);
  };
  while (std::getline(in, line)) {
    ++lineNumber;
    if (line.rfind("#", 0) == 0) {
      CapturedMessage m;
      m.number = std::stoi(line.substr(1));
      m.summary = line;
      const auto arrow = line.find(" -> ");
      if (arrow == std::string::npos) fail("no ' -> ' in the record's first line");
      m.fromServer = line.substr(0, arrow).find(":9559") != std::string::npos;
      messages.push_back(std::move(m));
      continue;
    }
    if (messages.empty()) continue;
    std::istringstream tokens(line);
    std::string first;
    if (!(tokens >> first)) continue;
    if (first == "header:") {
      appendHex(tokens, messages.back().header);
      if (messages.back().header.size() != 28) fail("header of " + std::to_string(messages.back().header.size()) + " bytes");
    } else if (first.size() == 4 && std::isxdigit(static_cast<unsigned char>(first[0]))) {
      const std::size_t offset = std::stoul(first, nullptr, 16);
      if (offset != messages.back().payload.size()) fail("payload line at offset " + first + " out of order");
      appendHex(tokens, messages.back().payload);
    }
  }
  return messages;
}

}  // namespace autolife::qi::test
