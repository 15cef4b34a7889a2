// What a NAOqi client does against `autolife serve`'s qi server: the
// handshake, the directory, metaObjects, calls, errors, signals, properties
// and ALMemory.subscriber, over a real socket.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <thread>

#include "autolife/qi/convert.hpp"
#include "any_json.hpp"
#include "qi_json.hpp"
#include "capture.hpp"
#include "fixture.hpp"

namespace autolife {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;
using test::QiFixture;

using test::kWait;

std::vector<std::string> names(const std::vector<qi::ServiceInfo>& infos) {
  std::vector<std::string> out;
  for (const auto& i : infos) out.push_back(i.name);
  return out;
}

TEST(QiServer, TheHandshakeEchoesCapabilitiesAndSaysAuthenticationIsDone) {
  QiFixture server;
  auto client = server.client();
  const auto& map = client->capabilities().asMap();
  json answer = json::object();
  for (std::size_t i = 0; i < map.keys.size(); ++i)
    answer[map.keys[i].asString()] = test::qiToJson(map.values[i], qi::Signature(qi::Kind::Dynamic));
  EXPECT_EQ(answer["__qi_auth_state"], 3);
  EXPECT_EQ(answer["MetaObjectCache"], false);
  EXPECT_EQ(answer["ObjectPtrUID"], true);
  EXPECT_TRUE(client->codec().objectUid);
}

TEST(QiServer, TheCapturedLibqiClientsFirstMessagesGetTheAnswersTheyExpect) {
  QiFixture server;
  auto raw = server.client();  // a connection; its own handshake is done, libqi's is sent again as captured
  const auto captured = qi::test::readCapture(qi::test::captureFile("cpp-client-session.txt"));
  for (int i : {0, 2}) {  // the handshake, then the directory's metaObject
    raw->sendBytes(captured[i].header + captured[i].payload);
    auto reply = raw->receive(kWait);
    ASSERT_TRUE(reply);
    EXPECT_EQ(reply->header.type, qi::MessageType::Reply);
    EXPECT_EQ(qi::encodeMessage(*reply).substr(4, 4), captured[i + 1].header.substr(4, 4));  // same id
    const auto signature = i == 0 ? qi::Signature::parse("{sm}") : qi::metaObjectSignature();
    EXPECT_NO_THROW(qi::decode(signature, reply->payload, raw->codec()));
  }
}

TEST(QiServer, TheDirectoryListsTheEngineServicesWithTheirIds) {
  QiFixture server;
  auto client = server.client();
  const auto services = client->services();
  const auto listed = names(services);
  EXPECT_EQ(listed.front(), "ServiceDirectory");
  for (const char* name : {"ALMemory", "ALAutonomousLife", "ALTextToSpeech", "ALBehaviorManager"})
    EXPECT_NE(std::find(listed.begin(), listed.end(), name), listed.end()) << name;
  const auto memory = client->service("ALMemory");
  EXPECT_GE(memory.serviceId, 2u);
  EXPECT_EQ(memory.machineId, client->machineId());
  EXPECT_EQ(memory.objectUid.size(), 20u);
  EXPECT_EQ(memory.endpoints.back(), server.url());
  EXPECT_THROW(client->service("ALNoSuchService"), qiclient::Error);
}

// The directory's metaObject is the one libqi's own service directory sent
// in the captured session: same uids, names and signatures.
TEST(QiServer, TheDirectorysMetaObjectIsLibqisOwn) {
  QiFixture server;
  auto client = server.client();
  const auto captured = qi::test::readCapture(qi::test::captureFile("cpp-client-session.txt"));
  const auto libqi = qi::MetaObject::fromValue(qi::decode(qi::metaObjectSignature(), captured[3].payload));
  const auto& ours = client->metaObject(qi::kServiceDirectory);
  ASSERT_EQ(ours.methods.size(), libqi.methods.size());
  for (const auto& [uid, m] : libqi.methods) {
    ASSERT_TRUE(ours.method(uid)) << m.name;
    EXPECT_EQ(ours.method(uid)->name, m.name);
    EXPECT_EQ(ours.method(uid)->parametersSignature, m.parametersSignature) << m.name;
    EXPECT_EQ(ours.method(uid)->returnSignature, m.returnSignature) << m.name;
  }
  ASSERT_EQ(ours.signals.size(), libqi.signals.size());
  for (const auto& [uid, s] : libqi.signals) EXPECT_EQ(ours.signal(uid)->signature, s.signature) << s.name;
}

TEST(QiServer, AServicesMetaObjectHasItsMethodsWithParameterNamesFromUid100) {
  QiFixture server;
  auto client = server.client();
  const auto& memory = client->metaObject(client->serviceId("ALMemory"));
  const auto uid = memory.methodUid("getData");
  ASSERT_TRUE(uid);
  EXPECT_GE(*uid, 100u);
  const auto& getData = *memory.method(*uid);
  EXPECT_EQ(getData.parametersSignature, "(s)");
  EXPECT_EQ(getData.returnSignature, "m");
  ASSERT_EQ(getData.parameters.size(), 1u);
  EXPECT_EQ(getData.parameters[0].name, "key");
  EXPECT_EQ(memory.method(*memory.methodUid("insertData"))->parametersSignature, "(sm)");
  EXPECT_EQ(memory.method(*memory.methodUid("subscriber"))->returnSignature, "o");
  for (std::uint32_t bound : {0u, 1u, 2u, 3u, 5u, 6u, 7u, 8u, 80u, 85u}) EXPECT_TRUE(memory.method(bound)) << bound;
  // Overloads each have their uid.
  const auto& life = client->metaObject(client->serviceId("ALAutonomousLife"));
  int switchFocus = 0;
  for (const auto& [u, m] : life.methods) switchFocus += m.name == "switchFocus";
  EXPECT_EQ(switchFocus, 2);
}

TEST(QiServer, ALMemoryInsertDataAndGetDataKeepTypes) {
  QiFixture server;
  auto client = server.client();
  for (const json& value : {json(42), json(2.5), json("text"), json(true), json::array({1, "a", 0.5})}) {
    EXPECT_EQ(core::valueToJson(client->call("ALMemory", "insertData", {"qi/key", core::jsonToValue(value)})), nullptr);
    const json back = core::valueToJson(client->call("ALMemory", "getData", {"qi/key"}));
    EXPECT_EQ(back, value);
    EXPECT_EQ(back.type(), value.type()) << back;
  }
  EXPECT_EQ(server.onEngine([&] { return server.engine().memory.getData("qi/key").toJson(); }), "[1, \"a\", 0.5]");
}

TEST(QiServer, AnUnknownKeyIsAnErrorAndTheConnectionGoesOn) {
  QiFixture server;
  auto client = server.client();
  try {
    client->call("ALMemory", "getData", {"no/such/key"});
    ADD_FAILURE() << "no error";
  } catch (const qiclient::Error& e) {
    EXPECT_NE(std::string(e.what()).find("no/such/key"), std::string::npos) << e.what();
  }
  EXPECT_EQ(core::valueToJson(client->call("ALAutonomousLife", "getState", {})), "solitary");
}

TEST(QiServer, ALAutonomousLifeAnswersAndRefusesLikeNaoqi) {
  QiFixture server;
  auto client = server.client();
  EXPECT_EQ(core::valueToJson(client->call("ALAutonomousLife", "getState", {})), "solitary");
  EXPECT_THROW(client->call("ALAutonomousLife", "switchFocus", {"no-such/activity"}), qiclient::Error);
  EXPECT_THROW(client->call("ALAutonomousLife", "switchFocus", {"no-such/activity", 0}), qiclient::Error);
  EXPECT_EQ(core::valueToJson(client->call("ALAutonomousLife", "setState", {"disabled"})), nullptr);
  EXPECT_EQ(core::valueToJson(client->call("ALAutonomousLife", "getState", {})), "disabled");
}

TEST(QiServer, AMemorySubscribersSignalFiresWithTheEventsValue) {
  QiFixture server;
  auto client = server.client();
  const auto memory = client->serviceId("ALMemory");
  const qi::Value object = client->call(memory, qi::kMainObject, "subscriber", {"qi/event"});
  const auto& ref = object.asObject();
  EXPECT_EQ(ref.service, memory);
  EXPECT_GT(ref.object, 1u);
  ASSERT_TRUE(ref.uid);
  ASSERT_TRUE(ref.metaObject);
  EXPECT_TRUE(qi::MetaObject::fromValue(*ref.metaObject).signalUid("signal"));
  const auto link = client->connect(memory, ref.object, "signal");
  client->call("ALMemory", "raiseEvent", {"qi/event", "hello"});
  auto event = client->nextEvent(kWait);
  ASSERT_TRUE(event);
  EXPECT_EQ(event->object, ref.object);
  EXPECT_EQ(core::valueToJson(event->values), json::array({"hello"}));
  // An insert from the engine itself reaches the client too.
  server.onEngine([&] { server.engine().memory.raiseEvent("qi/event", core::Value(7)); });
  event = client->nextEvent(kWait);
  ASSERT_TRUE(event);
  EXPECT_EQ(core::valueToJson(event->values), json::array({7}));
  // Disconnected: no more events.
  client->disconnect(memory, ref.object, "signal", link);
  client->call("ALMemory", "raiseEvent", {"qi/event", "again"});
  EXPECT_FALSE(client->nextEvent(100ms));
}

TEST(QiServer, AnExpressionObjectIsHandedOutWithItsSignalAndMethods) {
  QiFixture server;
  auto client = server.client();
  const auto watcher = client->serviceId("ALExpressionWatcher");
  client->call("ALMemory", "insertData", {"qi/level", 0});
  const qi::Value object = client->call(watcher, qi::kMainObject, "add", {"'qi/level' > 2", 2});
  const auto& ref = object.asObject();
  ASSERT_TRUE(ref.metaObject);
  const auto meta = qi::MetaObject::fromValue(*ref.metaObject);
  EXPECT_TRUE(meta.signalUid("signal"));
  EXPECT_TRUE(meta.methodUid("getValue"));
  client->connect(watcher, ref.object, "signal");
  client->call("ALMemory", "insertData", {"qi/level", 5});
  auto event = client->nextEvent(kWait);
  ASSERT_TRUE(event);
  EXPECT_EQ(event->object, ref.object);
  EXPECT_EQ(core::valueToJson(event->values), json::array({true}));
  const qi::Value value = client->call(watcher, ref.object, "getValue", {});
  EXPECT_EQ(core::valueToJson(qi::toCoreValue(value, qi::Signature::parse("m"))), true);
  const qi::Value mode = client->call(watcher, ref.object, "getReportMode", {});
  EXPECT_EQ(core::valueToJson(qi::toCoreValue(mode, qi::Signature::parse("i"))), 2);
  EXPECT_THROW(client->call(watcher, qi::kMainObject, "add", {"'qi/level' >", 2}), qiclient::Error);
}

TEST(QiServer, AServicesSignalBecomesEvents) {
  QiFixture server;
  auto client = server.client();
  const auto tts = client->serviceId("ALTextToSpeech");
  client->connect(tts, qi::kMainObject, "languageTTS");
  client->call("ALTextToSpeech", "setLanguage", {"French"});
  const auto event = client->nextEvent(kWait);
  ASSERT_TRUE(event);
  EXPECT_EQ(event->service, tts);
  EXPECT_EQ(core::valueToJson(event->values), json::array({"French"}));
}

std::shared_ptr<service::Service> thermostat(double& target) {
  auto s = std::make_shared<service::Service>("QiTestThermostat", "A service with a property");
  service::Property p;
  p.name = "target";
  p.type = service::Type::Float;
  p.get = [&target] { return service::Any(target); };
  p.set = [&target](const service::Any& v) { target = test::jsonOf(v).get<double>(); };
  s->property(p);
  s->signal("changed", {{"what", service::Type::String}, {"value", service::Type::Float}}, "Two values");
  return s;
}

TEST(QiServer, PropertiesReadAndWriteByNameAndServicesArrivingAreAnnounced) {
  QiFixture server;
  auto client = server.client();
  auto watcher = server.client();
  watcher->connect(qi::kServiceDirectory, qi::kMainObject, "serviceAdded");
  double target = 20.5;
  server.onEngine([&] { server.engine().services.add(thermostat(target)); });
  auto added = watcher->nextEvent(kWait);
  ASSERT_TRUE(added);
  EXPECT_EQ(core::valueToJson(added->values)[1], "QiTestThermostat");
  const auto id = client->serviceId("QiTestThermostat");
  EXPECT_EQ(core::valueToJson(added->values)[0], id);
  EXPECT_EQ(test::qiToJson(client->call(id, 1, "property", {"target"}), qi::Signature(qi::Kind::Dynamic)), 20.5);
  client->call(id, 1, "setProperty", {"target", 18.0});
  EXPECT_EQ(server.onEngine([&] { return target; }), 18.0);
  EXPECT_EQ(test::qiToJson(client->call(id, 1, "properties", {}), qi::Signature::parse("[s]")),
            json::array({"target"}));
  // A signal of two values.
  client->connect(id, 1, "changed");
  server.onEngine([&] { server.engine().services.find("QiTestThermostat")->emit("changed", test::anyOf(json::array({"target", 18.0}))); });
  const auto event = client->nextEvent(kWait);
  ASSERT_TRUE(event);
  EXPECT_EQ(core::valueToJson(event->values), json::array({"target", 18.0}));
  watcher->connect(qi::kServiceDirectory, qi::kMainObject, "serviceRemoved");
  server.onEngine([&] { server.engine().services.remove("QiTestThermostat"); });
  for (auto e = watcher->nextEvent(kWait); e; e = watcher->nextEvent(kWait))
    if (e->signal == 107) {
      EXPECT_EQ(core::valueToJson(e->values), json::array({id, "QiTestThermostat"}));
      return;
    }
  ADD_FAILURE() << "no serviceRemoved";
}

// The next message the server sends `client` that is a Call (what it asks
// of the objects the client hosts), skipping anything else.
std::optional<qi::Message> nextCall(qiclient::Client& client) {
  for (;;) {
    auto m = client.receive(kWait);
    if (!m || m->header.type == qi::MessageType::Call) return m;
  }
}

void reply(qiclient::Client& client, const qi::Header& call, const qi::Signature& signature, const qi::Value& value) {
  qi::Message m;
  m.header = call;
  m.header.type = qi::MessageType::Reply;
  m.payload = qi::encode(signature, value);
  client.sendBytes(qi::encodeMessage(m));
}

// A service `owner` registers and readies as a package's service does, with
// one method, echo(s) -> s: at serviceReady the server asks the client for
// its metaObject (its question comes before its answer) and puts a proxy of
// it in the engine's registry. Its id.
std::uint32_t registerEchoService(qiclient::Client& owner, qiclient::Client& watcher, const qi::ServiceInfo& info) {
  const auto id = static_cast<std::uint32_t>(
      owner.call(qi::kServiceDirectory, 1, "registerService", {qi::toValue(info.toValue(), qi::ServiceInfo::signature())}).asUInt());
  EXPECT_THROW(watcher.service(info.name), qiclient::Error);  // not ready yet
  qi::Message ready;
  ready.header.id = 9001;
  ready.header.type = qi::MessageType::Call;
  ready.header.service = qi::kServiceDirectory;
  ready.header.object = qi::kMainObject;
  ready.header.action = *owner.metaObject(qi::kServiceDirectory).methodUid("serviceReady");
  ready.payload = qi::encode(qi::Signature::parse("(I)"), qi::Value::tuple({id}));
  owner.sendBytes(qi::encodeMessage(ready));
  auto ask = nextCall(owner);
  EXPECT_TRUE(ask);
  if (!ask) return id;
  EXPECT_EQ(ask->header.service, id);
  EXPECT_EQ(ask->header.action, qi::action::MetaObject);
  qi::MetaObject meta;
  meta.methods[100] = qi::MetaMethod{100, "s", "echo", "(s)", "", {}, ""};
  reply(owner, ask->header, qi::metaObjectSignature(), meta.toValue());
  for (;;) {
    auto answer = owner.receive(kWait);
    EXPECT_TRUE(answer);
    if (!answer) return id;
    if (answer->header.id != 9001) continue;
    EXPECT_EQ(answer->header.type, qi::MessageType::Reply) << answer->describe();
    return id;
  }
}

qi::ServiceInfo clientServiceInfo() {
  qi::ServiceInfo info;
  info.name = "ClientService";
  info.endpoints = {"tcp://127.0.0.1:1"};
  info.objectUid = std::string(20, 'u');
  return info;
}

// A service a client registers (a package's service, a user's script):
// another client's call is relayed to it over its own connection and its
// answer comes back; it leaves the directory and the registry with that
// connection.
TEST(QiServer, AClientsRegisteredServiceIsRelayedUntilItsConnectionCloses) {
  QiFixture server;
  auto watcher = server.client();
  watcher->connect(qi::kServiceDirectory, qi::kMainObject, "serviceRemoved");
  const qi::ServiceInfo info = clientServiceInfo();
  std::uint32_t id = 0;
  {
    auto owner = server.client();
    id = registerEchoService(*owner, *watcher, info);
    EXPECT_EQ(watcher->service("ClientService").endpoints, info.endpoints);
    // The watcher's call reaches the owner, which answers it.
    std::thread answerer([&] {
      auto call = nextCall(*owner);
      if (!call) return;
      const auto text = qi::decode(qi::Signature::parse("(s)"), call->payload).asTuple().members.at(0).asString();
      reply(*owner, call->header, qi::Signature::parse("s"), qi::Value("echo: " + text));
    });
    EXPECT_EQ(core::valueToJson(watcher->call("ClientService", "echo", {"hi"})), "echo: hi");
    answerer.join();
  }
  const auto removed = watcher->nextEvent(kWait);
  ASSERT_TRUE(removed);
  EXPECT_EQ(core::valueToJson(removed->values), json::array({id, "ClientService"}));
  EXPECT_THROW(watcher->service("ClientService"), qiclient::Error);
}

// Issue 34: a call its process never answers (it crashed) is refused
// "service-gone" only once the service has left the registry, so whoever
// watches the registry (the package supervisor, whose settle waits for a
// crash in progress) knows of the loss before the caller does.
TEST(QiServer, ACallRefusedServiceGoneFindsTheServiceAlreadyGone) {
  QiFixture server;
  auto watcher = server.client();
  auto owner = server.client();
  registerEchoService(*owner, *watcher, clientServiceInfo());
  std::promise<std::pair<std::string, bool>> refused;  // (reason, still in the registry)
  server.onEngine([&] {
    auto& registry = server.engine().services;
    registry.callAsync("ClientService", "echo", {"hi"}, [&registry, &refused](const service::Outcome& outcome) {
      const auto* error = std::get_if<service::CallError>(&outcome);
      refused.set_value({error ? error->reason() : "answered", registry.find("ClientService") != nullptr});
    });
  });
  ASSERT_TRUE(nextCall(*owner));  // it reached the process, which goes without answering
  owner.reset();
  auto future = refused.get_future();
  ASSERT_EQ(future.wait_for(kWait), std::future_status::ready);
  const auto [reason, stillThere] = future.get();
  EXPECT_EQ(reason, "service-gone");
  EXPECT_FALSE(stillThere) << "the caller was told before the registry";
}

TEST(QiServer, ACallWithADynamicPayloadIsConvertedToTheParameters) {
  QiFixture server;
  auto client = server.client();
  const auto memory = client->serviceId("ALMemory");
  const auto& meta = client->metaObject(memory);
  qi::Header h;
  h.service = memory;
  h.object = 1;
  h.action = *meta.methodUid("insertData");
  h.flags = qi::flags::DynamicPayload;
  const auto payload = qi::encode(qi::Signature(qi::Kind::Dynamic), test::qiDynamicFromJson(json::array({"qi/dyn", 5})));
  client->callRaw(h, payload);
  EXPECT_EQ(core::valueToJson(client->call("ALMemory", "getData", {"qi/dyn"})), 5);
}

TEST(QiServer, ADynamicPayloadHoldingATupleWithRawBytesIsConvertedToTheParameters) {
  // The dynamic value is a tuple (s r), converted to insertData's (s m) on
  // the server through core::Value; memory keeps the bytes as a string.
  QiFixture server;
  auto client = server.client();
  const auto memory = client->serviceId("ALMemory");
  qi::Header h;
  h.service = memory;
  h.object = 1;
  h.action = *client->metaObject(memory).methodUid("insertData");
  h.flags = qi::flags::DynamicPayload;
  const std::string notUtf8("\xff\xfe", 2);
  const auto arguments = qi::dynamicFromValue(core::Value::Tuple{{"qi/tuple", core::Value::Bytes{notUtf8}}});
  EXPECT_EQ(arguments.asDynamic().signature.toString(), "(sr)");
  client->callRaw(h, qi::encode(qi::Signature(qi::Kind::Dynamic), arguments));
  EXPECT_EQ(server.onEngine([&] { return server.engine().memory.getData("qi/tuple").asString(); }), notUtf8);
}

TEST(QiServer, ARobotActionIsAnsweredOnceItIsDoneAndOtherCallsMeanwhile) {
  // ALTextToSpeech.say answers when the sentence is said, as NAOqi's blocking
  // call does; a getData sent after it is answered first.
  QiFixture server;
  auto client = server.client();
  const auto tts = client->serviceId("ALTextToSpeech");
  const auto memory = client->serviceId("ALMemory");
  auto call = [&](std::uint32_t id, std::uint32_t service, const std::string& method, const json& args,
                  const std::string& signature) {
    qi::Message m;
    m.header.id = id;
    m.header.type = qi::MessageType::Call;
    m.header.service = service;
    m.header.object = 1;
    m.header.action = *client->metaObject(service).methodUid(method);
    m.payload = qi::encode(qi::Signature::parse(signature), test::qiFromJson(args, qi::Signature::parse(signature)));
    client->sendBytes(qi::encodeMessage(m));
  };
  server.onEngine([&] { return server.engine().memory.insertData("qi/k", core::Value(std::int64_t{7})), 0; });
  const auto sent = std::chrono::steady_clock::now();
  call(1001, tts, "say", json::array({"Hello, how are you?"}), "(s)");
  call(1002, memory, "getData", json::array({"qi/k"}), "(s)");
  std::vector<std::uint32_t> order;
  for (int i = 0; i < 2; ++i) {
    auto reply = client->receive(kWait);
    ASSERT_TRUE(reply) << "no reply";
    EXPECT_EQ(reply->header.type, qi::MessageType::Reply) << reply->describe();
    order.push_back(reply->header.id);
  }
  EXPECT_EQ(order, (std::vector<std::uint32_t>{1002, 1001}));
  // Said at the robot's pace: the reply came no sooner than that.
  EXPECT_GE(std::chrono::steady_clock::now() - sent, 1s);
}

TEST(QiServer, TheTokenIsRequiredWhenSet) {
  qiserver::ServerOptions options;
  options.token = "secret";
  QiFixture server(options);
  EXPECT_THROW(server.client(), qiclient::Error);
  qiclient::ClientOptions withToken;
  withToken.token = "secret";
  auto client = server.client(withToken);
  EXPECT_EQ(core::valueToJson(client->call("ALAutonomousLife", "getState", {})), "solitary");
}

}  // namespace
}  // namespace autolife
