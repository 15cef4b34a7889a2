# qi's type descriptions (qi.Int32, qi.List(qi.String)...): what qi.bind
# and qi.Signal signatures are written with. Each is its qi signature.


class _SignatureType(type):
    def __str__(cls):
        return cls.signature

    def __eq__(cls, other):
        return str(other) == cls.signature

    def __ne__(cls, other):
        return not cls.__eq__(other)

    def __hash__(cls):
        return hash(cls.signature)


class _Type(metaclass=_SignatureType):
    signature = "m"

    def __str__(self):
        return self.signature

    def __eq__(self, other):
        return str(other) == self.signature

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.signature)


def _simple(name, signature, doc):
    return _SignatureType(name, (_Type,), {"signature": signature, "__doc__": doc})


Void = _simple("Void", "v", "nothing")
Bool = _simple("Bool", "b", "a boolean")
Int8 = _simple("Int8", "c", "a signed 8-bit integer")
UInt8 = _simple("UInt8", "C", "an unsigned 8-bit integer")
Int16 = _simple("Int16", "w", "a signed 16-bit integer")
UInt16 = _simple("UInt16", "W", "an unsigned 16-bit integer")
Int32 = _simple("Int32", "i", "a signed 32-bit integer")
UInt32 = _simple("UInt32", "I", "an unsigned 32-bit integer")
Int64 = _simple("Int64", "l", "a signed 64-bit integer")
UInt64 = _simple("UInt64", "L", "an unsigned 64-bit integer")
Float = _simple("Float", "f", "a 32-bit float")
Double = _simple("Double", "d", "a 64-bit float")
String = _simple("String", "s", "a string")
Object = _simple("Object", "o", "an object")
Dynamic = _simple("Dynamic", "m", "any value")
Buffer = _simple("Buffer", "r", "raw bytes")
AnyArguments = _simple("AnyArguments", "m", "any arguments")


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
    raise NotImplementedError("qi.typeof is only implemented for qi objects")


def _isinstance(value, type_):
    return False
