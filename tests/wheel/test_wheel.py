"""The wheel of python/ (issue 31): one pure py3-none-any wheel holding
qi, naoqi and autolife, built without the network and installed with pip
into a fresh venv; its `qi` logs in to `autolife serve --qi tcps://...
--require-token` as libqi-python 3.1.5 does (setClientAuthenticatorFactory)
and calls ALMemory; a wrong token is refused with the server's reason; the
login's state machine (libqi's auth states) against a scripted server.
Standard library only; Python 3.8 syntax, nothing POSIX-only."""

import ast
import json
import os
import re
import selectors
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import unittest
import zipfile

BINARY = os.environ.get("AUTOLIFE_BINARY", "")
SOURCE_DIR = os.environ.get("AUTOLIFE_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
DEADLINE = 60.0

# A CA that signed nothing the server has: verifying against it must fail.
OTHER_CA = """-----BEGIN CERTIFICATE-----
MIIBgjCCASegAwIBAgIUGQpF2NlKHG9wkGO2HDOXFQl25nwwCgYIKoZIzj0EAwIw
FTETMBEGA1UEAwwKYW5vdGhlciBDQTAgFw0yNjExMjgxMjMzNDRaGA8yMTI2MTEw
NDEyMzM0NFowFTETMBEGA1UEAwwKYW5vdGhlciBDQTBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABASn9XAD6A9tS3nzjUQziILO0rEpLOpoArfuvOb6qUDgUtAHxgM7
AL66y6xumjYrjF84BX6+P1vz402UbevZ6VejUzBRMB0GA1UdDgQWBBSWs3Juclpy
Aq2pRc7orwAsLAT2zzAfBgNVHSMEGDAWgBSWs3JuclpyAq2pRc7orwAsLAT2zzAP
BgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQD8YMIml2qfRi32bCum
c3l5ud6E3cgFeQZu8UGEG66WlgIhAJzIdNcOpK8nTacH8d47HpF6tUIaYDKbE+WB
WdyKlwnG
-----END CERTIFICATE-----
"""

# What a user of libqi-python 3.1.5 writes for NAOqi 2.9 (its own example,
# authentication_with_application.py), run with the wheel's qi.
CLIENT = """import json, sys
import qi

class Authenticator:
    def __init__(self, user, token):
        self.user, self.token = user, token
    def initialAuthData(self):
        return {"user": self.user, "token": self.token}

class AuthenticatorFactory:
    def __init__(self, user, token):
        self.user, self.token = user, token
    def newAuthenticator(self):
        return Authenticator(self.user, self.token)

token, cafile = sys.argv[1], sys.argv[2]
args = sys.argv[:1] + sys.argv[3:]
app = qi.Application(args)
app.session.setClientAuthenticatorFactory(AuthenticatorFactory("nao", token))
try:
    if cafile:
        app.session.connect(app.url, cafile=cafile)
    else:
        app.start()
except RuntimeError as e:
    print(json.dumps({"refused": str(e)}))
    sys.exit(0)
memory = app.session.service("ALMemory")
memory.insertData("Wheel/Key", 42)
out = {"value": memory.getData("Wheel/Key"), "url": app.session.url(),
       "async": memory.getData("Wheel/Key", _async=True).value(),
       "service": type(app.session.service("ALMemory", _async=True).value()).__name__,
       "left": args[1:], "file": qi.__file__}
print(json.dumps(out))
"""


def run(args, **kwargs):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                          timeout=DEADLINE, **kwargs)


