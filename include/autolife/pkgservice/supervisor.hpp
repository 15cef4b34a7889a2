// Package services (docs/packages.md "Package services"): the programs a
// manifest's <services> declares, run as NAOqi's ServiceManager runs them,
// beside the engine. Each is named `<uuid>.<name>`; autorun ones start when
// their package is installed (or at start for those already installed) and
// stop when it is removed. A Python program runs on Debian's Python 3 with
// autolife's `qi` and `naoqi` modules for processes (python/), whatever
// interpreter execStart names, in its package's folder, told the engine's
// qi address; Python 2 code is rewritten as it is imported. What it
// registers over qi joins the engine's registry (qiserver). An autorun
// service that fails is started again, unless it failed 5 times within 10 s.
//
// Everything a service does that the engine should know (started, ready,
// the qi services it registered, its output, stopped, failed, restarted)
// is an Event, told on the engine's clock.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/core/child_processes.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/core/signal.hpp"
#include "autolife/package/store.hpp"

namespace autolife::pkgservice {

struct Event {
  enum class Kind {
    Started,     // its process started (pid)
    Ready,       // it registered its qi services or entered its run loop (services)
    Output,      // a line it wrote (stream: stdout or stderr; level from qi.logging's "[W] ...")
    Stopped,     // it ended: asked to (stop, package removed) or by itself with status 0
    Failed,      // it ended by itself otherwise (why), or could not start
    Restarting,  // an autorun service that failed starts again
  };
  Kind kind = Kind::Started;
  std::string service;                // "<uuid>.<name>"
  int pid = -1;
  std::string why;                    // Stopped, Failed: what happened ("exited with status 1")
  std::vector<std::string> services;  // the qi services it registered (Ready, Stopped, Failed)
  std::string stream;                 // Output: "stdout" or "stderr"
  std::string level;                  // Output: "error", "warning", "info", "debug", or "" (plain output)
  std::string line;                   // Output: the line; Failed: its last lines of output, joined
  bool warning = false;               // worth a warning (Failed, Restarting, a give-up)
};
std::string_view kindName(Event::Kind kind);  // "started", "ready", "output", "stopped", "failed", "restarting"
// How simulate and serve report it: {"packageService": NAME, "status":
// KIND, ...the fields it has} and a line of text ("NAME failed: why").
nlohmann::ordered_json eventJson(const Event& event);
std::string eventText(const Event& event);

struct SupervisorOptions {
  std::string qiUrl;                      // where its processes reach the engine over qi
  std::filesystem::path pythonPath;       // the qi and naoqi modules (python/); empty: those compiled in
  std::string python = "/usr/bin/python3";
  std::chrono::milliseconds stopGrace{15000};  // SIGTERM, then SIGKILL after this (NAOqi's 15 s)
  int maxFailures = 5;                          // restarts stop after this many failures...
  std::chrono::milliseconds failureWindow{10000};  // ... within this long
  // Virtual time: starting a service holds the caller until it is ready
  // (registered its services or runs), has ended, or this long has passed.
  std::chrono::milliseconds holdUntilReady{0};
};

// A service as ALServiceManager lists it.
struct ServiceInfo {
  std::string name;  // "<uuid>.<name>"
  std::string package;
  bool autorun = false;
  bool running = false;
  int pid = -1;
  std::vector<std::string> registered;  // its qi services
  std::string lastEnd;                  // why it last ended ("" when it never did)
  std::string execStart;                // as its manifest writes it
};

class Supervisor {
public:
  // Follows `packages` (installs, removals) once started; tells its events on `clock`.
  Supervisor(package::PackageStore& packages, core::Clock& clock, SupervisorOptions options);
  ~Supervisor();  // stops every service at once (SIGTERM, SIGKILL), and tells nothing more
  Supervisor(const Supervisor&) = delete;
  Supervisor& operator=(const Supervisor&) = delete;

  // Starts the autorun services of every installed package, then those of
  // each package installed later.
  void start();
  // By "<uuid>.<name>" or, as NAOqi allows, the name alone when one
  // package only has it. False when there is no such service; true when it
  // runs (already, or now).
  bool startService(const std::string& name);
  // Returns once its process has ended (SIGTERM, then SIGKILL after
  // stopGrace): true then, or when it did not run; false for no such service.
  bool stopService(const std::string& name);
  // Stops it (as stopService), then starts it: true when it runs again.
  bool restartService(const std::string& name);
  // "<uuid>.<name>" for either form of a name; "" when unknown or ambiguous.
  std::string fullName(const std::string& name) const;
  bool isRunning(const std::string& name) const;
  std::vector<ServiceInfo> services() const;
  // A qi service left the registry: when one of the services registered
  // it, its process is going (its connection closed) or gone.
  void serviceLeft(const std::string& qiService);
  // Waits (at most `limit`) until every process that ended, or whose qi
  // service left, has been reaped and told: a simulation's last records
  // include how it ended.
  void settle(std::chrono::milliseconds limit);

  core::Signal<const Event&> events;  // on the clock's thread

private:
  struct Running;
  struct Declared {
    std::string package;
    package::ServiceContent content;
    std::filesystem::path root;
    std::shared_ptr<Running> running;
    std::deque<std::chrono::steady_clock::time_point> failures;
    std::string lastEnd;
  };

  void packageInstalled(const std::string& uuid);
  void packageRemoved(const std::string& uuid);
  void declare(const package::Package& pkg);
  bool launch(const std::string& name, std::unique_lock<std::mutex>& lock, bool hold);
  bool stopAndWait(const std::string& full, std::unique_lock<std::mutex>& lock);
  void holdUntilReady(const std::shared_ptr<Running>& running, std::unique_lock<std::mutex>& lock);
  void heard(const std::string& name, const std::shared_ptr<Running>& running, core::ChildProcesses::Stream stream,
             const std::string& line);
  void exited(const std::string& name, const std::shared_ptr<Running>& running, int status);
  std::string resolve(const std::string& name) const;  // "" when unknown or ambiguous
  void tell(Event event);

  package::PackageStore& packages_;
  core::Clock& clock_;
  SupervisorOptions options_;
  std::filesystem::path pythonPath_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, Declared> declared_;  // by "<uuid>.<name>"
  bool started_ = false;
  bool closing_ = false;
  int unended_ = 0;  // processes started and not yet reaped
  core::SignalLink installedLink_ = 0, removedLink_ = 0;
  std::shared_ptr<bool> alive_;  // what clock tasks check before telling
  core::ChildProcesses processes_;  // last: its reaper thread stops first
};

}  // namespace autolife::pkgservice
