// The network API's benchmark (docs/performance.md): ALMemory.insertData
// calls a second over one WebSocket connection (one call at a time, and
// pipelined) and over 16, and the latency from a raiseEvent call to its
// delivery to 100 subscribers (and, with --redis PORT, the same through a
// redis-server's PUBLISH). A whole engine on the event loop with the server
// in-process; the clients are Beast WebSocket clients on loopback.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "autolife/api/server.hpp"
#include "autolife/engine/engine.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Json = nlohmann::json;
using Steady = std::chrono::steady_clock;

// A blocking WebSocket client. Beast makes the handshake; after it the
// client frames what it sends and reads what it receives itself, on the
// socket, as redis-benchmark writes RESP and reads the replies itself: the
// figures are the server's, not a client library's (docs/performance.md).
class Client {
public:
  explicit Client(unsigned short port) : ws_(ioc_) {
    beast::get_lowest_layer(ws_).connect({asio::ip::make_address("127.0.0.1"), port});
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
    ws_.handshake("127.0.0.1:" + std::to_string(port), "/api");
  }
  void send(const std::string& text) { sendBurst({text}); }
  // Several text messages in one write to the socket, as redis-benchmark -P
  // writes its commands: each framed (and masked, as a client must) here.
  void sendBurst(const std::vector<std::string>& texts) {
    burst_.clear();
    for (const auto& t : texts) frame(t);
    asio::write(socket(), asio::buffer(burst_));
  }
  // The next text message (valid until the next call); an error answer or
  // a frame that is not text stops the benchmark (pings are let by).
  std::string_view receive() {
    for (;;) {
      const auto [opcode, payload] = nextFrame();
      if (opcode == 0x9 || opcode == 0xa) continue;
      if (opcode != 0x1) throw std::runtime_error("the server sent a frame of opcode " + std::to_string(opcode));
      if (payload.find(R"("error")") != std::string_view::npos)
        throw std::runtime_error("the server refused a call: " + std::string(payload));
      return payload;
    }
  }
  std::string_view call(const std::string& text) {
    send(text);
    return receive();
  }

private:
  tcp::socket& socket() { return beast::get_lowest_layer(ws_).socket(); }

  void frame(const std::string& text) {
    const unsigned char mask[4] = {0x5a, 0xc3, 0x17, 0x8e};
    burst_.push_back(static_cast<char>(0x81));  // FIN, text
    if (text.size() < 126) {
      burst_.push_back(static_cast<char>(0x80 | text.size()));
    } else {
      burst_.push_back(static_cast<char>(0x80 | 126));
      burst_.push_back(static_cast<char>(text.size() >> 8));
      burst_.push_back(static_cast<char>(text.size() & 0xff));
    }
    burst_.append(reinterpret_cast<const char*>(mask), 4);
    for (std::size_t i = 0; i < text.size(); ++i) burst_.push_back(static_cast<char>(text[i] ^ mask[i % 4]));
  }

  // A server's frame: unmasked, FIN set (the server sends no fragments).
  std::pair<int, std::string_view> nextFrame() {
    for (;;) {
      const std::size_t have = in_.size() - at_;
      if (have >= 2) {
        const auto* b = reinterpret_cast<const unsigned char*>(in_.data() + at_);
        std::size_t header = 2, size = b[1] & 0x7f;
        if (size == 126 && have >= 4) size = (std::size_t{b[2]} << 8) | b[3], header = 4;
        else if (size == 127 && have >= 10) {
          size = 0;
          for (int i = 2; i < 10; ++i) size = (size << 8) | b[i];
          header = 10;
        }
        const bool known = (b[1] & 0x7f) < 126 || header > 2;
        if (known && have >= header + size) {
          const std::string_view payload(in_.data() + at_ + header, size);
          at_ += header + size;
          return {b[0] & 0x0f, payload};
        }
      }
      in_.erase(0, at_);  // what is left of a frame goes first
      at_ = 0;
      char chunk[16384];
      in_.append(chunk, socket().read_some(asio::buffer(chunk)));
    }
  }

  asio::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  std::string burst_;
  std::string in_;      // bytes read and not yet returned, from at_
  std::size_t at_ = 0;
};

std::string insert(std::int64_t id, const std::string& key, std::int64_t value) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":"ALMemory.insertData","params":[")" + key +
         "\"," + std::to_string(value) + "]}";
}

double seconds(Steady::duration d) { return std::chrono::duration<double>(d).count(); }

// One call at a time on one connection.
double sequential(unsigned short port, int calls) {
  Client c(port);
  const auto start = Steady::now();
  for (int i = 0; i < calls; ++i) c.call(insert(i, "bench/one", i));
  return calls / seconds(Steady::now() - start);
}

