// A vector whose elements never move: fixed-size chunks, so that a reference
// to an element stays valid as it grows (what memory's slots need, as
// std::deque gives), with an index that is a shift and a mask inline,
// where std::deque's operator[] is a call on memory's hot path.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace autolife::memory::detail {

template <class T, unsigned ChunkBits = 8>
class ChunkedVector {
public:
  static constexpr std::size_t kChunk = std::size_t{1} << ChunkBits;

  T& operator[](std::size_t i) { return chunks_[i >> ChunkBits][i & (kChunk - 1)]; }
  const T& operator[](std::size_t i) const { return chunks_[i >> ChunkBits][i & (kChunk - 1)]; }
  std::size_t size() const { return size_; }

  T& emplace_back() {
    if (size_ == chunks_.size() * kChunk) chunks_.push_back(std::make_unique<T[]>(kChunk));
    return (*this)[size_++];
  }

  template <class F>
  void forEach(F&& f) const {
    for (std::size_t i = 0; i < size_; ++i) f((*this)[i]);
  }

private:
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::size_t size_ = 0;
};

}  // namespace autolife::memory::detail
