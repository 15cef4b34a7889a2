// The refusal a call ends with, as "reason: message", for the service suites.
#pragma once

#include <functional>
#include <string>

#include "autolife/service/service.hpp"

namespace autolife::test {

inline std::string reasonOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const service::CallError& e) {
    return e.reason() + ": " + e.what();
  }
  return "no error";
}

}  // namespace autolife::test
