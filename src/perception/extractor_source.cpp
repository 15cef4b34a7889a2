#include "autolife/perception/extractor_source.hpp"

#include "autolife/perception/naoqi_keys.hpp"

namespace autolife::perception {

ExtractorSource::ExtractorSource(RobotMemory& memory, launchpad::RobotModel model, Report report)
    : memory_(memory), model_(model), report_(std::move(report)) {}

void ExtractorSource::start() {
  std::weak_ptr<ExtractorSource> weak = weak_from_this();
  for (const auto& key : ExtractorReader::followedKeys())
    memory_.subscribe(key, [weak, key](const core::Value& v) {
      auto self = weak.lock();
      if (!self) return;
      Next next;
      {
        std::lock_guard lock(self->mutex_);
        next = self->onValueLocked(key, v);
      }
      self->proceed(next);
      self->readTemperatures();
    });
  resync();
}

void ExtractorSource::resync() {
  std::uint64_t generation = 0;
  {
    std::lock_guard lock(mutex_);
    reader_ = std::make_unique<ExtractorReader>(model_);
    generation = ++generation_;
    reading_ = false;
  }
  std::weak_ptr<ExtractorSource> weak = weak_from_this();
  memory_.read(ExtractorReader::stateKeys(), [weak, generation](std::map<std::string, core::Value> values) {
    auto self = weak.lock();
    if (!self) return;
    for (const auto& key : ExtractorReader::stateKeys()) {  // in the reader's order
      auto it = values.find(key);
      if (it == values.end()) continue;
      Next next;
      {
        std::lock_guard lock(self->mutex_);
        if (generation != self->generation_) return;
        next = self->onValueLocked(key, it->second);
      }
      self->proceed(next);
      self->readTemperatures();
    }
  });
}

ExtractorSource::Next ExtractorSource::onValueLocked(const std::string& key, const core::Value& value) {
  queueLocked(reader_->onEvent(key, value));
  return takeStaleLocked();
}

ExtractorSource::Next ExtractorSource::onReadLocked(const std::map<std::string, core::Value>& values) {
  queueLocked(reader_->onData(values));
  return takeStaleLocked();
}

// One data read at a time; what goes stale meanwhile is read after it.
ExtractorSource::Next ExtractorSource::takeStaleLocked() {
  Next next;
  next.generation = generation_;
  if (reading_) return next;
  next.staleKeys = reader_->takeStaleKeys();
  reading_ = !next.staleKeys.empty();
  return next;
}

void ExtractorSource::queueLocked(const std::vector<Observation>& observations) {
  for (const auto& o : observations)
    if (!o.empty()) reports_.post([this, o] { report_(o); });
}

void ExtractorSource::proceed(const Next& next) {
  reports_.drain();
  readStale(next);
}

void ExtractorSource::readStale(const Next& next) {
  if (next.staleKeys.empty()) return;
  std::weak_ptr<ExtractorSource> weak = weak_from_this();
  memory_.read(next.staleKeys, [weak, generation = next.generation](std::map<std::string, core::Value> values) {
    auto self = weak.lock();
    if (!self) return;
    Next after;
    {
      std::lock_guard lock(self->mutex_);
      if (generation != self->generation_) return;
      self->reading_ = false;
      after = self->onReadLocked(values);
    }
    self->proceed(after);
  });
}

// Which keys hold temperatures is the robot's to say (one per joint).
void ExtractorSource::readTemperatures() {
  std::uint64_t generation = 0;
  {
    std::lock_guard lock(mutex_);
    if (!reader_->takeTemperaturesStale()) return;
    generation = generation_;
  }
  std::weak_ptr<ExtractorSource> weak = weak_from_this();
  memory_.list(std::string(naoqi::TemperatureKeySuffix), [weak, generation](std::vector<std::string> keys) {
    auto self = weak.lock();
    if (!self || keys.empty()) return;
    self->memory_.read(keys, [weak, generation](std::map<std::string, core::Value> values) {
      auto self = weak.lock();
      if (!self) return;
      {
        std::lock_guard lock(self->mutex_);
        if (generation != self->generation_) return;
        self->queueLocked(self->reader_->onTemperatures(values));
      }
      self->reports_.drain();
    });
  });
}

}  // namespace autolife::perception
