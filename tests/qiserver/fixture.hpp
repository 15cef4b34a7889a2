// A whole engine on the event loop's real-time clock with the qi server on
// a free loopback port, in-process (what `autolife serve` runs), and qi
// clients connecting to it.
#pragma once

#include <future>
#include <memory>
#include <type_traits>

#include "autolife/engine/engine.hpp"
#include "autolife/net/event_loop.hpp"
#include "autolife/qiclient/client.hpp"
#include "autolife/qiserver/server.hpp"

namespace autolife::test {

class QiFixture {
public:
  explicit QiFixture(qiserver::ServerOptions options = {}) : engine_(loop_.clock()) {
    loop_.start();
    onEngine([this] { engine_.start(); });
    options.url = "tcp://127.0.0.1:0";
    server_ = std::make_unique<qiserver::Server>(engine_, loop_, std::move(options));
    url_ = server_->start();
  }
  ~QiFixture() {
    server_->stop();
    loop_.stop();
  }

  const std::string& url() const { return url_; }
  engine::Engine& engine() { return engine_; }
  std::unique_ptr<qiclient::Client> client(qiclient::ClientOptions options = {}) {
    return std::make_unique<qiclient::Client>(url_, std::move(options));
  }

  // Runs `task` on the engine's thread (where the server runs calls).
  template <class F>
  std::invoke_result_t<F> onEngine(F task) {
    std::packaged_task<decltype(task())()> job(std::move(task));
    auto result = job.get_future();
    loop_.clock().post([&job] { job(); });
    return result.get();
  }

private:
  net::EventLoop loop_;
  engine::Engine engine_;
  std::unique_ptr<qiserver::Server> server_;
  std::string url_;
};

}  // namespace autolife::test
