#include "arguments.hpp"

#include <cmath>
#include <cstdio>

#include "autolife/robot/robot_core.hpp"

namespace autolife::robot::args {

std::string quote(const Any& v) { return service::quote(v); }

namespace {

std::string must(std::string_view what, std::string_view be, const Any& got) {
  return std::string(what) + " must be " + std::string(be) + ", got " + quote(got);
}

}  // namespace

double number(const Any& v, std::string_view where, std::string_view what) {
  // A Float is finite (core::Value makes NaN and the infinities Invalid).
  if (!service::fits(v, service::Type::Float)) refuse("bad-argument", where, must(what, "a number", v));
  return service::Convert<double>::from(v);
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
  if (service::fits(v, service::Type::Float)) return {number(v, where, what)};
  const auto* elements = list(v);
  if (!elements) refuse("bad-argument", where, must(what, "a number or a list of numbers", v));
  std::vector<double> out;
  for (const auto& e : *elements) {
    if (!service::fits(e, service::Type::Float)) refuse("bad-argument", where, must(what, "a number or a list of numbers", v));
    out.push_back(number(e, where, what));
  }
  return out;
}

bool flag(const Any& v, std::string_view where, std::string_view what) {
  if (v.isBool()) return v.asBool();
  if (v.isInt()) return v.asInt() != 0;
  if (v.isUInt()) return true;  // beyond int64: not 0
  refuse("bad-argument", where, must(what, "a bool", v));
}

std::string text(const Any& v, std::string_view where, std::string_view what) {
  if (!service::fits(v, service::Type::String)) refuse("bad-argument", where, must(what, "a string", v));
  return service::Convert<std::string>::from(v);
}

std::vector<std::string> names(const Any& v, std::string_view where, std::string_view what) {
  if (service::fits(v, service::Type::String)) return {service::Convert<std::string>::from(v)};
  const auto* elements = list(v);
  if (!elements) refuse("bad-argument", where, must(what, "a name or a list of names", v));
  std::vector<std::string> out;
  for (const auto& e : *elements) {
    if (!service::fits(e, service::Type::String)) refuse("bad-argument", where, must(what, "a name or a list of names", v));
    out.push_back(service::Convert<std::string>::from(e));
  }
  return out;
}

}  // namespace autolife::robot::args
