#include <atomic>

#include "autolife/behavior/box_paths.hpp"
#include "autolife/memory/memory.hpp"
#include "parts.hpp"

namespace autolife::runtime {

std::shared_ptr<BehaviorRun> BehaviorRun::create(std::shared_ptr<const behavior::Behavior> behavior, std::string id,
                                                 RuntimeContext context, Ended ended) {
  return std::make_shared<detail::Run>(std::move(behavior), std::move(id), std::move(context), std::move(ended));
}

namespace detail {

namespace {

// Box-thread groups are never reused: a stopped run's late threads cannot
// be mistaken for a new run's.
std::atomic<core::Workers::Group> nextGroup{1};
std::atomic<std::uint64_t> nextSerial{1};

}  // namespace

Run::Run(std::shared_ptr<const behavior::Behavior> behavior, std::string id, RuntimeContext context, Ended ended,
         std::shared_ptr<ControlSettings> controls)
    : behavior_(std::move(behavior)), id_(std::move(id)), context_(std::move(context)), ended_(std::move(ended)),
      group_(nextGroup++), paths_(behavior::boxPaths(*behavior_)), info_{id_, *behavior_, nextSerial++},
      controls_(controls ? std::move(controls) : std::make_shared<ControlSettings>(behavior_)) {
  bridge_ = context_.python;
  if (!bridge_) bridge_ = (ownBridge_ = std::make_unique<python::Bridge>(context_.workers)).get();
  // Box code that never gives its thread back is interrupted (docs/behaviors.md).
  context_.workers.setInterrupter(bridge_->interrupter());
  const auto& b = *behavior_;
  placement_ = placementOf(b.format == behavior::SourceFormat::NewFormat ? b.path : b.path.parent_path());
}

Run::~Run() = default;

namespace {

std::mutex& heldInside(std::optional<core::Dispatcher::Hold>& hold, memory::Memory* memory, std::mutex& mutex) {
  if (memory) hold.emplace(memory->dispatcher());
  return mutex;
}

}  // namespace

Run::Lock::Lock(const Run& run) : lock_(heldInside(hold_, run.context_.memory, run.mutex_)) {}

void Run::start() {
  Lock lock(*this);
  if (running_ || root_) return;
  running_ = true;
  if (context_.observer) context_.observer->runStarted(info_, clock().now());
  root_ = std::make_shared<BoxInstance>(*this, behavior_->root, nullptr);
  // Each time its box threads go quiet, it may have become idle (idle.cpp).
  context_.workers.whenQuiet(group_, [weak = weak_from_this()] {
    if (auto run = weak.lock()) run->checkIdleSoon();
  });
  root_->load();
  for (const auto& input : behavior_->root.inputs)
    if (input.nature == behavior::InputNature::OnStart) root_->receive(input.id, std::nullopt);
  checkIdleSoon();  // a behavior without box code is told nothing else
}

void Run::stop() {
  Lock lock(*this);
  if (!running_) return;
  running_ = false;
  teardown();
  ended(RunEnding::How::Stopped, {});
}

bool Run::running() const {
  Lock lock(*this);
  return running_;
}

bool Run::goToFrame(int frame) {
  Lock lock(*this);
  return running_ && root_->timeline() && root_->timeline()->goToFrame(frame);
}

bool Run::goToLabel(const std::string& label) {
  Lock lock(*this);
  return running_ && root_->timeline() && root_->timeline()->goToLabel(label);
}

void Run::spawn(std::function<void()> task) {
  context_.workers.spawn(running_ ? group_ : unloadGroup_, [self = shared_from_this(), task = std::move(task)] {
    service::CallerScope caller(self->id());
    task();
  });
}

void Run::report(RunEvent event) {
  event.time = clock().now();
  event.behavior = id_;
  if (context_.report) context_.report(event);
}

void Run::fail(const python::BoxError& error) {
  RunEvent e;
  e.kind = RunEvent::Kind::BoxError;
  e.box = error.box;
  e.message = error.format();
  report(e);
  end(error.format());
}

void Run::rootStopped() { end(""); }

// The behavior is over: every box unloads, sleepers wake; whoever started it
// hears of it from the engine clock, not from under this run's lock.
void Run::end(const std::string& error) {
  if (!running_) return;
  running_ = false;
  teardown();
  ended(error.empty() ? RunEnding::How::Finished : RunEnding::How::Error, error);
  RunEvent e;
  e.kind = RunEvent::Kind::Ended;
  e.message = error.empty() ? "finished" : error;
  report(e);
  if (ended_) clock().post([ended = ended_, error] { ended(error); });
}

// Sleepers of the run wake (their code unwinds); then the boxes unload, their
// onUnload running in threads of a group of their own.
void Run::teardown() {
  context_.workers.whenQuiet(group_, {});
  held_.clear();
  paused_ = false;
  context_.workers.cancel(group_);
  unloadGroup_ = nextGroup++;
  if (root_) root_->unload();
}

void Run::ended(RunEnding::How how, std::string_view error) {
  if (context_.observer) context_.observer->runEnded(info_, {how, clock().now(), error});
}

}  // namespace detail
}  // namespace autolife::runtime