// `window` calls in flight on one connection, as redis-benchmark -P does
// it: the calls written at once, then their answers read, then the next
// burst (decision 600).
double pipelined(unsigned short port, int calls, int window) {
  Client c(port);
  std::vector<std::string> burst;
  const auto start = Steady::now();
  for (int sent = 0; sent < calls;) {
    burst.clear();
    for (int i = 0; i < window && sent < calls; ++i, ++sent) burst.push_back(insert(sent, "bench/pipe", sent));
    c.sendBurst(burst);
    for (std::size_t i = 0; i < burst.size(); ++i) c.receive();
  }
  return calls / seconds(Steady::now() - start);
}

// `connections` clients, one call at a time each, all at once.
double concurrent(unsigned short port, int connections, int callsEach) {
  std::vector<std::unique_ptr<Client>> clients;
  for (int i = 0; i < connections; ++i) clients.push_back(std::make_unique<Client>(port));
  std::vector<std::thread> threads;
  const auto start = Steady::now();
  for (int i = 0; i < connections; ++i)
    threads.emplace_back([&, i] {
      const std::string key = "bench/c" + std::to_string(i);
      for (int n = 0; n < callsEach; ++n) clients[i]->call(insert(n, key, n));
    });
  for (auto& t : threads) t.join();
  return connections * callsEach / seconds(Steady::now() - start);
}

struct Latency {
  std::vector<double> each;  // every delivery, µs after the call was sent
  std::vector<double> last;  // per event: when the last subscriber had it
  std::vector<double> call;  // per event: the raiseEvent call's round trip
};

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

// `subscribers` connections subscribed to one event; a publisher raises it
// `events` times, each once every subscriber had the previous one.
Latency fanOut(unsigned short port, int subscribers, int events) {
  std::vector<std::unique_ptr<Client>> subs;
  for (int i = 0; i < subscribers; ++i) {
    subs.push_back(std::make_unique<Client>(port));
    subs.back()->call(R"({"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"event":"bench/ping"}})");
  }
  std::mutex mutex;
  std::condition_variable cv;
  int got = 0;
  Steady::time_point sentAt;
  Latency result;
  std::vector<std::thread> threads;
  for (auto& s : subs)
    threads.emplace_back([&, client = s.get()] {
      for (int e = 0; e < events; ++e) {
        client->receive();
        const auto now = Steady::now();
        std::lock_guard lock(mutex);
        result.each.push_back(seconds(now - sentAt) * 1e6);
        if (++got == subscribers) {
          result.last.push_back(seconds(now - sentAt) * 1e6);
          cv.notify_all();
        }
      }
    });
  Client publisher(port);
  for (int e = 0; e < events; ++e) {
    {
      std::lock_guard lock(mutex);
      got = 0;
      sentAt = Steady::now();
    }
    publisher.call(R"({"jsonrpc":"2.0","id":1,"method":"ALMemory.raiseEvent","params":["bench/ping",)" +
                   std::to_string(e) + "]}");
    const auto answered = Steady::now();
    std::unique_lock lock(mutex);
    result.call.push_back(seconds(answered - sentAt) * 1e6);
    cv.wait(lock, [&] { return got == subscribers; });
  }
  for (auto& t : threads) t.join();
  return result;
}

double median(std::vector<double> v) { return percentile(std::move(v), 0.5); }

// The same fan-out through Redis's PUBLISH/SUBSCRIBE (RESP over plain TCP),
// for comparison: a redis-server on loopback at `port`.
class RedisConnection {
public:
  explicit RedisConnection(unsigned short port) : socket_(ioc_) {
    socket_.connect({asio::ip::make_address("127.0.0.1"), port});
    socket_.set_option(tcp::no_delay(true));
  }
  void send(const std::string& command) { asio::write(socket_, asio::buffer(command)); }
  // Reads until `expected` bytes arrived (the reply is known in advance).
  void expect(std::size_t expected) {
    std::string got;
    char buf[4096];
    while (got.size() < expected) got.append(buf, socket_.read_some(asio::buffer(buf)));
  }

private:
  asio::io_context ioc_;
  tcp::socket socket_;
};

std::string bulk(const std::string& s) { return "$" + std::to_string(s.size()) + "\r\n" + s + "\r\n"; }

