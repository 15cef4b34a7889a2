// One WebSocket connection: JSON-RPC messages in both directions, answers
// and notifications queued in order. A message over the size limit is read
// to its end and discarded, and answered with an error: the connection
// lives on. Reading pauses while too many calls wait for the engine.
// Answers and notifications leave through a CoalescingStream: those of a
// burst in one system call.
#include <boost/asio/steady_timer.hpp>

#include "autolife/api/connection.hpp"
#include "coalescing_stream.hpp"
#include "http_types.hpp"

namespace autolife::api::transport {

namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
// Beyond this a message is not even read to its end: the connection closes (1009).
constexpr std::size_t kHardMessageLimit = 64 << 20;

// The session is the responder of its messages (a call answered at once
// costs no allocation for it); an answer that comes later keeps it alive.
class WebSocketSession : public Closable, public Responder, public std::enable_shared_from_this<WebSocketSession> {
public:
  WebSocketSession(Stream stream, std::shared_ptr<Shared> shared, std::unique_ptr<Slot> slot)
      : ws_(std::move(stream)), idle_(ws_.get_executor()), shared_(std::move(shared)), slot_(std::move(slot)) {}

  // The server stops: what is queued is sent, then a WebSocket close
  // (1001, going away), after it in the same buffer.
  void close() override {
    if (closed_ || !accepted_) return fail();
    closed_ = true;  // nothing more is read or queued
    connection_.reset();
    idle_.cancel();
    ws_.next_layer().urgent();  // the close frame leaves now, not on a later turn of a stopping loop
    sayGoodbye();
  }

  void sayGoodbye() {
    ws_.async_close(websocket::close_code::going_away, [self = shared_from_this()](beast::error_code) {
      beast::error_code ignored;
      beast::get_lowest_layer(self->ws_).socket().close(ignored);
    });
  }

  void start(HttpRequest request) {
    connection_.emplace(shared_->api, pushTo(weak_from_this()), true);
    beast::get_lowest_layer(ws_).expires_never();
    ws_.text(true);
    ws_.set_option(timeouts());
    ws_.control_callback([this](websocket::frame_type, beast::string_view) { heard_ = true; });  // a pong counts
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& r) { r.set(http::field::server, "autolife"); }));
    ws_.read_message_max(std::max(kHardMessageLimit, limits().maxMessageBytes + 1));
    ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      self->accepted_ = true;
      self->watchIdle();
      self->read();
    });
  }

  void respond(std::string_view text) override {
    if (shared_->atOnce()) return answered(text);
    shared_->toNetwork([self = shared_from_this(), text = std::string(text)] { self->answered(text); });
  }
  std::shared_ptr<Responder> keep() override { return shared_from_this(); }

private:
  const Limits& limits() const { return shared_->options.limits; }

  // Beast times the handshake and the close; the idle timeout is ours
  // (watchIdle): Beast's re-arms a timer on every read, which cost a tenth
  // of a pipelined call (docs/performance.md).
  websocket::stream_base::timeout timeouts() const {
    auto t = websocket::stream_base::timeout::suggested(beast::role_type::server);
    t.idle_timeout = websocket::stream_base::none();
    t.keep_alive_pings = false;
    return t;
  }

  // Every half of the idle timeout: a quiet peer is pinged the first time
  // and dropped the second, when nothing, not even the pong, came back in
  // between. So a peer gone is closed between one and one and a half idle
  // timeouts after it last spoke.
  void watchIdle() {
    if (closed_ || limits().idleTimeout.count() <= 0) return;
    idle_.expires_after(limits().idleTimeout / 2);
    idle_.async_wait([weak = weak_from_this()](beast::error_code ec) {
      if (auto self = weak.lock(); self && !ec) self->onIdleTick();
    });
  }

  void onIdleTick() {
    if (closed_) return;
    if (std::exchange(heard_, false)) {
      pinged_ = false;
      return watchIdle();
    }
    if (pinged_) return fail();
    pinged_ = true;
    ws_.async_ping({}, [](beast::error_code) {});
    watchIdle();
  }

  // Notifications: from the engine's thread to this session's queue.
  Sink pushTo(std::weak_ptr<WebSocketSession> weak) {
    auto shared = shared_;
    return [weak, shared](std::string message) {
      shared->toNetwork([weak, message = std::move(message)]() mutable {
        if (auto self = weak.lock()) self->send(std::move(message));
      });
    };
  }

  void read() {
    if (reading_ || closed_ || inFlight_ >= limits().maxInFlight) return;
    reading_ = true;
    // Into room of our own (Beast's dynamic-buffer overload wraps this in one
    // more composed operation per message: a tenth of a pipelined call).
    ws_.async_read_some(buffer_.prepare(kReadChunk), [self = shared_from_this()](beast::error_code ec, std::size_t got) {
      self->buffer_.commit(got);
      self->reading_ = false;
      self->onRead(ec);
    });
  }

  void onRead(beast::error_code ec) {
    if (ec || closed_) return fail();
    heard_ = true;
    if (buffer_.size() > limits().maxMessageBytes) {
      oversized_ = true;
      buffer_.clear();
    }
    // Its answer, when the engine gives it at once, leaves with the next
    // read (or at the hold's end when reading pauses).
    const CoalescingStream::Hold hold(ws_.next_layer());
    if (ws_.is_message_done()) {
      ws_.next_layer().busy();  // its answer may come this turn: a flush waits for it
      finishMessage();
    }
    read();
  }

  void finishMessage() {
    ++inFlight_;
    if (oversized_) {
      oversized_ = false;
      connection_->tooLarge(*this);
      return;
    }
    // Copied out first: the answer may come at once and start the next read.
    // Into a string kept for it, so that its memory serves every message.
    const auto data = buffer_.cdata();
    message_.assign(static_cast<const char*>(data.data()), data.size());
    buffer_.clear();
    connection_->receive(message_, *this);
  }

  void answered(std::string_view text) {
    --inFlight_;
    if (!text.empty()) send(text);
    read();
  }

  void send(std::string_view message) {
    if (closed_) return;
    auto& out = ws_.next_layer();
    if (out.buffered() + message.size() > limits().maxQueuedBytes) return fail();  // a client that does not read
    out.sendText(message);
  }

  // Drops the connection; pending handlers finish with errors and release it.
  void fail() {
    if (closed_) return;
    closed_ = true;
    connection_.reset();  // its subscriptions end now
    idle_.cancel();
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

  websocket::stream<CoalescingStream> ws_;
  asio::basic_waitable_timer<std::chrono::steady_clock, asio::wait_traits<std::chrono::steady_clock>, Executor> idle_;
  bool heard_ = false;   // the peer sent something since the last tick
  bool pinged_ = false;  // and the last tick pinged it
  beast::flat_buffer buffer_;
  std::string message_;  // the message being handled, out of buffer_
  std::shared_ptr<Shared> shared_;
  std::unique_ptr<Slot> slot_;
  std::optional<Connection> connection_;
  std::size_t inFlight_ = 0;
  bool reading_ = false;
  bool oversized_ = false;
  bool accepted_ = false;
  bool closed_ = false;
};

}  // namespace

void startWebSocketSession(Stream stream, HttpRequest request, std::shared_ptr<Shared> shared,
                           std::unique_ptr<Slot> slot) {
  auto session = std::make_shared<WebSocketSession>(std::move(stream), shared, std::move(slot));
  shared->track(session);
  session->start(std::move(request));
}

}  // namespace autolife::api::transport
