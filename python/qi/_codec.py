# The qi binary format (REFERENCE §10): Python values to bytes and back,
# by signature. Little-endian scalars, strings and containers with a u32
# length, `m` (dynamic) as its signature then its value. What a dynamic
# value's signature is, when Python gives none, is inferred here
# (`signature_of`): None v, bool b, int i (l, L beyond), float d, str s,
# bytes r, list [m], tuple (m...), dict {sm} (string keys) or {mm}.
import struct

from . import _signature
from ._signature import INTEGERS, Signature, SignatureError, parse


class CodecError(ValueError):
    """A value that does not fit its signature, or bytes that do not decode."""


class ObjectRef(object):
    """An object a peer hands over (`o`): its metaObject, service and object ids."""

    def __init__(self, meta, service, object_id, uid=None):
        self.meta = meta
        self.service = service
        self.object = object_id
        self.uid = uid


# ---- what a Python value is, as a qi type -------------------------------------

def signature_of(value):
    if value is None:
        return _signature.VOID
    if isinstance(value, bool):
        return Signature("b")
    if isinstance(value, int):
        if -2**31 <= value < 2**31:
            return Signature("i")
        return Signature("l") if -2**63 <= value < 2**63 else Signature("L")
    if isinstance(value, float):
        return Signature("d")
    if isinstance(value, str):
        return _signature.STRING
    if isinstance(value, (bytes, bytearray)):
        return Signature("r")
    if isinstance(value, (list, set, frozenset)):
        return Signature("[", [_signature.DYNAMIC])
    if isinstance(value, tuple):
        return Signature("(", [_signature.DYNAMIC] * len(value))
    if isinstance(value, dict):
        key = _signature.STRING if all(isinstance(k, str) for k in value) else _signature.DYNAMIC
        return Signature("{", [key, _signature.DYNAMIC])
    if hasattr(value, "__qi_value__"):  # a qi.Property or an enum-like wrapper
        return signature_of(value.__qi_value__())
    raise CodecError("cannot send a %s over qi" % type(value).__name__)


# ---- encoding -------------------------------------------------------------------

def encode(signature, value):
    """The bytes of `value` as `signature` (a Signature or its text)."""
    out = bytearray()
    _encode(signature if isinstance(signature, Signature) else parse(signature), value, out)
    return bytes(out)


def _put_string(out, data):
    out += struct.pack("<I", len(data))
    out += data


def _as_int(value, kind):
    if isinstance(value, bool) or isinstance(value, int):
        number = int(value)
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    else:
        raise CodecError("%r is not an integer ('%s' expected)" % (value, kind))
    low, high, _ = INTEGERS[kind]
    if not low <= number <= high:
        raise CodecError("%d does not fit '%s'" % (number, kind))
    return number


def _encode(s, value, out):
    k = s.kind
    if k in "v_":
        return
    if k == "b":
        out.append(1 if value else 0)
    elif k in INTEGERS:
        out += struct.pack(INTEGERS[k][2], _as_int(value, k))
    elif k in "fd":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise CodecError("%r is not a number ('%s' expected)" % (value, k))
        out += struct.pack("<f" if k == "f" else "<d", float(value))
    elif k == "s":
        if isinstance(value, (bytes, bytearray)):
            _put_string(out, bytes(value))
        elif isinstance(value, str):
            _put_string(out, value.encode("utf-8", "surrogateescape"))
        else:
            raise CodecError("%r is not a string" % (value,))
    elif k == "r":
        _put_string(out, bytes(value) if isinstance(value, (bytes, bytearray)) else str(value).encode("utf-8"))
    elif k == "m":
        inner = signature_of(value)
        _put_string(out, str(inner).encode("ascii"))
        _encode(inner, value, out)
    else:
        _encode_container(s, value, out)


def _encode_container(s, value, out):
    k = s.kind
    if k in "[#":
        if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
            raise CodecError("%r is not a list ('%s' expected)" % (value, s))
        items = list(value)
        out += struct.pack("<I", len(items))
        for item in items:
            _encode(s.children[0], item, out)
    elif k == "{":
        if not isinstance(value, dict):
            raise CodecError("%r is not a map ('%s' expected)" % (value, s))
        out += struct.pack("<I", len(value))
        for key, item in value.items():
            _encode(s.children[0], key, out)
            _encode(s.children[1], item, out)
    elif k == "(":
        if isinstance(value, dict) and s.field_names():
            value = [value[name] for name in s.field_names()]
        members = list(value) if isinstance(value, (list, tuple)) else None
        if members is None or len(members) != len(s.children):
            raise CodecError("%r does not fit the tuple '%s'" % (value, s))
        for child, member in zip(s.children, members):
            _encode(child, member, out)
    elif k == "+":
        out.append(0 if value is None else 1)
        if value is not None:
            _encode(s.children[0], value, out)
    else:
        raise CodecError("cannot encode a value as '%s'" % s)


# ---- decoding -------------------------------------------------------------------

class Reader(object):
    def __init__(self, data, object_uid=False, on_object=None):
        self.data = memoryview(data)
        self.pos = 0
        self.object_uid = object_uid
        self.on_object = on_object  # ObjectRef -> what the caller gets

    def take(self, n, what):
        if n > len(self.data) - self.pos:
            raise CodecError("at byte %d: %s needs %d bytes, %d left" % (self.pos, what, n, len(self.data) - self.pos))
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def unpack(self, fmt, what="a scalar"):
        return struct.unpack(fmt, self.take(struct.calcsize(fmt), what))[0]

    def count(self):
        n = self.unpack("<I", "a length")
        if n > len(self.data) - self.pos and n > 1 << 20:
            raise CodecError("at byte %d: a length of %d with %d bytes left" % (self.pos, n, len(self.data) - self.pos))
        return n

    def string(self):
        return bytes(self.take(self.count(), "a string"))


