# Where qi's waits, delays and callbacks happen: the one seam between this
# qi and what runs it. A process (a user's script, a package's service)
# has threads and the wall clock (ThreadRuntime, the default); box scripts
# inside the engine install the engine's (src/python/modules/_autolife_box/
# qi_runtime.py: waits and delays in engine time, tasks in box threads,
# sessions on the engine's registry). Futures, qi.runAsync, PeriodicTask,
# Signal, Strand, Application and Session take what they need from here.
import threading
import time
import traceback


class ThreadTask(object):
    """A call `delay` seconds from now in a thread of its own."""

    def __init__(self, function, delay):
        self._function = function
        self._cancel = threading.Event()
        self._finished = threading.Event()
        self._lock = threading.Lock()
        self._started = False
        self._thread = threading.Thread(target=self._run, args=(delay,), name="qi.task", daemon=True)
        self._thread.start()

    def _run(self, delay):
        try:
            if delay > 0 and self._cancel.wait(delay):
                return
            with self._lock:
                if self._cancel.is_set():
                    return
                self._started = True
            self._function()
        finally:
            self._finished.set()

    def cancel(self):
        """Drops the call if it has not started: True; False once it has."""
        with self._lock:
            if self._started:
                return False
            self._cancel.set()
            return True

    def done(self):
        return self._finished.is_set()

    def wait(self, timeout=None):
        if self._thread is not threading.current_thread():
            self._finished.wait(timeout)
        return self._finished.is_set()


class ThreadRuntime(object):
    """Threads and the wall clock: qi as libqi-python runs it."""

    owns_process = True  # qi.Application may take SIGINT and SIGTERM

    def event(self):
        return threading.Event()

    def spawn(self, function, delay=0.0):
        return ThreadTask(function, max(0.0, float(delay)))

    def monotonic(self):
        return time.monotonic()

    def deliver(self, callback, values):
        """A signal's callback, in the emitting thread."""
        try:
            callback(*values)
        except Exception as e:
            self.report(e)

    def report(self, error, held=False):
        """A callback raised (`held`: and a future holds the error, as
        qi.runAsync's does: libqi says nothing then)."""
        if not held:
            traceback.print_exception(type(error), error, error.__traceback__)

    def session_backend(self, session):
        """The backend of a new Session: None until connect() picks one."""
        return None


_current = [ThreadRuntime()]


def current():
    return _current[0]


def install(runtime):
    """Makes `runtime` the one qi's objects use from now on."""
    _current[0] = runtime
