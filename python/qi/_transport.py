# One qi connection: the socket (TCP, or TLS for tcps://), the capability
# handshake with libqi's login, and the reading of what comes back: replies
# complete the futures callers wait for; what the peer sends unasked
# (events; calls to the services this process hosts, which come back over
# the same socket: ClientServerSocket) is handed on.
#
# Who reads: a thread waiting for its own reply reads the socket itself
# when no one else does (it "leads"), so a synchronous call costs no
# switch between threads; the reader thread reads whenever no caller
# leads (events, replies to calls made with _async=True).
import itertools
import os
import select
import socket
import threading
import time

from . import _codec, _message, _signature
from ._future import Future, FutureState
from ._message import Message

DEFAULT_URL = "tcp://127.0.0.1:9559"
_DEFAULT_PORTS = {"tcp": 9559, "tcps": 9503}
_LOOPBACK = {"127.0.0.1", "localhost", "::1", "0.0.0.0", ""}

# libqi's authentication (qi/messaging/authprovider.hpp): the state a server
# answers in the capability map, and the prefixes of the login's entries.
AUTH_STATE, AUTH_ERROR_REASON = "__qi_auth_state", "__qi_auth_err_reason"
AUTH_ERROR, AUTH_CONTINUE, AUTH_DONE = 1, 2, 3
_USER_PREFIX, _QI_PREFIX = "auth_", "__qi_auth_"
_MAX_AUTH_ROUNDS = 16
# How long the reader thread leaves the socket to callers after the last
# one's reply (an event that comes meanwhile waits that long at most).
LINGER = 0.002


def engine_url():
    """The engine's qi address when this process was started by autolife
    (a package service), else None."""
    return os.environ.get("AUTOLIFE_QI_URL") or None


def parse_url(url):
    """(scheme, host, port) of a qi URL: "tcp://HOST:PORT", "tcps://HOST:PORT"
    (TLS), "HOST:PORT" or "HOST"; a missing port is NAOqi's (9559, 9503)."""
    text = str(url or DEFAULT_URL).strip()
    scheme = "tcp"
    if "://" in text:
        scheme, text = text.split("://", 1)
        if scheme not in _DEFAULT_PORTS:
            raise RuntimeError("%s: only tcp:// and tcps:// qi URLs are supported" % url)
    host, port = text, _DEFAULT_PORTS[scheme]
    try:
        if text.startswith("["):
            host, _, rest = text[1:].partition("]")
            if rest.startswith(":"):
                port = int(rest[1:])
        elif text.count(":") == 1:
            host, port_text = text.split(":")
            port = int(port_text)
    except ValueError:
        raise RuntimeError("%s: the port is not a number" % url)
    if not 0 < port < 65536:
        raise RuntimeError("%s: the port must be 1 to 65535" % url)
    return scheme, host or "127.0.0.1", port


def resolve_url(url):
    """(scheme, host, port) to connect to. Under autolife, NAOqi's own
    address on this machine (loopback, port 9559) is the engine's: a
    service written for the robot connects there."""
    scheme, host, port = parse_url(url)
    engine = engine_url()
    if engine and scheme == "tcp" and port == 9559 and host in _LOOPBACK and url != engine:
        return parse_url(engine)
    return scheme, host, port


def _local_capabilities():
    return {"ClientServerSocket": True, "MessageFlags": True, "MetaObjectCache": False, "ObjectPtrUID": False,
            "RelativeEndpointURI": True, "RemoteCancelableCalls": False}


def _with_prefix(data):
    """A login's entries as they travel: "user" -> "auth_user"; libqi's own
    (__qi_auth_*) as they are."""
    return {(k if k.startswith(_QI_PREFIX) else _USER_PREFIX + k): v for k, v in (data or {}).items()}


def _login_entries(capabilities):
    """What the server said for the authenticator: "auth_x" -> "x", and
    libqi's own entries."""
    out = {}
    for key, value in capabilities.items():
        if key.startswith(_QI_PREFIX):
            out[key] = value
        elif key.startswith(_USER_PREFIX):
            out[key[len(_USER_PREFIX):]] = value
    return out


