# A Session over the qi protocol: one connection to a qi server (autolife
# serve's, the listener autolife starts for package services, or a robot's
# NAOqi), its services as Python objects, and this process's own services,
# whose calls come back over the same connection.
import os
import queue
import threading
import traceback

from . import _codec, _message, _signature, _transport
from ._remote import RemoteObject

_INFO_FIELDS = ["name", "serviceId", "machineId", "processId", "endpoints", "sessionId", "objectUid"]


def notify_supervisor(line):
    """Tells the autolife that started this process (a package service) a
    step of its start: "registered NAME", "running". Nothing otherwise."""
    fd = os.environ.get("AUTOLIFE_READY_FD")
    if not fd:
        return
    try:
        os.write(int(fd), (line + "\n").encode("utf-8"))
    except (OSError, ValueError):
        pass


class WireBackend(object):
    """What a Session does over one qi connection."""

    def __init__(self, session):
        self._session = session
        self._transport = None
        self._hosted = {}           # service id -> HostedObject
        self._services = {}         # name -> RemoteObject
        self._routes = {}           # (service, object, signal uid) -> RemoteSignal
        self._lock = threading.Lock()
        self._links = iter(range(1, 1 << 62))
        self._events = queue.Queue()
        self._directory = None
        self._up = False

    # ---- the connection ----
    def connect(self, url, authenticator_factory=None, cafile=None, timeout=10.0):
        transport = _transport.Transport(self._on_call, self._on_event, self._on_closed)
        transport.connect(url or _transport.engine_url() or _transport.DEFAULT_URL, timeout,
                          authenticator_factory, cafile)
        self._transport = transport
        threading.Thread(target=self._event_loop, name="qi.events", daemon=True).start()
        self._directory = RemoteObject(self, _message.SERVICE_DIRECTORY, _message.MAIN_OBJECT,
                                       self._meta_object(_message.SERVICE_DIRECTORY), "ServiceDirectory")
        self._follow_directory()
        self._up = True

    def _follow_directory(self):
        session = self._session

        def added(id, name):
            session.serviceRegistered(id, name)

        def removed(id, name):
            with self._lock:
                self._services.pop(name, None)
            session.serviceUnregistered(id, name)
        try:
            self._directory.serviceAdded.connect(added)
            self._directory.serviceRemoved.connect(removed)
        except (AttributeError, RuntimeError):
            pass  # a directory without those signals: nothing to follow

    def is_connected(self):
        return self._transport is not None and self._transport.connected()

    def url(self):
        return self._transport.url if self._transport else ""

    def close(self):
        for hosted in list(self._hosted.values()):
            hosted.close()
        if self._transport:
            self._transport.close()

    # ---- services of the peer ----
    def _meta_object(self, service_id, object_id=_message.MAIN_OBJECT):
        data = self._transport.call_sync(service_id, object_id, _message.META_OBJECT, _codec.encode("(I)", [0]))
        return _codec.MetaObject.from_value(_codec.decode(_codec.METAOBJECT, data))

    def service(self, name):
        with self._lock:
            proxy = self._services.get(name)
        if proxy is not None:
            return proxy
        if not self.is_connected():
            raise RuntimeError("the session is not connected: cannot find service '%s'" % name)
        info = self._info(self._directory.service(name))
        proxy = RemoteObject(self, info["serviceId"], _message.MAIN_OBJECT, self._meta_object(info["serviceId"]), name)
        with self._lock:
            self._services[name] = proxy
        return proxy

    @staticmethod
    def _info(value):
        return dict(zip(_INFO_FIELDS, value)) if isinstance(value, list) else value

    def services(self):
        return [self._info(v) for v in self._directory.services()]

    def wait_for_service(self, name, timeout):
        arrived = self._session._runtime_event()
        link = self._session.serviceRegistered.connect(lambda id, n: arrived.set() if n == name else None)
        try:
            try:
                self.service(name)
                arrived.set()
            except RuntimeError:
                pass
            if not arrived.wait(timeout):
                raise RuntimeError("service '%s' did not arrive within %ss" % (name, timeout))
        finally:
            self._session.serviceRegistered.disconnect(link)

    # ---- services of this process ----
    def register(self, name, obj):
        if not self.is_connected():
            raise RuntimeError("the session must be connected to register a service")
        import random
        from ._hosted import HostedObject  # (here: its inspect costs every import of qi)
        hosted = obj if isinstance(obj, HostedObject) else HostedObject(obj)
        info = [str(name), 0, "", os.getpid(), [], "", bytes(random.getrandbits(8) for _ in range(20))]
        id = self._directory.registerService(info)
        with self._lock:
            self._hosted[id] = hosted
        try:
            self._directory.serviceReady(id)
        except RuntimeError:
            with self._lock:
                self._hosted.pop(id, None)
            raise
        notify_supervisor("registered %s" % name)
        return id

    def unregister(self, id):
        with self._lock:
            hosted = self._hosted.pop(id, None)
        if hosted is not None:
            hosted.close()
        self._directory.unregisterService(id)

    # ---- what the peer sends ----
    def _on_call(self, message):
        hosted = self._hosted.get(message.service) if message.object == _message.MAIN_OBJECT else None
        if hosted is None:
            if message.type == _message.CALL:
                self._transport.reply_error(message, "no object %d/%d in this process" % (message.service,
                                                                                        message.object))
            return
        # Each call in a thread of its own: a method may call the engine,
        # whose answer this connection's reader must be free to read.
        threading.Thread(target=hosted.handle, args=(message, self._transport, message.service),
                         name="qi.call", daemon=True).start()

    def _on_event(self, message):
        self._events.put(message)

    def _on_closed(self, reason):
        self._events.put(None)
        if self._up:
            self._session.disconnected(reason)

    def _event_loop(self):
        events = self._events
        while True:
            message = events.get()
            if message is None:
                return
            with self._lock:
                signal = self._routes.get((message.service, message.object, message.action))
            if signal is None:
                continue
            try:
                values = _codec.decode(_signature.parse_tuple(signal.signature), message.payload,
                                       on_object=self._object_proxy)
                signal._deliver(values)
            except Exception:
                traceback.print_exc()

    # ---- for the proxies ----
    def _new_link(self):
        with self._lock:
            return next(self._links)

    def _route_event(self, service, object, uid, signal):
        with self._lock:
            self._routes[(service, object, uid)] = signal

    def _unroute_event(self, service, object, uid):
        with self._lock:
            self._routes.pop((service, object, uid), None)

    def _object_proxy(self, ref):
        return RemoteObject(self, ref.service, ref.object, ref.meta)

    def _decode(self, signature, data):
        return _codec.decode(signature, data, on_object=self._object_proxy)

    def isConnected(self):  # what RemoteObject.isValid asks
        return self.is_connected()
