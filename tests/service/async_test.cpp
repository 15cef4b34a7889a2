// Methods that answer later (asyncMethod): another process's or a robot's
// service. callAsync hands the reply on when it comes, call() waits for it,
// awaitReply waits at most a while; the registry reports the call once its
// outcome is known.
#include <gtest/gtest.h>

#include <future>
#include <thread>

#include "autolife/service/await_reply.hpp"
#include "autolife/service/service.hpp"
#include "any_json.hpp"

namespace {

using namespace autolife::service;
using autolife::test::anyOf;
using autolife::test::jsonOf;
using nlohmann::json;
using namespace std::chrono_literals;

// A service whose one method answers when the test says, from its own thread.
struct Later {
  std::shared_ptr<Service> service = std::make_shared<Service>("Remote");
  std::mutex mutex;
  std::vector<Reply> waiting;

  Later() {
    service->asyncMethod("echo", {{"text", Type::String}}, Type::String, "answers later",
                         [this](const Arguments&, Reply reply) {
                           std::lock_guard lock(mutex);
                           waiting.push_back(std::move(reply));
                         });
  }
  std::size_t pending() {
    std::lock_guard lock(mutex);
    return waiting.size();
  }
  // Answers the oldest call waiting, on another thread.
  void answer(Outcome outcome) {
    Reply reply;
    {
      std::lock_guard lock(mutex);
      reply = std::move(waiting.front());
      waiting.erase(waiting.begin());
    }
    std::thread([reply = std::move(reply), outcome = std::move(outcome)]() mutable { reply(std::move(outcome)); }).join();
  }
};

std::string textOf(const Outcome& o) {
  if (const auto* e = std::get_if<CallError>(&o)) return e->reason() + ": " + e->what();
  return jsonOf(std::get<Any>(o)).dump();
}

TEST(AsyncMethod, CallAsyncHandsTheReplyOnWhenItComes) {
  Later later;
  Registry r;
  r.add(later.service);
  std::vector<CallRecord> records;
  r.called.connect([&](const CallRecord& c) { records.push_back(c); });
  std::optional<Outcome> got;
  r.callAsync("Remote.echo", {"hi"}, [&](Outcome o) { got = std::move(o); });
  EXPECT_FALSE(got);  // nothing yet: the caller went on
  EXPECT_TRUE(records.empty());
  ASSERT_EQ(later.pending(), 1u);
  later.answer(Any("echo: hi"));
  ASSERT_TRUE(got);
  EXPECT_EQ(textOf(*got), "\"echo: hi\"");
  ASSERT_EQ(records.size(), 1u);  // reported once the outcome is known
  EXPECT_EQ(jsonOf(records[0].result), json("echo: hi"));
  EXPECT_EQ(records[0].takes, 0ms);  // answered on another thread: no robot time
}

TEST(AsyncMethod, ARefusalIsRepliedNotThrown) {
  Later later;
  Registry r;
  r.add(later.service);
  std::optional<Outcome> got;
  r.callAsync("Remote.echo", {"hi"}, [&](Outcome o) { got = std::move(o); });
  later.answer(CallError("service-gone", "Remote.echo: the process went away"));
  ASSERT_TRUE(got);
  EXPECT_EQ(textOf(*got), "service-gone: Remote.echo: the process went away");
  // checked before the handler runs: replied at once
  r.callAsync("Remote.echo", {1}, [&](Outcome o) { got = std::move(o); });
  EXPECT_EQ(textOf(*got), "bad-argument: Remote.echo: argument 1 (text) must be a string, got 1");
  EXPECT_EQ(later.pending(), 0u);
}

TEST(AsyncMethod, CallWaitsForTheReply) {
  Later later;
  auto result = std::async(std::launch::async, [&] { return later.service->call("echo", {"box"}); });
  while (later.pending() == 0) std::this_thread::yield();
  later.answer(Any("echo: box"));
  EXPECT_EQ(jsonOf(result.get()), json("echo: box"));
  auto refused = std::async(std::launch::async, [&] { return later.service->call("echo", {"box"}); });
  while (later.pending() == 0) std::this_thread::yield();
  later.answer(CallError("remote-error", "Remote.echo: no"));
  try {
    refused.get();
    FAIL() << "not refused";
  } catch (const CallError& e) {
    EXPECT_EQ(e.reason(), "remote-error");
  }
}

TEST(AwaitReply, GivesUpAfterItsPatienceAndDropsTheLateReply) {
  Later later;
  const AsyncHandler handler = later.service->methods()[0].asyncHandler;
  try {
    awaitReply(handler, {"slow"}, 1ms, "Remote.echo");
    FAIL() << "no timeout";
  } catch (const CallError& e) {
    EXPECT_EQ(e.reason(), "timeout");
    EXPECT_STREQ(e.what(), "Remote.echo did not answer within 1 ms");
  }
  ASSERT_EQ(later.pending(), 1u);
  later.answer(Any("too late"));  // nobody waits: dropped, nothing breaks
  // Answered in time: the value.
  auto result = std::async(std::launch::async, [&] { return awaitReply(handler, {"quick"}, 60s, "Remote.echo"); });
  while (later.pending() == 0) std::this_thread::yield();
  later.answer(Any("echo: quick"));
  EXPECT_EQ(jsonOf(result.get()), json("echo: quick"));
}

}  // namespace
