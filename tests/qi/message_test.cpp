#include <gtest/gtest.h>

#include <string>

#include "autolife/qi/message.hpp"

namespace autolife::qi {
namespace {

Message aCall() {
  Message m;
  m.header.id = 7;
  m.header.type = MessageType::Call;
  m.header.service = 2;
  m.header.object = 1;
  m.header.action = 100;
  m.payload = std::string("\x01\x00\x00\x00x", 5);
  return m;
}

std::string withByte(std::string bytes, std::size_t at, char value) {
  bytes[at] = value;
  return bytes;
}

TEST(Message, TheHeaderIs28LittleEndianBytesAfterTheMagic) {
  const std::string bytes = encodeMessage(aCall());
  EXPECT_EQ(bytes.substr(0, 28), std::string("\x42\xde\xad\x42\x07\0\0\0\x05\0\0\0\0\0\x01\0\x02\0\0\0\x01\0\0\0\x64\0\0\0", 28));
  const Header h = decodeHeader(bytes);
  EXPECT_EQ(h.id, 7u);
  EXPECT_EQ(h.size, 5u);
  EXPECT_EQ(h.type, MessageType::Call);
  EXPECT_EQ(h.action, 100u);
  EXPECT_EQ(aCall().describe(), "Call id=7 2/1/100");
}

TEST(Message, MalformedHeadersSayWhichByteIsWrong) {
  const std::string good = encodeMessage(aCall()).substr(0, 28);
  struct Case {
    std::string bytes;
    std::size_t offset;
    const char* says;
  };
  Limits small;
  small.maxPayload = 4;
  for (const Case& c : {Case{withByte(good, 1, 0x00), 1, "magic byte 00, expected DE"},
                        Case{withByte(good, 12, 0x01), 12, "protocol version 1"},
                        Case{withByte(good, 14, 0x09), 14, "unknown message type 9"},
                        Case{withByte(good, 15, 0x10), 15, "unknown flags 0x10"},
                        Case{good.substr(0, 27), 27, "header of 27 bytes"}}) {
    try {
      decodeHeader(c.bytes);
      ADD_FAILURE() << c.says;
    } catch (const DecodeError& e) {
      EXPECT_EQ(e.offset(), c.offset) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
    }
  }
  try {
    decodeHeader(good, small);
    ADD_FAILURE();
  } catch (const DecodeError& e) {
    EXPECT_STREQ(e.what(), "at byte 8: payload of 5 bytes exceeds the limit of 4");
  }
}

TEST(MessageReader, HalfMessagesWaitForTheRest) {
  const std::string bytes = encodeMessage(aCall()) + encodeMessage(aCall());
  MessageReader reader;
  reader.feed(std::string_view(bytes).substr(0, 20));
  EXPECT_FALSE(reader.next());
  reader.feed(std::string_view(bytes).substr(20, 12));  // the header and part of the payload
  EXPECT_FALSE(reader.next());
  EXPECT_EQ(reader.buffered(), 32u);
  reader.feed(std::string_view(bytes).substr(32));
  auto first = reader.next();
  auto second = reader.next();
  ASSERT_TRUE(first && second);
  EXPECT_EQ(first->payload, aCall().payload);
  EXPECT_EQ(encodeMessage(*second), encodeMessage(aCall()));
  EXPECT_FALSE(reader.next());
  EXPECT_EQ(reader.buffered(), 0u);
}

TEST(MessageReader, AStreamThatIsNotQiIsRefusedFromItsFirstBytes) {
  MessageReader reader;
  reader.feed("GET");
  try {
    reader.next();
    ADD_FAILURE() << "accepted";
  } catch (const DecodeError& e) {
    EXPECT_STREQ(e.what(), "at byte 0: magic byte 47, expected 42 (42 DE AD 42)");
  }
  MessageReader partial;
  partial.feed(std::string("\x42\xde", 2));  // a good start waits for the rest
  EXPECT_FALSE(partial.next());
}

TEST(MessageReader, AnOversizedPayloadIsRefusedFromItsHeaderAlone) {
  Limits limits;
  limits.maxPayload = 1024;
  MessageReader reader(limits);
  Message big = aCall();
  big.payload.assign(2048, 'x');
  reader.feed(std::string_view(encodeMessage(big)).substr(0, 28));
  EXPECT_THROW(reader.next(), DecodeError);
}

}  // namespace
}  // namespace autolife::qi
