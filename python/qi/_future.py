# qi's futures and promises, qi.runAsync (qi.async), futureBarrier and
# PeriodicTask, on the runtime's waits and tasks (_runtime.py: threads of
# this process, or box threads in engine time). Timeouts are milliseconds
# and delays microseconds, as in libqi.
import threading

from . import _runtime


class FutureState(object):
    None_ = 0
    Running = 1
    Canceled = 2
    FinishedWithError = 3
    FinishedWithValue = 4


setattr(FutureState, "None", 0)


class FutureTimeout(object):
    None_ = 0
    Infinite = 0x7FFFFFFF


setattr(FutureTimeout, "None", 0)


def _seconds(timeout):
    if timeout is None or timeout >= FutureTimeout.Infinite:
        return None
    return max(0, timeout) / 1000.0


class Future(object):
    """The result of something that finishes later: a value, an error
    (a message), or canceled."""

    # Set on the futures a call over qi gives its caller (_remote.py): the
    # callbacks added before it finishes run in a task of the runtime, not
    # in the thread that read the reply, as libqi runs a promise's
    # callbacks asynchronously; a callback may then call the peer and wait.
    _callbacks_elsewhere = False

    def __init__(self, on_cancel=None):
        self._done = _runtime.current().event()
        self._lock = threading.Lock()
        self._state = FutureState.Running
        self._value = None
        self._error = ""
        self._callbacks = []
        self._on_cancel = on_cancel
        self._cancel_requested = False

    # ---- completing (the promise's side) ----
    def _finish(self, state, value=None, error=""):
        with self._lock:
            if self._state != FutureState.Running:
                return False
            self._state, self._value, self._error = state, value, error
            callbacks, self._callbacks = self._callbacks, []
        self._done.set()
        if callbacks and self._callbacks_elsewhere:
            _runtime.current().spawn(lambda: _run_callbacks(callbacks, self))
        else:
            _run_callbacks(callbacks, self)
        return True

    # ---- reading ----
    def wait(self, timeout=FutureTimeout.Infinite):
        self._done.wait(_seconds(timeout))
        return self._state

    def value(self, timeout=FutureTimeout.Infinite):
        if not self._done.wait(_seconds(timeout)):
            raise RuntimeError("Future timeout")
        if self._state == FutureState.FinishedWithError:
            raise RuntimeError(self._error)
        if self._state == FutureState.Canceled:
            raise RuntimeError("Future canceled")
        return self._value

    def result(self, timeout=None):  # concurrent.futures' name
        return self.value(FutureTimeout.Infinite if timeout is None else int(timeout * 1000))

    def error(self, timeout=FutureTimeout.Infinite):
        self._done.wait(_seconds(timeout))
        if self._state != FutureState.FinishedWithError:
            raise RuntimeError("This future has no error")
        return self._error

    def hasError(self, timeout=FutureTimeout.Infinite):
        self._done.wait(_seconds(timeout))
        return self._state == FutureState.FinishedWithError

    def hasValue(self, timeout=FutureTimeout.Infinite):
        self._done.wait(_seconds(timeout))
        return self._state == FutureState.FinishedWithValue

    def isFinished(self):
        return self._state != FutureState.Running

    def isRunning(self):
        return self._state == FutureState.Running

    def isCanceled(self):
        return self._state == FutureState.Canceled

    def isCancelable(self):
        return True

    def cancel(self):
        with self._lock:
            if self._state != FutureState.Running or self._cancel_requested:
                return
            self._cancel_requested = True
            on_cancel = self._on_cancel
        if on_cancel is not None:
            on_cancel(self)

    requestCancellation = cancel

    # ---- chaining ----
    def addCallback(self, callback):
        with self._lock:
            if self._state == FutureState.Running:
                self._callbacks.append(callback)
                return
        _run_callback(callback, self)

    def then(self, callback):
        """A future of callback(self)."""
        chained = Future()
        self.addCallback(lambda f: _settle(chained, callback, f))
        return chained

    def andThen(self, callback):
        """A future of callback(value); an error or a cancel passes on."""
        chained = Future()

        def next_step(f):
            if f._state == FutureState.FinishedWithValue:
                _settle(chained, callback, f._value)
            else:
                chained._finish(f._state, None, f._error)
        self.addCallback(next_step)
        return chained

    def unwrap(self):
        """A future of a future: the inner one's outcome."""
        inner = Future()

        def outer_done(f):
            if f._state == FutureState.FinishedWithValue and isinstance(f._value, Future):
                f._value.addCallback(lambda g: inner._finish(g._state, g._value, g._error))
            else:
                inner._finish(f._state, f._value, f._error)
        self.addCallback(outer_done)
        return inner

    def __repr__(self):
        return "<qi.Future state=%d>" % self._state


def _run_callbacks(callbacks, future):
    for callback in callbacks:
        _run_callback(callback, future)


def _run_callback(callback, future):
    try:
        callback(future)
    except Exception as e:
        _runtime.current().report(e)


def _settle(future, function, argument):
    try:
        future._finish(FutureState.FinishedWithValue, function(argument))
    except Exception as e:
        future._finish(FutureState.FinishedWithError, None, _message(e))


def _message(error):
    """A Python exception as a future's error: "RuntimeError: lol", as
    libqi-python words it."""
    return "%s: %s" % (type(error).__name__, error) if str(error) else type(error).__name__


