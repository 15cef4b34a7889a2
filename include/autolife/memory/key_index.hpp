// Name -> KeyId lookup for memory's hot path. An open-addressing table of
// (hash, id) pairs in one flat array: a lookup touches one or two cache lines
// and then the slot itself (which the write needs anyway), where
// std::unordered_map would also chase a heap node per key.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace autolife::memory::detail {

class KeyIndex {
public:
  using Id = std::uint32_t;
  static constexpr Id kNone = ~Id{0};

  // `nameOf(id)` gives the name stored for an id (memory's slot name).
  template <class NameOf>
  Id find(std::string_view name, const NameOf& nameOf) const {
    if (entries_.empty()) return kNone;
    const std::uint64_t h = hash(name);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Entry& e = entries_[i];
      if (e.id == kNone) return kNone;  // empty: not present
      if (e.hash == h && e.id != kTombstone && nameOf(e.id) == name) return e.id;
    }
  }

  // `name` must not be present.
  void insert(std::string_view name, Id id) {
    if ((used_ + 1) * 4 > entries_.size() * 3) grow();
    place(hash(name), id);
    ++size_;
  }

  template <class NameOf>
  void erase(std::string_view name, const NameOf& nameOf) {
    if (entries_.empty()) return;
    const std::uint64_t h = hash(name);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Entry& e = entries_[i];
      if (e.id == kNone) return;
      if (e.hash == h && e.id != kTombstone && nameOf(e.id) == name) {
        e.id = kTombstone;  // keeps probe chains intact; reclaimed on grow
        --size_;
        return;
      }
    }
  }

  std::size_t size() const { return size_; }

private:
  static constexpr Id kTombstone = kNone - 1;
  struct Entry {
    std::uint64_t hash = 0;
    Id id = kNone;
  };

  static std::uint64_t hash(std::string_view s) { return std::hash<std::string_view>{}(s); }

  void place(std::uint64_t h, Id id) {
    std::size_t i = h & mask_;
    while (entries_[i].id != kNone) i = (i + 1) & mask_;
    entries_[i] = {h, id};
    ++used_;
  }

  void grow() {
    std::vector<Entry> old = std::move(entries_);
    std::size_t capacity = 64;
    while (capacity * 3 < (size_ + 1) * 8) capacity *= 2;  // load <= 3/8 after growing
    entries_.assign(capacity, Entry{});
    mask_ = capacity - 1;
    used_ = 0;
    for (const Entry& e : old)
      if (e.id != kNone && e.id != kTombstone) place(e.hash, e.id);
  }

  std::vector<Entry> entries_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;  // live ids
  std::size_t used_ = 0;  // live ids + tombstones
};

}  // namespace autolife::memory::detail
