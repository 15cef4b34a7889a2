# Objects of the peer (the engine's services, the objects they hand out
# such as ALMemory.subscriber(key)) as Python objects: attributes are the
# methods, signals and properties of the object's metaObject. A method call
# waits for its answer (RuntimeError with the peer's sentence when it
# refuses), or returns a qi.Future with _async=True.
import threading

from . import _codec, _message, _signature
from ._future import accepts_async, failed, resolved
from ._future import take_async as _take_async


def _for_caller(raw, decode):
    """The future a call's caller gets: `decode` of the reply runs in the
    thread that read it, the caller's callbacks in a task of their own
    (Future._callbacks_elsewhere)."""
    future = raw.andThen(decode)
    future._callbacks_elsewhere = True
    return future


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

    def async_(self, method, *args):
        """obj.async_("method", args...) (Python 2's obj.async): a future."""
        return getattr(self, method)(*args, _async=True)

    # ---- the wire ----
    def _send(self, action, signature, values):
        return self._session._transport.call(self._service, self._object, action,
                                             _codec.encode(signature, values))


class RemoteMethod(object):
    def __init__(self, owner, name):
        self._owner = owner
        self.__name__ = name
        self._overloads = owner._meta.overloads(name)
        self._by_arity = {}  # arity -> [(MetaMethod, parameters Signature, result Signature)]
        for m in self._overloads:
            self._by_arity.setdefault(m.arity(), []).append(
                (m, _signature.parse_tuple(m.parameters), _signature.parse(m.result)))
        self.__doc__ = "\n".join("%s%s -> %s%s" % (name, m.parameters, m.result,
                                                   ": " + m.description if m.description else "")
                                 for m in self._overloads)

    def _encode(self, args):
        """The overload the arguments fit (the first one), its result's
        signature and the arguments' bytes."""
        candidates = self._by_arity.get(len(args))
        if not candidates:
            arities = sorted(self._by_arity)
            raise RuntimeError("%s.%s takes %s argument(s), %d given" % (
                self._owner._name, self.__name__, " or ".join(str(a) for a in arities), len(args)))
        for method, parameters, result in candidates[:-1]:
            try:
                return method, result, _codec.encode(parameters, args)
            except _codec.CodecError:
                continue
        method, parameters, result = candidates[-1]
        return method, result, _codec.encode(parameters, args)

    def __call__(self, *args, **kwargs):
        wants_future = _take_async(kwargs) if kwargs else False
        if kwargs:
            raise TypeError("%s.%s takes positional arguments only" % (self._owner._name, self.__name__))
        owner = self._owner
        try:
            method, result, payload = self._encode(args)
        except (_codec.CodecError, _signature.SignatureError, RuntimeError) as e:
            text = str(e) if isinstance(e, RuntimeError) else "%s.%s: %s" % (owner._name, self.__name__, e)
            if not wants_future:
                raise RuntimeError(text)
            return failed(text)
        backend = owner._session
        if wants_future:
            raw = backend._transport.call(owner._service, owner._object, method.uid, payload)
            return _for_caller(raw, lambda data: backend._decode(result, data))
        return backend._decode(result, backend._transport.call_sync(owner._service, owner._object, method.uid,
                                                                    payload))

    def async_(self, *args):
        """proxy.method.async_(args...): the call, as a future."""
        return self(*args, _async=True)


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
        return resolved(link) if wants_future else link

    @accepts_async
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

    @accepts_async
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
        future = _for_caller(self._owner._send(_message.PROPERTY, "(m)", [self._name]),
                             lambda data: self._owner._session._decode("m", data))
        return future if _take_async(kwargs) else future.value()

    def setValue(self, value, **kwargs):
        future = self._owner._send(_message.SET_PROPERTY, "(mm)", [self._name, value])
        if _take_async(kwargs):
            return _for_caller(future, lambda data: None)
        future.value()

    def connect(self, callback, **kwargs):
        return self._signal.connect(callback, **kwargs)

    def disconnect(self, link, **kwargs):
        return self._signal.disconnect(link, **kwargs)
