# qi's futures and tasks for box code, on the engine clock: Promise and
# Future, qi.async / qi.runAsync (a call later, in a box thread),
# PeriodicTask, futureBarrier. A wait in box code is an engine-time sleep
# that the future's completion ends at once (virtual time goes on, exactly).
import _autolife

# qi.FutureState / qi.FutureTimeout: the values of libqi's enums.
class FutureState(object):
    Running = 1
    Canceled = 2
    FinishedWithError = 3
    FinishedWithValue = 4


setattr(FutureState, "None", 0)  # `None` is a keyword in Python 3: FutureState.__dict__["None"]


class FutureTimeout(object):
    Infinite = 0x7FFFFFFF


setattr(FutureTimeout, "None", 0)


def _seconds(timeout_ms):
    """A libqi timeout (milliseconds, Infinite) as seconds, None for ever."""
    if timeout_ms is None or timeout_ms >= FutureTimeout.Infinite:
        return None
    return max(0.0, timeout_ms / 1000.0)


class Future(object):
    """A value to come (qi.Future). value() and wait() wait in engine time."""

    def __init__(self, promise=None):
        self._event = _autolife.Event()
        self._state = FutureState.Running
        self._value = None
        self._error = ""
        self._callbacks = []
        self._on_cancel = None
        self._cancel_requested = False

    # -- reading
    def wait(self, timeout=FutureTimeout.Infinite):
        self._event.wait(_seconds(timeout))
        return self._state

    def value(self, timeout=FutureTimeout.Infinite):
        state = self.wait(timeout)
        if state == FutureState.FinishedWithValue:
            return self._value
        if state == FutureState.FinishedWithError:
            raise RuntimeError(self._error)
        if state == FutureState.Canceled:
            raise RuntimeError("Future canceled")
        raise RuntimeError("Future timeout")

    def error(self, timeout=FutureTimeout.Infinite):
        self.wait(timeout)
        return self._error if self._state == FutureState.FinishedWithError else ""

    def hasError(self, timeout=FutureTimeout.Infinite):
        return self.wait(timeout) == FutureState.FinishedWithError

    def hasValue(self, timeout=FutureTimeout.Infinite):
        return self.wait(timeout) == FutureState.FinishedWithValue

    def isFinished(self):
        return self._state != FutureState.Running

    def isRunning(self):
        return self._state == FutureState.Running

    def isCanceled(self):
        return self._state == FutureState.Canceled

    def isCancelable(self):
        return True

    # -- acting
    def cancel(self):
        if self._state != FutureState.Running:
            return
        self._cancel_requested = True
        if self._on_cancel is not None:
            self._on_cancel()

    def addCallback(self, callback):
        """callback(future) once it is finished (at once if it already is)."""
        if self.isFinished():
            callback(self)
        else:
            self._callbacks.append(callback)

    def then(self, callback):
        """A future of callback(this future)."""
        promise = Promise()
        self.addCallback(lambda f: _settle(promise, callback, f))
        return promise.future()

    def andThen(self, callback):
        """A future of callback(this future's value), or of its error."""
        promise = Promise()

        def chain(f):
            if f.hasValue(0):
                _settle(promise, callback, f.value(0))
            elif f.isCanceled():
                promise.setCanceled()
            else:
                promise.setError(f.error(0))

        self.addCallback(chain)
        return promise.future()

    def unwrap(self):
        promise = Promise()

        def inner(f):
            if f.hasValue(0) and isinstance(f.value(0), Future):
                f.value(0).addCallback(lambda g: _copy(promise, g))
            else:
                _copy(promise, f)

        self.addCallback(inner)
        return promise.future()

    # -- completion (Promise's side)
    def _finish(self, state, value=None, error=""):
        if self._state != FutureState.Running:
            raise RuntimeError("Future is already finished")
        self._value, self._error, self._state = value, error, state
        self._event.set()
        callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback(self)


def _settle(promise, function, argument):
    try:
        promise.setValue(function(argument))
    except Exception as e:
        promise.setError(str(e))


def _copy(promise, future):
    if future.hasValue(0):
        promise.setValue(future.value(0))
    elif future.isCanceled():
        promise.setCanceled()
    else:
        promise.setError(future.error(0))


class Promise(object):
    """The writing end of a Future (qi.Promise([on_cancel]))."""

    def __init__(self, on_cancel=None):
        self._future = Future()
        if on_cancel is not None:
            self._future._on_cancel = lambda: on_cancel(self)

    def future(self):
        return self._future

    def setValue(self, value):
        self._future._finish(FutureState.FinishedWithValue, value=value)

    def setError(self, error):
        self._future._finish(FutureState.FinishedWithError, error=str(error))

    def setCanceled(self):
        self._future._finish(FutureState.Canceled)

    def isCancelRequested(self):
        return self._future._cancel_requested


def run_async(callback, *args, **kwargs):
    """qi.async(callback, *args, delay=microseconds): callback(*args) in a
    box thread of the calling box, `delay` later in engine time; a future
    of its result. Cancelling the future before it runs drops the call."""
    delay = kwargs.pop("delay", 0) or 0
    promise = Promise()

    def run():
        try:
            result = callback(*args, **kwargs)
        except Exception as e:
            if not promise.future().isFinished():
                promise.setError(str(e))
            raise  # the box's log says where
        if not promise.future().isFinished():
            promise.setValue(result)

    task = _autolife.spawn(run, delay / 1e6)

    def on_cancel():
        if task.cancel() and not promise.future().isFinished():
            promise.setCanceled()

    promise.future()._on_cancel = on_cancel
    return promise.future()


def futureBarrier(futures):
    """A future of the list of `futures`, once every one is finished."""
    promise = Promise()
    futures = list(futures)
    left = [len(futures)]

    def one_done(_):
        left[0] -= 1
        if left[0] == 0:
            promise.setValue(futures)

    if not futures:
        promise.setValue([])
    for f in futures:
        f.addCallback(one_done)
    return promise.future()


class PeriodicTask(object):
    """qi.PeriodicTask: a callback every period (microseconds), in a box
    thread of the box that started it, until stop()."""

    def __init__(self):
        self._callback = None
        self._period = None
        self._compensate = False
        self._name = ""
        self._running = False
        self._task = None
        self._generation = 0

    def setCallback(self, callback):
        if self._running:
            raise RuntimeError("PeriodicTask: cannot change the callback while running")
        self._callback = callback

    def setUsPeriod(self, usec):
        if usec < 0:
            raise ValueError("PeriodicTask: a period cannot be negative")
        self._period = usec / 1e6

    setPeriod = setUsPeriod

    def setName(self, name):
        self._name = str(name)

    def compensateCallbackTime(self, compensate):
        self._compensate = bool(compensate)

    def start(self, immediate=True):
        if self._callback is None or self._period is None:
            raise RuntimeError("PeriodicTask: set a callback and a period before start()")
        if self._running:
            return
        self._running = True
        self._generation += 1
        self._schedule(0.0 if immediate else self._period, self._generation)

    def _schedule(self, delay, generation):
        def tick():
            if not self._running or generation != self._generation:
                return
            began = _autolife.monotonic()
            try:
                self._callback()
            finally:
                if self._running and generation == self._generation:
                    spent = _autolife.monotonic() - began if self._compensate else 0.0
                    self._schedule(max(0.0, self._period - spent), generation)

        self._task = _autolife.spawn(tick, delay)

    def stop(self):
        self._running = False
        if self._task is not None:
            self._task.cancel()

    asyncStop = stop

    def isRunning(self):
        return self._running

    def isStopping(self):
        return False
