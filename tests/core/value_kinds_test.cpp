// The kinds core::Value carries beyond REFERENCE §1's six (issue 13's one
// value model): unsigned integers beyond int64, bytes, maps, tuples and
// object handles; what memory keeps of them (conditionValue) and their JSON.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "autolife/core/value.hpp"
#include "autolife/core/value_json.hpp"

using autolife::core::conditionValue;
using autolife::core::jsonToValue;
using autolife::core::ObjectHandle;
using autolife::core::Value;
using autolife::core::valueFromJson;
using autolife::core::valueToJson;
using nlohmann::json;

namespace {

constexpr std::uint64_t kBeyondInt64 = std::uint64_t{1} << 63;

struct Handle : ObjectHandle {};

TEST(ValueKinds, ANewKindDoesNotMakeAValueBigger) {
  EXPECT_LE(sizeof(Value), sizeof(std::string) + sizeof(std::size_t));
}

TEST(ValueKinds, UnsignedIntegersAreIntUnlessBeyondInt64) {
  EXPECT_TRUE(Value(std::uint64_t{5}).isInt());
  EXPECT_EQ(Value(std::uint64_t{5}).asInt(), 5);
  EXPECT_TRUE(Value(std::uint64_t{INT64_MAX}).isInt());
  const Value big(kBeyondInt64);
  ASSERT_TRUE(big.isUInt());
  EXPECT_EQ(big.asUInt(), kBeyondInt64);
  EXPECT_EQ(Value(std::numeric_limits<std::uint64_t>::max()).asUInt(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_FALSE(big.isNumber());  // a condition never sees one (conditionValue refuses it)
}

TEST(ValueKinds, EachKindHasItsNameAndAccessor) {
  const Value bytes(Value::Bytes{std::string("\xff\x00z", 3)});
  const Value map(Value::Map{{"b", 2}, {"a", "x"}});
  const Value tuple(Value::Tuple{{1, "one"}});
  const auto handle = std::make_shared<const Handle>();
  const Value object{std::shared_ptr<const ObjectHandle>(handle)};
  EXPECT_EQ(Value(kBeyondInt64).typeName(), "UInt");
  EXPECT_EQ(bytes.typeName(), "Bytes");
  EXPECT_EQ(map.typeName(), "Map");
  EXPECT_EQ(tuple.typeName(), "Tuple");
  EXPECT_EQ(object.typeName(), "Object");
  EXPECT_EQ(bytes.asBytes(), std::string("\xff\x00z", 3));
  ASSERT_EQ(map.asMap().size(), 2u);
  EXPECT_EQ(map.asMap().begin()->first, "a");  // keys sorted, as a JSON object's
  EXPECT_EQ(tuple.asTuple().at(1).asString(), "one");
  EXPECT_EQ(object.asObject(), handle);
  EXPECT_FALSE(bytes.isString());
  EXPECT_FALSE(tuple.isArray());
}

TEST(ValueKinds, FindLooksUpAMapsEntry) {
  const Value map(Value::Map{{"a", 1}});
  ASSERT_NE(map.find("a"), nullptr);
  EXPECT_EQ(map.find("a")->asInt(), 1);
  EXPECT_EQ(map.find("b"), nullptr);
  EXPECT_EQ(Value(Value::Array{1}).find("a"), nullptr);
}

TEST(ValueKinds, TruthinessOfTheNewKinds) {
  EXPECT_TRUE(Value(kBeyondInt64).truthy());
  EXPECT_FALSE(Value(Value::Bytes{}).truthy());
  EXPECT_TRUE(Value(Value::Bytes{"x"}).truthy());
  EXPECT_FALSE(Value(Value::Map{}).truthy());
  EXPECT_TRUE(Value(Value::Map{{"a", Value()}}).truthy());
  EXPECT_FALSE(Value(Value::Tuple{}).truthy());
  EXPECT_TRUE(Value(Value::Tuple{{0}}).truthy());
  EXPECT_TRUE(Value(std::shared_ptr<const ObjectHandle>(std::make_shared<Handle>())).truthy());
}

TEST(ValueKinds, IdenticalComparesTheNewKindsByContents) {
  EXPECT_TRUE(identical(Value(kBeyondInt64), Value(kBeyondInt64)));
  EXPECT_FALSE(identical(Value(kBeyondInt64), Value(kBeyondInt64 + 1)));
  EXPECT_TRUE(identical(Value(Value::Bytes{"ab"}), Value(Value::Bytes{"ab"})));
  EXPECT_FALSE(identical(Value(Value::Bytes{"ab"}), Value("ab")));  // bytes are not text
  EXPECT_TRUE(identical(Value(Value::Map{{"a", 1}, {"b", 2.0}}), Value(Value::Map{{"b", 2.0}, {"a", 1}})));
  EXPECT_FALSE(identical(Value(Value::Map{{"a", 1}}), Value(Value::Map{{"a", 1.0}})));
  EXPECT_FALSE(identical(Value(Value::Map{{"a", 1}}), Value(Value::Map{{"b", 1}})));
  EXPECT_TRUE(identical(Value(Value::Tuple{{1, "x"}}), Value(Value::Tuple{{1, "x"}})));
  EXPECT_FALSE(identical(Value(Value::Tuple{{1, "x"}}), Value(Value::Array{1, "x"})));
  const std::shared_ptr<const ObjectHandle> h = std::make_shared<Handle>();
  EXPECT_TRUE(identical(Value(h), Value(h)));
  EXPECT_FALSE(identical(Value(h), Value(std::shared_ptr<const ObjectHandle>(std::make_shared<Handle>()))));
}

TEST(ConditionValue, TheSixKindsPassAsTheyAreWithoutACopy) {
  const Value array(Value::Array{1, "x", Value::Array{2.5}});
  const Value kept = conditionValue(array);
  EXPECT_EQ(&kept.asArray(), &array.asArray());
  EXPECT_TRUE(identical(conditionValue(Value("s")), Value("s")));
  EXPECT_TRUE(conditionValue(Value()).isInvalid());
}

TEST(ConditionValue, BytesBecomeStringsAndTuplesArrays) {
  const Value v(Value::Tuple{{Value::Bytes{"raw"}, Value::Array{Value::Tuple{{1}}}}});
  EXPECT_TRUE(identical(conditionValue(v), Value(Value::Array{"raw", Value::Array{Value::Array{1}}})));
}

TEST(ConditionValue, MapsAndHugeIntegersAreRefusedAsMemoryAlwaysRefusedThem) {
  try {
    conditionValue(Value(Value::Array{1, Value::Map{}}));
    FAIL() << "a map was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "a JSON object is not a condition value");
  }
  try {
    conditionValue(Value(kBeyondInt64));
    FAIL() << "an integer beyond int64 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "integer 9223372036854775808 is beyond the 64-bit range");
  }
  EXPECT_THROW(conditionValue(Value(std::shared_ptr<const ObjectHandle>(std::make_shared<Handle>()))),
               std::invalid_argument);
}

TEST(ValueKindsJson, JsonToValueKeepsEverythingJsonCarries) {
  const json j = json::parse(R"({"b": [1, 2.5, "x", null, true], "a": {"n": 18446744073709551615}})");
  const Value v = jsonToValue(j);
  ASSERT_TRUE(v.isMap());
  EXPECT_TRUE(v.find("b")->isArray());
  EXPECT_EQ(v.find("a")->find("n")->asUInt(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(valueToJson(v), j);
  EXPECT_EQ(valueToJson(v).dump(), j.dump());  // same keys in the same order
}

TEST(ValueKindsJson, ValueFromJsonStillRefusesWhatMemoryRefuses) {
  try {
    valueFromJson(json::parse(R"([{"a": 1}])"));
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "a JSON object is not a condition value");
  }
  EXPECT_THROW(valueFromJson(json(kBeyondInt64)), std::invalid_argument);
}

TEST(ValueKindsJson, BytesAndTuplesHaveTheirJsonForms) {
  EXPECT_EQ(valueToJson(Value(Value::Bytes{"ab"})), json("ab"));
  EXPECT_EQ(valueToJson(Value(Value::Tuple{{1, "x"}})), json::array({1, "x"}));
  EXPECT_EQ(valueToJson(Value(kBeyondInt64)), json(kBeyondInt64));
  EXPECT_THROW(valueToJson(Value(std::shared_ptr<const ObjectHandle>(std::make_shared<Handle>()))),
               std::invalid_argument);
}

TEST(ValueKindsJson, TheCompactTextOfTheNewKinds) {
  EXPECT_EQ(Value(Value::Map{{"b", 1}, {"a", Value::Array{"x"}}}).toJson(), R"({"a": ["x"], "b": 1})");
  EXPECT_EQ(Value(Value::Tuple{{1, 2.0}}).toJson(), "[1, 2.0]");
  EXPECT_EQ(Value(Value::Bytes{"\xff"}).toJson(), R"("\ufffd")");
  EXPECT_EQ(Value(std::numeric_limits<std::uint64_t>::max()).toJson(), "18446744073709551615");
}

}  // namespace