def decode(signature, data, object_uid=False, on_object=None):
    """The value `data` holds as `signature`; CodecError when it does not
    fit or bytes are left over."""
    reader = Reader(data, object_uid, on_object)
    value = _decode(signature if isinstance(signature, Signature) else parse(signature), reader)
    if reader.pos != len(reader.data):
        raise CodecError("%d bytes left after a complete '%s'" % (len(reader.data) - reader.pos, signature))
    return value


def _text(raw):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("utf-8", "surrogateescape")


def _decode(s, r):
    k = s.kind
    if k in "v_":
        return None
    if k == "b":
        byte = r.unpack("<B")
        if byte > 1:
            raise CodecError("at byte %d: a bool must be 0 or 1" % (r.pos - 1))
        return byte == 1
    if k in INTEGERS:
        return r.unpack(INTEGERS[k][2])
    if k == "f":
        return r.unpack("<f")
    if k == "d":
        return r.unpack("<d")
    if k == "s":
        return _text(r.string())
    if k == "r":
        return r.string()
    if k == "m":
        text = r.string().decode("ascii", "replace")
        if not text:
            return None
        try:
            inner = parse(text)
        except SignatureError as e:
            raise CodecError("at byte %d: %s" % (r.pos, e))
        return _decode(inner, r)
    if k in "[#":
        return [_decode(s.children[0], r) for _ in range(r.count())]
    if k == "{":
        result = {}
        for _ in range(r.count()):
            key = _decode(s.children[0], r)
            result[_hashable(key)] = _decode(s.children[1], r)
        return result
    if k == "(":
        return [_decode(c, r) for c in s.children]
    if k == "+":
        return _decode(s.children[0], r) if r.unpack("<B") else None
    if k == "o":
        return _decode_object(r)
    raise CodecError("cannot decode '%s'" % s)


def _hashable(key):
    if isinstance(key, list):
        return tuple(_hashable(k) for k in key)
    if isinstance(key, dict):
        return tuple(sorted(key.items()))
    return key


def _decode_object(r):
    meta = MetaObject.from_value(_decode(METAOBJECT, r))
    service = r.unpack("<I")
    object_id = r.unpack("<I")
    uid = bytes(r.take(20, "an object uid")) if r.object_uid else None
    ref = ObjectRef(meta, service, object_id, uid)
    return r.on_object(ref) if r.on_object else ref


# ---- the structures peers exchange ------------------------------------------------

METAOBJECT = parse(
    "({I(Issss[(ss)<MetaMethodParameter,name,description>]s)<MetaMethod,uid,returnSignature,name,"
    "parametersSignature,description,parameters,returnDescription>}{I(Iss)<MetaSignal,uid,name,signature>}"
    "{I(Iss)<MetaProperty,uid,name,signature>}s)<MetaObject,methods,signals,properties,description>")
SERVICE_INFO = parse("(sIsI[s]ss)<ServiceInfo,name,serviceId,machineId,processId,endpoints,sessionId,objectUid>")


class MetaMethod(object):
    def __init__(self, uid, name, parameters, result, description="", parameter_names=(), return_description=""):
        self.uid = uid
        self.name = name
        self.parameters = parameters      # a tuple signature's text: "(sm)"
        self.result = result              # "m"
        self.description = description
        self.parameter_names = list(parameter_names)
        self.return_description = return_description

    def arity(self):
        return len(_signature.parse_tuple(self.parameters).children)

    def to_value(self):
        return [self.uid, self.result, self.name, self.parameters, self.description,
                [[n, ""] for n in self.parameter_names], self.return_description]


class MetaObject(object):
    """An object's methods, signals and properties by uid."""

    def __init__(self, methods=None, signals=None, properties=None, description=""):
        self.methods = methods or {}        # uid -> MetaMethod
        self.signals = signals or {}        # uid -> (name, signature)
        self.properties = properties or {}  # uid -> (name, signature)
        self.description = description

    @classmethod
    def from_value(cls, value):
        methods = {}
        for uid, m in value[0].items():
            methods[uid] = MetaMethod(m[0], m[2], m[3], m[1], m[4], [p[0] for p in m[5]], m[6])
        signals = {uid: (s[1], s[2]) for uid, s in value[1].items()}
        properties = {uid: (p[1], p[2]) for uid, p in value[2].items()}
        return cls(methods, signals, properties, value[3])

    def to_value(self):
        return [{uid: m.to_value() for uid, m in self.methods.items()},
                {uid: [uid, name, sig] for uid, (name, sig) in self.signals.items()},
                {uid: [uid, name, sig] for uid, (name, sig) in self.properties.items()},
                self.description]

    def overloads(self, name):
        return [m for uid, m in sorted(self.methods.items()) if m.name == name and uid >= 100]

    def member_names(self):
        names = {m.name for uid, m in self.methods.items() if uid >= 100}
        names.update(name for uid, (name, _) in self.signals.items() if uid >= 100)
        names.update(name for uid, (name, _) in self.properties.items() if uid >= 100)
        return sorted(names)

    def signal_uid(self, name):
        for uid, (signal, _) in self.signals.items():
            if signal == name:
                return uid
        return None

    def property_uid(self, name):
        for uid, (prop, _) in self.properties.items():
            if prop == name:
                return uid
        return None
