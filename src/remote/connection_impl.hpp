// Connection's insides (private to src/remote): the connection's own
// io_context thread, which owns the stream, the messages in flight, the
// memory subscriptions, and the state other threads read under a lock.
//
// Lifecycle (connection_lifecycle.cpp): connect -> handshake -> read the
// service directory and every metaObject -> up. A read or write error, or
// bytes that are not qi, while up: down (every call in flight fails, told
// once), then, with `reconnect`, a new attempt after the backoff. An
// attempt that fails or does not finish within connectTimeout is retried
// the same way (the first one fails the constructor instead).
//
// Calls and subscriptions (connection.cpp) run on that thread too.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <array>
#include <atomic>
#include <deque>
#include <future>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>
#include <variant>

#include "autolife/net/stream.hpp"
#include "autolife/net/url.hpp"
#include "autolife/qi/codec.hpp"
#include "autolife/qi/message.hpp"
#include "autolife/remote/connection.hpp"

namespace autolife::remote {

using service::CallError;

// "20 s", "300 ms": a timeout as the sentences say it.
inline std::string secondsText(std::chrono::milliseconds d) {
  const auto ms = d.count();
  return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

struct Connection::Impl : std::enable_shared_from_this<Connection::Impl> {
  explicit Impl(ConnectionOptions o);

  // ---- lifecycle (connection_lifecycle.cpp) ----
  // Starts the thread and the first attempt; the first attempt's outcome
  // ("" when up, else why not).
  std::string open();
  void close();
  void closeFromItsThread();  // close() from one of its own handlers
  void shutDown();            // close()'s work, on the connection's thread
  void attempt();
  void handshake();
  void readDirectory();
  void readMetaObjects(std::shared_ptr<std::vector<RemoteService>> found, std::size_t next);
  void up(std::vector<RemoteService> found);
  void attemptFailed(const std::string& why);
  void fall(const std::string& why);
  void retryLater();
  void read();
  void send(std::string bytes);
  void write();
  void dispatch(qi::Message m);
  void failPending(const std::string& why);

  // ---- messages (connection.cpp) ----
  using Answer = std::variant<qi::Message, CallError>;  // a Reply or an Error message, or why none came
  void request(qi::Header header, std::string payload, const std::string& what, std::function<void(Answer)> done);
  // A call by MetaMethod; its value as the codec read it, with the signature read.
  using ValueAnswer = std::variant<std::pair<qi::Value, qi::Signature>, CallError>;
  void callValue(std::uint32_t service, std::uint32_t object, const qi::MetaMethod& method,
                 const service::Arguments& arguments, std::function<void(ValueAnswer)> done);
  void startCall(const std::string& service, const std::string& method, const service::Arguments& arguments,
                 service::Reply reply);
  struct Subscription;
  void subscribe(std::shared_ptr<Subscription> s, std::function<void(std::optional<CallError>)> made);
  CallError unreachable(const std::string& why) const;

  // Set once.
  ConnectionOptions options;
  net::Url url;
  std::shared_ptr<net::TlsContext> tls;
  boost::asio::io_context io{1};
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{io.get_executor()};
  std::thread thread;
  std::atomic<std::thread::id> threadId{};  // read by callers on any thread
  std::mutex closeMutex;                     // one close() at a time; the thread only tries it

  // The connection's thread only.
  std::unique_ptr<net::Stream> stream;
  std::uint64_t generation = 0;  // of the stream: handlers of an older one do nothing
  qi::MessageReader reader;
  qi::CodecOptions codec;
  std::array<char, 64 * 1024> buffer{};
  std::deque<std::string> outbox;
  std::string writing;
  bool busy = false;  // a write is in flight
  struct Pending {
    std::function<void(Answer)> done;
    std::shared_ptr<boost::asio::steady_timer> timer;
  };
  std::map<std::uint32_t, Pending> pending;
  std::uint32_t nextId = 1;
  std::uint64_t nextLink = 1;
  std::vector<std::shared_ptr<Subscription>> subscriptions;
  using Address = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>;  // service, object, signal
  std::map<Address, std::shared_ptr<Subscription>> routes;
  boost::asio::steady_timer attemptTimer{io};
  boost::asio::steady_timer retryTimer{io};
  std::chrono::milliseconds backoff{0};
  bool closing = false;

  // Any thread, under the lock.
  enum class State { Connecting, Up, Down, Closed };
  mutable std::mutex mutex;
  State state = State::Connecting;
  bool everUp = false;
  std::string lostReason;
  std::vector<RemoteService> services;
  std::function<void(const std::string&)> lostHandler;
  std::function<void()> restoredHandler;
  std::optional<std::promise<std::string>> first;  // the first attempt's outcome
};

struct Connection::Impl::Subscription {
  std::string key;
  EventHandler handler;
  std::string signalSignature;  // the tuple of the event's values, once made
};

}  // namespace autolife::remote
