// Reading the loosely typed arguments NAOqi methods take (a name or a list
// of names, a number or a list of numbers, True or 1), with refusals that
// name the method and the argument.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "autolife/service/service.hpp"

namespace autolife::robot::args {

using service::Any;

// "Service.method": how refusals name the method they come from.
inline std::string qualified(std::string_view service, std::string_view method) {
  return std::string(service) + "." + std::string(method);
}

// A short quote of a value for sentences (service::quote).
std::string quote(const Any& v);

// A list's elements: an Array's or a Tuple's (a Python tuple); null for
// any other value (service::elementsOf).
inline const Any::Array* list(const Any& v) { return service::elementsOf(v); }

// A number (int or float); bad-argument otherwise.
double number(const Any& v, std::string_view where, std::string_view what);
// A number in [lo, hi]; bad-argument otherwise.
double numberIn(const Any& v, double lo, double hi, std::string_view where, std::string_view what);
// A number or a list of numbers.
std::vector<double> numbers(const Any& v, std::string_view where, std::string_view what);
// A bool, or an int used as one (Python boxes pass 0/1).
bool flag(const Any& v, std::string_view where, std::string_view what);
// A string.
std::string text(const Any& v, std::string_view where, std::string_view what);
// A string or a list of strings.
std::vector<std::string> names(const Any& v, std::string_view where, std::string_view what);

// For typed handlers (the refusal names the method being called):
// `value` when it is in [lo, hi], else a bad-argument refusal naming `what`.
double within(double value, double lo, double hi, std::string_view what);

// Engine time of `seconds` (>= 0).
inline core::Duration seconds(double s) { return core::fromSeconds(s); }

}  // namespace autolife::robot::args
