// qi messages (REFERENCE §10): a 28-byte little-endian header (magic bytes
// 42 DE AD 42, id, payload size, version 0, type, flags, service, object,
// action) and the payload, whose meaning depends on the type and action.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "autolife/qi/error.hpp"

namespace autolife::qi {

enum class MessageType : std::uint8_t {
  None = 0,
  Call = 1,
  Reply = 2,
  Error = 3,
  Post = 4,
  Event = 5,
  Capability = 6,
  Cancel = 7,
  Canceled = 8,
};
std::string_view typeName(MessageType t);

namespace flags {
constexpr std::uint8_t DynamicPayload = 1;
constexpr std::uint8_t ReturnType = 2;
constexpr std::uint8_t Known = DynamicPayload | ReturnType;
}  // namespace flags

// Well-known ids.
constexpr std::uint32_t kServerService = 0;
constexpr std::uint32_t kServiceDirectory = 1;
constexpr std::uint32_t kMainObject = 1;
namespace action {
// Every bound object's.
constexpr std::uint32_t RegisterEvent = 0;
constexpr std::uint32_t UnregisterEvent = 1;
constexpr std::uint32_t MetaObject = 2;
constexpr std::uint32_t Terminate = 3;
constexpr std::uint32_t Property = 5;
constexpr std::uint32_t SetProperty = 6;
constexpr std::uint32_t Properties = 7;
constexpr std::uint32_t RegisterEventWithSignature = 8;
// Service 0 (the server itself).
constexpr std::uint32_t Connect = 4;
constexpr std::uint32_t Authenticate = 8;
// The first id of an object's own methods, signals and properties.
constexpr std::uint32_t FirstUser = 100;
}  // namespace action

constexpr std::size_t kHeaderSize = 28;
constexpr std::array<std::uint8_t, 4> kMagic = {0x42, 0xDE, 0xAD, 0x42};

struct Header {
  std::uint32_t id = 0;
  std::uint32_t size = 0;  // payload bytes
  std::uint16_t version = 0;
  MessageType type = MessageType::None;
  std::uint8_t flags = 0;
  std::uint32_t service = 0;
  std::uint32_t object = 0;
  std::uint32_t action = 0;
};

struct Message {
  Header header;
  std::string payload;

  // "Call id=3 1/1/100": for logs and error messages.
  std::string describe() const;
};

// Throws DecodeError (offset into the 28 bytes) for a wrong magic, a
// version other than 0, an unknown type or flag, or a payload size above
// limits.maxPayload.
Header decodeHeader(std::string_view bytes, const Limits& limits = {});
void encodeHeader(const Header& header, std::string& out);

// The bytes of a message; header.size is set from the payload.
std::string encodeMessage(const Message& message);
void appendMessage(const Message& message, std::string& out);

// Cuts a byte stream into messages: feed() what arrived, take complete
// messages with next(). A bad header throws DecodeError (the stream cannot
// be resynchronised: the connection must close); a half message waits for
// the rest.
class MessageReader {
public:
  explicit MessageReader(Limits limits = {}) : limits_(limits) {}
  void feed(std::string_view bytes);
  std::optional<Message> next();
  // Bytes received that are not yet a whole message.
  std::size_t buffered() const { return buffer_.size() - consumed_; }

private:
  Limits limits_;
  std::string buffer_;
  std::size_t consumed_ = 0;
  std::optional<Header> header_;  // of the message being received
};

}  // namespace autolife::qi
