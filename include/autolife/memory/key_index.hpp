// Name -> KeyId lookup for memory's hot path. An open-addressing table of
// (hash, id) pairs in one flat array: a lookup touches one or two cache lines
// and then the slot itself (which the write needs anyway), where
// std::unordered_map would also chase a heap node per key. A pair is 8
// bytes (the hash's low 32 bits): 10,000 keys' table is 256 KB, not 512,
// which matters when the keys are many and written at random (decision 912).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace autolife::memory::detail {

class KeyIndex {
public:
  using Id = std::uint32_t;
  static constexpr Id kNone = ~Id{0};

  // `nameOf(id)` gives the name stored for an id (memory's slot name).
  // (Inline, as the other steps of memory's write: decision 911.)
  template <class NameOf>
  [[gnu::always_inline]] Id find(std::string_view name, const NameOf& nameOf) const {
    if (entries_.empty()) return kNone;
    const std::uint32_t h = hash(name);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Entry& e = entries_[i];
      if (e.id == kNone) return kNone;  // empty: not present
      if (e.hash == h && e.id != kTombstone && sameName(nameOf(e.id), name)) return e.id;
    }
  }

  // Names are short: up to 16 bytes are compared inline, in two overlapping
  // words, without a call to memcmp.
  [[gnu::always_inline]] static bool sameName(std::string_view a, std::string_view b) {
    const std::size_t n = a.size();
    if (n != b.size()) return false;
    const char* x = a.data();
    const char* y = b.data();
    if (n > 16) return std::memcmp(x, y, n) == 0;
    if (n >= 8) return read64(x) == read64(y) && read64(x + n - 8) == read64(y + n - 8);
    if (n >= 4) return read32(x) == read32(y) && read32(x + n - 4) == read32(y + n - 4);
    for (std::size_t i = 0; i < n; ++i)
      if (x[i] != y[i]) return false;
    return true;
  }

  // The last four bytes of a non-empty name (a shorter one's bytes and
  // size): a cheap check before the name itself is compared.
  static std::uint32_t tail(std::string_view s) {
    const std::size_t n = s.size();
    if (n >= 4) return read32(s.data() + n - 4);
    const auto byte = [&s](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(s[i])); };
    return static_cast<std::uint32_t>(n) << 24 | byte(0) << 16 | byte(n >> 1) << 8 | byte(n - 1);
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
    const std::uint32_t h = hash(name);
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
  // The hash's low 32 bits hold the entry's home position at every size
  // the table can have (up to 2^32 entries), so growing needs no rehash.
  struct Entry {
    std::uint32_t hash = 0;
    Id id = kNone;
  };

  // Keys are short names ("Launchpad/NumPeopleZone1"), hashed as wyhash
  // does: a name of up to 16 bytes is two (overlapping) words, mixed twice
  // with a 64x64->128-bit multiply, which leaves the low bits (the slot)
  // well mixed; a longer one folds 16 bytes a mix first. Two mixes for the
  // usual name where folding 8 bytes at a time took three (decision 921).
  [[gnu::always_inline]] static std::uint32_t hash(std::string_view s) {
    constexpr std::uint64_t k0 = 0xa0761d6478bd642full, k1 = 0xe7037ed1a0b428dbull;
    const char* p = s.data();
    const std::size_t n = s.size();
    std::uint64_t a, b, seed = k0;
    if (n <= 16) [[likely]] {
      if (n >= 8) {
        a = read64(p);
        b = read64(p + n - 8);
      } else if (n >= 4) {
        a = read32(p);
        b = read32(p + n - 4);
      } else {
        // Three single bytes (a copy of n bytes into a word would stall on
        // store forwarding).
        const auto byte = [p](std::size_t i) { return static_cast<std::uint64_t>(static_cast<unsigned char>(p[i])); };
        a = n > 0 ? byte(0) << 16 | byte(n >> 1) << 8 | byte(n - 1) : 0;
        b = 0;
      }
    } else {
      std::size_t left = n;
      for (; left > 16; p += 16, left -= 16) seed = mix(read64(p) ^ k1, read64(p + 8) ^ seed);
      a = read64(p + left - 16);  // the last 16 bytes, overlapping the folded ones
      b = read64(p + left - 8);
    }
    return static_cast<std::uint32_t>(mix(k1 ^ n, mix(a ^ k1, b ^ seed)));
  }
  static std::uint64_t read64(const char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  static std::uint32_t read32(const char* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  static std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
    __extension__ typedef unsigned __int128 Wide;
    const Wide product = static_cast<Wide>(a) * b;
    return static_cast<std::uint64_t>(product) ^ static_cast<std::uint64_t>(product >> 64);
  }

  void place(std::uint32_t h, Id id) {
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
