# One qi connection: the socket, the capability handshake, a reader thread
# that completes the replies callers wait for, and hands on what the peer
# sends unasked (events; calls to the services this process hosts, which
# come back over the same socket: ClientServerSocket).
import itertools
import os
import socket
import threading

from . import _codec, _message, _signature
from ._future import Future, FutureState
from ._message import Message

DEFAULT_URL = "tcp://127.0.0.1:9559"
_LOOPBACK = {"127.0.0.1", "localhost", "::1", "0.0.0.0", ""}


def engine_url():
    """The engine's qi address when this process was started by autolife
    (a package service), else None."""
    return os.environ.get("AUTOLIFE_QI_URL") or None


def resolve_url(url):
    """(host, port) of a qi URL ("tcp://HOST:PORT", "HOST:PORT" or "HOST").
    Under autolife, NAOqi's own address on this machine (loopback, port
    9559) is the engine's: a service written for the robot connects there."""
    text = str(url or DEFAULT_URL).strip()
    if text.startswith("tcps://"):
        raise RuntimeError("%s: tcps (TLS) is not supported by this qi module, use tcp://" % text)
    if "://" in text:
        scheme, text = text.split("://", 1)
        if scheme != "tcp":
            raise RuntimeError("%s: only tcp:// qi URLs are supported" % url)
    host, port = text, 9559
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, port_text = text.split(":")
        port = int(port_text)
    engine = engine_url()
    if engine and port == 9559 and host in _LOOPBACK and url != engine:
        return resolve_url(engine)
    return host or "127.0.0.1", port


def _offered_capabilities(token):
    offered = {"ClientServerSocket": True, "MessageFlags": True, "MetaObjectCache": False, "ObjectPtrUID": False,
               "RelativeEndpointURI": True, "RemoteCancelableCalls": False}
    if token:
        offered["auth_token"] = token
    return offered


class Transport(object):
    def __init__(self, on_call=None, on_event=None, on_closed=None):
        self._socket = None
        self._send_lock = threading.Lock()
        self._ids = itertools.count(1)
        self._pending = {}
        self._pending_lock = threading.Lock()
        self._on_call = on_call
        self._on_event = on_event
        self._on_closed = on_closed
        self._closed = threading.Event()
        self._close_reason = ""
        self.url = None

    # ---- connecting ----
    def connect(self, url, timeout=10.0, token=None):
        host, port = resolve_url(url)
        try:
            self._socket = socket.create_connection((host, port), timeout)
        except OSError as e:
            raise RuntimeError("cannot connect to tcp://%s:%d: %s" % (host, port, e))
        self._socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._socket.settimeout(None)
        self.url = "tcp://%s:%d" % (host, port)
        threading.Thread(target=self._read_loop, name="qi.reader", daemon=True).start()
        reply = self.call(_message.SERVER, 0, _message.AUTHENTICATE,
                          _codec.encode(_signature.CAPABILITIES, _offered_capabilities(token or os.environ.get(
                              "QI_AUTH_TOKEN")))).value(int(timeout * 1000))
        answer = _codec.decode(_signature.CAPABILITIES, reply)
        if answer.get("__qi_auth_state") == 1:
            self.close()
            raise RuntimeError("%s refused the connection: %s" % (self.url, answer.get("auth_err_reason", "")))

    def connected(self):
        return self._socket is not None and not self._closed.is_set()

    # ---- sending ----
    def send(self, message):
        data = message.to_bytes()
        with self._send_lock:
            if self._closed.is_set() or self._socket is None:
                raise RuntimeError("the qi connection is closed" + (": " + self._close_reason
                                                                    if self._close_reason else ""))
            self._socket.sendall(data)

    def call(self, service, object, action, payload, flags=0):
        """A future of the reply's payload (bytes); an Error fails it with
        the peer's sentence."""
        id = next(self._ids)
        future = Future()
        with self._pending_lock:
            self._pending[id] = future
        try:
            self.send(Message(id, _message.CALL, service, object, action, payload, flags))
        except (OSError, RuntimeError) as e:
            with self._pending_lock:
                self._pending.pop(id, None)
            future._finish(FutureState.FinishedWithError, None, str(e))
        return future

    def post(self, service, object, action, payload):
        self.send(Message(next(self._ids), _message.POST, service, object, action, payload))

    def event(self, service, object, action, payload):
        self.send(Message(next(self._ids), _message.EVENT, service, object, action, payload))

    def reply(self, request, payload):
        self.send(Message(request.id, _message.REPLY, request.service, request.object, request.action, payload))

    def reply_error(self, request, text):
        payload = _codec.encode(_signature.DYNAMIC, str(text))
        self.send(Message(request.id, _message.ERROR, request.service, request.object, request.action, payload))

    # ---- receiving ----
    def _read_exactly(self, n):
        chunks = bytearray()
        while len(chunks) < n:
            chunk = self._socket.recv(min(n - len(chunks), 1 << 20))
            if not chunk:
                raise EOFError("the peer closed the connection")
            chunks += chunk
        return bytes(chunks)

    def _read_loop(self):
        reason = ""
        try:
            while True:
                message, size = _message.read_header(self._read_exactly(_message.HEADER_SIZE))
                message.payload = self._read_exactly(size) if size else b""
                self._dispatch(message)
        except (OSError, EOFError, _message.ProtocolError) as e:
            reason = str(e)
        self._fall(reason if not self._closed.is_set() else "")

    def _dispatch(self, message):
        if message.type in (_message.REPLY, _message.ERROR):
            with self._pending_lock:
                future = self._pending.pop(message.id, None)
            if future is None:
                return
            if message.type == _message.REPLY:
                future._finish(FutureState.FinishedWithValue, message.payload)
            else:
                future._finish(FutureState.FinishedWithError, None, _error_text(message.payload))
        elif message.type == _message.EVENT:
            if self._on_event:
                self._on_event(message)
        elif message.type in (_message.CALL, _message.POST):
            if self._on_call:
                self._on_call(message)
            elif message.type == _message.CALL:
                self.reply_error(message, "this process hosts no object")

    def _fall(self, reason):
        if self._closed.is_set() and not reason:
            reason = self._close_reason
        self._close_reason = reason or "closed"
        self._closed.set()
        with self._pending_lock:
            pending, self._pending = self._pending, {}
        for future in pending.values():
            future._finish(FutureState.FinishedWithError, None, "the qi connection closed: %s" % self._close_reason)
        if self._on_closed:
            self._on_closed(self._close_reason)

    def close(self):
        if self._closed.is_set() or self._socket is None:
            return
        self._close_reason = "closed by this process"
        self._closed.set()
        try:
            self._socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._socket.close()


def _error_text(payload):
    try:
        value = _codec.decode(_signature.DYNAMIC, payload)
        return value if isinstance(value, str) else repr(value)
    except _codec.CodecError as e:
        return "an unreadable error (%s)" % e
