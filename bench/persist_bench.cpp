// Persistence's benchmark (docs/performance.md): ALPreferenceManager.setValue
// calls a second over one WebSocket connection, one call at a time, each
// answered only once committed to DATA/autolife.db, with SQLite's
// synchronous setting FULL (fsync per commit: survives power loss, what
// `autolife serve` uses) and NORMAL (survives the process being killed),
// and in memory for comparison. A whole engine on the event loop with the
// server in-process, as bench_api.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include <CLI/CLI.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "autolife/api/server.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/store/store.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;
using Steady = std::chrono::steady_clock;

// A blocking WebSocket client, one call at a time.
class Client {
public:
  explicit Client(unsigned short port) : ws_(ioc_) {
    beast::get_lowest_layer(ws_).connect({asio::ip::make_address("127.0.0.1"), port});
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
    ws_.handshake("127.0.0.1:" + std::to_string(port), "/api");
    ws_.text(true);
  }
  std::string call(const std::string& text) {
    ws_.write(asio::buffer(text));
    buffer_.clear();
    ws_.read(buffer_);
    return beast::buffers_to_string(buffer_.data());
  }

private:
  asio::io_context ioc_;
  beast::websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
};

std::string setValue(int i, std::size_t valueBytes) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(i) +
         R"(,"method":"ALPreferenceManager.setValue","params":["bench.domain","setting)" + std::to_string(i % 100) +
         R"(",")" + std::string(valueBytes, 'v') + R"("]})";
}

// setValue calls a second: one engine and server, `calls` calls, one at a time.
double pass(autolife::store::Store* store, int calls, std::size_t valueBytes) {
  autolife::net::EventLoop loop;
  loop.start();
  autolife::engine::EngineOptions options;
  options.store = store;
  autolife::engine::Engine engine(loop.clock(), options);
  autolife::api::ServerOptions serverOptions{"127.0.0.1", 0, {}, {}};
  serverOptions.limits.callsPerSecond = 1e9;
  autolife::api::Server server(engine, loop, serverOptions);
  loop.clock().post([&] { engine.start(); });
  const auto address = server.start();
  Client client(static_cast<unsigned short>(std::stoi(address.substr(address.rfind(':') + 1))));
  const auto start = Steady::now();
  for (int i = 0; i < calls; ++i)
    if (client.call(setValue(i, valueBytes)).find("\"result\"") == std::string::npos) throw std::runtime_error("refused");
  const double rate = calls / std::chrono::duration<double>(Steady::now() - start).count();
  server.stop();
  loop.stop();
  return rate;
}

void report(const char* what, std::vector<double> rates) {
  std::sort(rates.begin(), rates.end());
  std::printf("%-34s %8.0f calls/s  median of %zu (range %.0f to %.0f)\n", what, rates[rates.size() / 2], rates.size(),
              rates.front(), rates.back());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ALPreferenceManager.setValue calls a second, committed to SQLite before each answer"};
  int calls = 2000, repeat = 5;
  std::size_t valueBytes = 32;
  std::string dir = std::filesystem::temp_directory_path().string();
  app.add_option("--calls", calls, "setValue calls per pass");
  app.add_option("--repeat", repeat, "passes (the median is reported, with the range)");
  app.add_option("--value-bytes", valueBytes, "size of each value");
  app.add_option("--dir", dir, "where the database is written (its file system decides what fsync costs)");
  CLI11_PARSE(app, argc, argv);

  const auto data = std::filesystem::path(dir) / ("autolife-bench-persist-" + std::to_string(getpid()));
  std::filesystem::create_directories(data);
  using Sync = autolife::store::StoreOptions::Sync;
  for (auto [sync, label] : {std::pair{Sync::Full, "setValue, synchronous=FULL:"}, {Sync::Normal, "setValue, synchronous=NORMAL:"}}) {
    std::vector<double> rates;
    for (int r = 0; r < repeat; ++r) {
      std::filesystem::remove_all(data);
      std::filesystem::create_directories(data);
      autolife::store::StoreOptions options;
      options.sync = sync;
      autolife::store::Store store(data / autolife::store::Store::kFileName, options);
      rates.push_back(pass(&store, calls, valueBytes));
    }
    report(label, rates);
  }
  std::vector<double> rates;
  for (int r = 0; r < repeat; ++r) rates.push_back(pass(nullptr, calls, valueBytes));
  report("setValue, in memory (no store):", rates);
  std::filesystem::remove_all(data);
  return 0;
}
