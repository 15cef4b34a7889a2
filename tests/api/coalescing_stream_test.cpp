// The WebSocket session's transport (src/api/coalescing_stream.hpp, private
// to the api module, tested here through its header): when what is written
// leaves. Over a Unix socket pair, whose send puts the bytes in the peer's
// queue before it returns, so "has it left" is a plain non-blocking read,
// and the io_context is turned by hand: nothing here depends on timing.
#include <gtest/gtest.h>

#include <sys/socket.h>
#include <unistd.h>

#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "coalescing_stream.hpp"

namespace autolife::api::transport {
namespace {

namespace asio = boost::asio;

class Coalescing : public ::testing::Test {
protected:
  Coalescing() {
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) throw std::runtime_error("socketpair");
    peer_ = fds[1];
    CoalescingStream::next_layer_type next(ioc_.get_executor());
    next.socket().assign(asio::ip::tcp::v4(), fds[0]);  // the stream only sends and receives on it
    stream_.emplace(std::move(next));
  }
  ~Coalescing() override {
    stream_.reset();
    ::close(peer_);
  }

  // What reached the peer so far, without waiting.
  std::string arrived() {
    std::string out;
    char chunk[256];
    for (ssize_t n; (n = ::recv(peer_, chunk, sizeof chunk, MSG_DONTWAIT)) > 0;) out.append(chunk, static_cast<std::size_t>(n));
    return out;
  }
  // A server's text frame for a short payload.
  static std::string frame(const std::string& payload) { return std::string{'\x81', static_cast<char>(payload.size())} + payload; }
  // Beast asks the socket for more input, as it does once it handled what it read.
  void readMore() {
    stream_->async_read_some(asio::buffer(input_), [](boost::system::error_code, std::size_t) {});
  }

  asio::io_context ioc_;
  std::optional<CoalescingStream> stream_;
  int peer_ = -1;
  char input_[64];
};

TEST_F(Coalescing, AnAnswerGivenWhileAMessageIsHandledLeavesWithTheNextReadInThatTurn) {
  {
    const CoalescingStream::Hold hold(*stream_);
    stream_->sendText("one");
    ioc_.poll();
    EXPECT_EQ(arrived(), "");  // held: no flush of its own
    readMore();
    EXPECT_EQ(arrived(), frame("one"));  // before the loop turns again
  }
  ioc_.poll();
  EXPECT_EQ(arrived(), "");  // and once only
}

TEST_F(Coalescing, TheAnswersToABurstLeaveTogether) {
  {
    const CoalescingStream::Hold hold(*stream_);
    stream_->sendText("a");
  }
  stream_->busy();  // the next message of the burst, read from Beast's buffer
  stream_->sendText("b");
  EXPECT_EQ(arrived(), "");
  readMore();  // the burst is handled: Beast reads the socket again
  EXPECT_EQ(arrived(), frame("a") + frame("b"));
}

TEST_F(Coalescing, WithoutAReadTheHoldsEndSendsOnTheNextTurn) {
  {
    const CoalescingStream::Hold hold(*stream_);
    stream_->sendText("paused");  // the session reads no more (too many calls in flight)
  }
  EXPECT_EQ(arrived(), "");
  ioc_.poll();
  EXPECT_EQ(arrived(), frame("paused"));
}

TEST_F(Coalescing, AnAnswerThatComesLaterLeavesOnTheLoopsNextTurn) {
  stream_->sendText("later");  // a robot's answer, after the turn that read its call
  EXPECT_EQ(arrived(), "");
  ioc_.poll();
  EXPECT_EQ(arrived(), frame("later"));
}

TEST_F(Coalescing, APeerGoneFailsTheSendAndTheStreamLivesOn) {
  ::shutdown(peer_, SHUT_RDWR);
  const CoalescingStream::Hold hold(*stream_);
  stream_->sendText("lost");
  readMore();
  ioc_.poll();
  EXPECT_EQ(stream_->buffered(), 0u);  // dropped, not piled up
}

}  // namespace
}  // namespace autolife::api::transport
