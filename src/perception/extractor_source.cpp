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
      std::lock_guard lock(self->mutex_);
      self->onValue(key, v);
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
    std::lock_guard lock(self->mutex_);
    if (generation != self->generation_) return;
    for (const auto& key : ExtractorReader::stateKeys())  // in the reader's order
      if (auto it = values.find(key); it != values.end()) self->onValue(key, it->second);
  });
}

// Called with mutex_ held.
void ExtractorSource::onValue(const std::string& key, const core::Value& value) {
  deliver(reader_->onEvent(key, value));
  readStale();
  readTemperatures();
}

// One data read at a time; what goes stale meanwhile is read after it.
void ExtractorSource::readStale() {
  if (reading_) return;
  auto keys = reader_->takeStaleKeys();
  if (keys.empty()) return;
  reading_ = true;
  std::weak_ptr<ExtractorSource> weak = weak_from_this();
  memory_.read(keys, [weak, generation = generation_](std::map<std::string, core::Value> values) {
    auto self = weak.lock();
    if (!self) return;
    std::lock_guard lock(self->mutex_);
    if (generation != self->generation_) return;
    self->reading_ = false;
    self->onRead(values);
  });
}

void ExtractorSource::onRead(const std::map<std::string, core::Value>& values) {
  deliver(reader_->onData(values));
  readStale();
}

// Which keys hold temperatures is the robot's to say (one per joint).
void ExtractorSource::readTemperatures() {
  if (!reader_->takeTemperaturesStale()) return;
  std::weak_ptr<ExtractorSource> weak = weak_from_this();
  memory_.list(std::string(naoqi::TemperatureKeySuffix), [weak, generation = generation_](std::vector<std::string> keys) {
    auto self = weak.lock();
    if (!self || keys.empty()) return;
    self->memory_.read(keys, [weak, generation](std::map<std::string, core::Value> values) {
      auto self = weak.lock();
      if (!self) return;
      std::lock_guard lock(self->mutex_);
      if (generation == self->generation_) self->deliver(self->reader_->onTemperatures(values));
    });
  });
}

void ExtractorSource::deliver(const std::vector<Observation>& observations) {
  for (const auto& o : observations)
    if (!o.empty()) report_(o);
}

}  // namespace autolife::perception
