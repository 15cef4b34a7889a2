// `autolife replay DAY --serve [--port P]`: the dashboard opens a recorded
// day (docs/dashboard.md "A recorded day"). The day is replayed up to an
// instant and its engine served, as `serve` serves a live one, with one
// more service, `Replay`: `day()` says what day and which instant,
// `seek(t)` moves to another instant. Forward, the same engine runs on to
// it; back, the day replays again from its start up to it, on a new engine
// served at the same address (the page reconnects). Every panel shows the
// instant, since every panel asks the engine.
//
// The engine runs on the replay's virtual clock; the server's calls run on
// the network loop's thread, which is the only one touching the engine
// while it is served (the replay waits in its last hook meanwhile).
#include <signal.h>

#include <condition_variable>
#include <future>
#include <iostream>
#include <mutex>
#include <thread>

#include "autolife/api/server.hpp"
#include "autolife/core/json_line.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/net/event_loop.hpp"
#include "autolife/replay/replay.hpp"
#include "autolife/service/service.hpp"
#include "replay_serve.hpp"

namespace autolife::app {

namespace {

// What the served engine's Replay service asks of the replay: go back to an
// instant, or stop (a signal).
struct Seeking {
  std::mutex mutex;
  std::condition_variable changed;
  std::optional<core::Time> backTo;
  bool stopping = false;

  void wakeWith(std::optional<core::Time> t, bool stop) {
    std::lock_guard lock(mutex);
    if (t) backTo = t;
    stopping = stopping || stop;
    changed.notify_all();
  }
};

class DayServer {
public:
  DayServer(replay::RecordReader& record, std::string file, unsigned short port)
      : record_(record), file_(std::move(file)), port_(port) {}

  int run(replay::ReplayOptions options) {
    const sigset_t set = stopSignals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);  // before any thread starts: only sigwait sees them
    loop_.start();
    std::thread signals([this, set] {
      int signal = 0;
      sigwait(&set, &signal);
      seeking_.wakeWith(std::nullopt, true);
    });
    core::Time target{0};
    int status = 0;
    for (;;) {
      engine::Engine* engine = nullptr;
      options.until = target;
      options.hooks.built = [&engine](engine::Engine& e) { engine = &e; };
      options.hooks.detach = [this, &engine, &status] { status = serve(*engine); };
      replay::replay(record_, options, [](const sim::Record&) {});
      options.warn = nullptr;  // said once, at the first replay
      std::lock_guard lock(seeking_.mutex);
      if (seeking_.stopping || status != 0) break;
      target = seeking_.backTo.value_or(target);
      seeking_.backTo.reset();
    }
    if (status == 0) std::cout << core::jsonLine(nlohmann::json{{"stopped", true}}) << std::endl;
    kill(getpid(), SIGTERM);  // the signal thread, when it was a failure that stopped
    signals.join();
    loop_.stop();
    return status;
  }

private:
  static sigset_t stopSignals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return set;
  }

  // The engine at its instant, served until the page seeks back or a signal.
  int serve(engine::Engine& engine) {
    engine.services.add(replayService(engine));
    api::ServerOptions options;
    options.port = port_;
    api::Server server(engine::ServiceAccess{loop_.clock(), engine.memory, engine.services}, loop_, options);
    try {
      const std::string address = server.start();
      if (!announced_)
        std::cout << core::jsonLine(nlohmann::json{{"listening", address}, {"day", file_}}) << std::endl;
      announced_ = true;
      port_ = server.port();  // the same address for the next instants
    } catch (const std::exception& e) {
      std::cerr << "autolife replay: " << e.what() << '\n';
      return 2;
    }
    {
      std::unique_lock lock(seeking_.mutex);
      seeking_.changed.wait(lock, [this] { return seeking_.backTo || seeking_.stopping; });
    }
    server.stop();
    // What the loop still had for this engine runs before it goes.
    std::promise<void> drained;
    loop_.clock().post([&drained] { drained.set_value(); });
    drained.get_future().wait();
    engine.services.remove("Replay");
    return 0;
  }

  std::shared_ptr<service::Service> replayService(engine::Engine& engine) {
    auto s = std::make_shared<service::Service>("Replay", "The recorded day the dashboard shows (autolife replay --serve)");
    const core::Value header = record_.header();
    const core::Time end = record_.endTime();
    s->bind("day", {}, [this, &engine, header, end]() -> service::Any {
      return service::Any::Map{{"file", file_},
                               {"source", header.find("source") ? *header.find("source") : core::Value()},
                               {"robot", header.find("robot") ? *header.find("robot") : core::Value()},
                               {"start", header.find("start") ? *header.find("start") : core::Value()},
                               {"end", core::toSeconds(end)},
                               {"now", core::toSeconds(engine.clock.now())}};
    }, "{file, source, robot, start (ns since the epoch), end (s), now (s)}: the day and the instant shown", service::Type::Map);
    s->bind("seek", {"t"}, [this, &engine, end](double seconds) -> service::Any {
      const core::Time t = std::clamp(core::fromSeconds(std::max(seconds, 0.0)), core::Time{0}, end);
      if (t >= engine.clock.now()) {
        dynamic_cast<core::VirtualClock&>(engine.clock).runUntil(t);
        return service::Any::Map{{"t", core::toSeconds(engine.clock.now())}, {"reloading", false}};
      }
      seeking_.wakeWith(t, false);  // the day replays again up to t: this connection closes
      return service::Any::Map{{"t", core::toSeconds(t)}, {"reloading", true}};
    }, "Shows the day at t (s): on from now, or again from its start (the server then restarts at the same address)",
            service::Type::Map);
    return s;
  }

  replay::RecordReader& record_;
  std::string file_;
  unsigned short port_;
  bool announced_ = false;
  net::EventLoop loop_;
  Seeking seeking_;
};

}  // namespace

int serveDay(replay::RecordReader& record, const replay::ReplayOptions& options, const std::string& file,
             unsigned short port) {
  DayServer server(record, file, port);
  return server.run(options);
}

}  // namespace autolife::app
