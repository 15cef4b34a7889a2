// A whole engine on the event loop's real-time clock with the qi server on
// a free loopback port, in-process (what `autolife serve` runs), and qi
// clients connecting to it.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "autolife/qiclient/client.hpp"
#include "autolife/qiserver/server.hpp"
#include "engine_on_loop.hpp"

namespace autolife::test {

// How long a test waits for an answer: generous, only reached when
// something is broken.
inline constexpr std::chrono::seconds kWait{10};

class QiFixture : public EngineOnLoop {
public:
  explicit QiFixture(qiserver::ServerOptions options = {}) {
    options.url = "tcp://127.0.0.1:0";
    server_ = std::make_unique<qiserver::Server>(engine(), loop(), std::move(options));
    url_ = server_->start();
  }
  ~QiFixture() { server_->stop(); }

  const std::string& url() const { return url_; }
  std::unique_ptr<qiclient::Client> client(qiclient::ClientOptions options = {}) {
    return std::make_unique<qiclient::Client>(url_, std::move(options));
  }

private:
  std::unique_ptr<qiserver::Server> server_;
  std::string url_;
};

}  // namespace autolife::test
