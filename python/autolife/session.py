"""A session with `autolife serve`: one WebSocket, JSON-RPC 2.0 over it
(docs/api.md), shaped like the qi Python SDK's `qi.Session`.

Threads: the caller's thread sends a request and waits for its answer; a
reader thread reads every message and hands answers to the waiting callers
and notifications to the event thread, which runs signal callbacks in
order. Callbacks therefore never hold up answers, and may call services.
"""

import concurrent.futures
import itertools
import json
import logging
import os
import queue
import threading
import urllib.parse

from . import errors
from .service import ExpressionWatcherProxy, MemoryProxy, ServiceProxy
from .signal import Signal
from .websocket import Closed, HandshakeError, WebSocket

DEFAULT_URL = "ws://127.0.0.1:8765"
_log = logging.getLogger("autolife")
_STOP = object()  # tells the event thread to end


def parse_url(url):
    """(host, port, path) of `ws://host[:port][/path]`, `tcp://host[:port]`
    (qi's scheme, accepted for familiarity) or `host[:port]`. The path
    defaults to the API's, /api. The host rules are those of autolife's qi
    addresses (docs/qi.md, "Addresses"): not empty, IPv6 in brackets, a
    port from 1 to 65535 (8765 when none is given)."""
    if "://" not in url:
        url = "ws://" + url
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "tcps":
        raise ValueError("%r: tcps is qi over TLS, which this client does not speak: use ws://host:port" % url)
    if parts.scheme not in ("ws", "tcp"):
        raise ValueError("unsupported URL scheme %r in %r: use ws://host:port" % (parts.scheme, url))
    if not parts.hostname:
        raise ValueError("no host in %r" % url)
    try:
        port = parts.port
    except ValueError:
        port = -1
    if port is not None and not 1 <= port <= 65535:
        raise ValueError("%r: the port must be a number from 1 to 65535" % url)
    return parts.hostname, port or 8765, parts.path or "/api"


_INT64 = (-(1 << 63), (1 << 63) - 1)


