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
  if (v.isBool()) n = v.asBool() ? 1 : 0;
  else if (v.isInt()) n = v.asInt();
  else if (v.isUInt()) outOfRange(v, "an int");  // a UInt is beyond the int64 range
  else {
    const double d = v.asFloat();  // fits() let only integral values through
    if (!(d >= -9.2233720368547758e18 && d < 9.2233720368547758e18)) outOfRange(v, "an int");
    n = static_cast<std::int64_t>(d);
  }
  if (n < std::numeric_limits<I>::min() || n > std::numeric_limits<I>::max()) outOfRange(v, "an int");
  return static_cast<I>(n);
}

// A number fits() let through for a float: an Int, a UInt or a Float.
inline double number(const Any& v) {
  if (v.isInt()) return static_cast<double>(v.asInt());
  if (v.isUInt()) return static_cast<double>(v.asUInt());
  return v.asFloat();
}

// A list's or a tuple's elements (fits() let only those through).
inline const Any::Array& elements(const Any& v) { return *elementsOf(v); }

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
  static bool from(const Any& v) { return v.isBool() ? v.asBool() : detail::integer<std::int64_t>(v) != 0; }
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

// A NaN or an infinity a handler returns is Invalid (decision 755).
template <>
struct Convert<double> {
  static Type type() { return Type::Float; }
  static double from(const Any& v) { return detail::number(v); }
  static Any to(double d) { return d; }
};

template <>
struct Convert<float> {
  static Type type() { return Type::Float; }
  static float from(const Any& v) { return static_cast<float>(detail::number(v)); }
  static Any to(float f) { return static_cast<double>(f); }
};

template <>
struct Convert<std::string> {
  static Type type() { return Type::String; }
  // The argument's own text: a handler taking a `const std::string&` reads
  // it where it is, without a copy.
  static const std::string& from(const Any& v) { return v.isBytes() ? v.asBytes() : v.asString(); }
  static Any to(std::string s) { return s; }
};

template <class T>
struct Convert<std::vector<T>> {
  static Type type() { return Type::listOf(Convert<T>::type()); }
  static std::vector<T> from(const Any& v) {
    const auto& list = detail::elements(v);
    std::vector<T> out;
    out.reserve(list.size());
    for (const auto& e : list) out.push_back(Convert<T>::from(e));
    return out;
  }
  static Any to(const std::vector<T>& list) {
    Any::Array out;
    out.reserve(list.size());
    for (const auto& e : list) out.push_back(Convert<T>::to(e));
    return out;
  }
};

template <class T>
struct Convert<std::map<std::string, T>> {
  static Type type() { return Type::mapOf(Type::String, Convert<T>::type()); }
  static std::map<std::string, T> from(const Any& v) {
    std::map<std::string, T> out;
    for (const auto& [k, e] : v.asMap()) out.emplace(k, Convert<T>::from(e));
    return out;
  }
  static Any to(const std::map<std::string, T>& map) {
    Any::Map out;
    for (const auto& [k, e] : map) out.emplace(k, Convert<T>::to(e));
    return out;
  }
};

// A tuple's value is a Tuple (qi `(..)`); an Array of the right members
// fits one too (the network API sends arrays).
template <class... T>
struct Convert<std::tuple<T...>> {
  static Type type() { return Type::tupleOf({Convert<T>::type()...}); }
  static std::tuple<T...> from(const Any& v) { return fromIndexed(detail::elements(v), std::index_sequence_for<T...>{}); }
  static Any to(const std::tuple<T...>& t) {
    return std::apply([](const auto&... e) { return Any(Any::Tuple{{Convert<std::decay_t<decltype(e)>>::to(e)...}}); }, t);
  }

private:
  template <std::size_t... I>
  static std::tuple<T...> fromIndexed(const Any::Array& members, std::index_sequence<I...>) {
    return {Convert<T>::from(members.at(I))...};
  }
};

template <class A, class B>
struct Convert<std::pair<A, B>> {
  static Type type() { return Type::tupleOf({Convert<A>::type(), Convert<B>::type()}); }
  static std::pair<A, B> from(const Any& v) {
    const auto& members = detail::elements(v);
    return {Convert<A>::from(members.at(0)), Convert<B>::from(members.at(1))};
  }
  static Any to(const std::pair<A, B>& p) { return Any::Tuple{{Convert<A>::to(p.first), Convert<B>::to(p.second)}}; }
};

// Shorthands for handlers that build or read an Any of a known C++ type:
// toAny(std::vector<double>{...}) is a list of floats.
template <class T>
Any toAny(const T& value) {
  return Convert<T>::to(value);
}
template <class T>
T fromAny(const Any& value) {
  return Convert<T>::from(value);
}

}  // namespace autolife::service
