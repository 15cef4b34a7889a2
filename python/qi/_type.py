# qi's type names (qi.Int32, qi.List(qi.String)...), as @qi.bind and
# qi.Signal write signatures: each stands for its qi signature, class or
# instance alike (str(qi.Int8) == "c"). Box code's qi (src/python/modules)
# has this module too (src/python/CMakeLists.txt).


class _Named(type):
    def __str__(cls):
        return cls.signature

    def __eq__(cls, other):
        return str(other) == cls.signature

    def __hash__(cls):
        return hash(cls.signature)


class _Type(metaclass=_Named):
    signature = "m"

    def __str__(self):
        return self.signature

    def __eq__(self, other):
        return str(other) == self.signature

    def __hash__(self):
        return hash(self.signature)


def _scalar(name, signature):
    return _Named(name, (_Type,), {"signature": signature})


Void, Bool, Int8, UInt8 = _scalar("Void", "v"), _scalar("Bool", "b"), _scalar("Int8", "c"), _scalar("UInt8", "C")
Int16, UInt16, Int32, UInt32 = _scalar("Int16", "w"), _scalar("UInt16", "W"), _scalar("Int32", "i"), _scalar("UInt32", "I")
Int64, UInt64, Float, Double = _scalar("Int64", "l"), _scalar("UInt64", "L"), _scalar("Float", "f"), _scalar("Double", "d")
String, Object, Dynamic, Buffer = _scalar("String", "s"), _scalar("Object", "o"), _scalar("Dynamic", "m"), _scalar("Buffer", "r")
AnyArguments = _scalar("AnyArguments", "m")


class List(_Type):
    def __init__(self, element):
        self.signature = "[%s]" % element


class Map(_Type):
    def __init__(self, key, element):
        self.signature = "{%s%s}" % (key, element)


class Struct(_Type):
    def __init__(self, fields):
        self.signature = "(%s)" % "".join(str(f) for f in fields)


def typeof(value):
    try:
        from ._remote import RemoteObject
    except ImportError:  # box code's qi (in the engine's process) has no remote objects
        RemoteObject = ()
    if isinstance(value, RemoteObject):
        return Object
    raise NotImplementedError("qi.typeof is only implemented for objects")


def _isinstance(value, type_):
    if type_ != Object:
        raise NotImplementedError("qi.isinstance is only implemented for qi.Object")
    try:
        return typeof(value) == Object
    except NotImplementedError:
        return False
