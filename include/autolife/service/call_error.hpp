// How every refusal reaches a caller: a machine-readable reason (kebab-case,
// stable, for scripts) and a sentence for people.
#pragma once

#include <stdexcept>
#include <string>

namespace autolife::service {

class CallError : public std::runtime_error {
public:
  CallError(std::string reason, const std::string& message)
      : std::runtime_error(message), reason_(std::move(reason)) {}
  const std::string& reason() const { return reason_; }

private:
  std::string reason_;
};

}  // namespace autolife::service
