// What ALDialog's and ALSpeechRecognition's untyped handlers read from their
// arguments and answer: lists of strings, and NAOqi's subscriber lists.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "autolife/service/call_error.hpp"
#include "autolife/service/convert.hpp"

namespace autolife::dialog {

// The list of strings at a[i] (an array or a tuple; bytes read as text);
// CallError bad-argument with `refusal` for anything else.
inline std::vector<std::string> stringListArg(const service::Arguments& a, std::size_t i, const std::string& refusal) {
  if (i >= a.size() || !(a[i].isArray() || a[i].isTuple())) throw service::CallError("bad-argument", refusal);
  std::vector<std::string> out;
  for (const auto& v : a[i].isTuple() ? a[i].asTuple() : a[i].asArray()) {
    if (!(v.isString() || v.isBytes())) throw service::CallError("bad-argument", refusal);
    out.push_back(service::fromAny<std::string>(v));
  }
  return out;
}

// getSubscribersInfo: [name, period, precision] for each subscriber.
inline service::Any subscribersInfo(const std::set<std::string>& names) {
  service::Any::Array out;
  for (const auto& n : names) out.emplace_back(service::Any::Array{n, 0, 0.0});
  return out;
}

}  // namespace autolife::dialog
