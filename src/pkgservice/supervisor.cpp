#include "autolife/pkgservice/supervisor.hpp"

#include <sys/wait.h>

#include <algorithm>

#include "command.hpp"
#include "python_modules.hpp"

namespace autolife::pkgservice {

using Stream = core::ChildProcesses::Stream;

namespace {

constexpr std::size_t kLinesKept = 20;  // of a service's output, for the record of its failure
constexpr auto kShutdownGrace = std::chrono::seconds(2);

// qi.logging's "[W] category: message" (F E W I V D), else plain output.
std::string levelOf(const std::string& line) {
  if (line.size() < 4 || line[0] != '[' || line[2] != ']' || line[3] != ' ') return "";
  switch (line[1]) {
    case 'F': case 'E': return "error";
    case 'W': return "warning";
    case 'I': return "info";
    case 'V': case 'D': return "debug";
    default: return "";
  }
}

// It ended, and the reaper has yet to tell (it is not reaped here).
bool hasEnded(int pid) {
  siginfo_t info{};
  return waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

template <typename Lines>
std::string joined(const Lines& lines, const std::string& separator) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : separator) + l;
  return out;
}

Event eventOf(Event::Kind kind, const std::string& service) {
  Event event;
  event.kind = kind;
  event.service = service;
  return event;
}

}  // namespace

std::string_view kindName(Event::Kind kind) {
  switch (kind) {
    case Event::Kind::Started: return "started";
    case Event::Kind::Ready: return "ready";
    case Event::Kind::Output: return "output";
    case Event::Kind::Stopped: return "stopped";
    case Event::Kind::Failed: return "failed";
    case Event::Kind::Restarting: return "restarting";
  }
  return "";
}

nlohmann::ordered_json eventJson(const Event& e) {
  nlohmann::ordered_json j{{"packageService", e.service}, {"status", std::string(kindName(e.kind))}};
  if (e.pid >= 0) j["pid"] = e.pid;
  if (!e.why.empty()) j["why"] = e.why;
  if (!e.services.empty()) j["services"] = e.services;
  if (!e.stream.empty()) j["stream"] = e.stream;
  if (!e.level.empty()) j["level"] = e.level;
  if (!e.line.empty()) j[e.kind == Event::Kind::Output ? "line" : "lastOutput"] = e.line;
  if (e.warning) j["warning"] = true;
  return j;
}

std::string eventText(const Event& e) {
  std::string text = e.service + " ";
  switch (e.kind) {
    case Event::Kind::Started: return text + "started (pid " + std::to_string(e.pid) + ")";
    case Event::Kind::Ready: {
      text += "ready";
      for (std::size_t i = 0; i < e.services.size(); ++i) text += (i ? ", " : ": ") + e.services[i];
      return text;
    }
    case Event::Kind::Output: return text + "[" + (e.level.empty() ? e.stream : e.level) + "] " + e.line;
    case Event::Kind::Stopped: return text + "stopped (" + e.why + ")";
    case Event::Kind::Failed: {
      text += "failed: " + e.why;
      if (!e.services.empty()) text += "; its services left: " + joined(e.services, ", ");
      return text;
    }
    case Event::Kind::Restarting: return text + e.why;
  }
  return text;
}

// One run of a service's program.
struct Supervisor::Running {
  core::ChildProcesses::Id id = 0;
  int pid = -1;
  bool ready = false;
  bool ended = false;
  bool stopping = false;  // asked to stop: its end is no failure
  bool lost = false;      // one of its qi services left the registry
  std::vector<std::string> registered;
  std::deque<std::string> lastLines;
};

Supervisor::Supervisor(package::PackageStore& packages, core::Clock& clock, SupervisorOptions options)
    : packages_(packages), clock_(clock), options_(std::move(options)), alive_(std::make_shared<bool>(true)) {
  pythonPath_ = options_.pythonPath.empty() ? writePythonModules() : options_.pythonPath;
}

Supervisor::~Supervisor() {
  if (installedLink_) packages_.packageInstalled.disconnect(installedLink_);
  if (removedLink_) packages_.packageRemoved.disconnect(removedLink_);
  {
    // A Python service hears SIGTERM and stops (its atStop callbacks run);
    // what is still there after the grace period is killed with the rest.
    std::unique_lock lock(mutex_);
    closing_ = true;
    alive_.reset();
    for (auto& [name, d] : declared_)
      if (d.running && !d.running->ended) processes_.stop(d.running->id, kShutdownGrace, true);
    changed_.wait_for(lock, kShutdownGrace + std::chrono::milliseconds(500), [this] { return unended_ == 0; });
  }
  if (options_.pythonPath.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(pythonPath_, ignored);
  }
}

