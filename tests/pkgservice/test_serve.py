"""`autolife serve` runs a package's service as a real process that
registers over serve's qi server (docs/packages.md "Package services"); a
user's own script connects to serve with autolife's `qi` module
(docs/python.md) and calls it, hears its signal, crashes it; serve warns,
the service leaves the registry and starts again; SIGTERM stops it."""

import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import unittest

import packages

sys.path.insert(0, os.path.join(packages.SOURCE_DIR, "python"))
import autolife  # noqa: E402  (the API's Python client, docs/python.md)

BINARY = os.environ.get("AUTOLIFE_BINARY", "")
SOURCE_DIR = packages.SOURCE_DIR
DEADLINE = 60.0

USER_SCRIPT = """import sys
import threading
import qi

app = qi.Application(sys.argv)
app.start()
echo = app.session.service("EchoService")
heard = threading.Event()
echo.said.connect(lambda text: heard.set() if text == "user" else None)
print(echo.echo("user"))
print("signal" if heard.wait(30) else "no signal")
print(app.session.service("ALMemory").getData("AutonomousLife/State"))
# ALServiceManager says how it ended: ProcessCrashed (2).
stopped = []
gone = threading.Event()
def told(name, reason):
    stopped.append(reason)
    gone.set()
app.session.service("ALServiceManager").serviceStopped.connect(told)
try:
    echo.crash()
    print("no error")
except Exception as e:
    print("crash refused")
print("stopped %s" % stopped[0] if gone.wait(30) else "no stop")
sys.stdout.flush()
"""

# An old script: naoqi's ALProxy(name, ip, port), as on NAOqi 2.x.
SECOND_SCRIPT = """import sys
from naoqi import ALProxy

host, port = sys.argv[2][len("tcp://"):].rsplit(":", 1)
print(ALProxy("EchoService", host, int(port)).echo("again"))
"""


# ALServiceManager's signals as a qi client sees them: a restart is the
# old process's serviceStopped, then the new one's serviceStarted.
MANAGER_SCRIPT = """import sys
import threading
import qi

app = qi.Application(sys.argv)
app.start()
manager = app.session.service("ALServiceManager")
heard = []
both = threading.Event()
def told(kind):
    def record(*args):
        heard.append((kind,) + tuple(args))
        if len(heard) >= 2:
            both.set()
    return record
manager.serviceStopped.connect(told("stopped"))
manager.serviceStarted.connect(told("started"))
print(manager.restartService("echo-service"))
both.wait(30)
for h in heard[:2]:
    print(" ".join(str(x) for x in h))
sys.stdout.flush()
"""


