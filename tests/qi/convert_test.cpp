// The JSON column of qi/convert.hpp's table: JSON at the edge (a client's
// arguments, what the CLI prints) through core::Value to qi and back.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "autolife/qi/codec.hpp"
#include "autolife/qi/convert.hpp"
#include "qi_json.hpp"

namespace autolife::qi {
namespace {

using nlohmann::json;

json throughTheWire(const json& j, const char* signature) {
  const Signature s = Signature::parse(signature);
  return autolife::test::qiToJson(decode(s, encode(s, autolife::test::qiFromJson(j, s))), s);
}

TEST(Convert, JsonCrossesTheWireUnderEachSignature) {
  EXPECT_EQ(throughTheWire(true, "b"), true);
  EXPECT_EQ(throughTheWire(-5, "i"), -5);
  EXPECT_EQ(throughTheWire(5, "I"), 5u);
  EXPECT_EQ(throughTheWire(0.25, "f"), 0.25);
  EXPECT_EQ(throughTheWire("hé", "s"), "hé");
  EXPECT_EQ(throughTheWire(json::array({1, 2}), "[i]"), json::array({1, 2}));
  EXPECT_EQ(throughTheWire(json{{"a", 1}, {"b", "x"}}, "{sm}"), (json{{"a", 1}, {"b", "x"}}));
  EXPECT_EQ(throughTheWire(json::array({json::array({1, "one"})}), "{is}"), json::array({json::array({1, "one"})}));
  EXPECT_EQ(throughTheWire(json::array({1, "a"}), "(is)"), json::array({1, "a"}));
  EXPECT_EQ(throughTheWire(json{{"uid", 3}, {"name", "n"}, {"signature", "s"}}, "(Iss)<MetaSignal,uid,name,signature>"),
            json::array({3, "n", "s"}));
  EXPECT_EQ(throughTheWire(nullptr, "+i"), nullptr);
  EXPECT_EQ(throughTheWire(4, "+i"), 4);
  EXPECT_EQ(throughTheWire(nullptr, "m"), nullptr);
  EXPECT_EQ(throughTheWire(json::array({1, 2.5, "x", json::array({true})}), "m"), json::array({1, 2.5, "x", json::array({true})}));
}

TEST(Convert, DynamicSignaturesAreChosenFromTheValue) {
  EXPECT_EQ(signatureOf(core::jsonToValue(json(nullptr))).toString(), "v");
  EXPECT_EQ(signatureOf(core::jsonToValue(json(1))).toString(), "i");
  EXPECT_EQ(signatureOf(core::jsonToValue(json(std::int64_t{1} << 40))).toString(), "l");
  EXPECT_EQ(signatureOf(core::jsonToValue(json(std::uint64_t{1} << 63))).toString(), "L");
  EXPECT_EQ(signatureOf(core::jsonToValue(json(1.0))).toString(), "d");
  EXPECT_EQ(signatureOf(core::jsonToValue(json("s"))).toString(), "s");
  EXPECT_EQ(signatureOf(core::jsonToValue(json::array())).toString(), "[m]");
  EXPECT_EQ(signatureOf(core::jsonToValue(json::object())).toString(), "{sm}");
}

TEST(Convert, JsonThatDoesNotFitTheSignatureIsRefused) {
  EXPECT_THROW(autolife::test::qiFromJson("x", Signature(Kind::Int32)), EncodeError);
  EXPECT_THROW(autolife::test::qiFromJson(1, Signature(Kind::String)), EncodeError);
  EXPECT_THROW(autolife::test::qiFromJson(json::array({1}), Signature::parse("(ii)")), EncodeError);
  EXPECT_THROW(autolife::test::qiFromJson(json::object(), Signature(Kind::Object)), EncodeError);
}

TEST(Convert, MemoryValuesKeepTheirJsonMapping) {
  const Value dynamic = dynamicFromValue(core::Value(core::Value::Array{1, 2.5, "x"}));
  EXPECT_EQ(dynamic.asDynamic().signature.toString(), "[m]");
  const core::Value back = toCoreValue(dynamic, Signature(Kind::Dynamic));
  ASSERT_TRUE(back.isArray());
  EXPECT_TRUE(back.asArray()[0].isInt());
  EXPECT_TRUE(back.asArray()[1].isFloat());
  EXPECT_THROW(toCoreValue(autolife::test::qiDynamicFromJson(json{{"a", 1}}), Signature(Kind::Dynamic)), EncodeError);
}

}  // namespace
}  // namespace autolife::qi
