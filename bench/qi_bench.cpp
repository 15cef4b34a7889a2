// The qi server's benchmark (docs/performance.md): round trips a second
// over one connection, one call at a time, for a call that does nothing
// (Bench.nothing, void) and for ALMemory.getData, over qi and, in the same
// run against the same engine, over the JSON-RPC API's WebSocket. A whole
// engine on the event loop with both servers in-process; the clients are
// blocking, on loopback, with TCP_NODELAY. With --python PYTHON, the
// pure-Python qi client (python/qi, bench/qi_python_client.py) too, against
// the same server, and its ratio to the C++ client (issue 31).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <future>
#include <memory>
#include <vector>

#include <cstdlib>
#include <cstring>
#include <string>

#include <CLI/CLI.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "autolife/api/server.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/qi/codec.hpp"
#include "autolife/qiclient/client.hpp"
#include "autolife/qiserver/server.hpp"
#include "autolife/service/service.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using Json = nlohmann::json;
using Steady = std::chrono::steady_clock;

class WsClient {
public:
  explicit WsClient(unsigned short port) : ws_(ioc_) {
    beast::get_lowest_layer(ws_).connect({asio::ip::make_address("127.0.0.1"), port});
    beast::get_lowest_layer(ws_).socket().set_option(asio::ip::tcp::no_delay(true));
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

// Calls a second: the median of `runs` runs of `calls` calls.
struct Rate {
  double median, low, high;
};

Rate measure(int runs, int calls, const std::function<void()>& once) {
  std::vector<double> rates;
  for (int r = 0; r < runs; ++r) {
    const auto start = Steady::now();
    for (int i = 0; i < calls; ++i) once();
    const double seconds = std::chrono::duration<double>(Steady::now() - start).count();
    rates.push_back(calls / seconds);
  }
  std::sort(rates.begin(), rates.end());
  return {rates[rates.size() / 2], rates.front(), rates.back()};
}

void print(const char* what, const Rate& r, int runs) {
  std::printf("%-34s %8.0f round trips/s  median of %d (range %.0f to %.0f)\n", what, r.median, runs, r.low, r.high);
}

std::shared_ptr<autolife::service::Service> benchService() {
  auto s = std::make_shared<autolife::service::Service>("Bench", "Calls that do nothing");
  s->method("nothing", {}, autolife::service::Type::Void, "Does nothing", [](const autolife::service::Arguments&) {
    return autolife::service::Any();
  });
  return s;
}

// The Python client against this server (bench/qi_python_client.py), then
// the C++ client again; the ratio of their round trip times, each
// client's median.
void runPythonClient(const std::string& python, const std::string& url, int calls, int runs,
                     autolife::qiclient::Client& client) {
  const std::string source = AUTOLIFE_SOURCE_DIR;
  const std::string path = std::getenv("PYTHONPATH") ? "" : "PYTHONPATH=" + source + "/python ";
  const std::string command = path + python + " " + source + "/bench/qi_python_client.py " + url + " " +
                              std::to_string(std::max(1, calls / 4)) + " " + std::to_string(runs);
  std::fflush(stdout);
  FILE* pipe = popen(command.c_str(), "r");
  std::vector<double> pythonRates;  // void, then getData
  char line[512];
  while (pipe && std::fgets(line, sizeof line, pipe)) {
    std::fputs(line, stdout);
    if (const char* at = std::strstr(line, "round trips/s")) {
      const char* number = at;
      while (number > line && number[-1] == ' ') --number;
      while (number > line && number[-1] != ' ') --number;
      pythonRates.push_back(std::atof(number));
    }
  }
  if (!pipe || pclose(pipe) != 0 || pythonRates.size() != 2) {
    std::printf("the Python client failed: %s\n", command.c_str());
    return;
  }
  const Rate nothing = measure(runs, calls, [&] { client.call("Bench", "nothing", {}); });
  const Rate getData = measure(runs, calls, [&] { client.call("ALMemory", "getData", {"bench/key"}); });
  print("qi void call, C++ again", nothing, runs);
  print("qi ALMemory.getData, C++ again", getData, runs);
  std::printf("python / C++ round trip time: void %.2fx, getData %.2fx\n", nothing.median / pythonRates[0],
              getData.median / pythonRates[1]);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"qi and JSON-RPC round trips over one connection"};
  int calls = 20000, runs = 5;
  app.add_option("-n,--calls", calls, "Calls per run");
  app.add_option("-r,--runs", runs, "Runs (the median is printed)");
  unsigned pollMicroseconds = static_cast<unsigned>(autolife::net::LoopOptions{}.maxPoll.count());
  app.add_option("--poll-us", pollMicroseconds, "the server loop's longest poll before it sleeps (serve --poll-us)");
  std::string python;
  app.add_option("--python", python,
                 "Also measure the pure-Python qi client with this interpreter (python/qi first on its path unless "
                 "PYTHONPATH says otherwise; e.g. a venv's python with the wheel installed)");
  CLI11_PARSE(app, argc, argv);

  autolife::net::EventLoop loop({std::chrono::microseconds(pollMicroseconds)});
  loop.start();
  autolife::engine::Engine engine(loop.clock());
  std::promise<void> ready;
  loop.clock().post([&] {
    engine.start();
    engine.services.add(benchService());
    engine.memory.insertData("bench/key", autolife::core::Value(42));
    ready.set_value();
  });
  ready.get_future().wait();
  autolife::api::Server api(engine, loop, {"127.0.0.1", 0, {}, {}});
  std::printf("api: %s\n", api.start().c_str());
  autolife::qiserver::ServerOptions qiOptions;
  qiOptions.url = "tcp://127.0.0.1:0";
  autolife::qiserver::Server qi(engine, loop, qiOptions);
  const std::string url = qi.start();
  std::printf("qi: %s\n", url.c_str());

  autolife::qiclient::Client client(url);
  client.call("Bench", "nothing", {});  // the directory and metaObjects, once
  client.call("ALMemory", "getData", {"bench/key"});
  WsClient ws(api.port());
  const std::string nothing = R"({"jsonrpc":"2.0","id":1,"method":"Bench.nothing","params":[]})";
  const std::string getData = R"({"jsonrpc":"2.0","id":1,"method":"ALMemory.getData","params":["bench/key"]})";

  print("qi void call (Bench.nothing)", measure(runs, calls, [&] { client.call("Bench", "nothing", {}); }), runs);
  print("JSON-RPC void call (Bench.nothing)", measure(runs, calls, [&] { ws.call(nothing); }), runs);
  print("qi ALMemory.getData", measure(runs, calls, [&] { client.call("ALMemory", "getData", {"bench/key"}); }), runs);
  print("JSON-RPC ALMemory.getData", measure(runs, calls, [&] { ws.call(getData); }), runs);
  if (!python.empty()) runPythonClient(python, url, calls, runs, client);

  qi.stop();
  api.stop();
  loop.stop();
  return 0;
}
