#include "coalescing_stream.hpp"

namespace autolife::api::transport {

namespace {

// Beyond this much buffered a flush no longer waits for a quiet turn.
constexpr std::size_t kFlushAtBytes = 64 * 1024;
// Nor beyond this many turns (a connection busy without end still sends).
constexpr int kMostWaits = 64;

}  // namespace

CoalescingStream::CoalescingStream(next_layer_type next) : next_(std::move(next)), state_(std::make_shared<State>()) {
  state_->next = &next_;
  // For sendNow: a send the socket cannot take whole returns instead of
  // waiting (asynchronous operations do not look at this flag).
  boost::system::error_code ignored;
  next_.socket().non_blocking(true, ignored);
}

CoalescingStream::Hold::Hold(CoalescingStream& stream) : state_(stream.state_) { ++state_->holds; }

CoalescingStream::Hold::~Hold() {
  if (--state_->holds == 0 && !state_->filling.empty() && state_->next) scheduleFlush(state_);
}

void CoalescingStream::sendText(std::string_view payload) {
  auto& out = state_->filling;
  const std::size_t size = payload.size();
  out.push_back(static_cast<char>(0x81));  // FIN, text
  if (size < 126) {
    out.push_back(static_cast<char>(size));
  } else if (size <= 0xffff) {
    out.push_back(static_cast<char>(126));
    for (int shift = 8; shift >= 0; shift -= 8) out.push_back(static_cast<char>((size >> shift) & 0xff));
  } else {
    out.push_back(static_cast<char>(127));
    for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<char>((static_cast<std::uint64_t>(size) >> shift) & 0xff));
  }
  out.append(payload);
  scheduleFlush(state_);
}

void CoalescingStream::scheduleFlush(const std::shared_ptr<State>& state) {
  ++state->activity;
  if (state->urgent) return startWrite(state);  // (after a write in progress, by its completion)
  if (state->holds > 0) return;                 // the hold's end or Beast's next read sends it
  if (state->flushScheduled || state->writing) return;  // the write in progress is followed by one
  state->flushScheduled = true;
  state->activitySeen = state->activity;
  state->waits = 0;
  boost::asio::post(state->next->get_executor(), [duty = Duty(state)]() mutable { flush(duty.take()); });
}

void CoalescingStream::flush(const std::shared_ptr<State>& state) {
  state->flushScheduled = false;
  if (!state->next) return;
  const bool busy = state->activity != state->activitySeen;
  if (busy && state->filling.size() < kFlushAtBytes && state->waits < kMostWaits) {
    state->flushScheduled = true;
    state->activitySeen = state->activity;
    ++state->waits;
    boost::asio::post(state->next->get_executor(), [duty = Duty(state)]() mutable { flush(duty.take()); });
    return;
  }
  startWrite(state);
}

void CoalescingStream::startWrite(const std::shared_ptr<State>& state) {
  if (state->filling.empty() || state->writing || !state->next) return;
  if (state->failed) {  // the peer is gone: what Beast waits for fails at once
    state->filling.clear();
    for (auto& done : std::exchange(state->waiting, {})) done(boost::asio::error::broken_pipe);
    return;
  }
  state->writing = true;
  std::swap(state->sending, state->filling);
  state->filling.clear();
  std::swap(state->inFlight, state->waiting);
  boost::asio::async_write(*state->next, boost::asio::buffer(state->sending),
                           [duty = Duty(state)](boost::beast::error_code ec, std::size_t) mutable {
                             const auto state = duty.take();
                             state->writing = false;
                             state->sending.clear();
                             if (ec) state->failed = true;
                             for (auto& done : std::exchange(state->inFlight, {})) done(ec);
                             if (!state->filling.empty() && state->next) {
                               state->flushScheduled = false;
                               startWrite(state);  // what came meanwhile is a burst already
                             }
                           });
}

void CoalescingStream::sendNow(const std::shared_ptr<State>& state) {
  if (state->filling.empty() || state->writing || !state->next) return;
  // Beast's own writes wait for a completion: those take the asynchronous way.
  if (state->waiting.empty() && !state->failed) {
    boost::system::error_code ec;
    const std::size_t sent = state->next->socket().send(boost::asio::buffer(state->filling), 0, ec);
    if (ec && ec != boost::asio::error::would_block && ec != boost::asio::error::try_again) {
      state->failed = true;  // the read that follows meets the same end and closes the session
      state->filling.clear();
      return;
    }
    state->filling.erase(0, sent);
    if (state->filling.empty()) return;
  }
  startWrite(state);
}

void teardown(boost::beast::role_type role, CoalescingStream& stream, boost::beast::error_code& ec) {
  using boost::beast::websocket::teardown;
  teardown(role, stream.next_layer(), ec);
}

}  // namespace autolife::api::transport
