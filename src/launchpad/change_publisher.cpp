#include "change_publisher.hpp"

namespace autolife::launchpad::detail {

void ChangePublisher::stage(std::string_view key, core::Value value) {
  auto it = published_.find(key);
  if (it != published_.end() && identical(it->second, value)) return;
  if (it == published_.end()) it = published_.emplace(std::string(key), core::Value{}).first;
  it->second = value;
  for (auto& [k, v] : staged_) {
    if (k == key) {  // staged twice in one batch: the last value wins
      v = std::move(value);
      return;
    }
  }
  staged_.emplace_back(std::string(key), std::move(value));
}

void ChangePublisher::flush() {
  if (staged_.empty()) return;
  // Taken out first: a subscriber called back from apply() may feed an input
  // again, which stages and flushes a batch of its own.
  auto batch = std::exchange(staged_, {});
  std::vector<memory::Write> writes;
  writes.reserve(batch.size());
  for (auto& [key, value] : batch) writes.push_back({memory::Write::Kind::Raise, key, std::move(value)});
  memory_.apply(writes);
}

}  // namespace autolife::launchpad::detail
