// The WebSocket session's transport (private to src/api): a tcp_stream whose
// writes are gathered and leave in one system call per burst, not one per
// message (issue 18: the answers to 16 pipelined calls cost one send).
//
// The session appends its messages already framed (`sendText`); Beast's own
// writes (the handshake's 101, pings, pongs, the close frame) go into the
// same buffer, so every byte leaves in the order it was written, and Beast
// is told a write is done only once its bytes have left (a close is then
// really sent before the teardown). What is written leaves as soon as Beast
// asks the socket for more input: the messages read so far are handled, so
// the answers to a burst read at once leave together, and the answer to a
// lone call leaves in the turn that read it, in one system call. Otherwise
// (an answer that comes later) a flush waits, one turn of the loop at a
// time, while the connection is busy (a message read or bytes added since
// it was scheduled).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/basic_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>

namespace autolife::api::transport {

class CoalescingStream {
  struct State;

public:
  using next_layer_type = boost::beast::basic_stream<boost::asio::ip::tcp, boost::asio::io_context::executor_type>;
  using executor_type = next_layer_type::executor_type;

  explicit CoalescingStream(next_layer_type next);
  ~CoalescingStream() { state_->next = nullptr; }  // flushes still queued find nothing to write to
  CoalescingStream(const CoalescingStream&) = delete;
  CoalescingStream& operator=(const CoalescingStream&) = delete;

  next_layer_type& next_layer() { return next_; }
  const next_layer_type& next_layer() const { return next_; }
  executor_type get_executor() { return next_.get_executor(); }

  // Beast has handled what it read: what is written leaves before it reads
  // more, unless its last read filled the room it gave (Beast reads at most
  // 1536 bytes at a time): the rest of a burst is then likely waiting in the
  // socket, and its answers leave with these.
  template <class MutableBuffers, class ReadHandler>
  auto async_read_some(const MutableBuffers& buffers, ReadHandler&& handler) {
    if (!state_->moreToRead) sendNow(state_);
    return boost::asio::async_initiate<ReadHandler, void(boost::beast::error_code, std::size_t)>(
        [this](auto&& done, const MutableBuffers& into) {
          const std::size_t room = boost::asio::buffer_size(into);
          next_.async_read_some(into, [state = state_, room, done = std::move(done)](boost::beast::error_code ec,
                                                                                      std::size_t got) mutable {
            state->moreToRead = !ec && got == room;
            done(ec, got);
          });
        },
        handler, buffers);
  }

  // Beast's writes: copied into the buffer, completed when they have left.
  template <class ConstBuffers, class WriteHandler>
  auto async_write_some(const ConstBuffers& buffers, WriteHandler&& handler) {
    return boost::asio::async_initiate<WriteHandler, void(boost::beast::error_code, std::size_t)>(
        [state = state_](auto&& done, const ConstBuffers& bytes) {
          std::size_t size = 0;
          for (auto it = boost::asio::buffer_sequence_begin(bytes); it != boost::asio::buffer_sequence_end(bytes); ++it) {
            const boost::asio::const_buffer piece = *it;
            state->filling.append(static_cast<const char*>(piece.data()), piece.size());
            size += piece.size();
          }
          auto held = std::make_shared<std::decay_t<decltype(done)>>(std::move(done));
          state->waiting.push_back([held, size](boost::beast::error_code ec) { (*held)(ec, ec ? 0 : size); });
          scheduleFlush(state);
        },
        handler, buffers);
  }

  // One text message, framed as a server frames it (unmasked, unfragmented).
  void sendText(std::string_view payload);
  // The connection is closing (the server stops): from now on what is
  // written leaves at once, before the loop, which may be stopping, turns.
  void urgent() { state_->urgent = true; }
  // The connection read a message: a flush due now waits one more turn.
  void busy() { ++state_->activity; }
  // While one lives, what is written waits for Beast's next read from the
  // socket, or for the hold's end, instead of a turn of the loop: the
  // session holds while it handles a message it read.
  class Hold {
  public:
    explicit Hold(CoalescingStream& stream);
    ~Hold();
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

  private:
    std::shared_ptr<State> state_;
  };
  // Bytes written and not yet sent (what a client that does not read piles up).
  std::size_t buffered() const { return state_->filling.size() + state_->sending.size(); }

private:
  struct State {
    next_layer_type* next = nullptr;  // null once the stream is gone
    std::string filling, sending;     // bytes to send next, bytes being sent
    std::vector<std::function<void(boost::beast::error_code)>> waiting, inFlight;  // Beast's writes
    bool flushScheduled = false, writing = false, failed = false, urgent = false;
    int holds = 0;            // Hold objects alive
    bool moreToRead = false;  // the last read filled its room
    std::uint64_t activity = 0, activitySeen = 0;
    int waits = 0;
  };
  // Carried by the asio operation (a posted flush, a write) that moves the
  // buffer on: if asio destroys it without running it (the loop shut down),
  // Beast's waiting writes are destroyed with it, as asio destroys the
  // operations it holds, instead of keeping their stream alive through State.
  class Duty {
  public:
    explicit Duty(std::shared_ptr<State> state) : state_(std::move(state)) {}
    Duty(Duty&&) = default;
    Duty& operator=(Duty&&) = delete;
    ~Duty() {
      if (!state_) return;
      auto dropped = std::exchange(state_->waiting, {});
      auto droppedToo = std::exchange(state_->inFlight, {});
    }
    std::shared_ptr<State> take() { return std::move(state_); }

  private:
    std::shared_ptr<State> state_;
  };
  static void scheduleFlush(const std::shared_ptr<State>& state);
  static void flush(const std::shared_ptr<State>& state);
  static void startWrite(const std::shared_ptr<State>& state);
  // What is waiting leaves now, as far as the socket takes it without waiting.
  static void sendNow(const std::shared_ptr<State>& state);

  next_layer_type next_;
  std::shared_ptr<State> state_;
};

// The WebSocket closing handshake's last step, on the TCP stream beneath.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, CoalescingStream& stream, TeardownHandler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, stream.next_layer(), std::forward<TeardownHandler>(handler));
}
void teardown(boost::beast::role_type role, CoalescingStream& stream, boost::beast::error_code& ec);

}  // namespace autolife::api::transport
