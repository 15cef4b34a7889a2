#include "attributes.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <utility>

namespace autolife::behavior {

namespace {

std::string_view trim(std::string_view text) {
  std::size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  std::size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

// "Stop on demand", "stop_on_demand", "STOP ON DEMAND" all read alike.
std::string normalisedWord(std::string_view text) {
  std::string out;
  for (char c : trim(text)) out += c == '_' ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A keyword among `names` (index = code) or its number.
template <std::size_t N>
std::optional<int> keyword(std::string_view text, const std::array<const char*, N>& names) {
  std::string word = normalisedWord(text);
  for (std::size_t i = 0; i < N; ++i)
    if (word == names[i]) return static_cast<int>(i);
  if (auto number = parseInt(text); number && *number >= 0 && static_cast<std::size_t>(*number) < N) return number;
  return std::nullopt;
}

constexpr std::array<const char*, 4> kResourceTypes = {"lock", "stop on demand", "pause on demand",
                                                       "callback on demand"};
constexpr std::array<const char*, 3> kAcquisitions = {"passive", "waiting", "aggressive"};
constexpr std::array<const char*, 3> kInterpolations = {"constant", "linear", "bezier"};
constexpr std::array<const char*, 2> kSides = {"left", "right"};

}  // namespace

std::optional<int> parseInt(std::string_view text) {
  text = trim(text);
  if (text.starts_with('+')) text.remove_prefix(1);
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<double> parseDouble(std::string_view text) {
  text = trim(text);
  if (text.starts_with('+')) text.remove_prefix(1);
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::optional<bool> parseBool(std::string_view text) {
  std::string word = normalisedWord(text);
  if (word == "1" || word == "true") return true;
  if (word == "0" || word == "false") return false;
  return std::nullopt;
}

bool Attributes::has(const char* name) const { return static_cast<bool>(attributeOf(element_, name)); }

std::string Attributes::text(const char* name, std::string fallback) const {
  pugi::xml_attribute a = attributeOf(element_, name);
  return a ? std::string(a.value()) : std::move(fallback);
}

std::optional<std::string> Attributes::optionalText(const char* name) const {
  pugi::xml_attribute a = attributeOf(element_, name);
  if (!a) return std::nullopt;
  return std::string(a.value());
}

std::optional<std::string_view> Attributes::typedValue(const char* name) const {
  pugi::xml_attribute a = attributeOf(element_, name);
  if (!a || std::string_view(a.value()) == "None") return std::nullopt;
  return std::string_view(a.value());
}

void Attributes::invalid(const char* name, std::string_view value, const char* expected) const {
  error(name, std::string(localName(element_)) + " attribute " + name + " is " + inQuotes(value) + "; expected " +
                  expected);
}

int Attributes::integer(const char* name, int fallback) const {
  auto text = typedValue(name);
  if (!text) return fallback;
  if (auto value = parseInt(*text)) return *value;
  invalid(name, *text, "an integer");
  return fallback;
}

int Attributes::requiredInteger(const char* name) const {
  if (!has(name)) {
    file_.error(element_, std::string(localName(element_)) + " has no " + name + " attribute");
    return 0;
  }
  return integer(name, 0);
}

double Attributes::number(const char* name, double fallback) const {
  auto text = typedValue(name);
  if (!text) return fallback;
  if (auto value = parseDouble(*text)) return *value;
  invalid(name, *text, "a number");
  return fallback;
}

bool Attributes::flag(const char* name, bool fallback) const {
  auto text = typedValue(name);
  if (!text) return fallback;
  if (auto value = parseBool(*text)) return *value;
  invalid(name, *text, "0 or 1");
  return fallback;
}

ResourceType Attributes::resourceType(const char* name) const {
  auto text = typedValue(name);
  if (!text) return ResourceType::Lock;
  if (auto code = keyword(*text, kResourceTypes)) return static_cast<ResourceType>(*code);
  // "Pause on demand (beta)": Choregraphe's name for it while it was new.
  if (const auto paren = text->find(" ("); paren != std::string_view::npos && text->ends_with(")"))
    if (auto code = keyword(text->substr(0, paren), kResourceTypes)) return static_cast<ResourceType>(*code);
  invalid(name, *text, "Lock, Stop on demand, Pause on demand or Callback on demand");
  return ResourceType::Lock;
}

ResourcesAcquisition Attributes::resourcesAcquisition(const char* name) const {
  auto text = typedValue(name);
  if (!text) return ResourcesAcquisition::Passive;
  if (auto code = keyword(*text, kAcquisitions)) return static_cast<ResourcesAcquisition>(*code);
  invalid(name, *text, "0 (passive), 1 (waiting) or 2 (aggressive)");
  return ResourcesAcquisition::Passive;
}

Interpolation Attributes::interpolation(const char* name) const {
  auto text = typedValue(name);
  if (!text) return Interpolation::Bezier;
  if (auto code = keyword(*text, kInterpolations)) return static_cast<Interpolation>(*code);
  invalid(name, *text, "constant, linear or bezier");
  return Interpolation::Bezier;
}

TangentSide Attributes::tangentSide(const char* name) const {
  auto text = typedValue(name);
  if (!text) return TangentSide::Left;
  if (auto code = keyword(*text, kSides)) return static_cast<TangentSide>(*code);
  invalid(name, *text, "left or right");
  return TangentSide::Left;
}

}  // namespace autolife::behavior