class Promise(object):
    """Promise([on_cancel]): sets its future's outcome once."""

    def __init__(self, on_cancel=None, *ignored):
        callback = (lambda f: on_cancel(self)) if on_cancel is not None else None
        self._future = Future(callback)

    def future(self):
        return self._future

    def setValue(self, value):
        if not self._future._finish(FutureState.FinishedWithValue, value):
            raise RuntimeError("Promise already set")

    def setError(self, message):
        if not self._future._finish(FutureState.FinishedWithError, None, str(message)):
            raise RuntimeError("Promise already set")

    def setCanceled(self):
        if not self._future._finish(FutureState.Canceled):
            raise RuntimeError("Promise already set")

    def isCancelRequested(self):
        return self._future._cancel_requested


def futureBarrier(futures):
    """A future of the list of `futures`, once every one is finished."""
    futures = list(futures)
    barrier = Future()
    if not futures:
        barrier._finish(FutureState.FinishedWithValue, [])
        return barrier
    left = [len(futures)]
    lock = threading.Lock()

    def one_done(_):
        with lock:
            left[0] -= 1
            last = left[0] == 0
        if last:
            barrier._finish(FutureState.FinishedWithValue, futures)
    for f in futures:
        f.addCallback(one_done)
    return barrier


def run_async(callback, *args, **kwargs):
    """qi.runAsync(callback, *args, delay=MICROSECONDS, **kwargs): runs it in
    a task of its own (a thread; a box thread in box code), after the delay;
    a future of what it returns. Canceled before it starts, it never runs."""
    delay = kwargs.pop("delay", 0) or 0
    return _spawn_future(lambda: callback(*args, **kwargs), delay / 1e6, report=True)


def _spawn_future(function, delay=0.0, report=False, describe=None):
    """A future of function() run in a task of the runtime `delay` seconds
    from now. A failure is the future's error (`describe(error)` its text);
    with `report`, the runtime hears of it too (box code's log says where)."""
    runtime = _runtime.current()
    holder = []
    future = Future(lambda f: f._finish(FutureState.Canceled) if holder and holder[0].cancel() else None)

    def body():
        try:
            value = function()
        except Exception as e:
            future._finish(FutureState.FinishedWithError, None, describe(e) if describe else _message(e))
            if report:
                runtime.report(e, held=True)
            return
        future._finish(FutureState.FinishedWithValue, value)

    holder.append(runtime.spawn(body, delay))
    return future


def take_async(kwargs):
    """Pops `_async=True` (and `async_`, Python 2's `async=True` rewritten,
    or `async` passed through **kwargs) from a call's keyword arguments:
    whether the caller wants a future."""
    wants = False
    for key in ("_async", "async_", "async"):
        if key in kwargs:
            wants = bool(kwargs.pop(key)) or wants
    return wants


def resolved(value):
    future = Future()
    future._finish(FutureState.FinishedWithValue, value)
    return future


def failed(message):
    future = Future()
    future._finish(FutureState.FinishedWithError, None, str(message))
    return future


def call_maybe_async(function, args, kwargs, describe=None):
    """function(*args, **kwargs), or with `_async=True` a future of it
    (run in a task of its own): what every proxy member does."""
    if not take_async(kwargs):
        return function(*args, **kwargs)
    return _spawn_future(lambda: function(*args, **kwargs), describe=describe)


def accepts_async(function):
    """`function` taking `_async=True` too (see call_maybe_async)."""
    def with_async(*args, **kwargs):
        return call_maybe_async(function, args, kwargs)
    with_async.__name__ = getattr(function, "__name__", "method")
    with_async.__doc__ = getattr(function, "__doc__", None)
    return with_async


class PeriodicTask(object):
    """Calls its callback every period (microseconds) in a task of the
    runtime (a thread; a box thread in box code), until stopped."""

    def __init__(self):
        self._callback = None
        self._period = None
        self._compensate = False
        self._name = "PeriodicTask"
        self._lock = threading.Lock()
        self._running = False
        self._generation = 0
        self._task = None
        self._in_callback = None  # the thread running the callback

    def setCallback(self, callback):
        if self.isRunning():
            raise RuntimeError("cannot change the callback of a running PeriodicTask")
        self._callback = callback

    def setUsPeriod(self, microseconds):
        if microseconds < 0:
            raise RuntimeError("a period cannot be negative")
        self._period = microseconds / 1e6

    def setPeriod(self, seconds):
        self._period = float(seconds)

    def setName(self, name):
        self._name = str(name)

    def compensateCallbackTime(self, compensate):
        self._compensate = bool(compensate)

    def start(self, immediate=True):
        if self._callback is None or self._period is None:
            raise RuntimeError("a PeriodicTask needs a callback and a period before it starts")
        with self._lock:
            if self._running:
                return
            self._running = True
            self._generation += 1
            generation = self._generation
        self._schedule(0.0 if immediate else self._period, generation)

    def _schedule(self, delay, generation):
        runtime = _runtime.current()

        def tick():
            if not self._current(generation):
                return
            began = runtime.monotonic()
            self._in_callback = threading.current_thread()
            failure = None
            try:
                self._callback()
            except Exception as e:
                failure = e
            finally:
                self._in_callback = None
            if self._current(generation):
                spent = runtime.monotonic() - began if self._compensate else 0.0
                self._schedule(max(0.0, self._period - spent), generation)
            if failure is not None:
                runtime.report(failure)

        with self._lock:
            if self._generation == generation and self._running:
                self._task = runtime.spawn(tick, delay)

    def _current(self, generation):
        with self._lock:
            return self._running and self._generation == generation

    def asyncStop(self):
        with self._lock:
            self._running = False
            task = self._task
        if task is not None:
            task.cancel()

    def stop(self):
        """Stops it; once this returns, the callback is not running (unless
        the callback itself stopped it)."""
        with self._lock:
            self._running = False
            task, self._task = self._task, None
        if task is not None and not task.cancel() and self._in_callback is not threading.current_thread():
            task.wait()

    def isRunning(self):
        return self._running

    def isStopping(self):
        return False
