// A whole engine on the event loop's real-time clock with the API server on
// a free loopback port, in-process: what `autolife serve` runs, with limits
// a test chooses.
#pragma once

#include <future>
#include <type_traits>

#include "api_client.hpp"
#include "autolife/api/server.hpp"
#include "autolife/engine/engine.hpp"

namespace autolife::test {

class ServerFixture {
public:
  explicit ServerFixture(api::Limits limits = {}, std::string token = "") : engine_(loop_.clock()) {
    loop_.start();
    onEngine([this] { engine_.start(); });
    server_ = std::make_unique<api::Server>(engine_, loop_, api::ServerOptions{"127.0.0.1", 0, std::move(token), limits});
    server_->start();
  }
  ~ServerFixture() {
    server_->stop();
    loop_.stop();
  }

  unsigned short port() const { return server_->port(); }
  engine::Engine& engine() { return engine_; }
  api::Server& server() { return *server_; }

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
  std::unique_ptr<api::Server> server_;
};

inline Json request(const std::string& method, const Json& params = Json::array(), const Json& id = 1) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}};
}

// error.data.reason of an answer, or "" for a result.
inline std::string reasonOf(const Json& answer) {
  return answer.contains("error") ? answer["error"]["data"]["reason"].get<std::string>() : "";
}
inline int codeOf(const Json& answer) { return answer.contains("error") ? answer["error"]["code"].get<int>() : 0; }

}  // namespace autolife::test
