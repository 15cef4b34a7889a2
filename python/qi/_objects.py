# qi.Signal, qi.Property and qi.Strand: what a service object declares as
# members (its signals and properties are published with it,
# docs/python.md), and what callers connect to. Callbacks run where the
# runtime says (_runtime.py): in the emitting thread in a process, in box
# threads of the emitting box in box code.
import threading

from . import _runtime
from ._future import Future, FutureState, _message, _spawn_future


class Signal(object):
    """qi.Signal([signature[, onConnect]]): connect(callback) -> link,
    disconnect(link), disconnectAll(); calling the signal emits it: each
    callback hears the values."""

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
        runtime = _runtime.current()
        for callback in callbacks:
            runtime.deliver(callback, values)

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
    """Callbacks scheduled on a strand run one at a time, in order, each in
    a task of the runtime; schedule() gives a future of each one's result."""

    def __init__(self):
        self._lock = threading.Lock()
        self._queue = []
        self._busy = False

    def async_(self, callback, *args, **kwargs):
        """A future of callback(*args), run after the strand's earlier
        callbacks (and `delay` microseconds from now, when given)."""
        delay = kwargs.pop("delay", 0) or 0
        outcome = Future()
        item = (lambda: callback(*args, **kwargs), outcome)
        if delay:
            _spawn_future(lambda: None, delay / 1e6).addCallback(lambda f: self._enqueue(item))
        else:
            self._enqueue(item)
        return outcome

    def asyncDelay(self, callback, delay):
        return self.async_(callback, delay=delay)

    def _enqueue(self, item):
        with self._lock:
            self._queue.append(item)
            if self._busy:
                return
            self._busy = True
        _runtime.current().spawn(self._drain)

    def _drain(self):
        while True:
            with self._lock:
                if not self._queue:
                    self._busy = False
                    return
                function, outcome = self._queue.pop(0)
            try:
                outcome._finish(FutureState.FinishedWithValue, function())
            except Exception as e:
                outcome._finish(FutureState.FinishedWithError, None, _message(e))

    schedule = async_
