// Life on a real robot runs transitions from more than one thread: API calls
// (the network, Python boxes) and the engine clock's thread (a program that
// exits, a timer). Each transition holds memory's dispatcher
// (core::Dispatcher::Hold, added with Autonomous Life) so that listeners see
// its events in order, once it is complete (docs/life.md "Event order").
// Whatever the interleaving, every event raised must reach its listeners.
#include <gtest/gtest.h>

#include <future>
#include <optional>
#include <thread>

#include "autolife/core/dispatcher.hpp"
#include "life_fixture.hpp"

namespace {

using autolife::core::Dispatcher;
using autolife::life::Nature;
using autolife::test::LifeFixture;

// Thread A is delivering a transition (it holds the dispatcher) when thread
// B starts its own (B's Hold does not own it). A finishes and drains before
// B raises its events; then B's Hold ends. B's events must still be
// delivered — by B, since nobody else is draining any more.
TEST(LifeConcurrency, EventsOfATransitionThatStartedWhileAnotherWasDeliveredAreDelivered) {
  Dispatcher d;
  bool delivered = false;
  std::optional<Dispatcher::Hold> a(std::in_place, d);
  std::promise<void> bHolds, aDone;
  std::thread b([&] {
    Dispatcher::Hold hold(d);
    bHolds.set_value();
    aDone.get_future().wait();
    d.post([&] { delivered = true; });  // an event B's transition raises
  });
  bHolds.get_future().wait();
  a.reset();  // A's transition is complete: it delivers what it raised
  aDone.set_value();
  b.join();  // B's transition is complete too
  EXPECT_TRUE(delivered) << "an event was left in the dispatcher's queue";
  d.drain();
}

// The same through life: a transition made on another thread while this
// thread holds the dispatcher is delivered when this thread lets go.
TEST(LifeConcurrency, ATransitionFromAnotherThreadIsDeliveredWhenTheHolderLetsGo) {
  LifeFixture f;
  f.add("p/a", Nature::Solitary);
  f.life.start();
  f.take();
  {
    Dispatcher::Hold hold(f.memory.dispatcher());
    std::thread other([&] { f.life.switchFocus("p/a"); });
    other.join();
    EXPECT_EQ(f.life.focusedActivity(), "p/a");
    EXPECT_EQ(f.take(), "");  // not yet: this thread holds the dispatcher
  }
  EXPECT_EQ(f.take(),
            "t=0 NextActivity=p/a\n"
            "t=0 State=solitary\n"
            "t=0 FocusedActivity=p/a\n"
            "t=0 transition (" ") -> p/a(unknown-api-caller)\n");
}

}  // namespace
