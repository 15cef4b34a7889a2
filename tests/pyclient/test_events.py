"""Memory events and life's signals through the client, and several
sessions and threads at once, against a real `autolife serve`."""

import threading
import unittest

from server import DEADLINE, Collector, ServerTest


class MemoryEvents(ServerTest):
    def test_a_subscriber_receives_each_change_in_order(self):
        memory = self.session().service("ALMemory")
        subscriber = memory.subscriber("Test/Counter")
        changes = Collector()
        subscriber.signal.connect(changes)
        for i in range(5):
            memory.insertData("Test/Counter", i)
        self.assertEqual([changes.next() for _ in range(5)], [0, 1, 2, 3, 4])

    def test_raised_events_arrive_with_their_value(self):
        memory = self.session().service("ALMemory")
        touched = Collector()
        memory.subscriber("Test/Touched").signal.connect(touched)
        memory.raiseEvent("Test/Touched", ["head", 1.5])
        self.assertEqual(touched.next(), ["head", 1.5])

    def test_after_disconnect_a_callback_gets_nothing_more(self):
        memory = self.session().service("ALMemory")
        first, marker = Collector(), Collector()
        signal = memory.subscriber("Test/First").signal
        link = signal.connect(first)
        memory.insertData("Test/First", 1)
        self.assertEqual(first.next(), 1)
        self.assertTrue(signal.disconnect(link))
        self.assertFalse(signal.disconnect(link))
        memory.insertData("Test/First", 2)
        # Notifications arrive in the order the engine raised them: once
        # the marker's arrives, the first key's would have too.
        memory.subscriber("Test/Marker").signal.connect(marker)
        memory.insertData("Test/Marker", "done")
        self.assertEqual(marker.next(), "done")
        self.assertTrue(first.empty())

    def test_every_callback_of_a_signal_is_called(self):
        memory = self.session().service("ALMemory")
        signal = memory.subscriber("Test/Both").signal
        one, two = Collector(), Collector()
        signal.connect(one)
        signal.connect(two)
        memory.insertData("Test/Both", "x")
        self.assertEqual((one.next(), two.next()), ("x", "x"))

    def test_a_failing_callback_does_not_stop_the_others_events(self):
        memory = self.session().service("ALMemory")
        signal = memory.subscriber("Test/Fails").signal
        later = Collector()

        def fails(value):
            raise RuntimeError("a callback's bug")

        signal.connect(fails)
        signal.connect(later)
        with self.assertLogs("autolife", "ERROR") as logged:
            memory.insertData("Test/Fails", 1)
            self.assertEqual(later.next(), 1)
            memory.insertData("Test/Fails", 2)
            self.assertEqual(later.next(), 2)
        self.assertEqual(len(logged.records), 2)

    def test_a_callback_may_call_services(self):
        memory = self.session().service("ALMemory")
        echoed = Collector()
        memory.subscriber("Test/Echo").signal.connect(lambda v: memory.insertData("Test/Echoed", v * 2))
        memory.subscriber("Test/Echoed").signal.connect(echoed)
        memory.insertData("Test/Echo", 21)
        self.assertEqual(echoed.next(), 42)


class Life(ServerTest):
    def test_switch_focus_focuses_the_activity_and_the_transition_arrives(self):
        session = self.session()
        life = session.service("ALAutonomousLife")
        transitions, focused = Collector(), Collector()
        life.activityTransition.connect(transitions)
        session.service("ALMemory").subscriber("AutonomousLife/FocusedActivity").signal.connect(focused)
        life.switchFocus("greeter/.")
        transition = transitions.next()
        self.assertEqual(transition["FocusedActivityName"], "greeter/.")
        self.assertEqual(transition["FocusedActivityStartReason"], "unknown-api-caller")
        self.assertEqual(focused.until(lambda v: v), "greeter/.")
        # The greeter says hello and ends: life reports that too.
        ended = transitions.until(lambda t: t["PreviousActivityName"] == "greeter/.")
        self.assertNotEqual(ended["FocusedActivityName"], "greeter/.")
        self.assertIn("greeter/.", life.getActivityStatistics())

    def test_stop_focus_unfocuses_and_says_why(self):
        life = self.session().service("ALAutonomousLife")
        transitions = Collector()
        life.activityTransition.connect(transitions)
        life.switchFocus("attractor/.")
        self.assertEqual(transitions.next()["FocusedActivityName"], "attractor/.")
        life.stopFocus()
        stopped = transitions.until(lambda t: t["PreviousActivityName"] == "attractor/.")
        self.assertTrue(stopped["PreviousActivityStopReason"])

    def test_state_changes_arrive_as_memory_events(self):
        session = self.session()
        states = Collector()
        session.service("ALMemory").subscriber("AutonomousLife/State").signal.connect(states)
        life = session.service("ALAutonomousLife")
        life.setState("disabled")
        self.assertEqual(states.next(), "disabled")
        self.assertEqual(life.getState(), "disabled")


class SeveralSessions(ServerTest):
    def test_one_sessions_writes_reach_anothers_subscribers(self):
        watcher, writer = self.session(), self.session()
        seen_by_watcher, seen_by_writer = Collector(), Collector()
        watcher.service("ALMemory").subscriber("Test/Shared").signal.connect(seen_by_watcher)
        writer.service("ALMemory").subscriber("Test/Shared").signal.connect(seen_by_writer)
        writer.service("ALMemory").insertData("Test/Shared", "hello")
        self.assertEqual(seen_by_watcher.next(), "hello")
        self.assertEqual(seen_by_writer.next(), "hello")
        self.assertEqual(watcher.service("ALMemory").getData("Test/Shared"), "hello")

    def test_closing_one_session_leaves_the_other_working(self):
        first, second = self.session(), self.session()
        first.close()
        self.assertFalse(first.isConnected())
        self.assertEqual(second.service("ALAutonomousLife").getState(), "solitary")

    def test_threads_sharing_a_session_each_get_their_own_answers(self):
        memory = self.session().service("ALMemory")
        failures = []

        def work(n):
            try:
                for i in range(40):
                    memory.insertData("Test/Thread%d" % n, i)
                    got = memory.getData("Test/Thread%d" % n)
                    if got != i:
                        failures.append((n, i, got))
            except Exception as e:  # reported below, in the test's thread
                failures.append((n, e))

        threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(DEADLINE)
        self.assertFalse(any(t.is_alive() for t in threads))
        self.assertEqual(failures, [])



class ExpressionWatcher(ServerTest):
    def test_an_expression_objects_signal_reports_each_edge(self):
        session = self.session()
        memory = session.service("ALMemory")
        memory.insertData("Test/Level", 0)
        watch = session.service("ALExpressionWatcher").add("'Test/Level' > 2", 1)
        edges = Collector()
        watch.signal.connect(edges)
        for level in (1, 3, 4, 1):
            memory.insertData("Test/Level", level)
        self.assertEqual([edges.next(), edges.next()], [True, False])
        self.assertEqual((watch.getExpression(), watch.getReportMode(), watch.getValue()), ("'Test/Level' > 2", 1, False))
        self.assertEqual(watch.explain()["value"], False)
        watch.close()
        self.assertEqual(session.call("ALExpressionWatcher.watched"), [])

    def test_a_bad_expression_is_refused_with_where(self):
        with self.assertRaises(Exception) as refused:
            self.session().service("ALExpressionWatcher").add("'k' >", 2)
        self.assertIn("1:6:", str(refused.exception))


if __name__ == "__main__":
    unittest.main()
