// `autolife eval EXPR [--trace FILE|-] [--until T] [--seed N] [--explain]`:
// evaluates one launch condition over a trace of memory inputs in virtual
// time and prints its value as JSON Lines (REFERENCE §3).
#include <fcntl.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>

#include "autolife/trace/evaluation.hpp"
#include "commands.hpp"

namespace autolife::app {

namespace {

constexpr const char* kEvalHelp = R"(
Input (--trace): JSON Lines, one step per line, times non-decreasing:
  {"t": 1.5, "set": {"key": <value>, ...}}     {"t": 2, "raise": {"event": <value>}}
  {"t": 3, "remove": ["key", ...]}              {"t": 0, "declare": ["key", ...]}
  {"t": 0, "pref": {"domain": {"setting": "string"}}}
Output: JSON Lines {"t": <seconds>, "value": <value>}: the value at the first
step (or at t=0 without a trace), then one line per change up to --until
(default: the last step's time plus the largest window of the expression).
An instantaneous truth (bang, a stable() dip) prints as two lines with the
same t. --explain adds "explain" to each line (every sub-expression's value
and each time operator's progress) and prints, on stderr, a readable
explanation of the condition at the end of the run: why it is what it is at
--until.
Exit status: 0 ok; 2 bad expression (line:column on stderr); 1 bad trace
(its line number on stderr).
Example:
  autolife eval "('Launchpad/NumPeopleZone2' >= 1) ~ 3" --trace people.jsonl
An expression that starts with '-' goes after '--': autolife eval -- "-1 < 'k'")";

constexpr std::size_t kOutputBlock = 1 << 16;

struct EvalOptions {
  std::string expression;
  std::string tracePath;
  double until = -1;
  std::uint64_t seed = 0;
  bool explain = false;
};

int runEval(const EvalOptions& o) {
  auto compiled = condition::compile(o.expression);
  if (auto* d = std::get_if<core::Diagnostic>(&compiled)) {
    std::cerr << "autolife eval: error: " << d->formatWithExcerpt() << '\n';
    return 2;
  }
  // The trace is read with read(2) in large blocks: from the file, or from
  // standard input as its lines arrive.
  int fd = -1;
  std::string name = o.tracePath;
  if (o.tracePath == "-") {
    fd = 0;
    name = "<stdin>";
  } else if (!o.tracePath.empty()) {
    fd = ::open(o.tracePath.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      std::cerr << "autolife eval: error: cannot open trace " << o.tracePath << '\n';
      return 1;
    }
  }
  struct CloseOnExit {
    int fd;
    ~CloseOnExit() {
      if (fd > 0) ::close(fd);
    }
  } closeOnExit{fd};
  std::unique_ptr<trace::Reader> reader = fd >= 0 ? std::make_unique<trace::Reader>(fd) : nullptr;
  trace::EvaluationOptions options;
  if (o.until >= 0) options.until = core::fromSeconds(o.until);
  options.seed = o.seed;
  options.explain = o.explain;
  // Output lines go through one buffer, written in large blocks (line by
  // line to a terminal, where someone watches them come).
  std::string out;
  const bool toTerminal = ::isatty(1);
  auto flush = [&out] {
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
    out.clear();
  };
  try {
    auto final = trace::evaluate(std::get<std::shared_ptr<const condition::Program>>(compiled), reader.get(),
                                 options, [&](const trace::OutputLine& line) {
                                   trace::appendLine(out, line);
                                   if (out.size() >= kOutputBlock || toTerminal) flush();
                                 });
    flush();
    if (final) std::cerr << "at t=" << core::formatSeconds(final->time) << ":\n" << final->text();
  } catch (const trace::TraceError& e) {
    flush();
    std::cerr << "autolife eval: error: " << name << ": " << e.what() << '\n';
    return 1;
  }
  return 0;
}

}  // namespace

void addEvalCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<EvalOptions>();
  auto* cmd = app.add_subcommand("eval", "Evaluate a launch trigger condition over a trace of memory inputs");
  cmd->add_option("EXPR", options->expression, "The condition, e.g. \"('Launchpad/NumPeopleZone2' >= 1) ~ 3\"")
      ->required();
  cmd->add_option("--trace", options->tracePath, "JSON Lines trace of inputs; '-' reads standard input");
  cmd->add_option("--until", options->until, "Stop at this time, in seconds")
      ->check([](const std::string& text) -> std::string {
        const std::string bad = "--until must be a number of seconds from 0 to 9e9 (the engine's time range)";
        try {
          const double seconds = std::stod(text);
          return seconds >= 0 && seconds <= core::kLatestInputSeconds ? "" : bad;
        } catch (const std::exception&) {
          return bad;
        }
      });
  cmd->add_option("--seed", options->seed, "Seed for rand() (default 0: runs are reproducible)")
      ->check([](const std::string& text) -> std::string {
        std::uint64_t seed = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
        const bool whole = ec == std::errc() && end == text.data() + text.size();
        return whole ? "" : "--seed must be a whole number from 0 to 18446744073709551615";
      });
  cmd->add_flag("--explain", options->explain, "Add each sub-expression's value and time-operator progress");
  cmd->footer(kEvalHelp);
  cmd->callback([options, &status] { status = runEval(*options); });
}

}  // namespace autolife::app
