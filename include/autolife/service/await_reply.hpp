// Waiting for a method that answers later (Service::asyncMethod), on a
// thread that may wait (a behavior's box thread).
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "autolife/service/service.hpp"

namespace autolife::service {

// Calls `handler` and waits on this thread for its reply: the result, or
// the refusal thrown. With `patience`, CallError "timeout" ("`what` did
// not answer within N ms") once it has passed without a reply (the reply
// is dropped when it comes). What asyncMethod's call() does, forever.
Any awaitReply(const AsyncHandler& handler, const Arguments& arguments,
               std::optional<std::chrono::milliseconds> patience = std::nullopt, const std::string& what = {});

}  // namespace autolife::service
