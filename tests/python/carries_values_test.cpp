// Issue 13's "a qi call crosses no JSON", from a Python box: a value JSON
// would lose or refuse (a tuple, not a list; bytes that are not UTF-8, not a
// str; an int beyond int64 that fits 64 unsigned bits) sent by a box to a
// service method typed `m` comes back to the box identical, whether the
// method hands it back at once or keeps it for a later call. Any JSON on the
// way would answer a list of a str and a float.
#include "python_box_fixture.hpp"

namespace python_test {
namespace {

// PyTestKeeper: echo(m) -> m answers its argument; keep(m) keeps it and
// kept() -> m answers what was kept.
std::shared_ptr<service::Service> pyKeeperService() {
  auto s = std::make_shared<service::Service>("PyTestKeeper", "Hands values back as they came");
  auto kept = std::make_shared<Any>();
  s->method("echo", {{"value", service::Type::Any}}, service::Type::Any, "Answers its argument",
            [](const service::Arguments& a) { return a[0]; });
  s->method("keep", {{"value", service::Type::Any}}, service::Type::Void, "Keeps its argument",
            [kept](const service::Arguments& a) {
              *kept = a[0];
              return Any();
            });
  s->method("kept", {}, service::Type::Any, "Answers what was kept", [kept](const service::Arguments&) { return *kept; });
  return s;
}

TEST(PythonBoxCarriesValues, ATupleOfRawBytesAndABigIntComesBackIdentical) {
  Fixture f;
  f.registry.add(pyKeeperService());
  f.load(R"PY(class MyClass(GeneratedClass):
    def onLoad(self):
        sent = (b'\xff\xfe\x00 raw \xc3', 2 ** 64 - 59)
        keeper = ALProxy('PyTestKeeper')
        back = keeper.echo(sent)
        keeper.keep(sent)
        kept = keeper.kept()
        self.answer([type(back).__name__, type(back[0]).__name__, back == sent, kept == sent])
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  std::optional<python::BoxError> e;
  f.inTask([&] { e = f.box->callLifecycle("onLoad"); });
  EXPECT_FALSE(e) << e->format();
  EXPECT_EQ(f.host.events, std::vector<std::string>{R"(0ms fire answer ["tuple","bytes",true,true])"});
}

}  // namespace
}  // namespace python_test
