// The variables ALDialog keeps about the time of day (aldialog-api's
// events: Dialog/Hour, Dialog/Morning...), which published topics read
// ($Dialog/Hour); in UTC, as ^currentTime (decision 110).
#include <ctime>

#include "clock_variables.hpp"

namespace autolife::dialog {

std::optional<std::string> clockVariable(const std::string& name, std::chrono::system_clock::time_point now) {
  if (!name.starts_with("Dialog/")) return std::nullopt;
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  const std::string key = name.substr(7);
  if (key == "Hour") return std::to_string(tm.tm_hour);
  if (key == "Minute") return std::to_string(tm.tm_min);
  if (key == "Second") return std::to_string(tm.tm_sec);
  if (key == "Year") return std::to_string(tm.tm_year + 1900);
  if (key == "DateCode") return std::to_string(tm.tm_mon + 1) + (tm.tm_mday < 10 ? "0" : "") + std::to_string(tm.tm_mday);
  // Morning 5 AM-11 AM, Default 11 AM-7 PM, Night 7 PM-5 AM: 1 or 0.
  if (key == "Morning") return tm.tm_hour >= 5 && tm.tm_hour < 11 ? "1" : "0";
  if (key == "Default") return tm.tm_hour >= 11 && tm.tm_hour < 19 ? "1" : "0";
  if (key == "Night") return tm.tm_hour >= 19 || tm.tm_hour < 5 ? "1" : "0";
  return std::nullopt;
}

}  // namespace autolife::dialog
