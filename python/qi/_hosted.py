# A Python object registered as a service (session.registerService): its
# metaObject is made from its members, as libqi-python makes it, and the
# calls the engine forwards to it arrive over the session's connection.
#
# Members: every attribute whose name does not start with "__". A
# qi.Signal is a signal, a qi.Property a property, any other callable a
# method (unless @qi.nobind): its parameters are those of @qi.bind, else
# one dynamic value per positional parameter; its result @qi.bind's, else
# dynamic. Methods are numbered from 100 in name order, then signals, then
# properties.
import inspect
import threading
import traceback

from . import _codec, _message, _signature
from ._codec import MetaMethod, MetaObject
from ._future import Future
from ._objects import Property, Signal

_NOT_BOUND = "DONOTBIND"
# libqi's bound members below 100 that are answered with nothing to report.
_STATS = {80: ("b", False), 81: ("v", None), 83: ("v", None), 84: ("b", False), 85: ("v", None)}


def _parameters_of(function):
    declared = getattr(function, "__qi_signature__", None)
    if declared and declared != _NOT_BOUND:
        signature = "(m)" if declared == "m" else declared
        return signature, []
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return "()", []
    names = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return "(%s)" % ("m" * len(names)), names


def _tuple_text(signature):
    text = str(signature)
    return text if text.startswith("(") else "(%s)" % text


class HostedObject(object):
    """`target` as a qi object: its metaObject and what answers calls to it."""

    def __init__(self, target, description=""):
        self.target = target
        self.methods = {}      # uid -> (MetaMethod, callable)
        self.signals = {}      # uid -> (name, tuple signature, Signal)
        self.properties = {}   # uid -> (name, signature, Property)
        self._links = {}       # remote link -> (uid, local link)
        self._lock = threading.Lock()
        self._build()
        self.meta = MetaObject({uid: m for uid, (m, _) in self.methods.items()},
                               {uid: (n, s) for uid, (n, s, _) in self.signals.items()},
                               {uid: (n, s) for uid, (n, s, _) in self.properties.items()},
                               description or (type(target).__doc__ or "").strip())

    def _build(self):
        methods, signals, properties = [], [], []
        for name in sorted(dir(self.target)):
            if name.startswith("__"):
                continue
            try:
                member = getattr(self.target, name)
            except Exception:
                continue
            if isinstance(member, Signal):
                signals.append((name, member))
            elif isinstance(member, Property):
                properties.append((name, member))
            elif callable(member) and not inspect.isclass(member) \
                    and getattr(member, "__qi_signature__", None) != _NOT_BOUND:
                methods.append((getattr(member, "__qi_name__", None) or name, member))
        uid = _message.FIRST_USER
        for name, function in methods:
            parameters, names = _parameters_of(function)
            result = getattr(function, "__qi_return_signature__", None) or "m"
            doc = (getattr(function, "__doc__", "") or "").strip()
            self.methods[uid] = (MetaMethod(uid, name, parameters, result, doc, names), function)
            uid += 1
        for name, signal in signals:
            self.signals[uid] = (name, _tuple_text(signal.signature), signal)
            uid += 1
        for name, prop in properties:
            self.properties[uid] = (name, prop.signature, prop)
            uid += 1

    # ---- answering ----
    def handle(self, message, transport, service_id):
        """Answers one Call (or runs one Post) addressed to this object."""
        try:
            result_signature, result = self._answer(message, transport, service_id)
            if message.type == _message.CALL:
                transport.reply(message, _codec.encode(result_signature, result))
        except Exception as e:
            if message.type == _message.CALL:
                transport.reply_error(message, _error_text(e))
            else:
                traceback.print_exc()

    def _answer(self, message, transport, service_id):
        action = message.action
        if action in self.methods:
            meta, function = self.methods[action]
            result = function(*self._arguments(message, meta.parameters))
            if isinstance(result, Future):
                result = result.value()
            return meta.result, result
        if action in self.signals and message.type == _message.POST:
            name, signature, signal = self.signals[action]
            signal(*self._arguments(message, signature))
            return "v", None
        if action == _message.META_OBJECT:
            return _codec.METAOBJECT, self.meta.to_value()
        if action in (_message.REGISTER_EVENT, _message.REGISTER_EVENT_WITH_SIGNATURE):
            arguments = self._arguments(message, "(IIL)" if action == _message.REGISTER_EVENT else "(IILs)")
            return "L", self._register(arguments[1], arguments[2], transport, service_id, message.object)
        if action == _message.UNREGISTER_EVENT:
            self._unregister(self._arguments(message, "(IIL)")[2])
            return "v", None
        if action == _message.PROPERTY:
            return "m", self._property(self._arguments(message, "(m)")[0]).value()
        if action == _message.SET_PROPERTY:
            key, value = self._arguments(message, "(mm)")
            self._property(key).setValue(value)
            return "v", None
        if action == _message.PROPERTIES:
            return "[s]", [name for name, _, _ in self.properties.values()]
        if action == _message.TERMINATE:
            return "v", None
        if action in _STATS:
            return _STATS[action]
        raise RuntimeError("%s has no member with uid %d" % (type(self.target).__name__, action))

    @staticmethod
    def _arguments(message, parameters):
        if message.flags & _message.DYNAMIC_PAYLOAD:
            value = _codec.decode("m", message.payload)
            return list(value) if isinstance(value, (list, tuple)) else [value]
        return _codec.decode(_signature.parse_tuple(parameters), message.payload)

    def _property(self, key):
        for uid, (name, _, prop) in self.properties.items():
            if key == name or key == uid:
                return prop
        raise RuntimeError("%s has no property %r" % (type(self.target).__name__, key))

    def _register(self, uid, remote_link, transport, service_id, object_id):
        if uid in self.signals:
            _, signature, source = self.signals[uid]
        elif uid in self.properties:
            _, prop_signature, prop = self.properties[uid]
            signature, source = "(%s)" % prop_signature, prop
        else:
            raise RuntimeError("%s has no signal with uid %d" % (type(self.target).__name__, uid))
        encoding = _signature.parse_tuple(signature)

        def forward(*values):
            try:
                transport.event(service_id, object_id, uid, _codec.encode(encoding, list(values)))
            except (RuntimeError, OSError, _codec.CodecError):
                traceback.print_exc()
        with self._lock:
            old = self._links.pop(remote_link, None)
            if old:
                self._disconnect(*old)
            self._links[remote_link] = (uid, source.connect(forward))
        return remote_link

    def _unregister(self, remote_link):
        with self._lock:
            link = self._links.pop(remote_link, None)
        if link:
            self._disconnect(*link)

    def _disconnect(self, uid, local_link):
        source = self.signals[uid][2] if uid in self.signals else self.properties[uid][2]
        source.disconnect(local_link)

    def close(self):
        with self._lock:
            links, self._links = list(self._links.values()), {}
        for link in links:
            self._disconnect(*link)


def _error_text(error):
    text = str(error) or type(error).__name__
    return text if isinstance(error, RuntimeError) else "%s: %s" % (type(error).__name__, text)
