# qi.Session for a process: connects to a qi server (autolife serve's, the
# listener autolife starts for package services, or a robot's NAOqi), gives
# its services as Python objects and registers this process's own: their
# calls come back over the same connection.
import os
import queue
import random
import threading
import traceback

from . import _codec, _message, _signature, _transport
from ._codec import SERVICE_INFO
from ._future import Future
from ._hosted import HostedObject
from ._objects import Signal
from ._remote import RemoteObject, _take_async

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


class Session(object):
    def __init__(self, url=None):
        self._transport = None
        self._hosted = {}           # service id -> HostedObject
        self._services = {}         # name -> RemoteObject
        self._routes = {}           # (service, object, signal uid) -> RemoteSignal
        self._lock = threading.Lock()
        self._links = iter(range(1, 1 << 62))
        self._events = queue.Queue()
        self._event_thread = None
        self._directory = None
        self.connected = Signal("()")
        self.disconnected = Signal("(s)")
        self.serviceRegistered = Signal("(Is)")
        self.serviceUnregistered = Signal("(Is)")
        if url is not None:
            self.connect(url)

    # ---- the connection ----
    def connect(self, url=None, **kwargs):
        wants_future = _take_async(kwargs)
        if self.isConnected():
            raise RuntimeError("this session is already connected to %s" % self._transport.url)
        transport = _transport.Transport(self._on_call, self._on_event, self._on_closed)
        self._transport = transport
        self._event_thread = threading.Thread(target=self._event_loop, name="qi.events", daemon=True)
        self._event_thread.start()
        transport.connect(url or _transport.engine_url() or _transport.DEFAULT_URL)
        self._directory = RemoteObject(self, _message.SERVICE_DIRECTORY, _message.MAIN_OBJECT,
                                       self._meta_object(_message.SERVICE_DIRECTORY), "ServiceDirectory")
        self._follow_directory()
        self.connected()
        if wants_future:
            future = Future()
            future._finish(4, None)
            return future
        return None

    def _follow_directory(self):
        def added(id, name):
            self.serviceRegistered(id, name)

        def removed(id, name):
            with self._lock:
                self._services.pop(name, None)
            self.serviceUnregistered(id, name)
        try:
            self._directory.serviceAdded.connect(added)
            self._directory.serviceRemoved.connect(removed)
        except (AttributeError, RuntimeError):
            pass  # a directory without those signals: nothing to follow

    def isConnected(self):
        return self._transport is not None and self._transport.connected()

    def url(self):
        return self._transport.url if self._transport else ""

    def close(self):
        for hosted in list(self._hosted.values()):
            hosted.close()
        if self._transport:
            self._transport.close()

    def listen(self, url=None):
        """Services are reached through this session's connection
        (ClientServerSocket): there is nothing to listen on."""

    listenStandalone = listen

    def endpoints(self):
        return []

    # ---- services of the peer ----
    def _meta_object(self, service_id, object_id=_message.MAIN_OBJECT):
        data = self._transport.call(service_id, object_id, _message.META_OBJECT, _codec.encode("(I)", [0])).value()
        return _codec.MetaObject.from_value(_codec.decode(_codec.METAOBJECT, data))

    def service(self, name, **kwargs):
        wants_future = _take_async(kwargs)
        try:
            proxy = self._service(str(name))
        except RuntimeError as e:
            if not wants_future:
                raise
            future = Future()
            future._finish(3, None, str(e))
            return future
        if wants_future:
            future = Future()
            future._finish(4, proxy)
            return future
        return proxy

    def _service(self, name):
        with self._lock:
            proxy = self._services.get(name)
        if proxy is not None:
            return proxy
        if not self.isConnected():
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

    def waitForService(self, name, timeout=None, **kwargs):
        """Waits until `name` is registered (or `timeout` seconds pass)."""
        arrived = threading.Event()
        link = self.serviceRegistered.connect(lambda id, n: arrived.set() if n == name else None)
        try:
            try:
                self._service(name)
                arrived.set()
            except RuntimeError:
                pass
            if not arrived.wait(timeout):
                raise RuntimeError("service '%s' did not arrive within %ss" % (name, timeout))
        finally:
            self.serviceRegistered.disconnect(link)

    # ---- services of this process ----
    def registerService(self, name, obj, **kwargs):
        _take_async(kwargs)
        if not self.isConnected():
            raise RuntimeError("the session must be connected to register a service")
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

    def unregisterService(self, id, **kwargs):
        _take_async(kwargs)
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
        self.disconnected(reason)

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
