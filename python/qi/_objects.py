# qi.Signal, qi.Property and qi.Strand in a process: what a service object
# declares as members (its signals and properties are published with it,
# docs/python.md), and what callers connect to.
import threading
import traceback

from ._future import run_async


class Signal(object):
    """qi.Signal([signature[, onConnect]]): connect(callback) -> link,
    disconnect(link), disconnectAll(); calling the signal emits it: each
    callback hears the values, in the emitting thread."""

    def __init__(self, signature="m", onConnect=None):
        self.signature = str(signature)
        self._callbacks = {}
        self._next = 1
        self._lock = threading.Lock()
        self._on_connect = onConnect

    def connect(self, callback):
        if not callable(callback):
            raise TypeError("qi.Signal.connect takes a callable, got %r" % (callback,))
        with self._lock:
            link = self._next
            self._next += 1
            first = not self._callbacks
            self._callbacks[link] = callback
        if first and self._on_connect is not None:
            self._on_connect(True)
        return link

    def disconnect(self, link):
        with self._lock:
            removed = self._callbacks.pop(link, None) is not None
            last = removed and not self._callbacks
        if last and self._on_connect is not None:
            self._on_connect(False)
        return removed

    def disconnectAll(self):
        for link in list(self._callbacks):
            self.disconnect(link)
        return True

    def hasSubscribers(self):
        return bool(self._callbacks)

    def __call__(self, *values):
        with self._lock:
            callbacks = list(self._callbacks.values())
        for callback in callbacks:
            try:
                callback(*values)
            except Exception:
                traceback.print_exc()

    trigger = __call__


class Property(object):
    """qi.Property([signature]): value(), setValue(v) (its callbacks hear
    each new value), connect(callback)."""

    def __init__(self, signature="m"):
        self.signature = str(signature)
        self._value = None
        self._changed = Signal("(%s)" % signature)

    def value(self):
        return self._value

    def setValue(self, value):
        self._value = value
        self._changed(value)

    def connect(self, callback):
        return self._changed.connect(callback)

    addCallback = connect

    def disconnect(self, link):
        return self._changed.disconnect(link)

    def disconnectAll(self):
        return self._changed.disconnectAll()

    def __qi_value__(self):
        return self._value


class Strand(object):
    """Callbacks scheduled on a strand run one at a time, in order."""

    def __init__(self):
        self._lock = threading.Lock()

    def async_(self, callback, *args, **kwargs):
        def serial(*a, **k):
            with self._lock:
                return callback(*a, **k)
        return run_async(serial, *args, **kwargs)

    schedule = async_
    asyncDelay = async_
