// Issue 13's "a qi call crosses no JSON": a value JSON would lose or refuse
// (a tuple, not an array; raw bytes that are not UTF-8, not a string; an
// unsigned integer beyond int64) sent through a real qi call to a service
// method typed `m` comes back identical, whether the method hands it back at
// once or keeps it for a later call. Any JSON on the way would answer an
// array of a string and a number.
#include <gtest/gtest.h>

#include <memory>

#include "autolife/core/value.hpp"
#include "autolife/qi/convert.hpp"
#include "fixture.hpp"

namespace autolife::test {
namespace {

// QiTestKeeper: echo(m) -> m answers its argument; keep(m) keeps it and
// kept() -> m answers what was kept.
std::shared_ptr<service::Service> keeperService() {
  auto s = std::make_shared<service::Service>("QiTestKeeper", "Hands values back as they came");
  auto kept = std::make_shared<service::Any>();
  s->method("echo", {{"value", service::Type::Any}}, service::Type::Any, "Answers its argument",
            [](const service::Arguments& a) { return a[0]; });
  s->method("keep", {{"value", service::Type::Any}}, service::Type::Void, "Keeps its argument",
            [kept](const service::Arguments& a) {
              *kept = a[0];
              return service::Any();
            });
  s->method("kept", {}, service::Type::Any, "Answers what was kept", [kept](const service::Arguments&) { return *kept; });
  return s;
}

// (r L): bytes with a NUL and no valid UTF-8, and 2^64 - 59.
core::Value whatJsonWouldLose() {
  return core::Value::Tuple{{core::Value::Bytes{std::string("\xff\xfe\x00 raw \xc3", 9)},
                             core::Value(std::uint64_t{18446744073709551557u})}};
}

TEST(QiCallCarriesValues, ATupleOfRawBytesAndABigUnsignedComesBackIdentical) {
  QiFixture server;
  server.onEngine([&] { server.engine().services.add(keeperService()); });
  auto client = server.client();
  const core::Value sent = whatJsonWouldLose();

  const core::Value echoed = client->call("QiTestKeeper", "echo", {sent});
  EXPECT_TRUE(identical(echoed, sent)) << echoed.typeName() << " " << echoed.toJson();

  client->call("QiTestKeeper", "keep", {sent});
  const core::Value kept = client->call("QiTestKeeper", "kept", {});
  EXPECT_TRUE(identical(kept, sent)) << kept.typeName() << " " << kept.toJson();

  // On the wire the answer's dynamic value says what it is: a tuple of raw
  // bytes and an unsigned 64-bit integer.
  const qi::Value raw = client->call(client->serviceId("QiTestKeeper"), qi::kMainObject, "echo", {sent});
  ASSERT_EQ(raw.type(), qi::Value::Type::Dynamic);
  EXPECT_EQ(raw.asDynamic().signature.toString(), "(rL)");
}

}  // namespace
}  // namespace autolife::test
