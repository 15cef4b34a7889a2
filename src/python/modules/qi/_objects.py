# qi.Signal, qi.Property, qi.Application, qi.Strand for box code. A
# signal's callbacks run in box threads of the box that triggers it (each
# its own, as qi calls them asynchronously); outside box code, at once.
import sys

import _autolife
from _autolife_box.engine_time import BoxEvent
from _autolife_box.futures import run_async
from _autolife_box.proxies import Session


class Signal(object):
    """qi.Signal([signature[, onSubscribe]]): connect(callback) -> link,
    disconnect(link), disconnectAll(), signal(*values) triggers it."""

    def __init__(self, signature="m", onSubscribe=None):
        self.signature = signature
        self._callbacks = {}
        self._next = 1
        self._on_subscribe = onSubscribe

    def connect(self, callback):
        if not callable(callback):
            raise TypeError("qi.Signal.connect takes a callable, got %r" % (callback,))
        link = self._next
        self._next += 1
        first = not self._callbacks
        self._callbacks[link] = callback
        if first and self._on_subscribe is not None:
            self._on_subscribe(True)
        return link

    def disconnect(self, link):
        removed = self._callbacks.pop(link, None) is not None
        if removed and not self._callbacks and self._on_subscribe is not None:
            self._on_subscribe(False)
        return removed

    def disconnectAll(self):
        for link in list(self._callbacks):
            self.disconnect(link)
        return True

    def __call__(self, *values):
        in_box = _autolife.current() is not None
        for callback in list(self._callbacks.values()):
            if in_box:
                _autolife.spawn(lambda c=callback: c(*values), 0.0)
            else:
                callback(*values)


class Property(object):
    """qi.Property([signature]): value(), setValue(v) (its callbacks hear
    each new value), connect(callback)."""

    def __init__(self, signature="m"):
        self.signature = signature
        self._value = None
        self._signal = Signal(signature)

    def value(self):
        return self._value

    def setValue(self, value):
        self._value = value
        self._signal(value)

    def connect(self, callback):
        return self._signal.connect(callback)

    addCallback = connect

    def disconnect(self, link):
        return self._signal.disconnect(link)

    def disconnectAll(self):
        return self._signal.disconnectAll()


class Strand(object):
    """qi.Strand: calls scheduled on it run one at a time (box threads of
    the calling box take turns already)."""

    def async_(self, callback, *args, **kwargs):
        return run_async(callback, *args, **kwargs)

    schedule = async_


class ApplicationSession(object):
    """qi.Application / qi.ApplicationSession in box code: its session is
    the engine's; run() waits (in engine time) until stop()."""

    def __init__(self, args=None, raw=False, autoExit=True, url=None):
        self.args = list(sys.argv if args is None else args) or ["python"]
        self.url = url or "tcp://127.0.0.1:9559"
        self.session = Session()
        self._stopped = BoxEvent()

    def start(self):
        pass

    def run(self):
        self._stopped.wait()

    def stop(self):
        self._stopped.set()

    def atRun(self, callback):
        run_async(callback)

    def atStop(self, callback):
        pass


_application = []


def Application(args=None, raw=False, autoExit=True, url=None):
    """One per process, as in qi: a second call returns the first one."""
    if not _application:
        _application.append(ApplicationSession(args, raw, autoExit, url))
    return _application[0]