def _check_value(value):
    """Refuses what JSON would carry but the API would not read as meant:
    integers beyond 64 bits (the server could not even tell which call
    they belong to) and map keys that are not strings (json would quietly
    turn 1 into "1"). Everything else is left to json.dumps and the
    server."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if not _INT64[0] <= value <= _INT64[1]:
            raise ValueError("the integer %d is beyond the 64-bit range" % value)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _check_value(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError("map keys must be strings, not %r" % (key,))
            _check_value(item)


class Session:
    """A connection to `autolife serve`.

    >>> session = Session()
    >>> session.connect("ws://127.0.0.1:8765")
    >>> life = session.service("ALAutonomousLife")
    >>> life.switchFocus("greeter/.")

    `timeout` (seconds, None for no limit) bounds every call's wait for its
    answer. A session connects once; after `close()` make a new one.
    """

    def __init__(self, url=None, token=None, timeout=None):
        self.timeout = timeout
        self.disconnected = Signal("disconnected")  # callback(reason: str)
        self._ws = None
        self._url = None
        self._lock = threading.Lock()
        self._pending = {}  # request id -> (Future, hook run on the result before the caller wakes)
        self._ids = itertools.count(1)
        self._signals = {}  # subscription id -> RemoteSignal
        self._events = queue.Queue()
        self._reader = self._dispatcher = None
        self._lost_reason = None
        self._closing = False
        self._description = None
        self._proxies = {}
        if url is not None:
            self.connect(url, token)

    # -- connection ---------------------------------------------------------

    def connect(self, url=DEFAULT_URL, token=None, timeout=10.0):
        """Connects and performs the WebSocket handshake within `timeout`
        seconds. `token` (or the environment's AUTOLIFE_TOKEN) is needed
        beyond loopback (docs/api.md, The token)."""
        if self._ws is not None or self._lost_reason is not None:
            raise errors.Error("a session connects once; make a new Session", "already-connected")
        host, port, path = parse_url(url)
        token = token if token is not None else os.environ.get("AUTOLIFE_TOKEN")
        headers = {"Authorization": "Bearer " + token} if token else {}
        try:
            self._ws = WebSocket.connect(host, port, path, headers, timeout)
        except HandshakeError as e:
            reason = "unauthorized" if e.status == 401 else "refused"
            detail = (": " + e.body.strip()) if e.body.strip() else ""
            raise errors.ConnectionClosed("%s refused the session: %s%s" % (url, e, detail), reason) from e
        except OSError as e:
            raise errors.ConnectionClosed("cannot connect to %s: %s" % (url, e), "connect-failed") from e
        self._url = url
        self._reader = threading.Thread(target=self._read_loop, name="autolife-reader", daemon=True)
        self._dispatcher = threading.Thread(target=self._event_loop, name="autolife-events", daemon=True)
        self._reader.start()
        self._dispatcher.start()

    def isConnected(self):
        return self._ws is not None and self._lost_reason is None

    def url(self):
        return self._url

    def close(self, timeout=5.0):
        """Closes the connection (the WebSocket closing handshake, at most
        `timeout` seconds), ends its subscriptions, and waits for the
        callbacks under way. Calls still waiting raise ConnectionClosed."""
        if self._ws is None:
            return
        self._closing = True
        self._ws.close()
        self._reader.join(timeout)
        if self._reader.is_alive():  # the server did not answer the close
            self._ws.abort()
            self._reader.join()
        if threading.current_thread() is not self._dispatcher:
            self._dispatcher.join(timeout)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- services -----------------------------------------------------------

    def services(self):
        """[{"name", "description"}] of every service, by name."""
        return [{"name": name, "description": d.get("description", "")}
                for name, d in sorted(self._services().items())]

    def service(self, name):
        """A proxy whose attributes are the service's methods and signals."""
        with self._lock:
            proxy = self._proxies.get(name)
        if proxy is not None:
            return proxy
        description = self._services().get(name)
        if description is None:
            raise errors.NoSuchService("there is no service named %s" % name, "no-such-service",
                                       errors.METHOD_NOT_FOUND, method=name)
        kind = {"ALMemory": MemoryProxy, "ALExpressionWatcher": ExpressionWatcherProxy}.get(name, ServiceProxy)
        proxy = kind(self, name, description)
        with self._lock:
            return self._proxies.setdefault(name, proxy)

    def describe(self):
        """The server's `describe`: {"services": {name: description}}."""
        return {"services": self._services()}

    def _services(self):
        if self._description is None:
            self._description = self.call("describe")["services"]
        return self._description

    # -- calls --------------------------------------------------------------

    def call(self, method, /, *args, _async=False, _timeout=None, **kwargs):
        """Calls `method` ("Service.method", or one of the API's own:
        describe, subscribe, unsubscribe) with positional or named
        arguments; returns its result or raises CallError. With
        `_async=True`, returns a concurrent.futures.Future instead.
        (`method` is positional-only so that a parameter of that name can
        still be passed by name.)"""
        if args and kwargs:
            raise errors.BadArgument("%s: pass arguments by position or by name, not both" % method,
                                     "bad-argument", errors.INVALID_PARAMS, method=method)
        return self._request(method, kwargs if kwargs else list(args), _async=_async, timeout=_timeout)

    def _request(self, method, params, _async=False, timeout=None, hook=None):
        message = {"jsonrpc": "2.0", "id": next(self._ids), "method": method}
        if params:
            message["params"] = params
        try:
            _check_value(params)
            text = json.dumps(message, allow_nan=False, ensure_ascii=False)
        except (TypeError, ValueError) as e:
            raise errors.BadArgument("%s: an argument cannot be sent as JSON: %s" % (method, e),
                                     "bad-argument", errors.INVALID_PARAMS, method=method) from e
        future = concurrent.futures.Future()
        future.method = method
        with self._lock:
            self._check_connected()
            self._pending[message["id"]] = (future, hook)
        try:
            self._ws.send_text(text)
        except (OSError, Closed) as e:
            self._forget(message["id"])
            raise errors.ConnectionClosed("%s: the connection is lost (%s)" % (method, e), "connection-closed") from e
        if _async:
            return future
        timeout = timeout if timeout is not None else self.timeout
        try:
            return future.result(timeout)
        except concurrent.futures.TimeoutError:
            self._forget(message["id"])
            raise errors.CallTimeout("%s: no answer within %s s" % (method, timeout), "timeout") from None

    def _check_connected(self):
        if self._ws is None:
            raise errors.ConnectionClosed("the session is not connected", "not-connected")
        if self._lost_reason is not None:
            raise errors.ConnectionClosed("the session is disconnected: %s" % self._lost_reason, "connection-closed")

    def _forget(self, request_id):
        with self._lock:
            self._pending.pop(request_id, None)

    # -- subscriptions (used by RemoteSignal) --------------------------------

    def _subscribe(self, params, signal):
        def register(subscription):
            # On the reader thread, before any notification of it is read.
            with self._lock:
                self._signals[subscription] = signal

        return self._request("subscribe", params, hook=register)

    def _unsubscribe(self, subscription):
        with self._lock:
            self._signals.pop(subscription, None)
            if self._lost_reason is not None:
                return  # the server ended it with the connection
        try:
            self._request("unsubscribe", [subscription])
        except errors.ConnectionClosed:
            pass

    # -- the reader and event threads ----------------------------------------

    def _read_loop(self):
        reason = "the connection ended"
        try:
            while True:
                self._dispatch(self._ws.receive())
        except Closed as e:
            reason = "the session was closed" if self._closing else str(e)
        except OSError as e:
            reason = "the connection failed: %s" % e
        except Exception as e:  # a bug here must not leave callers waiting forever
            _log.exception("autolife: the session's reader failed")
            reason = "the session's reader failed: %s" % e
        self._lost(reason)

    def _dispatch(self, text):
        try:
            message = json.loads(text)
        except ValueError:
            _log.warning("autolife: the server sent a message that is not JSON: %.200r", text)
            return
        for one in message if isinstance(message, list) else [message]:
            if not isinstance(one, dict):
                continue
            if one.get("method") in ("event", "signal", "expression"):
                self._notify(one.get("params") or {})
            elif "id" in one:
                self._answer(one)

    def _answer(self, answer):
        with self._lock:
            future, hook = self._pending.pop(answer["id"], (None, None))
        if future is None:
            if "error" in answer:
                _log.warning("autolife: an error answer to no waiting call: %s", answer["error"])
            return
        if "error" in answer:
            future.set_exception(errors.from_answer(answer["error"], future.method))
            return
        result = answer.get("result")
        if hook is not None:
            hook(result)
        future.set_result(result)

    def _notify(self, params):
        with self._lock:
            signal = self._signals.get(params.get("subscription"))
        if signal is not None:
            self._events.put((signal.callbacks(), params.get("value")))

    def _lost(self, reason):
        with self._lock:
            self._lost_reason = reason
            pending, self._pending = self._pending, {}
            self._signals.clear()
        for future, _ in pending.values():
            future.set_exception(errors.ConnectionClosed("%s: %s" % (future.method, reason), "connection-closed"))
        self._ws.abort()
        self._events.put((self.disconnected.callbacks(), reason))
        self._events.put(_STOP)

    def _event_loop(self):
        while True:
            item = self._events.get()
            if item is _STOP:
                return
            callbacks, value = item
            for callback in callbacks:
                try:
                    callback(value)
                except Exception:  # one bad callback must not end the others' events
                    _log.exception("autolife: a signal callback failed")
