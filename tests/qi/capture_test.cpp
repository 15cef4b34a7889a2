// Every message of two real sessions (libqi 4.0.5's C++ client and
// libqi-python 3.1.5 against libqi's service directory) is decoded and
// encoded again byte for byte. Payload signatures come from the session
// itself, as a client finds them: the capability map and the first
// metaObject call are known in advance; every other call's parameter and
// return signatures are read from the metaObject the server sent.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>

#include "autolife/qi/codec.hpp"
#include "autolife/qi/convert.hpp"
#include "autolife/qi/message.hpp"
#include "autolife/qi/meta.hpp"
#include "capture.hpp"
#include "qi_json.hpp"

namespace autolife::qi {
namespace {

using test::CapturedMessage;

const Signature kCapabilityMap = Signature::parse("{sm}");
const Signature kMetaObjectCall = Signature::parse("(I)");

struct Decoded {
  Signature signature;
  Value value;
};

// Replays a capture: knows each service's metaObject once the server sent it.
class Session {
public:
  Decoded decodePayload(const Message& m) {
    const Signature signature = signatureFor(m);
    Value value = decode(signature, m.payload);
    if (m.header.type == MessageType::Reply && m.header.action == action::MetaObject)
      metaObjects_[m.header.service] = MetaObject::fromValue(value);
    return {signature, std::move(value)};
  }
  const MetaObject& metaObject(std::uint32_t service) const { return metaObjects_.at(service); }

private:
  Signature signatureFor(const Message& m) const {
    const auto& h = m.header;
    if (h.service == kServerService && h.action == action::Authenticate) return kCapabilityMap;
    if (h.type == MessageType::Error) return Signature(Kind::Dynamic);
    auto known = metaObjects_.find(h.service);
    if (known == metaObjects_.end()) {
      if (h.action != action::MetaObject) throw std::runtime_error(m.describe() + " before the service's metaObject");
      return h.type == MessageType::Call ? kMetaObjectCall : metaObjectSignature();
    }
    const MetaMethod* method = known->second.method(h.action);
    if (!method) throw std::runtime_error(m.describe() + ": no such method in the metaObject");
    return Signature::parse(h.type == MessageType::Call ? method->parametersSignature : method->returnSignature);
  }

