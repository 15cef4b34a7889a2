// The qi binary encoding of values (REFERENCE §10): little-endian scalars,
// a u32 length before strings, raw buffers, lists and maps, tuples as their
// members in a row, `m` as a signature string then the value, `+T` as a
// byte 0/1 then the value, `o` as metaObject, service, object (and the
// 20-byte object uid when both ends advertise ObjectPtrUID).
//
// Decoding is strict: every length is checked against the bytes left, the
// nesting against Limits::maxDepth, a bool must be 0 or 1, and decode()
// refuses trailing bytes. A malformed input throws DecodeError with the
// byte offset and what was expected there; it never reads out of bounds.
#pragma once

#include <string>
#include <string_view>

#include "autolife/qi/error.hpp"
#include "autolife/qi/signature.hpp"
#include "autolife/qi/value.hpp"

namespace autolife::qi {

// What the two ends agreed in the capability handshake, and the limits.
struct CodecOptions {
  Limits limits;
  bool objectUid = true;         // ObjectPtrUID
  bool metaObjectCache = false;  // MetaObjectCache
};

// The signature of a MetaObject (how an `o` starts, and metaObject()'s result).
const Signature& metaObjectSignature();

class Decoder {
public:
  Decoder(std::string_view bytes, const CodecOptions& options);
  Value read(const Signature& signature);
  std::size_t position() const { return pos_; }
  std::size_t remaining() const { return bytes_.size() - pos_; }
  // Throws DecodeError when bytes are left over.
  void expectEnd() const;

private:
  Value readValue(const Signature& s, std::size_t depth);
  Value readScalar(const Signature& s);
  Value readDynamic(std::size_t depth);
  Value readObject(std::size_t depth);
  std::uint32_t readCount(const Signature& container, std::size_t elementSize);
  std::string readBytes(std::size_t n, const char* what);
  template <typename T>
  T readLittle();
  void need(std::size_t n, const char* what) const;

  std::string_view bytes_;
  const CodecOptions& options_;
  std::size_t pos_ = 0;
  std::size_t emptyElements_ = 0;
};

// Decodes exactly one value of `signature` from all of `bytes`.
Value decode(const Signature& signature, std::string_view bytes, const CodecOptions& options = {});

// Appends the encoding of `value` as `signature`; throws EncodeError when
// the value does not fit (an int out of range, a tuple of the wrong size).
void encode(const Signature& signature, const Value& value, std::string& out, const CodecOptions& options = {});
std::string encode(const Signature& signature, const Value& value, const CodecOptions& options = {});

}  // namespace autolife::qi
