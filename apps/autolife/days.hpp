// Where recorded days live (docs/replay.md): `serve` records each run into
// its data folder's days/ (DATA/days/2026-01-05T09-00-00.day, the run's
// start in local time) and keeps the last 7 days; `replay DAY` takes a
// file, or a name (or its beginning: a date) in that folder.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "data_folder.hpp"  // defaultDataDir(), where DATA is without --data

namespace autolife::app {

inline constexpr int kDaysKept = 7;
inline constexpr const char* kDayExtension = ".day";

std::filesystem::path daysFolder(const std::filesystem::path& data);

// DATA/days/<start, local time>.day; "-2", "-3"... when that name is taken.
std::filesystem::path newDayPath(const std::filesystem::path& data, std::chrono::system_clock::time_point start);

// Deletes the recorded days last written more than `days` days before
// `now`; the names of those it deleted.
std::vector<std::string> pruneDays(const std::filesystem::path& data, std::chrono::system_clock::time_point now,
                                   int days = kDaysKept);

// The record `day` names: an existing file, else a recorded day in
// DATA/days/ whose name is `day` or begins with it. The sentence saying
// why not otherwise (none, or several: they are listed).
struct DayFound {
  std::optional<std::filesystem::path> path;
  std::string why;
};
DayFound findDay(const std::string& day, const std::filesystem::path& data);

}  // namespace autolife::app
