#include "autolife/qi/message.hpp"

#include <cstring>

namespace autolife::qi {

namespace {

template <typename T>
T readAt(std::string_view bytes, std::size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

template <typename T>
void put(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

std::string hexByte(std::uint8_t b) {
  static const char* digits = "0123456789ABCDEF";
  return {digits[b >> 4], digits[b & 15]};
}

}  // namespace

std::string_view typeName(MessageType t) {
  switch (t) {
    case MessageType::None: return "None";
    case MessageType::Call: return "Call";
    case MessageType::Reply: return "Reply";
    case MessageType::Error: return "Error";
    case MessageType::Post: return "Post";
    case MessageType::Event: return "Event";
    case MessageType::Capability: return "Capability";
    case MessageType::Cancel: return "Cancel";
    case MessageType::Canceled: return "Canceled";
  }
  return "?";
}

std::string Message::describe() const {
  return std::string(typeName(header.type)) + " id=" + std::to_string(header.id) + " " +
         std::to_string(header.service) + "/" + std::to_string(header.object) + "/" + std::to_string(header.action);
}

namespace {

// The magic bytes among the first `bytes` (all four, or as many as came).
void checkMagic(std::string_view bytes) {
  for (std::size_t i = 0; i < kMagic.size() && i < bytes.size(); ++i) {
    const auto b = static_cast<std::uint8_t>(bytes[i]);
    if (b != kMagic[i])
      throw DecodeError(i, "magic byte " + hexByte(b) + ", expected " + hexByte(kMagic[i]) + " (42 DE AD 42)");
  }
}

}  // namespace

Header decodeHeader(std::string_view bytes, const Limits& limits) {
  if (bytes.size() < kHeaderSize)
    throw DecodeError(bytes.size(), "header of " + std::to_string(bytes.size()) + " bytes, 28 expected");
  checkMagic(bytes);
  Header h;
  h.id = readAt<std::uint32_t>(bytes, 4);
  h.size = readAt<std::uint32_t>(bytes, 8);
  h.version = readAt<std::uint16_t>(bytes, 12);
  const auto type = static_cast<std::uint8_t>(bytes[14]);
  h.flags = static_cast<std::uint8_t>(bytes[15]);
  h.service = readAt<std::uint32_t>(bytes, 16);
  h.object = readAt<std::uint32_t>(bytes, 20);
  h.action = readAt<std::uint32_t>(bytes, 24);
  if (h.size > limits.maxPayload)
    throw DecodeError(8, "payload of " + std::to_string(h.size) + " bytes exceeds the limit of " +
                             std::to_string(limits.maxPayload));
  if (h.version != 0) throw DecodeError(12, "protocol version " + std::to_string(h.version) + ", only 0 is known");
  if (type > static_cast<std::uint8_t>(MessageType::Canceled))
    throw DecodeError(14, "unknown message type " + std::to_string(type));
  h.type = static_cast<MessageType>(type);
  if ((h.flags & ~flags::Known) != 0) throw DecodeError(15, "unknown flags 0x" + hexByte(h.flags));
  return h;
}

void encodeHeader(const Header& h, std::string& out) {
  out.append(reinterpret_cast<const char*>(kMagic.data()), kMagic.size());
  put(out, h.id);
  put(out, h.size);
  put(out, h.version);
  put(out, static_cast<std::uint8_t>(h.type));
  put(out, h.flags);
  put(out, h.service);
  put(out, h.object);
  put(out, h.action);
}

void appendMessage(const Message& message, std::string& out) {
  Header h = message.header;
  h.size = static_cast<std::uint32_t>(message.payload.size());
  encodeHeader(h, out);
  out += message.payload;
}

std::string encodeMessage(const Message& message) {
  std::string out;
  out.reserve(kHeaderSize + message.payload.size());
  appendMessage(message, out);
  return out;
}

void MessageReader::feed(std::string_view bytes) {
  // Drop what was consumed before growing, so the buffer holds at most one
  // message plus what arrived with it.
  if (consumed_ > 0) {
    buffer_.erase(0, consumed_);
    consumed_ = 0;
  }
  buffer_.append(bytes);
}

std::optional<Message> MessageReader::next() {
  const std::string_view pending = std::string_view(buffer_).substr(consumed_);
  if (!header_) {
    if (pending.size() < kHeaderSize) {
      // Not qi at all (an HTTP request, say) is known from the first bytes.
      checkMagic(pending);
      return std::nullopt;
    }
    header_ = decodeHeader(pending.substr(0, kHeaderSize), limits_);
  }
  if (pending.size() < kHeaderSize + header_->size) return std::nullopt;
  Message message{*header_, std::string(pending.substr(kHeaderSize, header_->size))};
  consumed_ += kHeaderSize + header_->size;
  header_.reset();
  return message;
}

}  // namespace autolife::qi