class Serve:
    def __init__(self, packages_dir, *options):
        self.data = tempfile.mkdtemp(prefix="autolife-pkgservice-data-")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", "0", "--qi", "tcp://127.0.0.1:0", "--data", self.data,
             "--packages", packages_dir] + list(options), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.pending = {"out": b"", "err": b""}
        first = json.loads(self.line("out"))
        self.qi_url = first["qi"]
        self.listening = first["listening"]

    def line(self, which):
        """The next line of stdout ("out") or stderr ("err"), waiting at most DEADLINE."""
        stream = self.process.stdout if which == "out" else self.process.stderr
        with selectors.DefaultSelector() as selector:
            selector.register(stream, selectors.EVENT_READ)
            while b"\n" not in self.pending[which]:
                if not selector.select(DEADLINE):
                    raise AssertionError("autolife serve wrote no line in %s s" % DEADLINE)
                chunk = os.read(stream.fileno(), 4096)
                if not chunk:
                    raise AssertionError("autolife serve ended: " + self.pending[which].decode(errors="replace"))
                self.pending[which] += chunk
        line, _, self.pending[which] = self.pending[which].partition(b"\n")
        return line.decode()

    def service_event(self, status):
        """The next package service event with this status on stderr (those before it, with it)."""
        seen = []
        while True:
            line = self.line("err")
            if not line.startswith("{"):
                seen.append(line)
                continue
            event = json.loads(line)
            seen.append(event)
            if event.get("status") == status:
                return event, seen

    def stop(self):
        """SIGTERM (if it still runs), then its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(DEADLINE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()
        finally:
            self.process.stdout.close()
            self.process.stderr.close()


def run_script(text, url, root, **environment):
    path = os.path.join(root, "user_script.py")
    with open(path, "w") as f:
        f.write(text)
    env = dict(os.environ, PYTHONPATH=os.path.join(SOURCE_DIR, "python"), PYTHONDONTWRITEBYTECODE="1",
               **environment)
    return subprocess.run(["/usr/bin/python3", path, "--qi-url", url], capture_output=True, text=True,
                          timeout=DEADLINE, env=env)


class ServeWithServices(unittest.TestCase):
    # serve's options for a test: with --require-token, serve's qi server
    # wants the token even on loopback, and the package's services reach
    # the engine by a listener of their own (decision 1149).
    OPTIONS = {"test_the_service_manager_signals_a_restart": ["--require-token"]}

    def setUp(self):
        self.root = packages.write_packages()
        self.addCleanup(packages.remove, self.root)
        self.serve = Serve(self.root, *self.OPTIONS.get(self._testMethodName, []))
        self.addCleanup(packages.remove, self.serve.data)
        self.addCleanup(self.serve.stop)

    def test_user_script_calls_crashes_and_serve_stops_it(self):
        started, _ = self.serve.service_event("started")
        ready, _ = self.serve.service_event("ready")
        self.assertEqual(ready["services"], ["EchoService"])
        # The JSON-RPC API reaches it too (python/autolife, docs/api.md).
        with autolife.Session("ws://%s" % self.serve.listening, timeout=DEADLINE) as session:
            self.assertEqual(session.service("EchoService").echo("api"), "echo: api")
        done = run_script(USER_SCRIPT, self.serve.qi_url, self.root)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.splitlines(), ["echo: user", "signal", "solitary", "crash refused", "stopped 2"], done.stderr)
        # serve warns, says why and which services left, and starts it again.
        failed, seen = self.serve.service_event("failed")
        self.assertEqual(failed["why"], "exited with status 3")
        self.assertEqual(failed["services"], ["EchoService"])
        self.assertTrue(failed["warning"])
        warnings = [l for l in seen if isinstance(l, str) and "warning: package service echo.echo-service failed" in l]
        self.assertTrue(warnings, seen)
        self.assertTrue(packages.process_gone(started["pid"], DEADLINE))
        self.serve.service_event("restarting")
        restarted, _ = self.serve.service_event("started")
        self.assertNotEqual(restarted["pid"], started["pid"])
        self.serve.service_event("ready")
        again = run_script(SECOND_SCRIPT, self.serve.qi_url, self.root)
        self.assertEqual(again.stdout.strip(), "echo: again", again.stderr)
        # SIGTERM: serve stops its services before it goes.
        self.assertEqual(self.serve.stop(), 0)
        self.assertTrue(packages.process_gone(restarted["pid"], 1.0), "the service outlived serve")

    def test_the_service_manager_signals_a_restart(self):
        started, _ = self.serve.service_event("started")
        self.serve.service_event("ready")
        with open(os.path.join(self.serve.data, "token")) as f:
            token = f.read().strip()
        refused = run_script(MANAGER_SCRIPT, self.serve.qi_url, self.root)
        self.assertIn("Authentication failed", refused.stderr)
        # The login from the environment, when the script sets no authenticator.
        done = run_script(MANAGER_SCRIPT, self.serve.qi_url, self.root, QI_AUTH_USER="nao", QI_AUTH_TOKEN=token)
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0], "True", done.stdout + done.stderr)
        # (name, qi::ServiceEventReason): ProcessStopRequest 1, ProcessStartRequest 0
        self.assertEqual(lines[1], "stopped echo.echo-service 1", done.stdout)
        # It heard SIGTERM (serve blocks it in its own threads) and ran its
        # atStop, rather than waiting for the SIGKILL after the grace period.
        self.assertTrue(os.path.exists(os.path.join(self.root, "echo", "stopped-%d" % started["pid"])))
        restarted, _ = self.serve.service_event("started")
        self.assertEqual(lines[2], "started echo.echo-service 0", done.stdout)


if __name__ == "__main__":
    unittest.main()
