// How every refusal reaches a caller: a machine-readable reason (kebab-case,
// stable, for scripts) and a sentence for people.
#pragma once

#include <stdexcept>
#include <string>

namespace autolife::service {

// The message is its own string, not runtime_error's: that one is shared
// between copies with a reference count kept inside libstdc++, and a
// refusal copied to the thread that waits for it would free it on the
// other (safe, but ThreadSanitizer cannot see the count and reports it).
class CallError : public std::runtime_error {
public:
  CallError(std::string reason, std::string message)
      : std::runtime_error(std::string()), reason_(std::move(reason)), message_(std::move(message)) {}
  const std::string& reason() const { return reason_; }
  const char* what() const noexcept override { return message_.c_str(); }

private:
  std::string reason_;
  std::string message_;
};

}  // namespace autolife::service
