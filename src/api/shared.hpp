// What the server's sessions share (private to src/api): the API, the
// options, the open connections, and the gate through which answers and
// notifications reach the network side until the server stops.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>

#include "autolife/api/api.hpp"
#include "autolife/api/server.hpp"

namespace autolife::api::transport {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
// The loop's own executor type, not the polymorphic any_io_executor: every
// asynchronous operation of a session copies and destroys its executor, a
// measurable part of a call (docs/performance.md, "Network API").
using Executor = asio::io_context::executor_type;
using Socket = asio::basic_stream_socket<tcp, Executor>;
using Acceptor = asio::basic_socket_acceptor<tcp, Executor>;

// A session the server can close when it stops.
class Closable {
public:
  virtual ~Closable() = default;
  virtual void close() = 0;
};

struct Shared {
  Shared(std::shared_ptr<Api> a, ServerOptions o, asio::io_context& io) : api(std::move(a)), options(std::move(o)), ioc(io) {}

  // Runs `f` on the loop's thread (at once when called from it, posted
  // otherwise), unless the server has stopped.
  template <class F>
  void toNetwork(F&& f) {
    std::unique_lock lock(gateMutex);
    if (!open) return;
    if (!ioc.get_executor().running_in_this_thread()) return asio::post(ioc, std::forward<F>(f));
    lock.unlock();
    f();
  }
  // Whether toNetwork would run a task at once: open, and on the loop's thread.
  bool atOnce() {
    std::lock_guard lock(gateMutex);
    return open && ioc.get_executor().running_in_this_thread();
  }
  void close() {
    std::lock_guard lock(gateMutex);
    open = false;
  }

  // On the loop's thread only.
  void track(std::weak_ptr<Closable> session) {
    std::erase_if(sessions, [](const auto& s) { return s.expired(); });
    sessions.push_back(std::move(session));
  }
  void closeAll() {
    for (auto& weak : sessions)
      if (auto s = weak.lock()) s->close();
    sessions.clear();
  }

  std::shared_ptr<Api> api;
  ServerOptions options;
  Server::Files files;  // what GET serves; none: the dashboard's
  asio::io_context& ioc;
  std::atomic<std::size_t> connections{0};
  std::vector<std::weak_ptr<Closable>> sessions;

private:
  std::mutex gateMutex;
  bool open = true;
};

// Counts a connection while it lives; `over()` when it is one too many.
class Slot {
public:
  explicit Slot(std::shared_ptr<Shared> shared) : shared_(std::move(shared)) { count_ = ++shared_->connections; }
  ~Slot() { --shared_->connections; }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
  bool over() const { return count_ > shared_->options.limits.maxConnections; }

private:
  std::shared_ptr<Shared> shared_;
  std::size_t count_;
};

void startHttpSession(Socket socket, const std::shared_ptr<Shared>& shared);

}  // namespace autolife::api::transport
