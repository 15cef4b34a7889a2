// The trace Reader (issue 18): block reads, lines longer than a block,
// file descriptors, and the fast path (simdjson) giving what parseStep
// gives.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "autolife/trace/trace.hpp"

namespace {

using autolife::core::fromSeconds;
using autolife::trace::parseStep;
using autolife::trace::Reader;
using autolife::trace::Step;
using autolife::trace::TraceError;

TEST(TraceReader, ALineLongerThanTheReadBlockIsReadWhole) {
  const std::string big(3 << 20, 'a');  // 3 MiB: three times the block
  std::istringstream in("{\"t\": 0, \"set\": {\"k\": \"" + big + "\"}}\n{\"t\": 1, \"set\": {\"k\": 2}}\n");
  Reader reader(in);
  auto first = reader.next();
  ASSERT_TRUE(first.has_value());
  ASSERT_EQ(first->set.size(), 1u);
  EXPECT_EQ(first->set[0].second.asString(), big);
  auto second = reader.next();
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->time, fromSeconds(1));
  EXPECT_EQ(second->set[0].second.asInt(), 2);
  EXPECT_FALSE(reader.next().has_value());
  EXPECT_EQ(reader.lineNumber(), 2);
}

TEST(TraceReader, ReadsAFileDescriptorAsLinesArrive) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::thread writer([fd = fds[1]] {
    const std::string lines[] = {"{\"t\": 0, \"set\": {\"k\": 1}}\n", "\n", "{\"t\": 2, \"raise\": {\"e\": true}}"};
    for (const auto& l : lines) EXPECT_EQ(write(fd, l.data(), l.size()), static_cast<ssize_t>(l.size()));
    close(fd);
  });
  Reader reader(fds[0]);
  Step step;
  ASSERT_TRUE(reader.next(step));
  EXPECT_EQ(step.set[0].first, "k");
  ASSERT_TRUE(reader.next(step));  // the blank line counts, the last line has no newline
  EXPECT_EQ(step.time, fromSeconds(2));
  EXPECT_TRUE(step.set.empty());
  ASSERT_EQ(step.raise.size(), 1u);
  EXPECT_TRUE(step.raise[0].second.asBool());
  EXPECT_FALSE(reader.next(step));
  EXPECT_EQ(reader.lineNumber(), 3);
  writer.join();
  close(fds[0]);
}

// Each line read by the Reader equals parseStep's reading of it.
void expectSameAsParseStep(const std::string& line) {
  std::istringstream in(line + "\n");
  Reader reader(in);
  std::string fastError, slowError;
  std::optional<Step> fast, slow;
  try {
    fast = reader.next();
  } catch (const TraceError& e) {
    fastError = e.what();
  }
  try {
    slow = parseStep(line, 1, autolife::core::Time{0});
  } catch (const TraceError& e) {
    slowError = e.what();
  }
  EXPECT_EQ(fastError, slowError) << line;
  ASSERT_EQ(fast.has_value(), slow.has_value()) << line;
  if (!fast) return;
  EXPECT_EQ(fast->time, slow->time) << line;
  ASSERT_EQ(fast->set.size(), slow->set.size()) << line;
  for (std::size_t i = 0; i < fast->set.size(); ++i) {
    EXPECT_EQ(fast->set[i].first, slow->set[i].first) << line;
    EXPECT_TRUE(identical(fast->set[i].second, slow->set[i].second)) << line;
  }
  EXPECT_EQ(fast->remove, slow->remove) << line;
  EXPECT_EQ(fast->declare, slow->declare) << line;
  ASSERT_EQ(fast->raise.size(), slow->raise.size()) << line;
  for (std::size_t i = 0; i < fast->raise.size(); ++i) {
    EXPECT_EQ(fast->raise[i].first, slow->raise[i].first) << line;
    EXPECT_TRUE(identical(fast->raise[i].second, slow->raise[i].second)) << line;
  }
}