  std::map<std::uint32_t, MetaObject> metaObjects_;
};

std::vector<std::pair<CapturedMessage, Decoded>> replay(const std::string& file, Session& session) {
  std::vector<std::pair<CapturedMessage, Decoded>> out;
  for (const auto& captured : test::readCapture(test::captureFile(file))) {
    Message m{decodeHeader(captured.header), captured.payload};
    out.emplace_back(captured, session.decodePayload(m));
  }
  return out;
}

class Capture : public ::testing::TestWithParam<const char*> {};

TEST_P(Capture, EveryHeaderDecodesToItsSummaryAndEncodesBackByteForByte) {
  const auto messages = test::readCapture(test::captureFile(GetParam()));
  ASSERT_EQ(messages.size(), 36u);
  for (const auto& captured : messages) {
    SCOPED_TRACE(captured.summary);
    const Header h = decodeHeader(captured.header);
    EXPECT_EQ(h.size, captured.payload.size());
    const std::string expected = "id=" + std::to_string(h.id) + " type=" + std::string(typeName(h.type)) + "(" +
                                 std::to_string(static_cast<int>(h.type)) + ") flags=" + std::to_string(h.flags) +
                                 " version=0 service=" + std::to_string(h.service) + " object=" +
                                 std::to_string(h.object) + " action=" + std::to_string(h.action);
    EXPECT_NE(captured.summary.find(expected), std::string::npos) << expected;
    std::string encoded;
    encodeHeader(h, encoded);
    EXPECT_EQ(encoded, captured.header);
    EXPECT_EQ(encodeMessage(Message{h, captured.payload}), captured.header + captured.payload);
  }
}

TEST_P(Capture, EveryPayloadDecodesWithTheSessionsSignaturesAndEncodesBackByteForByte) {
  Session session;
  const auto decoded = replay(GetParam(), session);
  ASSERT_EQ(decoded.size(), 36u);
  for (const auto& [captured, d] : decoded) {
    SCOPED_TRACE(captured.summary + " as " + d.signature.toString());
    EXPECT_EQ(encode(d.signature, d.value), captured.payload);
  }
}

TEST_P(Capture, TheWholeStreamCutIntoMessagesOneByteAtATime) {
  const auto messages = test::readCapture(test::captureFile(GetParam()));
  std::string stream;
  for (const auto& m : messages) stream += m.header + m.payload;
  MessageReader reader;
  std::vector<Message> cut;
  for (char byte : stream) {
    reader.feed(std::string_view(&byte, 1));
    while (auto m = reader.next()) cut.push_back(std::move(*m));
  }
  EXPECT_EQ(reader.buffered(), 0u);
  ASSERT_EQ(cut.size(), messages.size());
  for (std::size_t i = 0; i < cut.size(); ++i) EXPECT_EQ(encodeMessage(cut[i]), messages[i].header + messages[i].payload);
}

TEST_P(Capture, TheServiceDirectorysMetaObjectDescribesItsMethodsAndSignals) {
  Session session;
  replay(GetParam(), session);
  const MetaObject& sd = session.metaObject(kServiceDirectory);
  ASSERT_NE(sd.method(action::MetaObject), nullptr);
  EXPECT_EQ(sd.method(action::MetaObject)->returnSignature, metaObjectSignature().toString());
  EXPECT_EQ(sd.methodUid("service"), 100u);
  EXPECT_EQ(sd.methodUid("services"), 101u);
  EXPECT_EQ(sd.methodUid("registerService"), 102u);
  EXPECT_EQ(sd.methodUid("unregisterService"), 103u);
  EXPECT_EQ(sd.methodUid("serviceReady"), 104u);
  EXPECT_EQ(sd.methodUid("updateServiceInfo"), 105u);
  EXPECT_EQ(sd.signalUid("serviceAdded"), 106u);
  EXPECT_EQ(sd.signalUid("serviceRemoved"), 107u);
  EXPECT_EQ(sd.methodUid("machineId"), 108u);
  EXPECT_EQ(Signature::parse(sd.method(101)->returnSignature), Signature(Kind::List, {ServiceInfo::signature()}));
  EXPECT_EQ(sd.method(0)->parametersSignature, "(IIL)");

  const MetaObject& memory = session.metaObject(2);
  ASSERT_TRUE(memory.methodUid("getData"));
  const MetaMethod& getData = *memory.method(*memory.methodUid("getData"));
  EXPECT_EQ(getData.parametersSignature, "(s)");
  EXPECT_EQ(getData.returnSignature, "m");
}

TEST_P(Capture, TheValuesAreWhatTheClientAndServerSaid) {
  Session session;
  const auto decoded = replay(GetParam(), session);
  // The handshake: the reply echoes the client's map and adds the auth state.
  const auto& reply = decoded[1].second.value.asMap();
  ASSERT_EQ(reply.keys.size(), 7u);
  EXPECT_EQ(reply.keys[6].asString(), "__qi_auth_state");
  EXPECT_EQ(autolife::test::qiToJson(reply.values[6], Signature(Kind::Dynamic)), 3);
  EXPECT_EQ(reply.keys[0].asString(), "ClientServerSocket");
  EXPECT_EQ(reply.values[0].asDynamic().signature.toString(), "b");
  // services(): the directory and ALMemory.
  const Value& services = decoded[11].second.value;
  ASSERT_EQ(services.asList().items.size(), 2u);
  const ServiceInfo memory = ServiceInfo::fromValue(services.asList().items[1]);
  EXPECT_EQ(memory.name, "ALMemory");
  EXPECT_EQ(memory.serviceId, 2u);
  EXPECT_EQ(memory.objectUid.size(), 20u);
  EXPECT_EQ(memory.endpoints.back(), "tcp://127.0.0.1:9559");
  // getData("x") → "value-of-x", in a dynamic.
  EXPECT_EQ(autolife::test::qiToJson(decoded[16].second.value, decoded[16].second.signature), nlohmann::json::array({"x"}));
  EXPECT_EQ(autolife::test::qiToJson(decoded[17].second.value, decoded[17].second.signature), nlohmann::json("value-of-x"));
}

INSTANTIATE_TEST_SUITE_P(Qi, Capture, ::testing::Values("cpp-client-session.txt", "python-client-session.txt"),
                         [](const auto& info) { return std::string(info.param).substr(0, info.param[0] == 'c' ? 3 : 6); });

TEST(CaptureEnd, TheCppClientsUnknownKeyGetsAnErrorWithADynamicString) {
  Session session;
  const auto decoded = replay("cpp-client-session.txt", session);
  const auto& [captured, error] = decoded.back();
  EXPECT_EQ(decodeHeader(captured.header).type, MessageType::Error);
  EXPECT_EQ(autolife::test::qiToJson(error.value, error.signature), "ALMemory::getData: key not found: nokey");
}

TEST(CaptureEnd, ThePythonClientsSecondGetDataReadsAnInt) {
  Session session;
  const auto decoded = replay("python-client-session.txt", session);
  const auto& [captured, reply] = decoded.back();
  EXPECT_EQ(reply.value.asDynamic().signature.toString(), "i");
  EXPECT_EQ(autolife::test::qiToJson(reply.value, reply.signature), 42);
}

}  // namespace
}  // namespace autolife::qi
