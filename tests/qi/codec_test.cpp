#include <gtest/gtest.h>

#include <string>

#include "autolife/qi/codec.hpp"
#include "autolife/qi/meta.hpp"

namespace autolife::qi {
namespace {

std::string bytes(std::initializer_list<int> list) {
  std::string out;
  for (int b : list) out += static_cast<char>(b);
  return out;
}

std::string roundTrip(const char* signature, const Value& v, const CodecOptions& o = {}) {
  const Signature s = Signature::parse(signature);
  std::string encoded = encode(s, v, o);
  EXPECT_EQ(decode(s, encoded, o), v) << signature;
  return encoded;
}

DecodeError decodeError(const char* signature, const std::string& input, const CodecOptions& o = {}) {
  try {
    decode(Signature::parse(signature), input, o);
  } catch (const DecodeError& e) {
    return e;
  }
  ADD_FAILURE() << "decoded " << signature;
  return DecodeError(0, "");
}

TEST(Codec, ScalarsAreLittleEndianOfTheirWidth) {
  EXPECT_EQ(roundTrip("b", true), bytes({1}));
  EXPECT_EQ(roundTrip("c", std::int64_t{-2}), bytes({0xfe}));
  EXPECT_EQ(roundTrip("C", std::uint64_t{200}), bytes({200}));
  EXPECT_EQ(roundTrip("w", std::int64_t{-2}), bytes({0xfe, 0xff}));
  EXPECT_EQ(roundTrip("W", std::uint64_t{0x1234}), bytes({0x34, 0x12}));
  EXPECT_EQ(roundTrip("i", std::int64_t{42}), bytes({42, 0, 0, 0}));
  EXPECT_EQ(roundTrip("I", std::uint64_t{0xdeadbeef}), bytes({0xef, 0xbe, 0xad, 0xde}));
  EXPECT_EQ(roundTrip("l", std::int64_t{-1}), std::string(8, '\xff'));
  EXPECT_EQ(roundTrip("L", std::uint64_t{1} << 63), bytes({0, 0, 0, 0, 0, 0, 0, 0x80}));
  EXPECT_EQ(roundTrip("f", 1.5f), bytes({0, 0, 0xc0, 0x3f}));
  EXPECT_EQ(encode(Signature(Kind::Float), Value(1.5)), bytes({0, 0, 0xc0, 0x3f}));  // a double narrows
  EXPECT_EQ(roundTrip("d", 1.5), bytes({0, 0, 0, 0, 0, 0, 0xf8, 0x3f}));
  EXPECT_EQ(roundTrip("s", "hi"), bytes({2, 0, 0, 0, 'h', 'i'}));
  EXPECT_EQ(roundTrip("r", Value::Raw{std::string("\0\1", 2)}), bytes({2, 0, 0, 0, 0, 1}));
  EXPECT_EQ(roundTrip("v", Value()), "");
}

TEST(Codec, AFloatsBitsSurviveEvenASignallingNaN) {
  const std::string signalling = bytes({0x01, 0x00, 0x80, 0x7f});
  EXPECT_EQ(encode(Signature(Kind::Float), decode(Signature(Kind::Float), signalling)), signalling);
}

TEST(Codec, ContainersCarryCountsTuplesDoNot) {
  EXPECT_EQ(roundTrip("[i]", Value::list({1, 2})), bytes({2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}));
  Value::Map map{{"a"}, {true}};
  EXPECT_EQ(roundTrip("{sb}", map), bytes({1, 0, 0, 0, 1, 0, 0, 0, 'a', 1}));
  EXPECT_EQ(roundTrip("(ib)", Value::tuple({7, false})), bytes({7, 0, 0, 0, 0}));
  EXPECT_EQ(roundTrip("+i", Value::Optional{}), bytes({0}));
  EXPECT_EQ(roundTrip("+i", Value::Optional{std::make_shared<const Value>(3)}), bytes({1, 3, 0, 0, 0}));
  EXPECT_EQ(roundTrip("#m", Value::list({})), bytes({0, 0, 0, 0}));
}

TEST(Codec, DynamicValuesCarryTheirSignature) {
  EXPECT_EQ(roundTrip("m", Value::dynamic(Signature(Kind::Int32), 42)), bytes({1, 0, 0, 0, 'i', 42, 0, 0, 0}));
  EXPECT_EQ(roundTrip("m", Value::invalidDynamic()), bytes({0, 0, 0, 0}));
  EXPECT_EQ(roundTrip("m", Value::dynamic(Signature(Kind::Void), Value())), bytes({1, 0, 0, 0, 'v'}));
  const Value nested = Value::dynamic(Signature::parse("[m]"), Value::list({Value::dynamic(Signature(Kind::String), "x")}));
  EXPECT_EQ(roundTrip("m", nested), bytes({3, 0, 0, 0, '[', 'm', ']', 1, 0, 0, 0, 1, 0, 0, 0, 's', 1, 0, 0, 0, 'x'}));
}

Value anObject() {
  MetaObject meta;
  meta.methods[100] = MetaMethod{100, "v", "signal", "()", "", {}, ""};
  meta.signals[101] = MetaSignal{101, "signal", "(m)"};
  Value::Object object;
  object.metaObject = std::make_shared<const Value>(meta.toValue());
  object.service = 2;
  object.object = 3;
  object.uid = std::array<std::uint8_t, 20>{1, 2, 3};
  return Value(object);
}

TEST(Codec, ObjectsAreMetaObjectServiceObjectAndUid) {
  const std::string encoded = roundTrip("o", anObject());
  const std::string withoutUid = encode(Signature(Kind::Object), anObject(), CodecOptions{Limits{}, false, false});
  EXPECT_EQ(encoded.size(), withoutUid.size() + 20);
  EXPECT_EQ(encoded.substr(withoutUid.size() - 8, 8), bytes({2, 0, 0, 0, 3, 0, 0, 0}));
  EXPECT_EQ(encoded.substr(withoutUid.size(), 3), bytes({1, 2, 3}));
  // With the MetaObjectCache capability: a flag, the metaObject, its cache id.
  Value::Object cached = anObject().asObject();
  cached.cachedMetaObject = 7;
  const CodecOptions cache{Limits{}, true, true};
  EXPECT_EQ(roundTrip("o", cached, cache).size(), encoded.size() + 5);
  cached.metaObject.reset();
  EXPECT_EQ(roundTrip("o", cached, cache).substr(0, 5), bytes({0, 7, 0, 0, 0}));
}

TEST(Codec, EncodingRefusesValuesThatDoNotFit) {
  EXPECT_THROW(encode(Signature(Kind::Int8), Value(200)), EncodeError);
  EXPECT_THROW(encode(Signature(Kind::UInt32), Value(-1)), EncodeError);
  EXPECT_THROW(encode(Signature(Kind::Float), Value(1e300)), EncodeError);
  EXPECT_THROW(encode(Signature(Kind::String), Value(1)), EncodeError);
  EXPECT_THROW(encode(Signature::parse("(ii)"), Value::tuple({1})), EncodeError);
  EXPECT_THROW(encode(Signature(Kind::Object), Value(Value::Object{})), EncodeError);
}

TEST(Codec, TruncatedInputSaysWhereAndHowShort) {
  const DecodeError e = decodeError("(is)", bytes({1, 0, 0, 0, 5, 0, 0, 0, 'a', 'b'}));
  EXPECT_EQ(e.offset(), 8u);
  EXPECT_STREQ(e.what(), "at byte 8: string needs 5 bytes, 2 left");
  EXPECT_EQ(decodeError("l", bytes({1, 2, 3})).offset(), 0u);
  EXPECT_EQ(decodeError("(ii)", bytes({1, 0, 0, 0})).offset(), 4u);
}

TEST(Codec, CountsBeyondTheBytesLeftAreRefusedBeforeAllocating) {
  const DecodeError e = decodeError("[i]", bytes({0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0}));
  EXPECT_EQ(e.offset(), 0u);
  EXPECT_NE(std::string(e.what()).find("count 4294967295 needs at least 17179869180 bytes, 4 left (in [i])"),
            std::string::npos)
      << e.what();
  EXPECT_EQ(decodeError("{si}", bytes({2, 0, 0, 0, 0, 0, 0, 0})).offset(), 0u);
}

TEST(Codec, ElementsOfZeroBytesHaveABudget) {
  const std::string many = bytes({0xff, 0xff, 0xff, 0x7f});
  EXPECT_NE(std::string(decodeError("[()]", many).what()).find("zero bytes exceed the limit of 65536"),
            std::string::npos);
  EXPECT_EQ(decode(Signature::parse("[v]"), bytes({3, 0, 0, 0})).asList().items.size(), 3u);
}

TEST(Codec, BoolsAreZeroOrOne) {
  EXPECT_STREQ(decodeError("(ib)", bytes({0, 0, 0, 0, 2})).what(), "at byte 4: bool byte 2 is neither 0 nor 1");
  EXPECT_EQ(decodeError("+i", bytes({9})).offset(), 0u);
}

TEST(Codec, TrailingBytesAreRefused) {
  EXPECT_STREQ(decodeError("i", bytes({1, 0, 0, 0, 9})).what(), "at byte 4: 1 bytes left after the value");
}

TEST(Codec, ADynamicValuesBadSignatureIsPlacedInThePayload) {
  const DecodeError e = decodeError("(im)", bytes({0, 0, 0, 0, 2, 0, 0, 0, '[', 'q'}));
  EXPECT_EQ(e.offset(), 9u);
  EXPECT_NE(std::string(e.what()).find("in a dynamic value's signature: signature has 'q'"), std::string::npos)
      << e.what();
  EXPECT_EQ(decodeError("m", bytes({1, 0, 0, 0, 'o'})).offset(), 5u);  // object without the bytes
  EXPECT_NE(std::string(decodeError("m", bytes({1, 0, 0, 0, 'X'})).what()).find("cannot decode"), std::string::npos);
}

TEST(Codec, NestingIsBoundedAcrossDynamicValues) {
  // m holding m holding m ... 100 deep: each level is a signature "m".
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += bytes({1, 0, 0, 0, 'm'});
  deep += bytes({0, 0, 0, 0});
  EXPECT_NE(std::string(decodeError("m", deep).what()).find("nested deeper than 64"), std::string::npos);
  CodecOptions generous;
  generous.limits.maxDepth = 200;
  EXPECT_EQ(encode(Signature(Kind::Dynamic), decode(Signature(Kind::Dynamic), deep, generous), generous), deep);
}

}  // namespace
}  // namespace autolife::qi