TEST(TraceReader, ReadsEachLineAsParseStepDoes) {
  for (const char* line : {
           R"({"t": 0.095, "set": {"p": 0, "x": 4}})",
           R"({"t": 1, "set": {"b": 1, "a": 2, "c": 3}})",  // keys sorted, as nlohmann's map sorts them
           R"({"t": 1, "set": {"k": 1, "k": 2}})",          // a repeated key keeps its last value
           R"({"t": 1, "t": 2, "set": {"k": 1}})",
           R"({"t": 0, "set": {"k": [1, 2.0, "s", null, true, [3]]}})",
           R"({"t": 0, "set": {"k": -0}, "raise": {"e": -0.0}})",
           R"({"t": 0, "set": {"k": 9223372036854775807}})",
           R"({"t": 0, "set": {"k": 9223372036854775808}})",  // beyond int64: the error of the contract
           R"({"t": 0, "set": {"k": 1e400}})",
           R"({"t": 0, "set": {"k": "caf\u00e9"}})",
           R"({"t": 0, "set": {"k": {"a": 1}}})",
           R"({"t": 0, "declare": ["a", "b"], "remove": ["c"]})",
           R"({"t": 0, "remove": [""]})",
           R"({"t": 0, "set": {"": 1}})",
           R"({"t": 0, "pref": {"d": {"s": "v"}}})",
           R"({"t": "0", "set": {"k": 1}})",
           R"({"t": -1, "set": {"k": 1}})",
           R"({"t": 0})",
           R"({"t": 0, "sett": {"k": 1}})",
           R"({"t": 0, "set": {"k": 1}} trailing)",
           R"({"t": 0, "set": {"k": 01}})",
           "{\"t\": 0, \"set\": {\"k\": 1}}\r",
           "\xef\xbb\xbf{\"t\": 0, \"set\": {\"k\": 1}}",
           "{\"t\": 0, \"set\": {\"k\": \"\xff\"}}",
           // The hand scanner's shape (scan_step.hpp) and its near misses.
           R"({"set": {"x": 5, "p": 1}, "t": 12.25})",
           R"(  {"t":3,"raise":{"e":true},"set":{"a":false,"b":null,"c":"plain text"}}  )",
           "{\"t\":\t1.5e1 ,\"set\" : { } }",
           R"({"t": 0, "set": {"k": 1.5E-3, "m": -2.5e+2, "n": 0.1, "o": -7, "q": 123456789012345678}})",
           R"({"t": 0, "set": {"k": 1234567890123456789}})",
           R"({"t": 0, "set": {"k": 1e-400}})",
           R"({"t": 0, "set": {"k": 1.}})",
           R"({"t": 0, "set": {"k": .5}})",
           R"({"t": 0, "set": {"k": +1}})",
           R"({"t": 0, "set": {"k": -}})",
           R"({"t": 0, "set": {"k": 1e}})",
           R"({"t": 0, "set": {"k": tru}})",
           R"({"t": 0, "set": {"k": nullx}})",
           R"({"t": 0, "set": {"k": "a"b"}})",
           R"({"t": 0, "set": {"k": 1,}})",
           R"({"t": 0, "set": {"k": 1} "raise": {"e": 1}})",
           R"({"t": 0, "set": {"k": 1}, "set": {"k": 2}})",
           R"({"t": 0, "raise": {"e": 1}, "raise": {"e": 2}})",
           R"({"t": 00, "set": {"k": 1}})",
           R"({"t": -0, "set": {"k": -0.0}})",
           R"({"t": 1e10, "set": {"k": 1}})",
           R"({"t": 9000000000, "set": {"k": 1}})",
           R"({"t": 0, "set": {"k": 1}}})",
           R"({"t": 0, "set": {"k": 1})",
           R"({"t": 0, "set": {"k": 1}, "t": 1})",
           R"({"t": 0, "set": {"b": 1, "a": 2, "b": 3}})",
           "{\"t\": 0, \"set\": {\"k\": \"tab\there\"}}",
           "{\"t\": 0, \"set\": {\"k\": \"\x7f\"}}",
       })
    expectSameAsParseStep(line);
}

