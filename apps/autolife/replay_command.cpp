// `autolife replay DAY [--packages DIR...] [--explain] [--json] [--diff]
// [--data DIR] [--until T] [--serve [--port P]]`: a recorded day (simulate --record, serve) run
// again in virtual time; its timeline as `simulate` prints it, or with
// --diff only the decisions that differ with other packages
// (docs/replay.md).
#include <iostream>
#include <memory>

#include "autolife/core/json_line.hpp"
#include "autolife/replay/diff.hpp"
#include "autolife/replay/replay.hpp"
#include "commands.hpp"
#include "folded_lines.hpp"
#include "days.hpp"
#include "replay_serve.hpp"

namespace autolife::app {

namespace {

constexpr const char* kReplayHelp = R"(
DAY is a record written by `simulate --record FILE` or by `serve` (each run,
into DATA/days/, the last 7 days kept; --record FILE), or the name of a day
recorded in the data folder, or its beginning (a date: 2026-01-05).
The day runs again in virtual time: the recorded seed, robot, wall clock,
packages (checked against their recorded hash: one whose files changed is
named in a warning), inline activities and every recorded input at its
engine time (the world's steps, memory writes, a robot's perception, what
was heard, the clients' calls). It prints the timeline `simulate` prints,
byte for byte the recording's when nothing changed (--json, --explain as
there). A day recorded under `serve --robot` replays with no robot.
--packages DIR... replaces the recorded packages of the same uuid (DIR: a
package folder, a .pkg, or a folder of packages; others join).
--diff (with --packages) prints only the decisions that differ, one JSON
line per instant, with the why-not of the activity that no longer (or now)
starts:
  {"t": 812.0, "was": {"focused": "a/b", ...}, "now": {}, "why": "now a/b condition-false: ..."}
--serve opens the day in the dashboard (http://127.0.0.1:PORT/, loopback
only): a time slider over the day, every panel at the instant chosen.
Exit status: 0 replayed (with --diff: nothing differs); 1 an expectation
failed (with --diff: decisions differ); 2 the record cannot be read (not a
record, a later format version) or a bad option; 3 the record breaks (at the
byte said on stderr): what came before it was replayed.)";

struct ReplayCommandOptions {
  std::string day;
  std::vector<std::string> packages;
  bool explain = false;
  bool json = false;
  bool all = false;
  bool diff = false;
  std::string data;
  std::string until;
  bool serve = false;
  unsigned short port = 8765;
};

void warn(const std::string& text) { std::cerr << "autolife replay: warning: " << text << '\n'; }

// The issue's shape, one JSON line per instant that differs, whatever
// --json says (decision 1113); the exit status says whether any did.
int printDiff(replay::RecordReader& record, const replay::ReplayOptions& changed) {
  replay::ReplayOptions recorded;
  recorded.until = changed.until;
  recorded.warn = changed.warn;
  const auto result = replay::diffDays(record, recorded, changed);
  for (const auto& d : result.differences) std::cout << core::jsonLine(d.json()) << '\n';
  return result.differences.empty() ? 0 : 1;
}

int runReplay(const ReplayCommandOptions& o) {
  const auto data = o.data.empty() ? defaultDataDir() : std::filesystem::path(o.data);
  const auto found = findDay(o.day, data);
  if (!found.path) {
    std::cerr << "autolife replay: " << found.why << '\n';
    return 2;
  }
  std::unique_ptr<replay::RecordReader> record;
  try {
    record = std::make_unique<replay::RecordReader>(*found.path);
  } catch (const std::exception& e) {
    std::cerr << "autolife replay: " << found.path->string() << ": " << e.what() << '\n';
    return 2;
  }
  replay::ReplayOptions options;
  for (const auto& p : o.packages) options.packages.emplace_back(p);
  options.explain = o.explain;
  options.textOnly = !o.json && !o.diff;
  options.warn = warn;
  if (!o.until.empty()) {
    options.until = sim::parseDuration(o.until);
    if (!options.until) {
      std::cerr << "autolife replay: --until must be seconds or like 90s, 30m, 2h, 1h30m, 1d\n";
      return 2;
    }
  }
  if (const auto& broken = record->broken())
    std::cerr << "autolife replay: " << found.path->string() << ": " << broken->text() << "; nothing after it is replayed"
              << " (the day ends at " << sim::clockText(record->endTime()) << ")\n";
  if (o.serve) return serveDay(*record, options, found.path->string(), o.port);
  int status = 0;
  if (o.diff) {
    status = printDiff(*record, options);
  } else {
    FoldedLines plain(std::cout, !o.all);  // as simulate prints it
    auto result = replay::replay(*record, options, [&](const sim::Record& r) {
      if (o.json) std::cout << core::jsonLine(r.json) << '\n';
      else plain.write(r);
    });
    plain.finish();
    if (!o.json) std::cout << timelineEnd(result.simulation) << '\n';
    status = result.simulation.failedExpectations ? 1 : 0;
  }
  return record->broken() ? 3 : status;
}

}  // namespace

void addReplayCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<ReplayCommandOptions>();
  auto* cmd = app.add_subcommand("replay", "Run a recorded day again, with its packages or others (--diff: what changes)");
  cmd->add_option("DAY", options->day, "A recorded day: a file, or a day recorded in the data folder (or a date)")->required();
  cmd->add_option("--packages", options->packages,
                  "Packages replacing the recorded ones of the same uuid (folders, .pkg, folders of packages)")
      ->expected(1, -1);
  cmd->add_flag("--explain", options->explain,
                "At each Launchpad decision and at the end, why each activity not focused is not");
  cmd->add_flag("--json", options->json, "JSON Lines output, one object per event");
  cmd->add_flag("--all", options->all, "Print every record: identical ones in a row are not folded into one (xN)");
  cmd->add_flag("--diff", options->diff, "Only the decisions that differ from the recorded packages', as JSON Lines (use with --packages)");
  cmd->add_option("--data", options->data, "Data folder whose days/ DAY is looked up in (default ~/.local/share/autolife)");
  cmd->add_option("--until", options->until, "Stop at this time (seconds, or 90s, 30m, 2h, 1d)");
  cmd->add_flag("--serve", options->serve, "Open the day in the dashboard: http://127.0.0.1:PORT/, a time slider over it");
  cmd->add_option("--port", options->port, "With --serve: the port (default 8765; 0 picks a free one)");
  cmd->footer(kReplayHelp);
  cmd->callback([options, &status] { status = runReplay(*options); });
}

}  // namespace autolife::app