Latency redisFanOut(unsigned short port, int subscribers, int events) {
  std::vector<std::unique_ptr<RedisConnection>> subs;
  const std::string subscribed = "*3\r\n" + bulk("subscribe") + bulk("bench") + ":1\r\n";
  for (int i = 0; i < subscribers; ++i) {
    subs.push_back(std::make_unique<RedisConnection>(port));
    subs.back()->send("SUBSCRIBE bench\r\n");
    subs.back()->expect(subscribed.size());
  }
  auto message = [](int e) { return "*3\r\n" + bulk("message") + bulk("bench") + bulk(std::to_string(e)); };
  std::mutex mutex;
  std::condition_variable cv;
  int got = 0;
  Steady::time_point sentAt;
  Latency result;
  std::vector<std::thread> threads;
  for (auto& s : subs)
    threads.emplace_back([&, client = s.get()] {
      for (int e = 0; e < events; ++e) {
        client->expect(message(e).size());
        const auto now = Steady::now();
        std::lock_guard lock(mutex);
        result.each.push_back(seconds(now - sentAt) * 1e6);
        if (++got == subscribers) {
          result.last.push_back(seconds(now - sentAt) * 1e6);
          cv.notify_all();
        }
      }
    });
  RedisConnection publisher(port);
  const std::string answer = ":" + std::to_string(subscribers) + "\r\n";
  for (int e = 0; e < events; ++e) {
    {
      std::lock_guard lock(mutex);
      got = 0;
      sentAt = Steady::now();
    }
    publisher.send("PUBLISH bench " + std::to_string(e) + "\r\n");
    publisher.expect(answer.size());
    const auto answered = Steady::now();
    std::unique_lock lock(mutex);
    result.call.push_back(seconds(answered - sentAt) * 1e6);
    cv.wait(lock, [&] { return got == subscribers; });
  }
  for (auto& t : threads) t.join();
  return result;
}

void printLatency(const char* who, const char* call, int subscribers, int events, const Latency& l) {
  std::printf("%s to %d subscribers, %d events: delivery p50 %.0f us, p99 %.0f us; last subscriber p50 %.0f us, "
              "p99 %.0f us; %s round trip p50 %.0f us\n",
              who, subscribers, events, percentile(l.each, 0.5), percentile(l.each, 0.99), percentile(l.last, 0.5),
              percentile(l.last, 0.99), call, percentile(l.call, 0.5));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"The network API's benchmark: insertData calls a second and event fan-out latency"};
  int calls = 50000, repeat = 5, subscribers = 100, events = 1000;
  app.add_option("--calls", calls, "insertData calls per pass");
  app.add_option("--repeat", repeat, "passes (the median is reported, with the range)");
  app.add_option("--subscribers", subscribers, "subscribers of the fan-out test");
  app.add_option("--events", events, "events raised in the fan-out test");
  std::string only;
  app.add_option("--only", only, "run only this test (for a profiler)")
      ->check(CLI::IsMember({"one", "pipelined", "concurrent", "fan-out"}));
  unsigned short redisPort = 0;
  app.add_option("--redis", redisPort, "also measure the fan-out with PUBLISH on the redis-server at this port");
  unsigned pollMicroseconds = static_cast<unsigned>(autolife::net::LoopOptions{}.maxPoll.count());
  app.add_option("--poll-us", pollMicroseconds, "the server loop's longest poll before it sleeps (serve --poll-us)");
  CLI11_PARSE(app, argc, argv);

  autolife::net::EventLoop loop({std::chrono::microseconds(pollMicroseconds)});
  loop.start();
  autolife::engine::Engine engine(loop.clock());
  autolife::api::ServerOptions options{"127.0.0.1", 0, {}, {}};
  options.limits.callsPerSecond = 1e9;
  options.limits.maxConnections = 1024;
  autolife::api::Server server(engine, loop, options);
  loop.clock().post([&] { engine.start(); });
  std::printf("server: %s\n", server.start().c_str());
  const auto port = server.port();

  auto report = [&](const char* what, auto pass) {
    std::vector<double> rates;
    for (int i = 0; i < repeat; ++i) rates.push_back(pass());
    std::sort(rates.begin(), rates.end());
    std::printf("%-34s %9.0f calls/s  median of %d (range %.0f to %.0f)\n", what, median(rates), repeat, rates.front(),
                rates.back());
  };
  auto runs = [&](const char* test) { return only.empty() || only == test; };
  if (runs("one")) report("insertData, 1 connection:", [&] { return sequential(port, calls); });
  if (runs("pipelined")) report("insertData, 1 connection, -P 16:", [&] { return pipelined(port, calls, 16); });
  if (runs("concurrent")) report("insertData, 16 connections:", [&] { return concurrent(port, 16, calls / 16); });
  if (runs("fan-out"))
    printLatency("autolife raiseEvent", "raiseEvent", subscribers, events, fanOut(port, subscribers, events));
  if (redisPort && runs("fan-out")) printLatency("redis PUBLISH", "PUBLISH", subscribers, events, redisFanOut(redisPort, subscribers, events));
  server.stop();
  loop.stop();
}
