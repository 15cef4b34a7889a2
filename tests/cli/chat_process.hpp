// `autolife chat ARGS...` run as a user runs it, with `input` on its
// standard input (the chat and dialog CLI tests).
#pragma once

#include <string>
#include <vector>

#include "process.hpp"

namespace autolife::clitest {

inline testing::ProcessResult chat(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), {AUTOLIFE_BINARY, "chat"});
  return testing::runProcess(args, input);
}

}  // namespace autolife::clitest
