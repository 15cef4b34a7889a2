// The remote module's connection and proxies against a real `autolife
// serve` in another process, and against peers that vanish, stall or send
// garbage: every failure is a CallError with a stable reason, within the
// timeout.
#include <gmock/gmock.h>

#include <fstream>
#include <future>

#include "autolife/remote/proxy.hpp"
#include "autolife/remote/robot_link.hpp"
#include "remote_support.hpp"

namespace autolife::remotetest {
namespace {

using nlohmann::json;
using remote::Connection;
using remote::ConnectionOptions;
using ::testing::HasSubstr;

ConnectionOptions to(const std::string& url, std::chrono::milliseconds callTimeout = 20s) {
  ConnectionOptions o;
  o.url = url;
  o.connectTimeout = 5s;
  o.callTimeout = callTimeout;
  return o;
}

// Runs `call`, expecting a CallError; its reason and sentence.
std::pair<std::string, std::string> refusal(const std::function<void()>& call) {
  try {
    call();
  } catch (const service::CallError& e) {
    return {e.reason(), e.what()};
  }
  ADD_FAILURE() << "no CallError";
  return {};
}

TEST(RobotArgument, IsAModelOrAQiUrl) {
  auto nao = std::get<remote::RobotArgument>(remote::parseRobotArgument("nao"));
  EXPECT_EQ(nao.model, launchpad::RobotModel::Nao);
  EXPECT_EQ(std::get<remote::RobotArgument>(remote::parseRobotArgument("pepper")).model, launchpad::RobotModel::Pepper);
  auto url = std::get<remote::RobotArgument>(remote::parseRobotArgument("tcp://192.168.1.12:9559"));
  EXPECT_FALSE(url.model);
  EXPECT_EQ(url.url, "tcp://192.168.1.12:9559");
  EXPECT_EQ(std::get<remote::RobotArgument>(remote::parseRobotArgument("tcps://nao.local")).url, "tcps://nao.local:9503");
  EXPECT_THAT(std::get<std::string>(remote::parseRobotArgument("tcp://nao.local:0")), HasSubstr("port"));
  EXPECT_EQ(std::get<remote::RobotArgument>(remote::parseRobotArgument("tcp://nao.local")).url, "tcp://nao.local:9559");
  EXPECT_THAT(std::get<std::string>(remote::parseRobotArgument("tcp://nao.local:99999")), HasSubstr("port"));
  EXPECT_THAT(std::get<std::string>(remote::parseRobotArgument("r2d2")), HasSubstr("nao, pepper, tcp://HOST:PORT"));
}

TEST(RemoteTypes, QiSignaturesBecomeServiceTypes) {
  using service::Type;
  EXPECT_EQ(remote::typeOf("s"), Type::String);
  EXPECT_EQ(remote::typeOf("I"), Type::Int);
  EXPECT_EQ(remote::typeOf("f"), Type::Float);
  EXPECT_EQ(remote::typeOf("b"), Type::Bool);
  EXPECT_EQ(remote::typeOf("[s]"), Type::List);
  EXPECT_EQ(remote::typeOf("{sm}"), Type::Map);
  EXPECT_EQ(remote::typeOf("{im}"), Type::Any);  // JSON holds it as an array of pairs
  EXPECT_EQ(remote::typeOf("(ss)"), Type::Any);
  EXPECT_EQ(remote::typeOf("v"), Type::Void);
  EXPECT_EQ(remote::typeOf("not a signature"), Type::Any);
}

TEST(RemoteConnection, ListsTheServicesAndCallsThem) {
  RemoteServe served;
  Connection connection(to(served.url()));
  ASSERT_TRUE(connection.service("ALMemory"));
  ASSERT_TRUE(connection.service("ALTextToSpeech"));
  EXPECT_TRUE(connection.service("ALTextToSpeech")->meta.methodUid("say"));
  EXPECT_EQ(test::jsonOf(connection.call("ALMemory", "insertData", {"Remote/Test", 42})), nullptr);
  EXPECT_EQ(test::jsonOf(connection.call("ALMemory", "getData", {"Remote/Test"})), 42);
  // The robot's refusal, in its own words.
  auto [reason, message] = refusal([&] { connection.call("ALMemory", "getData", {"Remote/Missing"}); });
  EXPECT_EQ(reason, "remote-error");
  EXPECT_THAT(message, HasSubstr("Remote/Missing"));
  EXPECT_EQ(refusal([&] { connection.call("NoSuchService", "x", test::argsOf({})); }).first, "no-such-service");
  EXPECT_EQ(refusal([&] { connection.call("ALMemory", "getData", {1, 2, 3, 4, 5}); }).first, "no-such-method");
  EXPECT_TRUE(connection.connected());
}

TEST(RemoteConnection, ProxiesInALocalRegistryActOnTheRobot) {
  RemoteServe served;
  auto connection = std::make_shared<Connection>(to(served.url()));
  service::Registry registry;
  registry.add(remote::makeProxy(connection, *connection->service("ALTextToSpeech"), "ALTextToSpeech"));
  registry.add(remote::makeProxy(connection, *connection->service("ALMemory"), "RobotALMemory"));
  // The proxy has the robot's methods, typed from their signatures.
  const auto tts = registry.find("ALTextToSpeech");
  const auto say = std::find_if(tts->methods().begin(), tts->methods().end(),
                                [](const service::Method& m) { return m.name == "say" && m.parameters.size() == 1; });
  ASSERT_NE(say, tts->methods().end());
  EXPECT_EQ(say->parameters[0].type, service::Type::String);
  EXPECT_EQ(say->parameters[0].name, "stringToSay");

  registry.call("ALTextToSpeech", "say", {"Hello from far away"});
  EXPECT_EQ(eventuallyEqual([&] { return registry.call("RobotALMemory", "getData", {"ALTextToSpeech/CurrentSentence"}); },
                            "Hello from far away"),
            "Hello from far away");
  registry.call("RobotALMemory", "insertData", test::argsOf({"Remote/List", json::array({1, "two", 3.5})}));
  EXPECT_EQ(test::jsonOf(registry.call("RobotALMemory", "getData", {"Remote/List"})), json::array({1, "two", 3.5}));
  // Checked here before it travels.
  EXPECT_EQ(refusal([&] { registry.call("ALTextToSpeech", "say", {3}); }).first, "bad-argument");
  // From several threads at once, each gets its own answer.
  std::vector<std::thread> threads;
  std::atomic<int> right{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 25; ++i) {
        const std::string key = "Remote/T" + std::to_string(t);
        registry.call("RobotALMemory", "insertData", {key, i});
        if (test::jsonOf(registry.call("RobotALMemory", "getData", {key})) == i) ++right;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(right, 100);
}

TEST(RemoteConnection, MemoryEventsReachTheSubscriber) {
  RemoteServe served;
  Connection connection(to(served.url()));
  std::mutex mutex;
  std::vector<json> heard;
  std::promise<std::optional<service::CallError>> made;
  connection.subscribeMemory(
      "Remote/Event",
      [&](const service::Any& v) {
        std::lock_guard lock(mutex);
        heard.push_back(test::jsonOf(v));
      },
      [&](std::optional<service::CallError> error) { made.set_value(error); });
  ASSERT_FALSE(made.get_future().get());  // made before the robot raises anything
  connection.call("ALMemory", "raiseEvent", {"Remote/Event", "ping"});
  connection.call("ALMemory", "insertData", {"Remote/Event", 7});
  EXPECT_TRUE(eventually([&] {
    std::lock_guard lock(mutex);
    return heard.size() == 2;
  }));
  std::lock_guard lock(mutex);
  EXPECT_EQ(heard, (std::vector<json>{"ping", 7}));
}

// close() from one of the connection's own handlers (a reply, on its
// thread) closes it there and then: later calls fail at once, and the
// connection's thread ends by itself.
TEST(RemoteConnection, ClosingFromItsOwnHandlerClosesIt) {
  RemoteServe served;
  Connection connection(to(served.url()));
  std::promise<bool> closed;
  connection.callAsync("ALMemory", "insertData", test::argsOf({"Remote/Close", 1}), [&](service::Outcome) {
    connection.close();
    closed.set_value(connection.connected());
  });
  EXPECT_FALSE(closed.get_future().get());
  EXPECT_EQ(refusal([&] { connection.call("ALMemory", "getData", {"Remote/Close"}); }).first, "robot-unreachable");
  connection.close();  // again, from this thread: nothing left to do
}

TEST(RemoteConnection, ARobotThatVanishesFailsCallsAsUnreachable) {
  RemoteServe served;
  auto connection = std::make_shared<Connection>(to(served.url()));
  std::promise<std::string> lost;
  connection->onLost([&](const std::string& reason) { lost.set_value(reason); });
  auto proxy = remote::makeProxy(connection, *connection->service("ALTextToSpeech"), "ALTextToSpeech");
  served.process().stop(SIGKILL);
  auto told = lost.get_future();
  ASSERT_EQ(told.wait_for(20s), std::future_status::ready);
  EXPECT_THAT(told.get(), HasSubstr("closed"));
  EXPECT_FALSE(connection->connected());
  auto [reason, message] = refusal([&] { proxy->call("say", {"anyone?"}); });
  EXPECT_EQ(reason, "robot-unreachable");
  EXPECT_THAT(message, HasSubstr(served.url()));
}

// Whether the process is stopped (SIGSTOP takes effect asynchronously).
bool isStopped(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string id, name, state;
  stat >> id >> name >> state;  // the served binary's name has no spaces
  return state == "T";
}

TEST(RemoteConnection, ARobotThatStallsMidSessionFailsTheCallWithinTheTimeout) {
  RemoteServe served;
  Connection connection(to(served.url(), 300ms));
  EXPECT_EQ(test::jsonOf(connection.call("ALMemory", "insertData", {"Remote/Stall", 1})), nullptr);
  const pid_t pid = served.process().pid();
  ::kill(pid, SIGSTOP);
  ASSERT_TRUE(eventually([&] { return isStopped(pid); }));
  auto [reason, message] = refusal([&] { connection.call("ALMemory", "getData", {"Remote/Stall"}); });
  ::kill(pid, SIGCONT);
  EXPECT_EQ(reason, "robot-unreachable");
  EXPECT_THAT(message, HasSubstr("no answer to getData within 300 ms"));
  // A slow answer is not a dead robot: the connection stands and a later
  // call is answered (on a loaded machine the first may still be slow).
  EXPECT_TRUE(connection.connected());
  EXPECT_TRUE(eventually([&] {
    try {
      return test::jsonOf(connection.call("ALMemory", "getData", {"Remote/Stall"})) == 1;
    } catch (const service::CallError& e) {
      if (e.reason() != "robot-unreachable" || !connection.connected()) throw;
      return false;  // timed out again: try once more
    }
  }));
}

TEST(RemoteConnection, APeerThatNeverAnswersIsUnreachableWithinTheTimeout) {
  Listener silent;
  ConnectionOptions o = to(silent.url());
  o.connectTimeout = 300ms;
  auto [reason, message] = refusal([&] { Connection c(o); });
  EXPECT_EQ(reason, "robot-unreachable");
  EXPECT_THAT(message, HasSubstr("within the timeout"));
}

TEST(RemoteConnection, APeerThatSpeaksGarbageIsUnreachable) {
  Listener http("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
  auto [reason, message] = refusal([&] { Connection c(to(http.url())); });
  EXPECT_EQ(reason, "robot-unreachable");
  EXPECT_THAT(message, HasSubstr("cannot connect"));
}

TEST(RemoteConnection, NoRobotThereIsUnreachable) {
  std::string url;
  {
    Listener gone;
    url = gone.url();
  }
  auto [reason, message] = refusal([&] { Connection c(to(url)); });
  EXPECT_EQ(reason, "robot-unreachable");
  EXPECT_THAT(message, HasSubstr("cannot connect"));
}

}  // namespace
}  // namespace autolife::remotetest
