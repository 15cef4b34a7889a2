# Box code sleeps, tells the time, waits and starts threads and timers on
# the engine clock of the box it runs for: virtual in a simulation, real on
# a robot (the bridge decides per box). A thread or timer box code starts is
# a box thread of that box (credited to it, stopped with its behavior, in
# turn with the others in virtual time); code that is not box code keeps
# Python's own.
import _thread
import sys
import threading
import time

import _autolife

_RealThread = threading.Thread
_RealTimer = threading.Timer
_real_start_new_thread = _thread.start_new_thread


def _in_box():
    return _autolife.current() is not None


class BoxEvent(object):
    """threading.Event, waiting in engine time in box code (a set() from
    another box thread ends the wait at once)."""

    def __init__(self):
        self._event = _autolife.Event()

    def is_set(self):
        return self._event.is_set()

    isSet = is_set

    def set(self):
        self._event.set()

    def clear(self):
        self._event.clear()

    def wait(self, timeout=None):
        return self._event.wait(None if timeout is None else max(0.0, float(timeout)))


class BoxThread(_RealThread):
    """threading.Thread: started from box code, its run() is a box thread
    of that box; elsewhere, a thread as Python makes it."""

    _box_task = None

    def start(self):
        if not _in_box():
            return _RealThread.start(self)
        if self._box_task is not None:
            raise RuntimeError("threads can only be started once")
        self._box_task = _autolife.spawn(self._run_in_box, 0.0)

    def _run_in_box(self):
        try:
            self.run()
        finally:
            # as Thread does: no reference cycle through the target
            self._target = self._args = self._kwargs = None

    def join(self, timeout=None):
        if self._box_task is None:
            return _RealThread.join(self, timeout)
        self._box_task.wait(None if timeout is None else max(0.0, float(timeout)))

    def is_alive(self):
        if self._box_task is None:
            return _RealThread.is_alive(self)
        return not self._box_task.done()

    isAlive = is_alive


class BoxTimer(BoxThread):
    """threading.Timer: `function` runs `interval` seconds of engine time
    later in a box thread, unless cancelled first."""

    def __init__(self, interval, function, args=None, kwargs=None):
        BoxThread.__init__(self)
        self.interval = interval
        self.function = function
        self.args = args if args is not None else []
        self.kwargs = kwargs if kwargs is not None else {}
        self.finished = BoxEvent()
        self._real = None

    def start(self):
        if not _in_box():
            self._real = _RealTimer(self.interval, self.function, self.args, self.kwargs)
            self._real.daemon = self.daemon
            return self._real.start()
        if self._box_task is not None:
            raise RuntimeError("threads can only be started once")
        self._box_task = _autolife.spawn(self._fire, max(0.0, float(self.interval)))

    def _fire(self):
        if not self.finished.is_set():
            self.function(*self.args, **self.kwargs)
        self.finished.set()

    def cancel(self):
        self.finished.set()
        if self._real is not None:
            self._real.cancel()
        elif self._box_task is not None:
            self._box_task.cancel()

    def join(self, timeout=None):
        if self._real is not None:
            return self._real.join(timeout)
        return BoxThread.join(self, timeout)

    def is_alive(self):
        if self._real is not None:
            return self._real.is_alive()
        return BoxThread.is_alive(self)

    isAlive = is_alive


def _start_new_thread(function, args, kwargs=None):
    """_thread.start_new_thread (Python 2's thread module): a box thread in box code."""
    if not _in_box():
        return _real_start_new_thread(function, args, kwargs or {})
    _autolife.spawn(lambda: function(*args, **(kwargs or {})), 0.0)
    return 0


class _BoxPrints(object):
    """What box code prints goes to its box's log, line by line, as NAOqi
    sent it to its log (and never into `autolife play`'s own output); other
    code prints where it always did."""

    def __init__(self, real, level):
        self._real = real
        self._level = level
        self._pending = {}  # per box thread: the line not ended yet

    def write(self, text):
        box = _autolife.current()
        if box is None:
            return self._real.write(text)
        key = threading.get_ident()
        lines = (self._pending.pop(key, "") + text).split("\n")
        if lines[-1]:
            self._pending[key] = lines[-1]
        for line in lines[:-1]:
            box.log(self._level, line)
        return len(text)

    def flush(self):
        if not _in_box():
            self._real.flush()

    def __getattr__(self, name):
        return getattr(self._real, name)


def install_engine_time():
    time.sleep = _autolife.sleep
    time.time = _autolife.time
    time.monotonic = _autolife.monotonic
    threading.Thread = BoxThread
    threading.Timer = BoxTimer
    threading.Event = BoxEvent
    _thread.start_new_thread = _start_new_thread
    sys.stdout = _BoxPrints(sys.stdout, "info")
    sys.stderr = _BoxPrints(sys.stderr, "warning")
