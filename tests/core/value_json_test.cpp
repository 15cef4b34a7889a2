// The JSON mapping of REFERENCE §1, both ways: Value::toJson (the text the CLI
// and traces print) and valueFromJson / valueToJson (nlohmann::json).
#include "autolife/core/value.hpp"
#include "autolife/core/value_json.hpp"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

using autolife::core::Value;
using autolife::core::parseJson;
using autolife::core::valueFromJson;
using autolife::core::valueToJson;
using nlohmann::json;

namespace {

// ---- Value -> JSON text ----------------------------------------------------

TEST(ValueToJsonText, ScalarsPrintAsJsonLiterals) {
  EXPECT_EQ(Value().toJson(), "null");
  EXPECT_EQ(Value(true).toJson(), "true");
  EXPECT_EQ(Value(false).toJson(), "false");
  EXPECT_EQ(Value(0).toJson(), "0");
  EXPECT_EQ(Value(42).toJson(), "42");
  EXPECT_EQ(Value(-7).toJson(), "-7");
  EXPECT_EQ(Value(std::numeric_limits<std::int64_t>::max()).toJson(), "9223372036854775807");
  EXPECT_EQ(Value(std::numeric_limits<std::int64_t>::min()).toJson(), "-9223372036854775808");
}

TEST(ValueToJsonText, IntegralFloatsKeepADecimalPoint) {
  EXPECT_EQ(Value(1.0).toJson(), "1.0");
  EXPECT_EQ(Value(0.0).toJson(), "0.0");
  EXPECT_EQ(Value(-2.0).toJson(), "-2.0");
  EXPECT_EQ(Value(100.0).toJson(), "100.0");
}

TEST(ValueToJsonText, FloatsUseShortestRoundTripText) {
  EXPECT_EQ(Value(1.5).toJson(), "1.5");
  EXPECT_EQ(Value(0.1).toJson(), "0.1");
  EXPECT_EQ(Value(-0.25).toJson(), "-0.25");
  EXPECT_EQ(Value(1e20).toJson(), "1e+20");
}

TEST(ValueToJsonText, EveryFloatHasPointOrExponentAndReadsBackExactly) {
  const double samples[] = {1.0,    -1.0,   1e20,    1e-7,    123456789012345678.0, 5e-324, DBL_MAX,
                            -DBL_MAX, DBL_MIN, 0.1 + 0.2, 1.0 / 3.0, 2.5e15,            1e16,   -0.0};
  for (double d : samples) {
    std::string text = Value(d).toJson();
    SCOPED_TRACE(text);
    EXPECT_NE(text.find_first_of(".eE"), std::string::npos);
    json parsed = json::parse(text);
    ASSERT_TRUE(parsed.is_number_float());
    EXPECT_EQ(parsed.get<double>(), d);
    EXPECT_EQ(std::signbit(parsed.get<double>()), std::signbit(d));
  }
}

TEST(ValueToJsonText, FormatFloatMatchesFloatJson) {
  EXPECT_EQ(autolife::core::formatFloat(3.0), "3.0");
  EXPECT_EQ(autolife::core::formatFloat(1e20), "1e+20");
  EXPECT_EQ(autolife::core::formatFloat(2.75), Value(2.75).toJson());
}

TEST(ValueToJsonText, StringsEscapeQuotesBackslashesAndWhitespace) {
  EXPECT_EQ(Value("plain").toJson(), "\"plain\"");
  EXPECT_EQ(Value("").toJson(), "\"\"");
  EXPECT_EQ(Value("say \"hi\"").toJson(), "\"say \\\"hi\\\"\"");
  EXPECT_EQ(Value("a\\b").toJson(), "\"a\\\\b\"");
  EXPECT_EQ(Value("l1\nl2").toJson(), "\"l1\\nl2\"");
  EXPECT_EQ(Value("a\tb").toJson(), "\"a\\tb\"");
  EXPECT_EQ(Value("a\rb").toJson(), "\"a\\rb\"");
}

TEST(ValueToJsonText, ControlCharactersAreEscapedAndReadBack) {
  for (int c = 0; c < 0x20; ++c) {
    std::string s = "x";
    s += static_cast<char>(c);
    s += "y";
    std::string text = Value(s).toJson();
    SCOPED_TRACE(c);
    for (char ch : text) EXPECT_GE(static_cast<unsigned char>(ch), 0x20) << "raw control character in " << text;
    EXPECT_EQ(json::parse(text).get<std::string>(), s);
  }
  EXPECT_EQ(Value(std::string("\x01", 1)).toJson(), "\"\\u0001\"");
  EXPECT_EQ(Value(std::string("\x1f", 1)).toJson(), "\"\\u001f\"");
}

TEST(ValueToJsonText, Utf8PassesThrough) {
  std::string s = "héllo wörld ✓";
  std::string text = Value(s).toJson();
  EXPECT_EQ(text, "\"" + s + "\"");
  EXPECT_EQ(json::parse(text).get<std::string>(), s);
}

TEST(ValueToJsonText, ArraysNestWithSpaceAfterComma) {
  EXPECT_EQ(Value(Value::Array{}).toJson(), "[]");
  EXPECT_EQ(Value(Value::Array{1}).toJson(), "[1]");
  Value nested(Value::Array{1, Value::Array{2.0, "x"}, Value::Array{}, Value(), true});
  EXPECT_EQ(nested.toJson(), "[1, [2.0, \"x\"], [], null, true]");
}

TEST(ValueToJsonText, AppendJsonAppends) {
  std::string out = "v=";
  Value(Value::Array{1.0}).appendJson(out);
  EXPECT_EQ(out, "v=[1.0]");
}

// ---- JSON -> Value ---------------------------------------------------------

TEST(ValueFromJson, ScalarsMapToTheirTypes) {
  EXPECT_TRUE(valueFromJson(json::parse("null")).isInvalid());
  Value t = valueFromJson(json::parse("true"));
  ASSERT_TRUE(t.isBool());
  EXPECT_TRUE(t.asBool());
  Value f = valueFromJson(json::parse("false"));
  ASSERT_TRUE(f.isBool());
  EXPECT_FALSE(f.asBool());
  Value s = valueFromJson(json::parse(R"("a\"b\\c\n\u0001é")"));
  ASSERT_TRUE(s.isString());
  EXPECT_EQ(s.asString(), std::string("a\"b\\c\n\x01") + "é");
}

TEST(ValueFromJson, IntegerLiteralsAreInt) {
  Value v = valueFromJson(json::parse("42"));
  ASSERT_TRUE(v.isInt());
  EXPECT_EQ(v.asInt(), 42);
  Value n = valueFromJson(json::parse("-3"));
  ASSERT_TRUE(n.isInt());
  EXPECT_EQ(n.asInt(), -3);
  Value max = valueFromJson(json::parse("9223372036854775807"));
  ASSERT_TRUE(max.isInt());
  EXPECT_EQ(max.asInt(), std::numeric_limits<std::int64_t>::max());
  Value min = valueFromJson(json::parse("-9223372036854775808"));
  ASSERT_TRUE(min.isInt());
  EXPECT_EQ(min.asInt(), std::numeric_limits<std::int64_t>::min());
}

TEST(ValueFromJson, NumbersWithPointOrExponentAreFloat) {
  Value one = valueFromJson(json::parse("1.0"));
  ASSERT_TRUE(one.isFloat());
  EXPECT_EQ(one.asFloat(), 1.0);
  Value e = valueFromJson(json::parse("1e3"));
  ASSERT_TRUE(e.isFloat());
  EXPECT_EQ(e.asFloat(), 1000.0);
  Value neg = valueFromJson(json::parse("-2.5E-1"));
  ASSERT_TRUE(neg.isFloat());
  EXPECT_EQ(neg.asFloat(), -0.25);
}

TEST(ValueFromJson, NestedArrays) {
  Value v = valueFromJson(json::parse(R"([1, [2.0, "x", [null]], [], false])"));
  Value expected(Value::Array{1, Value::Array{2.0, "x", Value::Array{Value()}}, Value::Array{}, false});
  EXPECT_TRUE(identical(v, expected)) << v.toJson();
}

TEST(ValueFromJson, ObjectIsRejected) {
  EXPECT_THROW(valueFromJson(json::parse(R"({"a": 1})")), std::invalid_argument);
  EXPECT_THROW(valueFromJson(json::parse("{}")), std::invalid_argument);
}

TEST(ValueFromJson, ObjectNestedInArrayIsRejected) {
  EXPECT_THROW(valueFromJson(json::parse(R"([1, [2, {"a": 1}]])")), std::invalid_argument);
}

TEST(ValueFromJson, UnsignedIntegerBeyondInt64IsRejected) {
  EXPECT_THROW(valueFromJson(json::parse("9223372036854775808")), std::invalid_argument);
  EXPECT_THROW(valueFromJson(json::parse("18446744073709551615")), std::invalid_argument);
  EXPECT_THROW(valueFromJson(json(std::uint64_t{1} << 63)), std::invalid_argument);
  EXPECT_THROW(valueFromJson(json::parse("[1, 9223372036854775808]")), std::invalid_argument);
}

// An integer literal (no '.' and no exponent) too big even for uint64 is still
// an integer beyond the 64-bit range: REFERENCE §1 maps integer literals to Int
// only, and only numbers with '.' or an exponent to Float. nlohmann's own
// parse turns such a literal into a double and loses the lexeme, so text goes
// through core::parseJson, which refuses it.
TEST(ParseJson, IntegerLiteralBeyondUint64IsRejected) {
  EXPECT_THROW(parseJson("100000000000000000000"), std::invalid_argument);
  EXPECT_THROW(parseJson("-9223372036854775809"), std::invalid_argument);
  EXPECT_THROW(parseJson("{\"t\": 1, \"set\": {\"k\": [1, 100000000000000000000]}}"), std::invalid_argument);
}

TEST(ParseJson, FloatsIntegersAndSyntaxErrorsAreAsUsual) {
  EXPECT_TRUE(parseJson("1e20").is_number_float());
  EXPECT_TRUE(parseJson("100000000000000000000.0").is_number_float());
  EXPECT_EQ(parseJson("-9223372036854775808").get<std::int64_t>(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(parseJson("{\"a\": [1, 2.5]}"), json::parse("{\"a\": [1, 2.5]}"));
  EXPECT_THROW(parseJson("{\"a\": "), json::parse_error);
}

// ---- Value -> nlohmann::json ---------------------------------------------

TEST(ValueToJson, TypesMapToJsonTypes) {
  EXPECT_TRUE(valueToJson(Value()).is_null());
  EXPECT_EQ(valueToJson(Value(true)), json(true));
  json i = valueToJson(Value(5));
  EXPECT_TRUE(i.is_number_integer());
  EXPECT_EQ(i.get<std::int64_t>(), 5);
  json f = valueToJson(Value(1.0));
  EXPECT_TRUE(f.is_number_float());
  EXPECT_EQ(f.dump(), "1.0");
  EXPECT_EQ(valueToJson(Value("s\n")).get<std::string>(), "s\n");
  json a = valueToJson(Value(Value::Array{1, Value::Array{2.5}}));
  ASSERT_TRUE(a.is_array());
  EXPECT_EQ(a.dump(), "[1,[2.5]]");
}

TEST(ValueToJson, RoundTripKeepsValuesIdentical) {
  const Value samples[] = {
      Value(),
      Value(false),
      Value(std::numeric_limits<std::int64_t>::min()),
      Value(std::numeric_limits<std::int64_t>::max()),
      Value(1.0),
      Value(1e20),
      Value(-0.1),
      Value("quote\" backslash\\ nl\n ctl\x02 é"),
      Value(Value::Array{1, 1.0, "1", Value::Array{Value(), Value::Array{}}}),
  };
  for (const auto& v : samples) {
    SCOPED_TRACE(v.toJson());
    EXPECT_TRUE(identical(valueFromJson(valueToJson(v)), v));
    // And through text, as the CLI does.
    EXPECT_TRUE(identical(valueFromJson(json::parse(v.toJson())), v));
  }
}

}  // namespace

// The network API bounds nesting: deeper arrays or objects are refused.
TEST(ValueJson, ParseJsonRefusesNestingDeeperThanTheLimit) {
  EXPECT_NO_THROW(parseJson("[[[1]]]", 3));
  EXPECT_THROW(parseJson("[[[[1]]]]", 3), std::invalid_argument);
  EXPECT_THROW(parseJson(R"({"a": {"b": {"c": {}}}})", 3), std::invalid_argument);
  EXPECT_NO_THROW(parseJson(std::string(5000, '[') + std::string(5000, ']')));
}
