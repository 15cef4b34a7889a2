"""Connecting, closing, losing the server, and the token."""

import os
import signal
import unittest
from unittest import mock

import autolife
from server import DEADLINE, Collector, ServerTest


class Closing(ServerTest):
    def test_after_close_calls_raise_connection_closed(self):
        session = self.session()
        memory = session.service("ALMemory")
        self.assertTrue(session.isConnected())
        session.close()
        self.assertFalse(session.isConnected())
        with self.assertRaises(autolife.ConnectionClosed) as closed:
            memory.getData("anything")
        self.assertEqual(closed.exception.reason, "connection-closed")
        self.assertIsInstance(closed.exception, ConnectionError)
        session.close()  # twice is harmless

    def test_the_context_manager_closes_and_reports_it(self):
        disconnected = Collector()
        with autolife.Session(self.server.url, timeout=DEADLINE) as session:
            session.disconnected.connect(disconnected)
            self.assertEqual(session.service("ALAutonomousLife").getState(), "solitary")
        self.assertFalse(session.isConnected())
        self.assertEqual(disconnected.next(), "the session was closed")

    def test_a_session_connects_once(self):
        session = self.session()
        with self.assertRaises(autolife.Error) as again:
            session.connect(self.server.url)
        self.assertEqual(again.exception.reason, "already-connected")

    def test_a_session_not_connected_says_so(self):
        with self.assertRaises(autolife.ConnectionClosed) as refused:
            autolife.Session().service("ALMemory")
        self.assertEqual(refused.exception.reason, "not-connected")

    def test_closing_ends_the_sessions_subscriptions_on_the_server(self):
        session = self.session()
        memory = session.service("ALMemory")
        memory.subscriber("Test/Watched").signal.connect(Collector())
        subscribers = self.session().service("ALMemory").getSubscribers
        self.assertNotEqual(subscribers("Test/Watched"), [])
        session.close()
        # The server answers the close frame before it drops the
        # connection's subscriptions, so another connection's call may
        # still see them for a moment: ask again, a bounded number of times.
        for _ in range(100000):
            if subscribers("Test/Watched") == []:
                break
        self.assertEqual(subscribers("Test/Watched"), [])


class LosingTheServer(ServerTest):
    def test_the_server_stopping_disconnects_the_session(self):
        session = self.session()
        disconnected = Collector()
        session.disconnected.connect(disconnected)
        session.service("ALMemory").subscriber("Test/Key").signal.connect(Collector())
        self.assertEqual(self.server.stop(signal.SIGTERM), 0)
        reason = disconnected.next()
        self.assertIn("1001", reason)  # going away
        self.assertFalse(session.isConnected())
        with self.assertRaises(autolife.ConnectionClosed):
            session.service("ALAutonomousLife").getState()

    def test_nothing_listening_is_connect_failed(self):
        url = self.server.url
        self.server.stop()
        with self.assertRaises(autolife.ConnectionClosed) as refused:
            autolife.Session(url)
        self.assertEqual(refused.exception.reason, "connect-failed")


class Token(ServerTest):
    server_args = ("--host", "0.0.0.0")

    def token(self):
        with open(os.path.join(self.server.data, "token")) as f:
            return f.read().strip()

    def test_beyond_loopback_the_token_is_required(self):
        with self.assertRaises(autolife.ConnectionClosed) as refused:
            autolife.Session(self.server.url, token="")
        self.assertEqual(refused.exception.reason, "unauthorized")
        with self.assertRaises(autolife.ConnectionClosed) as wrong:
            autolife.Session(self.server.url, token="0" * 64)
        self.assertEqual(wrong.exception.reason, "unauthorized")
        with autolife.Session(self.server.url, token=self.token(), timeout=DEADLINE) as session:
            self.assertEqual(session.service("ALAutonomousLife").getState(), "solitary")

    def test_the_token_may_come_from_the_environment(self):
        with mock.patch.dict(os.environ, {"AUTOLIFE_TOKEN": self.token()}):
            with autolife.Session(self.server.url, timeout=DEADLINE) as session:
                self.assertEqual(session.service("ALAutonomousLife").getState(), "solitary")


if __name__ == "__main__":
    unittest.main()