class Wheel(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="autolife-wheel-")
        source = os.path.join(cls.work, "python")
        shutil.copytree(os.path.join(SOURCE_DIR, "python"), source,
                        ignore=shutil.ignore_patterns("__pycache__", "build", "dist", "*.egg-info"))
        built = run([sys.executable, "-m", "build", "--no-isolation", "--wheel", "--outdir",
                     os.path.join(cls.work, "dist"), source])
        if built.returncode != 0:
            raise AssertionError("the wheel did not build:\n" + built.stdout + built.stderr)
        cls.wheel = os.path.join(cls.work, "dist", os.listdir(os.path.join(cls.work, "dist"))[0])
        # A fresh venv, and pip installing the file into it without the
        # network (Debian's pip, pointed at the venv: quicker than ensurepip).
        venv = os.path.join(cls.work, "venv")
        made = run(["/usr/bin/python3", "-m", "venv", "--without-pip", venv])
        assert made.returncode == 0, made.stderr
        cls.python = os.path.join(venv, "bin", "python")
        installed = run(["/usr/bin/python3", "-m", "pip", "--python", cls.python, "install", "--no-index",
                         "--no-cache-dir", cls.wheel])
        if installed.returncode != 0:
            raise AssertionError("pip could not install the wheel:\n" + installed.stdout + installed.stderr)
        cls.venv = venv

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    def in_venv(self, code, *args):
        """Runs `code` with the venv's Python, outside the source tree."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "AUTOLIFE_QI_URL")}
        return run([self.python, "-c", code] + list(args), env=env, cwd=self.work)

    def test_one_pure_wheel_holds_qi_naoqi_and_autolife(self):
        self.assertTrue(re.match(r"autolife-[0-9.]+-py3-none-any\.whl$", os.path.basename(self.wheel)), self.wheel)
        names = zipfile.ZipFile(self.wheel).namelist()
        for module in ("qi/__init__.py", "qi/_transport.py", "naoqi.py", "autolife/__init__.py"):
            self.assertIn(module, names)
        self.assertFalse([n for n in names if not n.endswith((".py", ".txt")) and ".dist-info/" not in n], names)
        metadata = zipfile.ZipFile(self.wheel).read([n for n in names if n.endswith("METADATA")][0]).decode()
        self.assertIn("Requires-Python: >=3.8", metadata)
        self.assertNotIn("Requires-Dist", metadata)  # the standard library only

    def test_the_venv_imports_them_from_the_wheel_and_qi_alone_is_light(self):
        r = self.in_venv("import sys, qi, naoqi, autolife\n"
                         "print(qi.__file__); print(naoqi.ALProxy.__name__, autolife.__version__)\n"
                         "heavy = [m for m in ('ssl', 'inspect', 'asyncio', 'lib2to3') if m in sys.modules]\n"
                         "print(heavy)")
        self.assertEqual(r.returncode, 0, r.stderr)
        where, names, heavy = r.stdout.splitlines()
        self.assertTrue(where.startswith(self.venv), where)
        self.assertEqual(names.split()[0], "ALProxy")
        r = self.in_venv("import sys, qi\nprint([m for m in ('ssl', 'inspect', 'asyncio', 'lib2to3') "
                         "if m in sys.modules])")
        self.assertEqual(r.stdout.strip(), "[]", "import qi pulls in what only tcps:// or a service needs")

    def test_python_3_8_syntax_and_nothing_posix_only(self):
        root = os.path.join(SOURCE_DIR, "python")
        posix_only = re.compile(r"\b(fcntl|termios|pwd|grp|resource|os\.fork|os\.getuid|os\.killpg|os\.setsid|"
                                r"signal\.SIGHUP|signal\.SIGKILL|signal\.SIGUSR[12]|\.removeprefix|\.removesuffix|"
                                r"functools\.cache\b)")
        for folder in ("qi", "autolife"):
            for base, _, files in os.walk(os.path.join(root, folder)):
                for name in files:
                    if not name.endswith(".py"):
                        continue
                    path = os.path.join(base, name)
                    with open(path, encoding="utf-8") as f:
                        text = f.read()
                    ast.parse(text, path, feature_version=(3, 8))
                    found = posix_only.findall(text)
                    self.assertEqual(found, [], "%s uses %s" % (path, found))

    def test_logs_in_over_tcps_with_a_token_and_calls_almemory(self):
        with Serve(self.work, "--qi", "tcps://127.0.0.1:0", "--require-token") as serve:
            r = self.in_venv(CLIENT, serve.token, "", "--qi-url", serve.qi, "--keep")
            self.assertEqual(r.returncode, 0, r.stderr)
            out = json.loads(r.stdout)
            self.assertEqual((out["value"], out["async"], out["service"]), (42, 42, "RemoteObject"))
            self.assertTrue(out["url"].startswith("tcps://127.0.0.1:"), out)
            self.assertEqual(out["left"], ["--keep"])  # --qi-url is the application's, taken out of argv
            # The server's certificate verified against a CA file (its own,
            # self-signed): accepted; against another CA: refused.
            cert = os.path.join(serve.data, "qi-tls-certificate.pem")
            r = self.in_venv(CLIENT, serve.token, cert, "--qi-url", serve.qi)
            self.assertEqual(json.loads(r.stdout).get("value"), 42, r.stdout + r.stderr)
            other = os.path.join(self.work, "other-ca.pem")
            with open(other, "w") as f:
                f.write(OTHER_CA)
            r = self.in_venv(CLIENT, serve.token, other, "--qi-url", serve.qi)
            self.assertIn("certificate verify failed", json.loads(r.stdout)["refused"])

    def test_a_wrong_token_is_refused_with_the_reason(self):
        with Serve(self.work, "--qi", "tcp://127.0.0.1:0", "--require-token") as serve:
            r = self.in_venv(CLIENT, "guess", "", "--qi-url", serve.qi)
            self.assertEqual(r.returncode, 0, r.stderr)
            refused = json.loads(r.stdout)["refused"]
            self.assertIn("Authentication failed: the token is wrong", refused)
            self.assertIn(serve.qi, refused)


    def test_threads_calls_and_events_share_one_connection(self):
        """Synchronous calls read their own replies (decision 1153): from
        several threads at once, with asynchronous calls and memory events
        between them, every answer reaches its caller and every event its
        callback."""
        script = """import sys, threading
