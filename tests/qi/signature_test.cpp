#include <gtest/gtest.h>

#include <string>

#include "autolife/qi/codec.hpp"
#include "autolife/qi/signature.hpp"

namespace autolife::qi {
namespace {

TEST(Signature, EveryFormParsesAndPrintsBackExactly) {
  for (const char* text :
       {"b", "c", "C", "w", "W", "i", "I", "l", "L", "f", "d", "s", "v", "_", "m", "r", "o", "X", "[s]", "{sm}", "()",
        "(IIL)", "+i", "#m", "[[{i[m]}]]", "(sIsI[s]ss)<ServiceInfo,name,serviceId,machineId,processId,endpoints,sessionId,objectUid>",
        "[(ss)<MetaMethodParameter,name,description>]", "i<Annotated>", "(i<a<b>,c>s)"}) {
    SCOPED_TRACE(text);
    EXPECT_EQ(Signature::parse(text).toString(), text);
  }
  EXPECT_EQ(Signature::parse(metaObjectSignature().toString()), metaObjectSignature());
}

TEST(Signature, TheTreeHasTheKindsChildrenAndFieldNames) {
  const Signature s = Signature::parse("{s(Iss)<MetaSignal,uid,name,signature>}");
  EXPECT_EQ(s.kind(), Kind::Map);
  EXPECT_EQ(s.child(0).kind(), Kind::String);
  const Signature& signal = s.child(1);
  EXPECT_EQ(signal.kind(), Kind::Tuple);
  ASSERT_EQ(signal.children().size(), 3u);
  EXPECT_EQ(signal.child(0).kind(), Kind::UInt32);
  EXPECT_EQ(signal.structName(), "MetaSignal");
  EXPECT_EQ(signal.fieldNames(), (std::vector<std::string>{"uid", "name", "signature"}));
  EXPECT_EQ(Signature::parse("(ii)").structName(), "");
}

TEST(Signature, MinimumSizesCountLengthsAndScalars) {
  EXPECT_EQ(Signature::parse("(IIL)").minimumSize(), 16u);
  EXPECT_EQ(Signature::parse("[m]").minimumSize(), 4u);
  EXPECT_EQ(Signature::parse("(b+is)").minimumSize(), 6u);
  EXPECT_EQ(Signature::parse("(v())").minimumSize(), 0u);
}

struct Bad {
  const char* text;
  std::size_t offset;
  const char* says;
};

TEST(Signature, MalformedTextSaysWhatAndWhere) {
  for (const Bad& bad : {Bad{"", 0, "ends where a type was expected"}, Bad{"[s", 2, "ends inside a list"},
                         Bad{"[s)", 2, "where the list should close with ']'"}, Bad{"{s}", 2, "'}' where a type"},
                         Bad{"(ii", 3, "ends inside a tuple"}, Bad{"ii", 1, "'i' after a complete type"},
                         Bad{"q", 0, "'q' where a type was expected"}, Bad{"(i)<Name", 3, "never closed"},
                         Bad{"i<>", 1, "empty annotation"}, Bad{"+", 1, "ends where a type"},
                         Bad{"[\x01]", 1, "byte 0x01"}, Bad{"*", 0, "'*'"}}) {
    SCOPED_TRACE(bad.text);
    try {
      Signature::parse(bad.text);
      ADD_FAILURE() << "parsed";
    } catch (const DecodeError& e) {
      EXPECT_EQ(e.offset(), bad.offset) << e.what();
      EXPECT_NE(std::string(e.what()).find(bad.says), std::string::npos) << e.what();
    }
  }
}

TEST(Signature, DepthAndLengthAreBounded) {
  const std::string deep = std::string(100, '[') + "i" + std::string(100, ']');
  EXPECT_THROW(Signature::parse(deep), DecodeError);
  Limits limits;
  limits.maxDepth = 200;
  limits.maxSignature = 1000;
  EXPECT_EQ(Signature::parse(deep, limits).toString(), deep);
  limits.maxSignature = 10;
  EXPECT_THROW(Signature::parse("(iiiiiiiiii)", limits), DecodeError);
}

}  // namespace
}  // namespace autolife::qi
