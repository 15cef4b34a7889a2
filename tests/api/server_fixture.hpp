// A whole engine on the event loop's real-time clock with the API server on
// a free loopback port, in-process: what `autolife serve` runs, with limits
// a test chooses.
#pragma once

#include <memory>

#include "api_client.hpp"
#include "autolife/api/server.hpp"
#include "engine_on_loop.hpp"

namespace autolife::test {

class ServerFixture : public EngineOnLoop {
public:
  explicit ServerFixture(api::Limits limits = {}, std::string token = "") {
    server_ = std::make_unique<api::Server>(engine(), loop(), api::ServerOptions{"127.0.0.1", 0, std::move(token), limits});
    server_->start();
  }
  ~ServerFixture() { server_->stop(); }

  unsigned short port() const { return server_->port(); }
  api::Server& server() { return *server_; }

private:
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
