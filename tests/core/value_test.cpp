// Value (REFERENCE §1): the six types, their names, truthiness and identity.
#include "autolife/core/value.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

using autolife::core::Value;

namespace {

TEST(Value, DefaultConstructedIsInvalid) {
  Value v;
  EXPECT_EQ(v.type(), Value::Type::Invalid);
  EXPECT_TRUE(v.isInvalid());
  EXPECT_FALSE(v.isNumber());
}

TEST(Value, EachConstructorGivesItsType) {
  EXPECT_EQ(Value(true).type(), Value::Type::Bool);
  EXPECT_EQ(Value(false).type(), Value::Type::Bool);
  EXPECT_EQ(Value(0).type(), Value::Type::Int);
  EXPECT_EQ(Value(std::int64_t{-5}).type(), Value::Type::Int);
  EXPECT_EQ(Value(7u).type(), Value::Type::Int);
  EXPECT_EQ(Value(static_cast<short>(3)).type(), Value::Type::Int);
  EXPECT_EQ(Value(1.0).type(), Value::Type::Float);
  EXPECT_EQ(Value("text").type(), Value::Type::String);
  EXPECT_EQ(Value(std::string("text")).type(), Value::Type::String);
  EXPECT_EQ(Value(std::string_view("text")).type(), Value::Type::String);
  EXPECT_EQ(Value(Value::Array{}).type(), Value::Type::Array);
}

TEST(Value, ANonFiniteDoubleIsInvalid) {  // decision 3: a Float is a finite number
  EXPECT_TRUE(Value(std::nan("")).isInvalid());
  EXPECT_TRUE(Value(std::numeric_limits<double>::infinity()).isInvalid());
  EXPECT_TRUE(Value(-std::numeric_limits<double>::infinity()).isInvalid());
  EXPECT_TRUE(Value(1e308).isFloat());
}

TEST(Value, PredicatesMatchType) {
  EXPECT_TRUE(Value(true).isBool());
  EXPECT_TRUE(Value(1).isInt());
  EXPECT_TRUE(Value(1).isNumber());
  EXPECT_TRUE(Value(1.5).isFloat());
  EXPECT_TRUE(Value(1.5).isNumber());
  EXPECT_TRUE(Value("s").isString());
  EXPECT_FALSE(Value("1").isNumber());
  EXPECT_TRUE(Value(Value::Array{1}).isArray());
  EXPECT_FALSE(Value(true).isNumber());
}

TEST(Value, AccessorsReturnStoredContents) {
  EXPECT_TRUE(Value(true).asBool());
  EXPECT_EQ(Value(std::numeric_limits<std::int64_t>::min()).asInt(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(Value(std::numeric_limits<std::int64_t>::max()).asInt(), std::numeric_limits<std::int64_t>::max());
  EXPECT_DOUBLE_EQ(Value(2.5).asFloat(), 2.5);
  EXPECT_EQ(Value("héllo").asString(), "héllo");
  Value arr(Value::Array{1, "two", Value::Array{3.0}});
  ASSERT_EQ(arr.asArray().size(), 3u);
  EXPECT_EQ(arr.asArray()[0].asInt(), 1);
  EXPECT_EQ(arr.asArray()[1].asString(), "two");
  EXPECT_DOUBLE_EQ(arr.asArray()[2].asArray()[0].asFloat(), 3.0);
}

TEST(Value, TypeNamesAreExactlyTheReferenceNames) {
  EXPECT_EQ(Value().typeName(), "Invalid");
  EXPECT_EQ(Value(false).typeName(), "Bool");
  EXPECT_EQ(Value(1).typeName(), "Int");
  EXPECT_EQ(Value(1.0).typeName(), "Float");
  EXPECT_EQ(Value("").typeName(), "String");
  EXPECT_EQ(Value(Value::Array{}).typeName(), "Array");
  EXPECT_EQ(Value::typeName(Value::Type::Int), "Int");
  EXPECT_EQ(Value::typeName(Value::Type::Array), "Array");
}

TEST(Value, TruthinessFollowsReference) {
  EXPECT_FALSE(Value().truthy());
  EXPECT_TRUE(Value(true).truthy());
  EXPECT_FALSE(Value(false).truthy());
  EXPECT_FALSE(Value(0).truthy());
  EXPECT_TRUE(Value(-1).truthy());
  EXPECT_TRUE(Value(42).truthy());
  EXPECT_FALSE(Value(0.0).truthy());
  EXPECT_FALSE(Value(-0.0).truthy());
  EXPECT_TRUE(Value(0.001).truthy());
  EXPECT_FALSE(Value("").truthy());
  EXPECT_TRUE(Value("0").truthy());  // a non-empty string, whatever it says
  EXPECT_TRUE(Value("false").truthy());
  EXPECT_FALSE(Value(Value::Array{}).truthy());
  EXPECT_TRUE(Value(Value::Array{Value()}).truthy());  // non-empty, even of Invalid
}

TEST(Value, IdenticalRequiresSameTypeAndContents) {
  EXPECT_TRUE(identical(Value(), Value()));
  EXPECT_TRUE(identical(Value(1), Value(1)));
  EXPECT_FALSE(identical(Value(1), Value(2)));
  EXPECT_FALSE(identical(Value(1), Value(1.0)));  // 1 and 1.0 are not identical
  EXPECT_FALSE(identical(Value(true), Value(1)));
  EXPECT_FALSE(identical(Value(0), Value()));
  EXPECT_FALSE(identical(Value(""), Value()));
  EXPECT_TRUE(identical(Value(1.5), Value(1.5)));
  EXPECT_TRUE(identical(Value("a"), Value(std::string("a"))));
  EXPECT_FALSE(identical(Value("a"), Value("A")));
  EXPECT_FALSE(identical(Value("1"), Value(1)));
}

TEST(Value, IdenticalComparesArraysDeeply) {
  Value a(Value::Array{1, Value::Array{"x", 2.0}});
  Value b(Value::Array{1, Value::Array{"x", 2.0}});
  Value c(Value::Array{1, Value::Array{"x", 2}});
  Value d(Value::Array{1});
  EXPECT_TRUE(identical(a, b));
  EXPECT_TRUE(identical(a, a));
  EXPECT_FALSE(identical(a, c));  // 2.0 vs 2 deep inside
  EXPECT_FALSE(identical(a, d));
  EXPECT_TRUE(identical(Value(Value::Array{}), Value(Value::Array{})));
  EXPECT_FALSE(identical(Value(Value::Array{}), Value()));
}

TEST(Value, CopiesAreIndependentValues) {
  Value a(Value::Array{1, 2});
  Value b = a;
  a = Value(Value::Array{3});
  ASSERT_TRUE(b.isArray());
  EXPECT_TRUE(identical(b, Value(Value::Array{1, 2})));
  EXPECT_TRUE(identical(a, Value(Value::Array{3})));
}

}  // namespace

namespace {

// JSON text is UTF-8: string bytes that are not print as U+FFFD so that the
// output stays valid JSON; valid UTF-8 passes through unchanged.
TEST(ValueJsonText, InvalidUtf8BecomesReplacementCharacter) {
  EXPECT_EQ(Value(std::string("caf\xc3\xa9")).toJson(), "\"caf\xc3\xa9\"");
  EXPECT_EQ(Value(std::string("\xf0\x9f\xa4\x96")).toJson(), "\"\xf0\x9f\xa4\x96\"");
  EXPECT_EQ(Value(std::string("a\xff" "b")).toJson(), "\"a\\ufffdb\"");
  EXPECT_EQ(Value(std::string("\xc3")).toJson(), "\"\\ufffd\"");               // truncated sequence
  EXPECT_EQ(Value(std::string("\xc0\xaf")).toJson(), "\"\\ufffd\\ufffd\"");   // overlong
  EXPECT_EQ(Value(std::string("\xed\xa0\x80")).toJson(), "\"\\ufffd\\ufffd\\ufffd\"");  // surrogate
  EXPECT_TRUE(nlohmann::json::accept(Value(std::string("\xfe\xff\x80")).toJson()));
}

}  // namespace