class _TokenAuthenticator(object):
    """The login of $QI_AUTH_TOKEN (and $QI_AUTH_USER), when no factory is set."""

    def __init__(self, user, token):
        self._data = {k: v for k, v in (("user", user), ("token", token)) if v}

    def initialAuthData(self):
        return dict(self._data)


def _authenticator(factory):
    if factory is not None:
        return factory.newAuthenticator()
    return _TokenAuthenticator(os.environ.get("QI_AUTH_USER"), os.environ.get("QI_AUTH_TOKEN"))


def _tls_context(cafile):
    """TLS 1.2 or later. Without `cafile` the server's certificate is not
    checked, as libqi's clients accept a robot's self-signed one; with it,
    the certificate must be signed by that CA and name the host."""
    import ssl  # only for tcps: its import costs every start ~10 ms
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if cafile:
        context.load_verify_locations(cafile)
    else:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


class _PlainChannel(object):
    """A TCP socket: one thread reads while others write."""

    def __init__(self, sock):
        self.sock = sock

    def recv(self, n):
        return self.sock.recv(n)

    def sendall(self, data):
        self.sock.sendall(data)

    def pending(self):
        return 0


class _TlsChannel(object):
    """A TLS socket. OpenSSL's connection may not be read and written by two
    threads at once: the socket is non-blocking, each read or write holds
    the lock, and waits for the socket outside it."""

    def __init__(self, sock):
        import ssl
        self.sock = sock
        self._lock = threading.Lock()
        self._select = select.select
        self._want = (ssl.SSLWantReadError, ssl.SSLWantWriteError, BlockingIOError, InterruptedError)
        sock.setblocking(False)

    def recv(self, n):
        while True:
            with self._lock:
                try:
                    return self.sock.recv(n)
                except self._want:
                    pass
            self._select([self.sock], [], [], 1.0)  # a second at most: a writer may have read for us

    def sendall(self, data):
        view = memoryview(data)
        with self._lock:
            while view:
                try:
                    view = view[self.sock.send(view):]
                except self._want:
                    self._select([self.sock], [self.sock], [], 1.0)

    def pending(self):
        """Bytes OpenSSL has decrypted that no select() will announce."""
        with self._lock:
            return self.sock.pending()


class _Reply(object):
    """What a synchronous call waits for (lighter than a Future: its thread
    reads the reply itself, or is woken by the one that does)."""

    __slots__ = ("state", "value", "error")

    def __init__(self):
        self.state, self.value, self.error = FutureState.Running, None, ""

    def _finish(self, state, value=None, error=""):
        # The state last: a follower that sees it finished (without a lock)
        # must find the value already there.
        self.value, self.error = value, error
        self.state = state
        return True


