#include "autolife/api/limits.hpp"

#include <algorithm>

namespace autolife::api {

bool RateLimiter::take(double n, Clock::time_point now) {
  const std::chrono::duration<double> elapsed = now - last_;
  if (elapsed.count() > 0) {
    tokens_ = std::min(rate_, tokens_ + elapsed.count() * rate_);
    last_ = now;
  }
  if (tokens_ < n) return false;
  tokens_ -= n;
  return true;
}

}  // namespace autolife::api
