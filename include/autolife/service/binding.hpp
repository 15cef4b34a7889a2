// Typed handlers: a method's parameter and result types are read from the
// C++ signature of the function that implements it, and its arguments are
// converted (convert.hpp) before the function runs. Service::bind uses
// these, so a method is declared by its name, its parameters' names and a
// function:
//
//   s.bind("setVolume", {"id", "volume"}, [this](int id, double volume) { ... });
//
// A handler may take any type Convert knows (a `const T&` or a `T`), and
// return one of them or void.
#pragma once

#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "autolife/service/convert.hpp"

namespace autolife::service {

using Handler = std::function<Any(const Arguments&)>;

namespace detail {

template <class F>
struct Callable : Callable<decltype(&std::decay_t<F>::operator())> {};

template <class R, class... A>
struct Callable<R (*)(A...)> {
  using Result = R;
  using Parameters = std::tuple<std::decay_t<A>...>;
  static constexpr std::size_t arity = sizeof...(A);
};
template <class R, class... A>
struct Callable<R (*)(A...) noexcept> : Callable<R (*)(A...)> {};
template <class C, class R, class... A>
struct Callable<R (C::*)(A...) const> : Callable<R (*)(A...)> {};
template <class C, class R, class... A>
struct Callable<R (C::*)(A...)> : Callable<R (*)(A...)> {};
template <class C, class R, class... A>
struct Callable<R (C::*)(A...) const noexcept> : Callable<R (*)(A...)> {};
template <class C, class R, class... A>
struct Callable<R (C::*)(A...) noexcept> : Callable<R (*)(A...)> {};

template <class Tuple, std::size_t... I>
std::vector<Type> typesOf(std::index_sequence<I...>) {
  return {Convert<std::tuple_element_t<I, Tuple>>::type()...};
}

template <class F, class Tuple, std::size_t... I>
Any invoke(F& f, const Arguments& a, std::index_sequence<I...>) {
  using R = typename Callable<F>::Result;
  if constexpr (std::is_void_v<R>) {
    f(Convert<std::tuple_element_t<I, Tuple>>::from(a[I])...);
    return Any();
  } else {
    return Convert<std::decay_t<R>>::to(f(Convert<std::tuple_element_t<I, Tuple>>::from(a[I])...));
  }
}

}  // namespace detail

// The number of parameters of F.
template <class F>
constexpr std::size_t arityOf() {
  return detail::Callable<F>::arity;
}

// F's parameter types, in order.
template <class F>
std::vector<Type> parameterTypesOf() {
  using P = typename detail::Callable<F>::Parameters;
  return detail::typesOf<P>(std::make_index_sequence<std::tuple_size_v<P>>{});
}

// F's result type (Void for void).
template <class F>
Type resultTypeOf() {
  return Convert<std::decay_t<typename detail::Callable<F>::Result>>::type();
}

// A Handler calling F with its arguments converted. The arguments must
// already fit parameterTypesOf<F>() (Service::call checks that first).
template <class F>
Handler typedHandler(F f) {
  using P = typename detail::Callable<F>::Parameters;
  return [f = std::move(f)](const Arguments& a) mutable -> Any {
    return detail::invoke<F, P>(f, a, std::make_index_sequence<std::tuple_size_v<P>>{});
  };
}

}  // namespace autolife::service