import qi
session = qi.Session()
session.connect(sys.argv[1])
memory = session.service("ALMemory")
heard = []
everything = threading.Event()
def on_event(value):
    heard.append(value)
    if len(heard) == 150:
        everything.set()
subscriber = memory.subscriber("Wheel/Event")
subscriber.signal.connect(on_event)
wrong = []
def worker(k):
    for i in range(50):
        memory.insertData("Wheel/%d" % k, i)
        if memory.getData("Wheel/%d" % k) != i or memory.getData("Wheel/%d" % k, _async=True).value() != i:
            wrong.append((k, i))
        memory.raiseEvent("Wheel/Event", i)
threads = [threading.Thread(target=worker, args=(k,)) for k in range(3)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(wrong), everything.wait(30), len(heard))
from naoqi import ALProxy  # NAOqi 1's proxies take _async=True too
host, port = sys.argv[1][len("tcp://"):].rsplit(":", 1)
proxy = ALProxy("ALMemory", host, int(port))
print(proxy.call("getData", "Wheel/0", _async=True).value(),
      proxy.wait(proxy.post.insertData("Wheel/Posted", 1), 0, _async=True).value(), proxy.getData("Wheel/Posted"))
"""
        with Serve(self.work, "--qi", "tcp://127.0.0.1:0") as serve:
            r = self.in_venv(script, serve.qi)
            self.assertEqual(r.stdout.split(), ["0", "True", "150", "49", "True", "1"], r.stderr)


class Serve(object):
    """`autolife serve` on free ports with a data folder of its own; its
    qi address and the token it made."""

    def __init__(self, work, *args):
        self.data = tempfile.mkdtemp(prefix="serve-", dir=work)
        self.process = subprocess.Popen([BINARY, "serve", "--port", "0", "--data", self.data] + list(args),
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.qi = json.loads(self._line(self.process.stdout))["qi"]
        self.token = self._line(self.process.stderr).rsplit(" ", 1)[1] if "--require-token" in args else None

    def _line(self, stream):
        with selectors.DefaultSelector() as selector:
            selector.register(stream, selectors.EVENT_READ)
            if not selector.select(DEADLINE):
                raise AssertionError("autolife serve said nothing in %s s" % DEADLINE)
            return stream.readline().decode().strip()

    def __enter__(self):
        return self

    def __exit__(self, kind, *ignored):
        self.process.terminate()
        _, err = self.process.communicate(timeout=DEADLINE)
        if kind is None and self.process.returncode != 0:  # a sanitizer's report, a crash at exit
            raise AssertionError("autolife serve exited with %d:\n%s" % (self.process.returncode, err.decode()))


class Futures(unittest.TestCase):
    """qi's futures in a process behave as libqi-python 3.1.5's own tests
    (qi/test/test_async.py, test_promise.py, test_strand.py) say."""

    def setUp(self):
        sys.path.insert(0, os.path.join(SOURCE_DIR, "python"))
        import qi
        self.qi = qi

    def tearDown(self):
        sys.path.remove(os.path.join(SOURCE_DIR, "python"))

    def test_errors_name_the_exception_and_chains_pass_them_on(self):
        def err():
            raise RuntimeError("sdsd")
        f = self.qi.runAsync(err)
        self.assertTrue(f.hasError())
        self.assertIn("RuntimeError: sdsd", f.error())
        p = self.qi.Promise()
        p.setError("errlol")
        self.assertEqual(p.future().andThen(lambda v: 1).error(), "errlol")
        with self.assertRaises(RuntimeError):
            self.qi.runAsync(lambda: 1).error()  # a future without an error
        self.assertEqual(self.qi.runAsync(lambda a, c=1: a * c, 21, c=2, delay=100).value(), 42)

    def test_a_strand_runs_its_callbacks_one_at_a_time_in_order(self):
        strand, seen, lock = self.qi.Strand(), [], threading.Lock()
        busy = [0]

        def step(i):
            with lock:
                busy[0] += 1
                overlap = busy[0] > 1
            seen.append((i, overlap))
            with lock:
                busy[0] -= 1
        futures = [strand.async_(step, i) for i in range(50)]
        self.qi.futureBarrier(futures).wait()
        self.assertEqual(seen, [(i, False) for i in range(50)])

    def test_a_periodic_task_stops_between_ticks(self):
        ticks = []
        task = self.qi.PeriodicTask()
        task.setCallback(lambda: ticks.append(1))
        task.setUsPeriod(1000)
        task.start(True)
        while len(ticks) < 3:
            threading.Event().wait(0.001)
        task.stop()
        stopped = len(ticks)
        threading.Event().wait(0.02)
        self.assertEqual(len(ticks), stopped)


def read_exactly(connection, n):
    data = b""
    while len(data) < n:
        chunk = connection.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


class LoginStates(unittest.TestCase):
    """libqi's login (ServiceDirectoryClient::onAuthentication): the client's
    capabilities with its authenticator's initialAuthData as auth_*; while
    the server answers __qi_auth_state 2 (continue), the authenticator's
    _processAuth of the answer's auth_* entries goes back; 3 is done; an
    Error message is a refusal with its reason."""

    def setUp(self):
        sys.path.insert(0, os.path.join(SOURCE_DIR, "python"))
        from qi import _codec, _message, _signature, _transport
        self.codec, self.message, self.signature, self.transport = _codec, _message, _signature, _transport

    def tearDown(self):
        sys.path.remove(os.path.join(SOURCE_DIR, "python"))

    def serve(self, answers):
        """A server answering each login message with the next of `answers`
        (a map, or a string: an Error); what it was sent."""
        listener = socket.create_server(("127.0.0.1", 0))
        heard = []

        def one_client():
            connection, _ = listener.accept()
            with connection:
                for answer in answers:
                    header = read_exactly(connection, self.message.HEADER_SIZE)
                    request, size = self.message.read_header(header)
                    heard.append(self.codec.decode(self.signature.CAPABILITIES, read_exactly(connection, size)))
                    if isinstance(answer, str):
                        kind, payload = self.message.ERROR, self.codec.encode("m", answer)
                    else:
                        kind, payload = self.message.REPLY, self.codec.encode(self.signature.CAPABILITIES, answer)
                    connection.sendall(self.message.Message(request.id, kind, 0, 0, 8, payload).to_bytes())
                connection.recv(1)
        threading.Thread(target=one_client, daemon=True).start()
        self.addCleanup(listener.close)
        return "tcp://127.0.0.1:%d" % listener.getsockname()[1], heard

    def test_a_challenge_is_answered_until_the_server_is_done(self):
        class Authenticator(object):
            def initialAuthData(self):
                return {"user": "nao", "token": "first"}

            def _processAuth(self, data):
                return {"answer": data["challenge"] + "!"}

        class Factory(object):
            def newAuthenticator(self):
                return Authenticator()

        url, heard = self.serve([{"__qi_auth_state": 2, "auth_challenge": "riddle"}, {"__qi_auth_state": 3}])
        transport = self.transport.Transport()
        transport.connect(url, 10.0, Factory())
        transport.close()
        self.assertEqual((heard[0]["auth_user"], heard[0]["auth_token"]), ("nao", "first"))
        self.assertTrue(heard[0]["ClientServerSocket"])
        self.assertEqual(heard[1], {"auth_answer": "riddle!"})

    def test_an_error_is_a_refusal_with_the_servers_reason(self):
        url, _ = self.serve(["Authentication failed: no such user [1.0]"])
        with self.assertRaises(RuntimeError) as refused:
            self.transport.Transport().connect(url, 10.0)
        self.assertIn("refused the connection: Authentication failed: no such user", str(refused.exception))


class Reading(unittest.TestCase):
    """Who reads one connection (decision 1153): the thread waiting for its
    reply, or the reader thread. What one of them read is handed on, and
    what a reply's future calls back may call the peer again."""

    def setUp(self):
        sys.path.insert(0, os.path.join(SOURCE_DIR, "python"))
        from qi import _codec, _message, _remote, _signature, _transport
        self.codec, self.message, self.signature, self.transport = _codec, _message, _signature, _transport
        self.remote = _remote

    def tearDown(self):
        sys.path.remove(os.path.join(SOURCE_DIR, "python"))

    def connect(self, answer):
        """A Transport logged in to a server that gives each call (its
        header, in order) to answer(calls, send)."""
        message, listener = self.message, socket.create_server(("127.0.0.1", 0))
        self.addCleanup(listener.close)

        def server():
            connection, _ = listener.accept()
            with connection:
                request, size = message.read_header(read_exactly(connection, message.HEADER_SIZE))
                read_exactly(connection, size)
                done = self.codec.encode(self.signature.CAPABILITIES, {"__qi_auth_state": 3})
                connection.sendall(message.Message(request.id, message.REPLY, 0, 0, 8, done).to_bytes())
                calls = []
                while True:
                    try:
                        request, size = message.read_header(read_exactly(connection, message.HEADER_SIZE))
                        read_exactly(connection, size)
                    except (EOFError, OSError):
                        return
                    calls.append(request)
                    answer(calls, connection.sendall)
        threading.Thread(target=server, daemon=True).start()
        transport = self.transport.Transport()
        transport.connect("tcp://127.0.0.1:%d" % listener.getsockname()[1], 10.0)
        self.addCleanup(transport.close)
        return transport

    def reply(self, request, value):
        payload = self.codec.encode("m", value)
        return self.message.Message(request.id, self.message.REPLY, 2, 1, 100, payload).to_bytes()

    def test_a_reply_read_with_another_callers_is_handed_on(self):
        """A caller reading for its own reply reads a second one with it
        (one segment) while the reader thread sleeps in select() on the
        socket, which then has nothing more to say: the second reply's
        future must still finish."""
        def answer(calls, send):  # the synchronous call's reply, then the asynchronous one's, in one segment
            if len(calls) == 2:
                send(self.reply(calls[1], 1) + self.reply(calls[0], 0))

        # The reader thread's second wait in select() (the first one
        # waits for the login's answer) begins only once the caller is done.
        real_select, selects = self.transport.select.select, []
        entered, caller_done = threading.Event(), threading.Event()

        def held_select(*args):
            if len(args) == 3 and threading.current_thread().name == "qi.reader":
                selects.append(1)
                if len(selects) == 2:
                    entered.set()
                    caller_done.wait(10)
            return real_select(*args)
        self.transport.select = type("select", (), {"select": staticmethod(held_select)})
        self.addCleanup(setattr, self.transport, "select", sys.modules["select"])

        transport = self.connect(answer)
        self.assertTrue(entered.wait(10))
        later = transport.call(2, 1, 100, b"")
        self.assertEqual(transport.call_sync(2, 1, 100, b""), self.codec.encode("m", 1))
        caller_done.set()
        self.assertEqual(later.wait(10000), self.transport.FutureState.FinishedWithValue)

    def test_a_futures_callback_may_call_the_peer_and_wait(self):
        """libqi runs a call's callbacks apart from the connection's reading
        (a promise's callbacks are asynchronous): a callback that calls the
        service again and waits for the answer, as NAOqi apps do
        (getData(..., _async=True).addCallback(...) then tts.say), gets it."""
        go = threading.Event()

        def answer(calls, send):  # the first call is answered once its callback is there
            if len(calls) == 1:
                go.wait(10)
            send(self.reply(calls[-1], len(calls)))
        transport = self.connect(answer)
        meta = self.codec.MetaObject({100: self.codec.MetaMethod(100, "getData", "(s)", "m")})
        backend = type("Backend", (), {"_transport": transport, "_decode": lambda _, s, d: self.codec.decode(s, d)})
        memory = self.remote.RemoteObject(backend(), 2, 1, meta, "ALMemory")
        heard, called = [], threading.Event()

        def callback(future):
            heard.append((future.value(), memory.getData("again")))
            called.set()
        memory.getData("first", _async=True).addCallback(callback)
        go.set()
        self.assertTrue(called.wait(10), "the callback's call was never answered")
        self.assertEqual(heard, [(1, 2)])


if __name__ == "__main__":
    unittest.main()