// The scanner remembers the last line's shape (scan_step.hpp): lines of that
// shape with other values, and near misses of it, read as parseStep reads
// them, one after the other in one Reader.
TEST(TraceReader, LinesOfTheLastLinesShapeReadAsParseStepDoes) {
  const std::vector<std::string> lines = {
      R"({"t": 0.095, "set": {"p": 0, "x": 4}})",
      R"({"t": 0.136, "set": {"p": 1, "x": 2}})",
      R"({"t": 0.290, "set": {"p": "on", "x": -2.5}})",
      R"({"t": 0.3, "set": {"p": true, "x": null}})",
      R"({"t": 1, "set": {"p": 0, "x": 1e2}})",
      R"({"t": 1.5, "set": {"p": 0, "x": 4, "y": 1}})",
      R"({"t": 1.6, "set": {"p": 0, "x": 4}})",
      R"({"t": 1.7, "set": {"p": 0,  "x": 4}})",
      R"({"t": 1.8, "set": {"p": 0, "x": [1]}})",
      R"({"t": 1.9, "set": {"p": 0, "x": "caf\u00e9"}})",
      R"({"t": 2.0, "set": {"p": 0, "x": 4}})",
      R"({"t": 2.1, "set": {"q": 0, "x": 4}})",
      R"({"t": 2.2, "set": {"p": 0, "x": 4}})",
      R"({"t": 2.3, "raise": {"p": 0, "x": 4}})",
      R"({"t": 2.4, "set": {"p": 0, "x": 4}})",
      R"({"t": 2.5, "set": {"p": 0, "x": 4}} )",
      R"({"t": 2.6, "set": {"p": 0, "x": 4}})",
      R"({"t": 2.60000000000000001, "set": {"p": 123456789012345678, "x": 0.1234567890123456}})",
      R"({"t": 2.7, "set": {"p": 0, "x": 4}})",
      R"({"t": 2.8, "set": {"p": 01, "x": 4}})",
  };
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  std::istringstream in(text);
  Reader reader(in);
  Step step;
  autolife::core::Time last{0};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string fastError, slowError;
    bool read = false;
    std::optional<Step> slow;
    try {
      read = reader.next(step);
    } catch (const TraceError& e) {
      fastError = e.what();
    }
    try {
      slow = parseStep(lines[i], static_cast<int>(i + 1), last);
    } catch (const TraceError& e) {
      slowError = e.what();
    }
    ASSERT_EQ(fastError, slowError) << lines[i];
    if (!slowError.empty()) break;  // a bad line ends the trace
    ASSERT_TRUE(read && slow) << lines[i];
    EXPECT_EQ(step.time, slow->time) << lines[i];
    ASSERT_EQ(step.set.size(), slow->set.size()) << lines[i];
    for (std::size_t k = 0; k < step.set.size(); ++k) {
      EXPECT_EQ(step.set[k].first, slow->set[k].first) << lines[i];
      EXPECT_TRUE(identical(step.set[k].second, slow->set[k].second)) << lines[i];
    }
    ASSERT_EQ(step.raise.size(), slow->raise.size()) << lines[i];
    for (std::size_t k = 0; k < step.raise.size(); ++k) {
      EXPECT_EQ(step.raise[k].first, slow->raise[k].first) << lines[i];
      EXPECT_TRUE(identical(step.raise[k].second, slow->raise[k].second)) << lines[i];
    }
    last = step.time;
  }
  EXPECT_EQ(reader.lineNumber(), static_cast<int>(lines.size()));  // the last line is the bad one
}

// The scanner turns "t" into nanoseconds without a double below 10^6 s and
// 9 decimals (decision 850): the same nanosecond as parseStep's
// fromSeconds(double), at the edges of that range and on random times.
TEST(TraceReader, TimesReadToTheSameNanosecondAsParseStep) {
  std::vector<std::string> times = {"0",           "0.0",        "-0.0",         "-0",          "0.000000001",
                                    "0.0000000005", "0.1",        "0.095",        "999999",      "1000000",
                                    "999999.999999999", "999999.9999999995", "1000000.000000001", "123456.789012345",
                                    "8999999999.999999", "9000000000", "0.3333333333333333", "5.000000000"};
  std::mt19937_64 rng(850);
  for (int i = 0; i < 3000; ++i) {
    std::string whole = std::to_string(rng() % 10 == 0 ? rng() % 10000000 : rng() % 100000);
    const int decimals = static_cast<int>(rng() % 13);
    std::string text = whole;
    if (decimals > 0) {
      text += '.';
      for (int d = 0; d < decimals; ++d) text += static_cast<char>('0' + rng() % 10);
    }
    times.push_back(text);
  }
  for (const auto& t : times) expectSameAsParseStep(R"({"t": )" + t + R"(, "set": {"p": 0, "x": 4}})");
}

// A value that repeats from one line to the next is kept, not assigned
// again: what is kept must still be the line's value, sign of zero and type
// included.
TEST(TraceReader, RepeatedValuesKeepTheirTypeAndSign) {
  std::istringstream in(
      "{\"t\": 0, \"set\": {\"p\": 0.0, \"x\": 1}}\n"
      "{\"t\": 1, \"set\": {\"p\": -0.0, \"x\": 1.0}}\n"
      "{\"t\": 2, \"set\": {\"p\": -0.0, \"x\": true}}\n"
      "{\"t\": 3, \"set\": {\"p\": 0.0, \"x\": 1}}\n");
  Reader reader(in);
  Step step;
  ASSERT_TRUE(reader.next(step));
  EXPECT_FALSE(std::signbit(step.set[0].second.asFloat()));
  EXPECT_TRUE(step.set[1].second.isInt());
  ASSERT_TRUE(reader.next(step));
  EXPECT_TRUE(std::signbit(step.set[0].second.asFloat()));
  EXPECT_TRUE(step.set[1].second.isFloat());
  ASSERT_TRUE(reader.next(step));
  EXPECT_TRUE(std::signbit(step.set[0].second.asFloat()));
  EXPECT_TRUE(step.set[1].second.isBool());
  ASSERT_TRUE(reader.next(step));
  EXPECT_FALSE(std::signbit(step.set[0].second.asFloat()));
  EXPECT_TRUE(step.set[1].second.isInt());
}

}  // namespace
