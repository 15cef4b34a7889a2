// qi values ⇄ core::Value directly (issue 13's one value model): each row of
// convert.hpp's table, through the codec's bytes, and what JSON could not
// keep (raw bytes that are not UTF-8, tuples, unsigned 64-bit integers).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "autolife/qi/codec.hpp"
#include "autolife/qi/convert.hpp"

namespace autolife::qi {
namespace {

using Engine = core::Value;

Engine valueThroughTheWire(const Engine& v, const char* signature) {
  const Signature s = Signature::parse(signature);
  return toValue(decode(s, encode(s, fromValue(v, s))), s);
}

void expectIdentical(const Engine& got, const Engine& want) {
  EXPECT_TRUE(identical(got, want)) << got.toJson() << " (" << got.typeName() << ") is not " << want.toJson() << " ("
                                    << want.typeName() << ")";
}

TEST(ValueConvert, EachSignatureCarriesItsEngineValue) {
  expectIdentical(valueThroughTheWire(true, "b"), true);
  expectIdentical(valueThroughTheWire(-5, "i"), -5);
  expectIdentical(valueThroughTheWire(5, "I"), 5);
  expectIdentical(valueThroughTheWire(0.25, "f"), 0.25);
  expectIdentical(valueThroughTheWire(1, "d"), 1.0);
  expectIdentical(valueThroughTheWire("hé", "s"), "hé");
  expectIdentical(valueThroughTheWire(Engine::Array{1, 2}, "[i]"), Engine::Array{1, 2});
  expectIdentical(valueThroughTheWire(Engine::Map{{"a", 1}, {"b", "x"}}, "{sm}"), Engine::Map{{"a", 1}, {"b", "x"}});
  expectIdentical(valueThroughTheWire(Engine::Array{Engine::Array{1, "one"}}, "{is}"), Engine::Array{Engine::Array{1, "one"}});
  expectIdentical(valueThroughTheWire(Engine::Array{1, "a"}, "(is)"), Engine::Tuple{{1, "a"}});
  expectIdentical(valueThroughTheWire(Engine::Map{{"uid", 3}, {"name", "n"}, {"signature", "s"}},
                                 "(Iss)<MetaSignal,uid,name,signature>"),
                  Engine::Tuple{{3, "n", "s"}});
  expectIdentical(valueThroughTheWire(Engine(), "+i"), Engine());
  expectIdentical(valueThroughTheWire(4, "+i"), 4);
  expectIdentical(valueThroughTheWire(Engine(), "m"), Engine());
  expectIdentical(valueThroughTheWire(Engine::Array{1, 2.5, "x", Engine::Array{true}}, "m"),
                  Engine::Array{1, 2.5, "x", Engine::Array{true}});
}

TEST(ValueConvert, WhatJsonLostCrossesADynamicValueIntact) {
  const std::string notUtf8("\xff\xfe\x00\x80", 4);
  expectIdentical(valueThroughTheWire(Engine::Bytes{notUtf8}, "m"), Engine::Bytes{notUtf8});
  expectIdentical(valueThroughTheWire(Engine::Bytes{notUtf8}, "r"), Engine::Bytes{notUtf8});
  expectIdentical(valueThroughTheWire(Engine::Tuple{{1, "a", Engine::Bytes{"r"}}}, "m"), Engine::Tuple{{1, "a", Engine::Bytes{"r"}}});
  const auto max = std::numeric_limits<std::uint64_t>::max();
  expectIdentical(valueThroughTheWire(max, "m"), max);
  expectIdentical(valueThroughTheWire(max, "L"), max);
  expectIdentical(valueThroughTheWire(Engine::Map{{"k", Engine::Tuple{{2.5, max}}}}, "m"),
                  Engine::Map{{"k", Engine::Tuple{{2.5, max}}}});
}

TEST(ValueConvert, DynamicSignaturesAreChosenFromTheValue) {
  EXPECT_EQ(signatureOf(Engine()).toString(), "v");
  EXPECT_EQ(signatureOf(Engine(1)).toString(), "i");
  EXPECT_EQ(signatureOf(Engine(std::int64_t{1} << 40)).toString(), "l");
  EXPECT_EQ(signatureOf(Engine(std::uint64_t{1} << 63)).toString(), "L");
  EXPECT_EQ(signatureOf(Engine(1.0)).toString(), "d");
  EXPECT_EQ(signatureOf(Engine("s")).toString(), "s");
  EXPECT_EQ(signatureOf(Engine(Engine::Bytes{"b"})).toString(), "r");
  EXPECT_EQ(signatureOf(Engine(Engine::Array{})).toString(), "[m]");
  EXPECT_EQ(signatureOf(Engine(Engine::Map{})).toString(), "{sm}");
  EXPECT_EQ(signatureOf(Engine(Engine::Tuple{{1, "x", Engine::Array{}}})).toString(), "(is[m])");
}

TEST(ValueConvert, AValueThatDoesNotFitTheSignatureIsRefused) {
  EXPECT_THROW(fromValue("x", Signature(Kind::Int32)), EncodeError);
  EXPECT_THROW(fromValue(1, Signature(Kind::String)), EncodeError);
  EXPECT_THROW(fromValue(1.5, Signature(Kind::Int32)), EncodeError);
  EXPECT_THROW(fromValue(Engine::Array{1}, Signature::parse("(ii)")), EncodeError);
  EXPECT_THROW(fromValue(Engine::Map{}, Signature(Kind::Object)), EncodeError);
  EXPECT_THROW(fromValue(Engine::Array{Engine::Array{1}}, Signature::parse("{is}")), EncodeError);
  try {
    fromValue(Engine::Array{}, Signature(Kind::String));
    FAIL();
  } catch (const EncodeError& e) {
    EXPECT_STREQ(e.what(), "a JSON array does not fit 's'");  // the words clients always read
  }
}

TEST(ValueConvert, ANonFiniteFloatIsInvalidFromTheEdgeOn) {  // decisions 3 and 752
  EXPECT_TRUE(toValue(Value(std::numeric_limits<double>::quiet_NaN()), Signature(Kind::Double)).isInvalid());
  EXPECT_TRUE(toValue(Value(std::numeric_limits<float>::infinity()), Signature(Kind::Float)).isInvalid());
}

TEST(ValueConvert, AQiObjectStaysInQi) {
  EXPECT_THROW(toValue(Value(Value::Object{}), Signature(Kind::Object)), EncodeError);
}

TEST(ValueConvert, MemoryValuesAreConditionValues) {
  const Value dynamic = dynamicFromValue(Engine(Engine::Array{1, 2.5, "x"}));
  EXPECT_EQ(dynamic.asDynamic().signature.toString(), "[m]");
  expectIdentical(toCoreValue(dynamic, Signature(Kind::Dynamic)), Engine::Array{1, 2.5, "x"});
  // a tuple and raw bytes become an array and a string, as through JSON
  expectIdentical(toCoreValue(dynamicFromValue(Engine::Tuple{{1, Engine::Bytes{"b"}}}), Signature(Kind::Dynamic)),
                  Engine::Array{1, "b"});
  EXPECT_THROW(toCoreValue(dynamicFromValue(Engine::Map{{"a", 1}}), Signature(Kind::Dynamic)), EncodeError);
  EXPECT_THROW(toCoreValue(Value(std::numeric_limits<std::uint64_t>::max()), Signature(Kind::UInt64)), EncodeError);
}

}  // namespace
}  // namespace autolife::qi