void Supervisor::tell(Event event) {
  clock_.post([alive = std::weak_ptr<bool>(alive_), this, event = std::move(event)] {
    if (alive.lock()) events(event);
  });
}

void Supervisor::start() {
  {
    std::lock_guard lock(mutex_);
    if (started_) return;
    started_ = true;
  }
  installedLink_ = packages_.packageInstalled.connect([this](const std::string& uuid) { packageInstalled(uuid); });
  removedLink_ = packages_.packageRemoved.connect([this](const std::string& uuid) { packageRemoved(uuid); });
  for (const auto& info : packages_.packages()) packageInstalled(info.uuid);
}

void Supervisor::declare(const package::Package& pkg) {
  for (const auto& content : pkg.manifest.services) {
    Declared d;
    d.package = pkg.uuid();
    d.content = content;
    d.root = pkg.root;
    declared_[pkg.uuid() + "." + content.name] = std::move(d);
  }
}

void Supervisor::packageInstalled(const std::string& uuid) {
  auto pkg = packages_.package(uuid);
  if (!pkg) return;
  packageRemoved(uuid);  // a new version: the old one's services stop
  std::unique_lock lock(mutex_);
  if (closing_) return;
  declare(*pkg);
  for (const auto& content : pkg->manifest.services)
    if (content.autorun) launch(uuid + "." + content.name, lock, true);
}

void Supervisor::packageRemoved(const std::string& uuid) {
  std::lock_guard lock(mutex_);
  for (auto it = declared_.begin(); it != declared_.end();) {
    if (it->second.package != uuid) {
      ++it;
      continue;
    }
    if (auto& running = it->second.running) {
      running->stopping = true;
      processes_.stop(running->id, options_.stopGrace, true);
    }
    it = declared_.erase(it);
  }
}

bool Supervisor::launch(const std::string& name, std::unique_lock<std::mutex>& lock, bool hold) {
  auto found = declared_.find(name);
  if (found == declared_.end()) return false;
  Declared& d = found->second;
  if (d.running) return true;
  const Command command = commandFor(d.content.command, d.root, options_.qiUrl, options_.python, pythonPath_);
  auto running = std::make_shared<Running>();
  core::ChildProcesses::Callbacks callbacks;
  callbacks.output = [this, name, running](Stream stream, const std::string& line) { heard(name, running, stream, line); };
  callbacks.exited = [this, name, running](int status) { exited(name, running, status); };
  try {
    running->id = processes_.start({command.argv, d.root, command.environment, true, true}, std::move(callbacks));
  } catch (const std::exception& e) {
    d.lastEnd = std::string("could not start: ") + e.what();
    Event failed = eventOf(Event::Kind::Failed, name);
    failed.why = d.lastEnd;
    failed.warning = true;
    tell(std::move(failed));
    return false;
  }
  running->pid = processes_.pid(running->id);
  d.running = running;
  ++unended_;
  Event started = eventOf(Event::Kind::Started, name);
  started.pid = running->pid;
  tell(std::move(started));
  if (hold && options_.holdUntilReady.count() > 0) holdUntilReady(running, lock);
  return true;
}

// Virtual time: the service is ready at the engine time it was started.
void Supervisor::holdUntilReady(const std::shared_ptr<Running>& running, std::unique_lock<std::mutex>& lock) {
  changed_.wait_for(lock, options_.holdUntilReady, [&] { return running->ready || running->ended; });
}

void Supervisor::heard(const std::string& name, const std::shared_ptr<Running>& running, Stream stream,
                       const std::string& line) {
  std::lock_guard lock(mutex_);
  if (stream == Stream::Notify) {
    const bool wasReady = running->ready;
    if (line.starts_with("registered ")) running->registered.push_back(line.substr(11));
    if (line.starts_with("registered ") || line == "running") running->ready = true;
    changed_.notify_all();
    if (running->ready && (!wasReady || line.starts_with("registered "))) {
      Event ready = eventOf(Event::Kind::Ready, name);
      ready.pid = running->pid;
      ready.services = running->registered;
      tell(std::move(ready));
    }
    return;
  }
  running->lastLines.push_back(line);
  if (running->lastLines.size() > kLinesKept) running->lastLines.pop_front();
  Event output = eventOf(Event::Kind::Output, name);
  output.pid = running->pid;
  output.stream = stream == Stream::Stdout ? "stdout" : "stderr";
  output.level = levelOf(line);
  output.line = line;
  tell(std::move(output));
}

