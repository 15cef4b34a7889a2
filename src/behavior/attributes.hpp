// Typed reading of attributes. An absent attribute gives the default; a
// present one that is not a valid value is an error at the attribute (the
// default is used so that reading goes on and finds every error at once).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <pugixml.hpp>

#include "autolife/behavior/xar_model.hpp"
#include "xml_file.hpp"

namespace autolife::behavior {

// Parsing of the texts themselves, shared with the writers' tests.
std::optional<int> parseInt(std::string_view text);
std::optional<double> parseDouble(std::string_view text);  // finite numbers only
std::optional<bool> parseBool(std::string_view text);      // 0/1, true/false in any case

class Attributes {
public:
  Attributes(const XmlFile& file, pugi::xml_node element) : file_(file), element_(element) {}

  bool has(const char* name) const;
  std::string text(const char* name, std::string fallback = {}) const;
  std::optional<std::string> optionalText(const char* name) const;
  int integer(const char* name, int fallback) const;
  // An attribute without which the element means nothing: absent is an error.
  int requiredInteger(const char* name) const;
  double number(const char* name, double fallback) const;
  bool flag(const char* name, bool fallback) const;
  // An int-coded enumeration (kept even when the number is not a known value).
  template <typename Enum>
  Enum code(const char* name, Enum fallback) const {
    return static_cast<Enum>(integer(name, static_cast<int>(fallback)));
  }
  ResourceType resourceType(const char* name) const;
  ResourcesAcquisition resourcesAcquisition(const char* name) const;
  Interpolation interpolation(const char* name) const;
  TangentSide tangentSide(const char* name) const;

  void error(const char* name, std::string message) const { file_.error(file_.source(element_, name), std::move(message)); }

private:
  void invalid(const char* name, std::string_view value, const char* expected) const;
  // The value of a typed attribute: none when absent or "None" (what some
  // Choregraphe versions write for an unset value).
  std::optional<std::string_view> typedValue(const char* name) const;

  const XmlFile& file_;
  pugi::xml_node element_;
};

}  // namespace autolife::behavior
