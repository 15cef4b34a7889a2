"""A real `autolife serve` for the client's tests: on a free port, with its
own data folder and the example packages, stopped (and if need be killed)
when the test ends."""

import json
import os
import selectors
import shutil
import signal
import subprocess
import tempfile
import queue
import unittest

import autolife

BINARY = os.environ.get("AUTOLIFE_BINARY", "")
SOURCE_DIR = os.environ.get("AUTOLIFE_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
PACKAGES = os.path.join(SOURCE_DIR, "examples", "packages")
# Every wait is bounded by this; generous, since the machine may be busy
# (and the server may run under ASan).
DEADLINE = 60.0


class Server:
    def __init__(self, *extra):
        self.data = tempfile.mkdtemp(prefix="autolife-pyclient-")
        self.stderr = open(os.path.join(self.data, "stderr.log"), "w+b")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", "0", "--data", self.data, "--packages", PACKAGES, *extra],
            stdout=subprocess.PIPE, stderr=self.stderr)
        self._pending = b""
        listening = json.loads(self.line())["listening"]
        self.host, _, port = listening.rpartition(":")
        self.port = int(port)
        self.url = "ws://127.0.0.1:%d" % self.port

    def line(self):
        """The next line of the server's stdout, waiting at most DEADLINE."""
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            while b"\n" not in self._pending:
                if not selector.select(DEADLINE):
                    raise AssertionError("autolife serve wrote no line in %s s; stderr: %s" % (DEADLINE, self.errors()))
                chunk = os.read(self.process.stdout.fileno(), 4096)
                if not chunk:
                    raise AssertionError("autolife serve ended; stderr: %s" % self.errors())
                self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        return line.decode()

    def errors(self):
        self.stderr.flush()
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")

    def stop(self, how=signal.SIGTERM):
        """Stops the server; its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(how)
        try:
            return self.process.wait(DEADLINE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("autolife serve did not stop within %s s" % DEADLINE)

    def cleanup(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.stderr.close()
        shutil.rmtree(self.data, ignore_errors=True)


class Collector:
    """A callback that queues what it is called with, for a test to wait on."""

    def __init__(self):
        self.values = queue.Queue()

    def __call__(self, value):
        self.values.put(value)

    def next(self):
        try:
            return self.values.get(timeout=DEADLINE)
        except queue.Empty:
            raise AssertionError("nothing arrived within %s s" % DEADLINE) from None

    def until(self, predicate):
        """The first value satisfying `predicate` (the others are skipped)."""
        while True:
            value = self.next()
            if predicate(value):
                return value

    def empty(self):
        return self.values.empty()


class ServerTest(unittest.TestCase):
    """A server per test, and sessions closed before it stops."""

    server_args = ()

    def setUp(self):
        if not BINARY:
            self.fail("AUTOLIFE_BINARY is not set (run the tests through ctest)")
        self.server = Server(*self.server_args)
        self.addCleanup(self.server.cleanup)

    def session(self, **kwargs):
        session = autolife.Session(timeout=DEADLINE, **kwargs)
        session.connect(self.server.url)
        self.addCleanup(session.close)
        return session