void Supervisor::exited(const std::string& name, const std::shared_ptr<Running>& running, int status) {
  std::unique_lock lock(mutex_);
  running->ended = true;
  --unended_;
  changed_.notify_all();
  if (closing_) return;
  const std::string status_text = core::ChildProcesses::describeStatus(status);
  const bool failed = !running->stopping && !status_text.empty();
  Event ended = eventOf(failed ? Event::Kind::Failed : Event::Kind::Stopped, name);
  ended.pid = running->pid;
  ended.services = running->registered;
  ended.why = running->stopping ? "stopped" : status_text.empty() ? "exited" : status_text;
  if (failed) {
    ended.line = joined(running->lastLines, "\n");
    ended.warning = true;
  }
  auto it = declared_.find(name);
  const bool current = it != declared_.end() && it->second.running == running;
  if (current) {
    it->second.running = nullptr;
    it->second.lastEnd = ended.why;
  }
  tell(std::move(ended));
  if (!failed || !current || !it->second.content.autorun || closing_) return;
  // NAOqi's ServiceManager: an autorun service that fails starts again,
  // unless it failed more than 5 times within 10 s.
  auto& failures = it->second.failures;
  const auto now = std::chrono::steady_clock::now();
  failures.push_back(now);
  while (!failures.empty() && now - failures.front() > options_.failureWindow) failures.pop_front();
  Event next = eventOf(Event::Kind::Restarting, name);
  next.warning = true;
  if (static_cast<int>(failures.size()) > options_.maxFailures) {
    next.kind = Event::Kind::Failed;
    next.why = "failed " + std::to_string(failures.size()) + " times within " +
               std::to_string(options_.failureWindow.count() / 1000) + " s: not started again";
    tell(std::move(next));
    return;
  }
  next.why = "started again after it " + status_text;
  tell(std::move(next));
  launch(name, lock, false);  // not held: this is the reaper's thread, which must go on reading
}

std::string Supervisor::resolve(const std::string& name) const {
  if (declared_.count(name)) return name;
  std::string found;
  for (const auto& [full, d] : declared_) {
    if (d.content.name != name) continue;
    if (!found.empty()) return "";  // two packages have it: NAOqi refuses to guess too
    found = full;
  }
  return found;
}

bool Supervisor::startService(const std::string& name) {
  std::unique_lock lock(mutex_);
  const std::string full = resolve(name);
  if (full.empty() || closing_) return false;
  return launch(full, lock, true);
}

bool Supervisor::stopService(const std::string& name) {
  std::unique_lock lock(mutex_);
  const std::string full = resolve(name);
  if (full.empty()) return false;
  return stopAndWait(full, lock);
}

bool Supervisor::stopAndWait(const std::string& full, std::unique_lock<std::mutex>& lock) {
  auto running = declared_.at(full).running;
  if (!running) return true;
  running->stopping = true;
  processes_.stop(running->id, options_.stopGrace, true);
  // As NAOqi's stop, it answers once the process has ended: SIGKILL follows
  // SIGTERM after stopGrace, and the reaper tells the end soon after.
  changed_.wait_for(lock, options_.stopGrace + std::chrono::seconds(5), [&] { return running->ended; });
  return running->ended;
}

bool Supervisor::restartService(const std::string& name) {
  std::unique_lock lock(mutex_);
  const std::string full = resolve(name);
  if (full.empty() || closing_) return false;
  if (!stopAndWait(full, lock)) return false;
  if (closing_ || !declared_.count(full)) return false;  // it went while stopping (package removed)
  return launch(full, lock, true);
}

std::string Supervisor::fullName(const std::string& name) const {
  std::lock_guard lock(mutex_);
  return resolve(name);
}

bool Supervisor::isRunning(const std::string& name) const {
  std::lock_guard lock(mutex_);
  const std::string full = resolve(name);
  return !full.empty() && declared_.at(full).running != nullptr;
}

std::vector<ServiceInfo> Supervisor::services() const {
  std::lock_guard lock(mutex_);
  std::vector<ServiceInfo> out;
  for (const auto& [name, d] : declared_) {
    ServiceInfo info{name, d.package, d.content.autorun, d.running != nullptr, -1, {}, d.lastEnd, d.content.execStart};
    if (d.running) {
      info.pid = d.running->pid;
      info.registered = d.running->registered;
    }
    out.push_back(std::move(info));
  }
  return out;
}

void Supervisor::serviceLeft(const std::string& qiService) {
  std::lock_guard lock(mutex_);
  for (auto& [name, d] : declared_)
    if (d.running && std::count(d.running->registered.begin(), d.running->registered.end(), qiService))
      d.running->lost = true;
}

void Supervisor::settle(std::chrono::milliseconds limit) {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, limit, [this] {
    return std::none_of(declared_.begin(), declared_.end(), [](const auto& entry) {
      const auto& running = entry.second.running;
      return running && !running->ended && (running->lost || hasEnded(running->pid));
    });
  });
}

}  // namespace autolife::pkgservice
