// core::Value's copies, moves, assignments and destruction across every
// pair of kinds (decision 900: a hand-made tagged union, not std::variant).
// Run under ASan as well (`ctest --preset asan -R core`): a double free, a
// leak or a use after free of a string, an array or an extended kind's
// contents shows there, where the assertions below check the values.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "autolife/core/value.hpp"

using autolife::core::ObjectHandle;
using autolife::core::Value;

namespace {

struct CopiesTestHandle : ObjectHandle {};

// One maker per kind, with a string long enough to live on the heap and one
// short enough to live inside std::string (both are Strings).
struct CopiesSample {
  const char* name;
  std::function<Value()> make;
};

const std::shared_ptr<const ObjectHandle>& copiesTestObject() {
  static const std::shared_ptr<const ObjectHandle> object = std::make_shared<CopiesTestHandle>();
  return object;
}

std::vector<CopiesSample> copiesSamples() {
  return {
      {"Invalid", [] { return Value(); }},
      {"Bool", [] { return Value(true); }},
      {"Int", [] { return Value(-42); }},
      {"Float", [] { return Value(2.5); }},
      {"ShortString", [] { return Value("hi"); }},
      {"LongString", [] { return Value(std::string(100, 'x')); }},
      {"Array", [] { return Value(Value::Array{Value(1), Value(std::string(40, 'a')), Value(Value::Array{})}); }},
      {"UInt", [] { return Value(std::uint64_t{1} << 63); }},
      {"Bytes", [] { return Value(Value::Bytes{std::string(50, '\0')}); }},
      {"Map", [] { return Value(Value::Map{{"k", Value(std::string(40, 'v'))}, {"n", Value(3)}}); }},
      {"Tuple", [] { return Value(Value::Tuple{{Value(1.5), Value("t")}}); }},
      {"Object", [] { return Value(copiesTestObject()); }},
  };
}

// What a value moved from holds: the scalar kinds keep their value, a
// String is empty, every other kind is Invalid.
void expectCopiesMovedFrom(const Value& movedFrom, const Value& original) {
  switch (original.type()) {
    case Value::Type::Invalid:
    case Value::Type::Bool:
    case Value::Type::Int:
    case Value::Type::Float: EXPECT_TRUE(identical(movedFrom, original)); break;
    case Value::Type::String:
      ASSERT_TRUE(movedFrom.isString());
      EXPECT_TRUE(movedFrom.asString().empty());
      break;
    default: EXPECT_TRUE(movedFrom.isInvalid()) << movedFrom.typeName();
  }
}

TEST(ValueCopies, KeepsTheSizeOfAStringAndItsKindAndMovesWithoutThrowing) {
  EXPECT_EQ(sizeof(Value), sizeof(std::string) + sizeof(std::size_t));
  EXPECT_TRUE(std::is_nothrow_move_constructible_v<Value>);
  EXPECT_TRUE(std::is_nothrow_move_assignable_v<Value>);
}

TEST(ValueCopies, CopyAndMoveConstructionOfEveryKind) {
  for (const auto& sample : copiesSamples()) {
    SCOPED_TRACE(sample.name);
    const Value original = sample.make();
    Value source = sample.make();
    const Value copy(source);
    EXPECT_TRUE(identical(copy, original));
    EXPECT_TRUE(identical(source, original));  // a copy leaves its source alone
    const Value moved(std::move(source));
    EXPECT_TRUE(identical(moved, original));
    expectCopiesMovedFrom(source, original);
    source = sample.make();  // a moved-from value takes a new one
    EXPECT_TRUE(identical(source, original));
  }
}

TEST(ValueCopies, CopyAssignmentBetweenEveryPairOfKinds) {
  for (const auto& from : copiesSamples()) {
    for (const auto& to : copiesSamples()) {
      SCOPED_TRACE(std::string(to.name) + " = " + from.name);
      const Value original = from.make();
      const Value source = from.make();
      Value target = to.make();
      target = source;
      EXPECT_TRUE(identical(target, original));
      EXPECT_TRUE(identical(source, original));
      EXPECT_EQ(target.toJson(), original.toJson());
    }
  }
}

TEST(ValueCopies, MoveAssignmentBetweenEveryPairOfKinds) {
  for (const auto& from : copiesSamples()) {
    for (const auto& to : copiesSamples()) {
      SCOPED_TRACE(std::string(to.name) + " = move(" + from.name + ")");
      const Value original = from.make();
      Value source = from.make();
      Value target = to.make();
      target = std::move(source);
      EXPECT_TRUE(identical(target, original));
      expectCopiesMovedFrom(source, original);
    }
  }
}

TEST(ValueCopies, SelfAssignmentKeepsTheValue) {
  for (const auto& sample : copiesSamples()) {
    SCOPED_TRACE(sample.name);
    const Value original = sample.make();
    Value v = sample.make();
    Value& alias = v;  // through a reference: the compiler's self-assignment warnings stay quiet
    v = alias;
    EXPECT_TRUE(identical(v, original));
    v = std::move(alias);
    EXPECT_TRUE(identical(v, original));
  }
}

TEST(ValueCopies, AssigningAnElementOfItsOwnArrayKeepsTheElement) {
  Value v(Value::Array{Value(std::string(40, 'e')), Value(Value::Array{Value(7)})});
  const Value element = v.asArray()[0];
  v = v.asArray()[0];  // the array (and the element's string) is released only after the copy
  EXPECT_TRUE(identical(v, element));
  Value nested(Value::Array{Value(Value::Array{Value(7)})});
  nested = nested.asArray()[0];
  ASSERT_TRUE(nested.isArray());
  EXPECT_EQ(nested.asArray()[0].asInt(), 7);
}

TEST(ValueCopies, CopiesShareTheContentsOfArraysAndExtendedKinds) {
  const Value array(Value::Array{Value(1)});
  const Value arrayCopy = array;
  EXPECT_EQ(&array.asArray(), &arrayCopy.asArray());
  const Value map(Value::Map{{"k", Value(1)}});
  const Value mapCopy = map;
  EXPECT_EQ(&map.asMap(), &mapCopy.asMap());
  const long before = copiesTestObject().use_count();
  {
    const Value object(copiesTestObject());
    const Value objectCopy = object;
    EXPECT_EQ(objectCopy.asObject(), copiesTestObject());
    EXPECT_EQ(copiesTestObject().use_count(), before + 1);  // one Extended, shared by both
  }
  EXPECT_EQ(copiesTestObject().use_count(), before);
}

TEST(ValueCopies, AValueInAVectorSurvivesItsGrowth) {
  std::vector<Value> values;
  for (int i = 0; i < 100; ++i) {
    const auto& sample = copiesSamples()[static_cast<std::size_t>(i) % copiesSamples().size()];
    values.push_back(sample.make());
  }
  for (std::size_t i = 0; i < values.size(); ++i)
    EXPECT_TRUE(identical(values[i], copiesSamples()[i % copiesSamples().size()].make())) << i;
}

TEST(ValueCopies, AnAccessorOfAnotherKindThrowsBadVariantAccess) {
  EXPECT_THROW((void)Value().asBool(), std::bad_variant_access);
  EXPECT_THROW((void)Value(true).asInt(), std::bad_variant_access);
  EXPECT_THROW((void)Value(1).asFloat(), std::bad_variant_access);
  EXPECT_THROW((void)Value(1.5).asString(), std::bad_variant_access);
  EXPECT_THROW((void)Value("s").asArray(), std::bad_variant_access);
  EXPECT_THROW((void)Value(Value::Array{}).asMap(), std::bad_variant_access);
  EXPECT_THROW((void)Value(Value::Map{}).asTuple(), std::bad_variant_access);
  EXPECT_THROW((void)Value(Value::Bytes{"b"}).asString(), std::bad_variant_access);
  EXPECT_THROW((void)Value(Value::Map{}).asUInt(), std::bad_variant_access);
}

}  // namespace
