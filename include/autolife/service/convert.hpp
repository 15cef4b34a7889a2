// The one place where C++ values meet the dynamic `Any`: for each C++ type a
// handler may take or return, its object-model type and the conversions both
// ways. Service::bind derives a method's declaration from these; nothing
// else in the engine converts Any by hand for a typed handler.
//
// Supported: bool, int, std::int64_t, double, float, std::string, Any
// itself, std::vector<T>, std::map<std::string, T>, std::pair<A, B> and
// std::tuple<T...> of those, and void (results).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "autolife/service/call_error.hpp"
#include "autolife/service/type.hpp"

namespace autolife::service {

template <class T>
struct Convert;

namespace detail {

[[noreturn]] void outOfRange(const Any& v, std::string_view type);

template <class I>
I integer(const Any& v) {
  std::int64_t n = 0;
  if (v.is_boolean()) n = v.get<bool>() ? 1 : 0;
  else if (v.is_number_integer()) n = v.get<std::int64_t>();
  else if (v.is_number_unsigned()) {
    if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) outOfRange(v, "an int");
    n = static_cast<std::int64_t>(v.get<std::uint64_t>());
  } else {
    const double d = v.get<double>();  // fits() let only integral values through
    if (!(d >= -9.2233720368547758e18 && d < 9.2233720368547758e18)) outOfRange(v, "an int");
    n = static_cast<std::int64_t>(d);
  }
  if (n < std::numeric_limits<I>::min() || n > std::numeric_limits<I>::max()) outOfRange(v, "an int");
  return static_cast<I>(n);
}

}  // namespace detail

template <>
struct Convert<void> {
  static Type type() { return Type::Void; }
};

template <>
struct Convert<Any> {
  static Type type() { return Type::Any; }
  static const Any& from(const Any& v) { return v; }
  static Any to(Any v) { return v; }
};

template <>
struct Convert<bool> {
  static Type type() { return Type::Bool; }
  static bool from(const Any& v) { return v.is_boolean() ? v.get<bool>() : detail::integer<std::int64_t>(v) != 0; }
  static Any to(bool b) { return b; }
};

template <>
struct Convert<int> {
  static Type type() { return Type::Int; }
  static int from(const Any& v) { return detail::integer<int>(v); }
  static Any to(int i) { return i; }
};

template <>
struct Convert<std::int64_t> {
  static Type type() { return Type::Int; }
  static std::int64_t from(const Any& v) { return detail::integer<std::int64_t>(v); }
  static Any to(std::int64_t i) { return i; }
};

template <>
struct Convert<double> {
  static Type type() { return Type::Float; }
  static double from(const Any& v) { return v.get<double>(); }
  static Any to(double d) { return d; }
};

template <>
struct Convert<float> {
  static Type type() { return Type::Float; }
  static float from(const Any& v) { return static_cast<float>(v.get<double>()); }
  static Any to(float f) { return static_cast<double>(f); }
};

template <>
struct Convert<std::string> {
  static Type type() { return Type::String; }
  static std::string from(const Any& v) { return v.get<std::string>(); }
  static Any to(std::string s) { return s; }
};

template <class T>
struct Convert<std::vector<T>> {
  static Type type() { return Type::listOf(Convert<T>::type()); }
  static std::vector<T> from(const Any& v) {
    std::vector<T> out;
    out.reserve(v.size());
    for (const auto& e : v) out.push_back(Convert<T>::from(e));
    return out;
  }
  static Any to(const std::vector<T>& list) {
    Any out = Any::array();
    for (const auto& e : list) out.push_back(Convert<T>::to(e));
    return out;
  }
};

template <class T>
struct Convert<std::map<std::string, T>> {
  static Type type() { return Type::mapOf(Type::String, Convert<T>::type()); }
  static std::map<std::string, T> from(const Any& v) {
    std::map<std::string, T> out;
    for (const auto& [k, e] : v.items()) out.emplace(k, Convert<T>::from(e));
    return out;
  }
  static Any to(const std::map<std::string, T>& map) {
    Any out = Any::object();
    for (const auto& [k, e] : map) out[k] = Convert<T>::to(e);
    return out;
  }
};

template <class... T>
struct Convert<std::tuple<T...>> {
  static Type type() { return Type::tupleOf({Convert<T>::type()...}); }
  static std::tuple<T...> from(const Any& v) { return fromIndexed(v, std::index_sequence_for<T...>{}); }
  static Any to(const std::tuple<T...>& t) {
    return std::apply([](const auto&... e) { return Any::array({Convert<std::decay_t<decltype(e)>>::to(e)...}); }, t);
  }

private:
  template <std::size_t... I>
  static std::tuple<T...> fromIndexed(const Any& v, std::index_sequence<I...>) {
    return {Convert<T>::from(v.at(I))...};
  }
};

template <class A, class B>
struct Convert<std::pair<A, B>> {
  static Type type() { return Type::tupleOf({Convert<A>::type(), Convert<B>::type()}); }
  static std::pair<A, B> from(const Any& v) { return {Convert<A>::from(v.at(0)), Convert<B>::from(v.at(1))}; }
  static Any to(const std::pair<A, B>& p) { return Any::array({Convert<A>::to(p.first), Convert<B>::to(p.second)}); }
};

}  // namespace autolife::service
