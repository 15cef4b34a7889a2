// Errors and limits of the qi codec (REFERENCE §10). Everything read from a
// peer is bounded: a message, a signature, a nesting depth, and the number
// of elements that take no bytes on the wire (a list of empty tuples would
// otherwise cost memory without costing input).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace autolife::qi {

struct Limits {
  std::uint32_t maxPayload = 16u << 20;   // bytes of one message's payload
  std::size_t maxSignature = 4096;        // characters of one signature
  std::size_t maxDepth = 64;              // nesting of types and of values
  std::size_t maxEmptyElements = 1u << 16;  // list/map elements of zero bytes, per decode
};

// Malformed input: what is wrong and where, as a byte offset into the input
// that was being read (a payload, a header, a signature).
class DecodeError : public std::runtime_error {
public:
  DecodeError(std::size_t offset, const std::string& what)
      : std::runtime_error("at byte " + std::to_string(offset) + ": " + what), offset_(offset), reason_(what) {}
  std::size_t offset() const { return offset_; }
  const std::string& reason() const { return reason_; }  // what() without the offset

private:
  std::size_t offset_;
  std::string reason_;
};

// A value that does not fit the signature it is to be encoded with, or a
// conversion that has no meaning (a qi object into JSON).
class EncodeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

}  // namespace autolife::qi
