"""Services, calls, values and errors through the client, against a real
`autolife serve`."""

import unittest

import autolife
from server import ServerTest


class Services(ServerTest):
    def test_lists_the_engines_services_with_their_descriptions(self):
        session = self.session()
        names = [s["name"] for s in session.services()]
        for name in ("ALMemory", "ALAutonomousLife", "ALBehaviorManager", "PackageManager", "ALTextToSpeech"):
            self.assertIn(name, names)
        self.assertEqual(names, sorted(names))
        self.assertTrue(all(s["description"] for s in session.services()))

    def test_a_proxy_lists_its_methods_and_signals_and_documents_overloads(self):
        life = self.session().service("ALAutonomousLife")
        self.assertIn("switchFocus", dir(life))
        self.assertIn("activityTransition", dir(life))
        self.assertIn("switchFocus(activity_name: string, flags: int) -> void", life.switchFocus.__doc__)
        self.assertEqual(len(life.switchFocus.overloads), 2)

    def test_the_same_proxy_and_signal_objects_each_time(self):
        session = self.session()
        self.assertIs(session.service("ALAutonomousLife"), session.service("ALAutonomousLife"))
        life = session.service("ALAutonomousLife")
        self.assertIs(life.activityTransition, life.activityTransition)

    def test_calls_reach_the_engine(self):
        session = self.session()
        self.assertEqual(session.service("ALAutonomousLife").getState(), "solitary")
        installed = session.service("ALBehaviorManager").getInstalledBehaviors()
        self.assertIn("greeter/.", installed)
        self.assertEqual(session.call("ALAutonomousLife.getState"), "solitary")


class Values(ServerTest):
    def test_every_memory_value_type_round_trips_with_its_type(self):
        memory = self.session().service("ALMemory")
        values = [None, True, False, 0, 42, -7, 2**63 - 1, -2**63, 1.0, 2.5, -0.125, 1e300, "", "héllo ✓",
                  [], [1, 2.5, "x", None, True, [["deep"]]]]
        for value in values:
            memory.insertData("Test/Value", value)
            got = memory.getData("Test/Value")
            self.assertEqual(got, value)
            self.assertIs(type(got), type(value), value)

    def test_a_float_that_is_whole_stays_a_float_and_an_int_an_int(self):
        memory = self.session().service("ALMemory")
        memory.insertData("Test/Float", 3.0)
        memory.insertData("Test/Int", 3)
        self.assertEqual(memory.getType("Test/Float"), "Data")
        self.assertIsInstance(memory.getData("Test/Float"), float)
        self.assertIsInstance(memory.getData("Test/Int"), int)

    def test_tuples_go_as_lists(self):
        memory = self.session().service("ALMemory")
        memory.insertData("Test/Tuple", (1, "a"))
        self.assertEqual(memory.getData("Test/Tuple"), [1, "a"])

    def test_a_large_value_crosses_both_ways(self):
        # Over 64 KiB: the frames' 64-bit length, both directions.
        memory = self.session().service("ALMemory")
        big = "x" * 300000
        memory.insertData("Test/Big", big)
        self.assertEqual(memory.getData("Test/Big"), big)

    def test_timestamps_are_value_seconds_microseconds(self):
        memory = self.session().service("ALMemory")
        memory.insertData("Test/Stamped", 5)
        value, seconds, microseconds = memory.getTimestamp("Test/Stamped")
        self.assertEqual(value, 5)
        self.assertIsInstance(seconds, int)
        self.assertTrue(0 <= microseconds < 1000000)

    def test_named_arguments_are_sent_as_an_object(self):
        memory = self.session().service("ALMemory")
        memory.insertData(key="Test/Named", value=[1, 2])
        self.assertEqual(memory.getData(key="Test/Named"), [1, 2])

    def test_a_map_is_accepted_where_a_method_takes_any_and_refused_as_a_memory_value(self):
        session = self.session()
        session.service("ALAnimatedSpeech").say("Hello", {"bodyLanguageMode": "disabled"})
        with self.assertRaises(autolife.BadArgument) as refused:
            session.service("ALMemory").insertData("Test/Map", {"a": 1})
        self.assertEqual(refused.exception.reason, "bad-argument")


class Errors(ServerTest):
    def test_a_refusal_carries_the_services_reason_and_sentence(self):
        memory = self.session().service("ALMemory")
        with self.assertRaises(autolife.CallError) as refused:
            memory.getData("Never/Set")
        self.assertEqual(refused.exception.reason, "unknown-key")
        self.assertEqual(refused.exception.code, -32000)
        self.assertEqual(refused.exception.method, "ALMemory.getData")
        self.assertIn("Never/Set", str(refused.exception))

    def test_an_unknown_method_is_an_attribute_error_with_its_reason(self):
        memory = self.session().service("ALMemory")
        self.assertFalse(hasattr(memory, "noSuchMethod"))
        with self.assertRaises(autolife.NoSuchMethod) as refused:
            memory.noSuchMethod()
        self.assertEqual(refused.exception.reason, "no-such-method")

    def test_the_server_names_an_unknown_method_or_service_the_same_way(self):
        session = self.session()
        with self.assertRaises(autolife.NoSuchMethod) as method:
            session.call("ALMemory.noSuchMethod")
        self.assertEqual((method.exception.reason, method.exception.code), ("no-such-method", -32601))
        with self.assertRaises(autolife.NoSuchService) as service:
            session.call("NoSuchService.method")
        self.assertEqual(service.exception.reason, "no-such-service")

    def test_an_unknown_service_is_refused_before_any_call(self):
        with self.assertRaises(autolife.NoSuchService) as refused:
            self.session().service("ALNothing")
        self.assertEqual(refused.exception.reason, "no-such-service")
        self.assertIsInstance(refused.exception, LookupError)

    def test_wrong_arguments_say_which_rule_they_break(self):
        memory = self.session().service("ALMemory")
        with self.assertRaises(autolife.BadArgument) as arity:
            memory.insertData("only-the-key")
        self.assertEqual((arity.exception.reason, arity.exception.code), ("wrong-arity", -32602))
        with self.assertRaises(autolife.BadArgument) as kind:
            memory.getData(5)
        self.assertEqual(kind.exception.reason, "bad-argument")

    def test_what_json_cannot_carry_exactly_is_refused_before_sending(self):
        memory = self.session().service("ALMemory")
        for value in (float("nan"), float("inf"), 2**64, -2**63 - 1, {1: "x"}, object()):
            with self.assertRaises(autolife.BadArgument) as refused:
                memory.insertData("Test/Bad", [value])
            self.assertEqual(refused.exception.reason, "bad-argument")
        with self.assertRaises(autolife.BadArgument):
            memory.insertData("Test/Bad", value=1)  # by position and by name at once
        # The session is still fine.
        memory.insertData("Test/Good", 1)
        self.assertEqual(memory.getData("Test/Good"), 1)

    def test_lifes_refusals_carry_lifes_reasons(self):
        life = self.session().service("ALAutonomousLife")
        with self.assertRaises(autolife.CallError) as refused:
            life.switchFocus("no/such-activity")
        self.assertEqual(refused.exception.reason, "unknown-activity")

    def test_asynchronous_calls_return_futures(self):
        memory = self.session().service("ALMemory")
        memory.insertData("Test/Async", 9)
        futures = [memory.getData("Test/Async", _async=True) for _ in range(20)]
        self.assertEqual([f.result(60) for f in futures], [9] * 20)
        failing = memory.getData("Never/Set", _async=True)
        self.assertEqual(failing.exception(60).reason, "unknown-key")


if __name__ == "__main__":
    unittest.main()
