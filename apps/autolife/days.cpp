#include "days.hpp"

#include <algorithm>
#include <cstdlib>
#include <ctime>

namespace autolife::app {

std::filesystem::path daysFolder(const std::filesystem::path& data) { return data / "days"; }

std::filesystem::path newDayPath(const std::filesystem::path& data, std::chrono::system_clock::time_point start) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(start);
  std::tm local{};
  localtime_r(&seconds, &local);
  char name[32];
  std::strftime(name, sizeof name, "%Y-%m-%dT%H-%M-%S", &local);
  const auto folder = daysFolder(data);
  auto path = folder / (std::string(name) + kDayExtension);
  for (int n = 2; std::filesystem::exists(path); ++n) path = folder / (std::string(name) + "-" + std::to_string(n) + kDayExtension);
  return path;
}

namespace {

std::vector<std::filesystem::path> recordedDays(const std::filesystem::path& data) {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(daysFolder(data), ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec) && it->path().extension() == kDayExtension) out.push_back(it->path());
  std::ranges::sort(out);
  return out;
}

}  // namespace

std::vector<std::string> pruneDays(const std::filesystem::path& data, std::chrono::system_clock::time_point now, int days) {
  std::vector<std::string> deleted;
  const auto limit = now - std::chrono::hours(24 * days);
  for (const auto& path : recordedDays(data)) {
    std::error_code ec;
    const auto written = std::chrono::file_clock::to_sys(std::filesystem::last_write_time(path, ec));
    if (ec || written >= limit) continue;
    if (std::filesystem::remove(path, ec)) deleted.push_back(path.filename().string());
  }
  return deleted;
}

DayFound findDay(const std::string& day, const std::filesystem::path& data) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(day, ec)) return {day, {}};
  std::vector<std::filesystem::path> matches;
  for (const auto& path : recordedDays(data)) {
    const std::string name = path.filename().string();
    if (name == day || name.starts_with(day)) matches.push_back(path);
  }
  if (matches.size() == 1) return {matches.front(), {}};
  if (matches.empty())
    return {std::nullopt, "'" + day + "' is neither a file nor a day recorded in " + daysFolder(data).string()};
  std::string names;
  for (const auto& m : matches) names += "\n  " + m.filename().string();
  return {std::nullopt, std::to_string(matches.size()) + " recorded days in " + daysFolder(data).string() +
                            " begin with '" + day + "'; name one:" + names};
}

}  // namespace autolife::app
