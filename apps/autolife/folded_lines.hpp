// The plain output of `play` and `simulate`: a record whose text (after its
// time) is the one printed just before is held back; when another comes,
// or the output ends, the last of the run is printed with " xN", N the
// records of the run. A box polling in a loop is then two lines, not
// hundreds; --all prints every record (--json always does).
#pragma once

#include <ostream>
#include <string>

#include "autolife/sim/simulator.hpp"

namespace autolife::app {

class FoldedLines {
public:
  // `flush`: each line is flushed (play in real time is watched as it goes).
  FoldedLines(std::ostream& out, bool fold, bool flush = false) : out_(out), fold_(fold), flush_(flush) {}
  ~FoldedLines() { finish(); }
  FoldedLines(const FoldedLines&) = delete;
  FoldedLines& operator=(const FoldedLines&) = delete;

  void write(const sim::Record& record);
  // Prints the run held back, if any (before a line printed otherwise).
  void finish();

private:
  void print(const std::string& text);

  std::ostream& out_;
  const bool fold_;
  const bool flush_;
  std::string body_;  // the last record's text without its time
  std::string held_;  // the last record of a run, not printed yet
  int repeats_ = 0;   // records of the run so far (1: none held)
};

}  // namespace autolife::app
