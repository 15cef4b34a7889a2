// Runs a program the way a user's shell would, feeding stdin and capturing
// stdout, stderr and the exit status. For CLI contract tests.
#pragma once

#include <string>
#include <vector>

namespace autolife::testing {

struct ProcessResult {
  int status = -1;  // exit status, or 128 + signal number
  std::string out;
  std::string err;
};

ProcessResult runProcess(const std::vector<std::string>& argv, const std::string& input = "");

// The program at a terminal (terminal.cpp): each input is typed once
// `prompt` has appeared again, then Ctrl-D; `out` is all the terminal
// showed (what was typed echoed, line ends as \r\n), `err` is empty.
ProcessResult runInTerminal(const std::vector<std::string>& argv, const std::vector<std::string>& inputs,
                            const std::string& prompt);

// A file in a fresh temporary directory, removed with the object.
class TempFile {
public:
  explicit TempFile(const std::string& contents, const std::string& name = "file");
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

private:
  std::string dir_;
  std::string path_;
};

}  // namespace autolife::testing
