#include "arguments.hpp"

#include <cmath>
#include <cstdio>

#include "autolife/robot/robot_core.hpp"

namespace autolife::robot::args {

std::string quote(const Any& v) {
  std::string s = v.dump(-1, ' ', false, Any::error_handler_t::replace);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

namespace {

std::string must(std::string_view what, std::string_view be, const Any& got) {
  return std::string(what) + " must be " + std::string(be) + ", got " + quote(got);
}

}  // namespace

double number(const Any& v, std::string_view where, std::string_view what) {
  if (!v.is_number() || !std::isfinite(v.get<double>())) refuse("bad-argument", where, must(what, "a number", v));
  return v.get<double>();
}

double numberIn(const Any& v, double lo, double hi, std::string_view where, std::string_view what) {
  double d = number(v, where, what);
  if (d < lo || d > hi) {
    char range[80];
    std::snprintf(range, sizeof range, "between %g and %g", lo, hi);
    refuse("bad-argument", where, must(what, range, v));
  }
  return d;
}

double within(double value, double lo, double hi, std::string_view what) {
  if (!(value >= lo && value <= hi)) {
    char range[80];
    std::snprintf(range, sizeof range, "between %g and %g", lo, hi);
    service::refuse("bad-argument", must(what, range, value));
  }
  return value;
}

std::vector<double> numbers(const Any& v, std::string_view where, std::string_view what) {
  if (v.is_number()) return {number(v, where, what)};
  if (!v.is_array()) refuse("bad-argument", where, must(what, "a number or a list of numbers", v));
  std::vector<double> out;
  for (const auto& e : v) {
    if (!e.is_number()) refuse("bad-argument", where, must(what, "a number or a list of numbers", v));
    out.push_back(number(e, where, what));
  }
  return out;
}

bool flag(const Any& v, std::string_view where, std::string_view what) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number_integer()) return v.get<std::int64_t>() != 0;
  refuse("bad-argument", where, must(what, "a bool", v));
}

std::string text(const Any& v, std::string_view where, std::string_view what) {
  if (!v.is_string()) refuse("bad-argument", where, must(what, "a string", v));
  return v.get<std::string>();
}

std::vector<std::string> names(const Any& v, std::string_view where, std::string_view what) {
  if (v.is_string()) return {v.get<std::string>()};
  if (!v.is_array()) refuse("bad-argument", where, must(what, "a name or a list of names", v));
  std::vector<std::string> out;
  for (const auto& e : v) {
    if (!e.is_string()) refuse("bad-argument", where, must(what, "a name or a list of names", v));
    out.push_back(e.get<std::string>());
  }
  return out;
}

}  // namespace autolife::robot::args
