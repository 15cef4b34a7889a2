# Objects of the peer (the engine's services, the objects they hand out
# such as ALMemory.subscriber(key)) as Python objects: attributes are the
# methods, signals and properties of the object's metaObject. A method call
# waits for its answer (RuntimeError with the peer's sentence when it
# refuses), or returns a qi.Future with _async=True.
import threading

from . import _codec, _message, _signature
from ._future import Future, FutureState


def _take_async(kwargs):
    wants = False
    for key in ("_async", "async_", "async"):
        if key in kwargs:
            wants = bool(kwargs.pop(key)) or wants
    return wants


class RemoteObject(object):
    def __init__(self, session, service_id, object_id, meta, name=""):
        self._session = session
        self._service = service_id
        self._object = object_id
        self._meta = meta
        self._name = name or ("object %d/%d" % (service_id, object_id))
        self._members = {}
        self._lock = threading.Lock()

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        with self._lock:
            member = self._members.get(name)
            if member is None:
                member = self._make_member(name)
                self._members[name] = member
        return member

    def _make_member(self, name):
        if self._meta.overloads(name):
            return RemoteMethod(self, name)
        uid = self._meta.signal_uid(name)
        if uid is not None:
            return RemoteSignal(self, uid, self._meta.signals[uid][1])
        uid = self._meta.property_uid(name)
        if uid is not None:
            return RemoteProperty(self, uid, name)
        raise AttributeError("%s has no method, signal or property named %r" % (self._name, name))

    def __dir__(self):
        return self._meta.member_names()

    def __repr__(self):
        return "<qi object %s>" % self._name

    def metaObject(self):
        return self._meta

    def isValid(self):
        return self._session.isConnected()

    def call(self, method, *args, **kwargs):
        return getattr(self, method)(*args, **kwargs)

    # ---- the wire ----
    def _invoke(self, action, parameters, result, args):
        payload = _codec.encode(_signature.parse_tuple(parameters), list(args))
        raw = self._session._transport.call(self._service, self._object, action, payload)
        return raw.andThen(lambda data: self._session._decode(result, data))

    def _send(self, action, signature, values):
        return self._session._transport.call(self._service, self._object, action,
                                             _codec.encode(signature, values))


class RemoteMethod(object):
    def __init__(self, owner, name):
        self._owner = owner
        self.__name__ = name
        overloads = owner._meta.overloads(name)
        self.__doc__ = "\n".join("%s%s -> %s%s" % (name, m.parameters, m.result,
                                                   ": " + m.description if m.description else "")
                                 for m in overloads)

    def _choose(self, args):
        overloads = self._owner._meta.overloads(self.__name__)
        candidates = [m for m in overloads if m.arity() == len(args)]
        if not candidates:
            arities = sorted({m.arity() for m in overloads})
            raise RuntimeError("%s.%s takes %s argument(s), %d given" % (
                self._owner._name, self.__name__, " or ".join(str(a) for a in arities), len(args)))
        for method in candidates:  # the first overload the arguments fit
            try:
                _codec.encode(_signature.parse_tuple(method.parameters), list(args))
                return method
            except _codec.CodecError:
                continue
        return candidates[0]

    def __call__(self, *args, **kwargs):
        wants_future = _take_async(kwargs)
        if kwargs:
            raise TypeError("%s.%s takes positional arguments only" % (self._owner._name, self.__name__))
        try:
            method = self._choose(args)
            future = self._owner._invoke(method.uid, method.parameters, method.result, args)
        except (_codec.CodecError, _signature.SignatureError) as e:
            if not wants_future:
                raise RuntimeError("%s.%s: %s" % (self._owner._name, self.__name__, e))
            future = Future()
            future._finish(FutureState.FinishedWithError, None, str(e))
        return future if wants_future else future.value()


class RemoteSignal(object):
    """A signal of the peer's object: connect(callback) registers for its
    events (once, whatever the number of callbacks); callbacks hear the
    signal's values in the session's event thread."""

    def __init__(self, owner, uid, signature):
        self._owner = owner
        self._uid = uid
        self.signature = signature
        self._callbacks = {}
        self._remote_link = None
        self._lock = threading.Lock()

    def connect(self, callback, **kwargs):
        wants_future = _take_async(kwargs)
        session = self._owner._session
        with self._lock:
            link = session._new_link()
            self._callbacks[link] = callback
            register = self._remote_link is None
            if register:
                self._remote_link = session._new_link()
        if register:
            session._route_event(self._owner._service, self._owner._object, self._uid, self)
            future = self._owner._send(_message.REGISTER_EVENT, "(IIL)",
                                       [self._owner._service, self._uid, self._remote_link])
            if not wants_future:
                future.value()
        return _resolved(link) if wants_future else link

    def disconnect(self, link):
        with self._lock:
            removed = self._callbacks.pop(link, None) is not None
            last = removed and not self._callbacks and self._remote_link is not None
            remote = self._remote_link
            if last:
                self._remote_link = None
        if last:
            self._owner._session._unroute_event(self._owner._service, self._owner._object, self._uid)
            try:
                self._owner._send(_message.UNREGISTER_EVENT, "(IIL)", [self._owner._service, self._uid, remote])
            except RuntimeError:
                pass  # the connection is gone: nothing left to undo
        return removed

    def disconnectAll(self):
        for link in list(self._callbacks):
            self.disconnect(link)
        return True

    def _deliver(self, values):
        with self._lock:
            callbacks = list(self._callbacks.values())
        for callback in callbacks:
            callback(*values)

    def __call__(self, *values):
        """Emits the signal on the peer (a Post)."""
        self._owner._session._transport.post(self._owner._service, self._owner._object, self._uid,
                                             _codec.encode(_signature.parse_tuple(self.signature), list(values)))


class RemoteProperty(object):
    def __init__(self, owner, uid, name):
        self._owner = owner
        self._uid = uid
        self._name = name
        self._signal = RemoteSignal(owner, uid, "(m)")

    def value(self, **kwargs):
        future = self._owner._send(_message.PROPERTY, "(m)", [self._name]).andThen(
            lambda data: self._owner._session._decode("m", data))
        return future if _take_async(kwargs) else future.value()

    def setValue(self, value, **kwargs):
        future = self._owner._send(_message.SET_PROPERTY, "(mm)", [self._name, value])
        if _take_async(kwargs):
            return future
        future.value()

    def connect(self, callback):
        return self._signal.connect(callback)

    def disconnect(self, link):
        return self._signal.disconnect(link)


def _resolved(value):
    future = Future()
    future._finish(FutureState.FinishedWithValue, value)
    return future
