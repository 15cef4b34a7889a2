# qi.Session: services by name, this process's own services, the signals
# of the connection. What reaches the services is the session's backend:
# in a process, one qi connection (_wire.py: tcp:// or tcps://, with a
# login); in box code, the engine's own registry in-process (the runtime's,
# src/python/modules/_autolife_box/qi_runtime.py). Every method takes
# `_async=True` and then answers a future.
from . import _runtime
from ._future import call_maybe_async
from ._objects import Signal


class Session(object):
    def __init__(self, url=None):
        self.connected = Signal("()")
        self.disconnected = Signal("(s)")
        self.serviceRegistered = Signal("(Is)")
        self.serviceUnregistered = Signal("(Is)")
        self._authenticator_factory = None
        self._backend = _runtime.current().session_backend(self)
        if url is not None:
            self.connect(url)

    # ---- the connection ----
    def connect(self, url=None, **kwargs):
        """connect("tcp://HOST:9559") or connect("tcps://HOST:9503") (TLS;
        cafile=PATH: the server's certificate must be signed by that CA,
        else it is not checked, as libqi does with a robot's self-signed
        one). The login is the authenticator factory's, if one is set."""
        return call_maybe_async(self._connect, (url,), kwargs)

    def _connect(self, url=None, cafile=None, timeout=10.0):
        from ._wire import WireBackend  # (here: box code, whose sessions are the engine's, never loads it)
        if self._backend is not None and not isinstance(self._backend, WireBackend):
            return self._backend.connect(url)  # box code: the engine is already there
        if self.isConnected():
            raise RuntimeError("this session is already connected to %s" % self._backend.url())
        backend = WireBackend(self)
        backend.connect(url, self._authenticator_factory, cafile, timeout)
        self._backend = backend
        self.connected()

    def setClientAuthenticatorFactory(self, factory):
        """libqi's login: `factory.newAuthenticator()` gives, at each
        connection, an object whose initialAuthData() returns the login's
        entries ({"user": ..., "token": ...} for NAOqi 2.9) and, when the
        server asks for more, whose _processAuth(data) answers it."""
        if not callable(getattr(factory, "newAuthenticator", None)):
            raise TypeError("setClientAuthenticatorFactory takes an object with a newAuthenticator() method")
        self._authenticator_factory = factory

    def isConnected(self):
        return self._backend is not None and self._backend.is_connected()

    def url(self):
        return self._backend.url() if self._backend is not None else ""

    def close(self, **kwargs):
        return call_maybe_async(lambda: self._backend and self._backend.close(), (), kwargs)

    def listen(self, url=None, **kwargs):
        """Services are reached through this session's connection
        (ClientServerSocket): there is nothing to listen on."""

    listenStandalone = listen

    def endpoints(self):
        return []

    # ---- services ----
    def service(self, name, **kwargs):
        return call_maybe_async(self._service, (str(name),), kwargs)

    def _service(self, name):
        if self._backend is None:
            raise RuntimeError("the session is not connected: cannot find service '%s'" % name)
        return self._backend.service(name)

    def services(self, **kwargs):
        return call_maybe_async(lambda: self._connected_backend("list services").services(), (), kwargs)

    def waitForService(self, name, timeout=None, **kwargs):
        """Waits until `name` is registered (or `timeout` seconds pass)."""
        return call_maybe_async(lambda: self._connected_backend("wait for a service").wait_for_service(
            str(name), timeout), (), kwargs)

    def registerService(self, name, obj, **kwargs):
        return call_maybe_async(lambda: self._connected_backend("register a service").register(str(name), obj),
                                (), kwargs)

    def unregisterService(self, id, **kwargs):
        return call_maybe_async(lambda: self._connected_backend("unregister a service").unregister(id), (), kwargs)

    def _connected_backend(self, what):
        if self._backend is None:
            raise RuntimeError("the session must be connected to %s" % what)
        return self._backend

    def _runtime_event(self):
        return _runtime.current().event()