class Transport(object):
    def __init__(self, on_call=None, on_event=None, on_closed=None):
        self._socket = None
        self._channel = None
        self._send_lock = threading.Lock()
        self._ids = itertools.count(1)
        self._pending = {}
        self._pending_lock = threading.Lock()
        self._on_call = on_call
        self._on_event = on_event
        self._on_closed = on_closed
        self._closed = threading.Event()
        self._close_reason = ""
        self._fell = False
        self._read_lock = threading.Lock()  # held by whoever reads the socket
        self._buffer = bytearray()          # read, not yet made into messages
        self._wake = None                   # a socket pair: tells the reader thread to look again
        self._callers = 0                   # threads in _await(): they read for themselves
        self._followers = 0                 # of which waiting for another to read their reply
        self._last_caller = 0.0             # when the last one left
        self._callers_changed = threading.Condition(threading.Lock())
        self._hurry = False                 # an asynchronous call: no lingering
        self.url = None

    # ---- connecting ----
    def connect(self, url, timeout=10.0, authenticator_factory=None, cafile=None):
        """Connects, then logs in (libqi's state machine: the local
        capabilities and the authenticator's initialAuthData, then its
        _processAuth of each answer until the server says done)."""
        scheme, host, port = resolve_url(url)
        shown = "%s://%s:%d" % (scheme, "[%s]" % host if ":" in host else host, port)
        try:
            sock = socket.create_connection((host, port), timeout)
        except OSError as e:
            raise RuntimeError("cannot connect to %s: %s" % (shown, e))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if scheme == "tcps":
            try:
                sock = _tls_context(cafile).wrap_socket(sock, server_hostname=host)
            except (OSError, ValueError) as e:
                sock.close()
                raise RuntimeError("TLS with %s failed: %s" % (shown, e))
            self._channel = _TlsChannel(sock)
        else:
            sock.settimeout(None)
            self._channel = _PlainChannel(sock)
        self._socket = sock
        self.url = shown
        self._wake = socket.socketpair()
        threading.Thread(target=self._reader_thread, name="qi.reader", daemon=True).start()
        try:
            self._log_in(_authenticator(authenticator_factory), timeout)
        except BaseException:
            self.close()
            raise

    def _log_in(self, authenticator, timeout):
        offered = _local_capabilities()
        offered.update(_with_prefix(authenticator.initialAuthData()))
        for _ in range(_MAX_AUTH_ROUNDS):
            reply = self.call(_message.SERVER, 0, _message.AUTHENTICATE,
                              _codec.encode(_signature.CAPABILITIES, offered))
            if not reply.wait(int(timeout * 1000)) == FutureState.FinishedWithValue:
                if reply.isRunning():
                    raise RuntimeError("%s did not answer the handshake within %gs" % (self.url, timeout))
                raise RuntimeError("%s refused the connection: %s" % (self.url, reply._error))
            answer = _codec.decode(_signature.CAPABILITIES, reply.value())
            state = answer.get(AUTH_STATE, AUTH_DONE)
            if state == AUTH_DONE:
                return
            if state == AUTH_ERROR:  # a server that answers its refusal in the map
                reason = answer.get(AUTH_ERROR_REASON) or answer.get("auth_err_reason") or "login refused"
                raise RuntimeError("%s refused the connection: Authentication failed: %s" % (self.url, reason))
            if state != AUTH_CONTINUE:
                raise RuntimeError("%s answered the login with an invalid state %r" % (self.url, state))
            process = getattr(authenticator, "_processAuth", None)
            offered = _with_prefix(process(_login_entries(answer)) if process else {})
        raise RuntimeError("%s: the login did not end after %d rounds" % (self.url, _MAX_AUTH_ROUNDS))

    def connected(self):
        return self._socket is not None and not self._closed.is_set()

    # ---- sending ----
    def send(self, message):
        data = message.to_bytes()
        with self._send_lock:
            if self._closed.is_set() or self._socket is None:
                raise RuntimeError("the qi connection is closed" + (": " + self._close_reason
                                                                    if self._close_reason else ""))
            self._channel.sendall(data)

    def call(self, service, object, action, payload, flags=0):
        """A future of the reply's payload (bytes); an Error fails it with
        the peer's sentence."""
        id = next(self._ids)
        future = Future()
        with self._pending_lock:
            self._pending[id] = future
        if self._callers or time.monotonic() - self._last_caller < LINGER:  # the reader thread lingers: this reply is its to read
            with self._callers_changed:
                self._hurry = True
                self._callers_changed.notify()
        try:
            self.send(Message(id, _message.CALL, service, object, action, payload, flags))
        except (OSError, RuntimeError) as e:
            with self._pending_lock:
                self._pending.pop(id, None)
            future._finish(FutureState.FinishedWithError, None, str(e))
        return future

    def call_sync(self, service, object, action, payload, flags=0):
        """The reply's payload, read by this thread when no one else reads;
        RuntimeError with the peer's sentence for an Error."""
        reply = _Reply()
        id = next(self._ids)
        with self._pending_lock:
            self._pending[id] = reply
        try:
            self.send(Message(id, _message.CALL, service, object, action, payload, flags))
        except (OSError, RuntimeError) as e:
            with self._pending_lock:
                self._pending.pop(id, None)
            raise RuntimeError(str(e))
        self._await(reply)
        if reply.state == FutureState.FinishedWithValue:
            return reply.value
        raise RuntimeError(reply.error)

    def _await(self, reply):
        """Waits for `reply`, reading the socket meanwhile when no one does
        (then this thread leads: it reads until its own reply, dispatching
        what else comes); else until the one who reads has read it, or
        stops reading."""
        changed = self._callers_changed
        with changed:
            self._callers += 1
        try:
            while reply.state == FutureState.Running:
                if self._read_lock.acquire(blocking=False):
                    try:
                        while reply.state == FutureState.Running and not self._closed.is_set():
                            self._read_message()
                    except (OSError, EOFError, ValueError, _message.ProtocolError) as e:
                        self._fall(str(e) or type(e).__name__)
                    finally:
                        self._read_lock.release()
                        if self._buffer or self._channel.pending():
                            # Read with this reply, not handed on: the reader thread
                            # may sleep in select() on a socket with nothing left.
                            self._poke()
                        if self._followers:
                            with changed:
                                changed.notify_all()
                else:
                    with changed:
                        self._followers += 1
                        while reply.state == FutureState.Running and self._read_lock.locked():
                            changed.wait(0.05)
                        self._followers -= 1
        finally:
            with changed:
                self._callers -= 1
                self._last_caller = time.monotonic()  # the reader thread waits LINGER more

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
    def _read_message(self):
        """Reads one whole message (the read lock held) and dispatches it."""
        buffer = self._buffer
        while len(buffer) < _message.HEADER_SIZE:
            self._fill()
        message, size = _message.read_header(bytes(buffer[:_message.HEADER_SIZE]))
        end = _message.HEADER_SIZE + size
        while len(buffer) < end:
            self._fill()
        message.payload = bytes(buffer[_message.HEADER_SIZE:end])
        del buffer[:end]
        self._dispatch(message)

    def _fill(self):
        chunk = self._channel.recv(1 << 16)
        if not chunk:
            raise EOFError("the peer closed the connection")
        self._buffer += chunk

    def _poke(self):
        try:
            if self._wake is not None:
                self._wake[1].send(b"!")
        except OSError:
            pass

    def _reader_thread(self):
        """Reads whatever comes while no caller reads for its own reply.
        While callers wait (and read), it does not look at the socket, nor
        until LINGER after the last one left, so that back-to-back calls
        do not wake it (it looks every LINGER, unwoken); an asynchronous
        call ends the wait at once (its reply is the reader's to read)."""
        reason = ""
        wake = self._wake[0]
        try:
            while not self._closed.is_set():
                with self._callers_changed:
                    while not self._closed.is_set() and not self._hurry:
                        if not self._callers and time.monotonic() - self._last_caller >= LINGER:
                            break
                        self._callers_changed.wait(LINGER)
                    self._hurry = False
                if not self._buffer and not self._channel.pending():
                    ready, _, _ = select.select([self._socket, wake], [], [])
                    if wake in ready:
                        wake.recv(4096)
                    if self._socket not in ready and not self._buffer:
                        continue
                with self._read_lock:
                    if self._closed.is_set():
                        break
                    # A caller may have read it meanwhile: read only what is there.
                    if self._buffer or self._channel.pending() or select.select([self._socket], [], [], 0)[0]:
                        self._read_message()
        except (OSError, EOFError, ValueError, _message.ProtocolError) as e:
            reason = str(e) or type(e).__name__
        self._fall(reason if not self._closed.is_set() else "")
        for end in self._wake:
            end.close()

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
            if self._followers:
                with self._callers_changed:
                    self._callers_changed.notify_all()
        elif message.type == _message.EVENT:
            if self._on_event:
                self._on_event(message)
        elif message.type in (_message.CALL, _message.POST):
            if self._on_call:
                self._on_call(message)
            elif message.type == _message.CALL:
                self.reply_error(message, "this process hosts no object")

    def _fall(self, reason):
        with self._pending_lock:
            if self._fell:
                return
            self._fell = True
            if self._closed.is_set() and not reason:
                reason = self._close_reason
            self._close_reason = reason or "closed"
            self._closed.set()
            pending, self._pending = self._pending, {}
        for future in pending.values():
            future._finish(FutureState.FinishedWithError, None, "the qi connection closed: %s" % self._close_reason)
        with self._callers_changed:
            self._callers_changed.notify_all()
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
        self._poke()
        self._socket.close()


def _error_text(payload):
    try:
        value = _codec.decode(_signature.DYNAMIC, payload)
        return value if isinstance(value, str) else repr(value)
    except _codec.CodecError as e:
        return "an unreadable error (%s)" % e
