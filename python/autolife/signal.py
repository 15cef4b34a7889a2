"""Signals, as qi's: `signal.connect(callback)` returns a link id that
`signal.disconnect(link)` takes back. Callbacks run on the session's event
thread, one at a time, in the order the server raised the events, so a
callback may itself call services (it does not block the thread that reads
answers)."""

import itertools
import threading


class Signal:
    """A local signal: callbacks called with the signal's value."""

    def __init__(self, name):
        self.name = name
        self._lock = threading.Lock()
        self._callbacks = {}
        self._links = itertools.count(1)

    def connect(self, callback):
        """Calls `callback(value)` on each emission; returns the link id."""
        if not callable(callback):
            raise TypeError("%s.connect takes a callable, not %r" % (self.name, callback))
        with self._lock:
            link = next(self._links)
            first = not self._callbacks
            self._callbacks[link] = callback
        if first:
            try:
                self._first_connected()
            except BaseException:
                with self._lock:
                    del self._callbacks[link]
                raise
        return link

    def disconnect(self, link):
        """Removes the callback of `link`; False if there is no such link."""
        with self._lock:
            if self._callbacks.pop(link, None) is None:
                return False
            last = not self._callbacks
        if last:
            self._last_disconnected()
        return True

    def disconnectAll(self):
        with self._lock:
            had = bool(self._callbacks)
            self._callbacks.clear()
        if had:
            self._last_disconnected()

    def callbacks(self):
        """The callbacks connected now (a snapshot, for emitting)."""
        with self._lock:
            return list(self._callbacks.values())

    def _first_connected(self):
        pass

    def _last_disconnected(self):
        pass

    def __repr__(self):
        return "<Signal %s>" % self.name


class RemoteSignal(Signal):
    """A signal on the server (a memory key's events or a service's
    signal): subscribed while at least one callback is connected, so a
    signal nobody listens to costs the server nothing."""

    def __init__(self, name, session, params):
        super().__init__(name)
        self._session = session
        self._params = params
        self._subscription = None

    def _first_connected(self):
        self._subscription = self._session._subscribe(self._params, self)

    def _last_disconnected(self):
        subscription, self._subscription = self._subscription, None
        if subscription is not None:
            self._session._unsubscribe(subscription)
