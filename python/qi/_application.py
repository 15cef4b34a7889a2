# qi.Application / qi.ApplicationSession: the command line's --qi-url, a
# session connected at start(), run() until stop(), SIGINT or SIGTERM (or,
# with autoExit, until the connection is lost). The --qi-* options are
# taken out of the list given, as libqi-python does.
import signal
import sys
import threading
import traceback

from . import _runtime, _transport
from ._future import run_async
from ._session import Session

_QI_OPTIONS_WITH_VALUE = ("--qi-url", "--qi-listen-url", "--qi-log-level", "--qi-log-context")


def _url_from(args):
    url = None
    for i, arg in enumerate(args):
        if arg == "--qi-url" and i + 1 < len(args):
            url = args[i + 1]
        elif arg.startswith("--qi-url="):
            url = arg.split("=", 1)[1]
    return url


def _without_qi_options(args):
    out, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg in _QI_OPTIONS_WITH_VALUE:
            skip = True
        elif not arg.startswith("--qi-"):
            out.append(arg)
    return out


class Application(object):
    """qi.Application(raw=True): no session; run() waits until stop()."""

    def __init__(self, args=None, autoExit=True):
        given = getattr(sys, "argv", []) if args is None else args
        self.args = list(given) or ["python"]
        self.arguments = _without_qi_options(self.args)
        if isinstance(given, list):
            given[:] = self.arguments
        self._stopped = _runtime.current().event()
        self._at_run, self._at_stop = [], []
        self._autoExit = autoExit
        self._install_signal_handlers()

    def _install_signal_handlers(self):
        if threading.current_thread() is not threading.main_thread() or not _runtime.current().owns_process:
            return
        for number in (signal.SIGINT, signal.SIGTERM):
            try:
                signal.signal(number, lambda *ignored: self.stop())
            except (ValueError, OSError):
                pass

    def run(self):
        from ._wire import notify_supervisor
        notify_supervisor("running")
        for callback in self._at_run:
            run_async(callback)
        while not self._stopped.wait(0.5):  # a timeout, so that signals are handled promptly
            pass
        for callback in self._at_stop:
            try:
                callback()
            except Exception:
                traceback.print_exc()

    def stop(self):
        self._stopped.set()

    def atRun(self, callback):
        self._at_run.append(callback)

    def atStop(self, callback):
        self._at_stop.append(callback)

    def atExit(self, callback):
        self._at_stop.append(callback)


class ApplicationSession(Application):
    """A qi application with a session: start() connects it to --qi-url (or
    `url`, or tcp://127.0.0.1:9559, NAOqi's address; a package service
    started by autolife connects to the engine)."""

    def __init__(self, args=None, autoExit=True, url=None):
        Application.__init__(self, args, autoExit)
        self._url = _url_from(self.args) or url or _transport.engine_url() or _transport.DEFAULT_URL
        self.session = Session()
        self.session.disconnected.connect(self._on_disconnected)
        self._started = False

    @property
    def url(self):
        """The URL the session connects to (a property, as libqi-python's)."""
        return self._url

    def start(self):
        if self._started:
            return
        self.session.connect(self._url)
        self._started = True

    def run(self):
        self.start()
        Application.run(self)

    def _on_disconnected(self, reason):
        if self._autoExit:
            sys.stderr.write("qi.Application: the session was disconnected (%s): stopping\n" % reason)
            self.stop()

    def stop(self):
        Application.stop(self)


_application = []


def make_application(args=None, raw=False, autoExit=True, url=None):
    """One per process, as in libqi: a second call gives the first one."""
    if not _application:
        _application.append(Application(args, autoExit) if raw else ApplicationSession(args, autoExit, url))
    return _application[0]
