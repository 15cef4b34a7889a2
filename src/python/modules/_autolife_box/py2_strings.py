# Python 2's encoded strings in Python 3 box code. A Python 2 script's
# `text.encode("utf-8")` gave a `str` that was text and bytes at once; box
# scripts use it both ways (the Choice box splits it with "/", others hash
# it or send it). In scripts rewritten from Python 2, `x.encode(...)` gives
# a Py2Bytes: real bytes (hashlib, sockets and files take it) that also
# works with text as Python 2's str did (split("/"), + "text", == "text",
# str(), "%s" and format() give the text).


def _to_bytes(value, encoding="utf-8"):
    return value.encode(encoding) if isinstance(value, str) else value


class Py2Bytes(bytes):
    def _text(self):
        return bytes.decode(self, "utf-8", "replace")

    def __str__(self):
        return self._text()

    def __format__(self, spec):
        return format(self._text(), spec)

    def __eq__(self, other):
        if isinstance(other, str):
            return self._text() == other
        return bytes.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._text())

    def __add__(self, other):
        if isinstance(other, str):
            return self._text() + other  # str + unicode was unicode
        return Py2Bytes(bytes.__add__(self, other))

    def __radd__(self, other):
        if isinstance(other, str):
            return other + self._text()
        return Py2Bytes(bytes(other) + bytes(self))

    def __contains__(self, item):
        return bytes.__contains__(self, _to_bytes(item))

    def __getitem__(self, index):
        piece = bytes.__getitem__(self, index)
        return Py2Bytes(piece) if isinstance(piece, bytes) else Py2Bytes(bytes([piece]))

    def __iter__(self):
        return (Py2Bytes(bytes([b])) for b in bytes.__iter__(self))


def _returning_pieces(name):
    method = getattr(bytes, name)

    def wrapped(self, *args, **kwargs):
        result = method(self, *(_to_bytes(a) for a in args), **kwargs)
        if isinstance(result, bytes):
            return Py2Bytes(result)
        if isinstance(result, (list, tuple)):
            return type(result)(Py2Bytes(r) if isinstance(r, bytes) else r for r in result)
        return result

    wrapped.__name__ = name
    return wrapped


for _name in ("split", "rsplit", "replace", "strip", "lstrip", "rstrip", "startswith", "endswith", "find", "rfind",
              "index", "rindex", "count", "partition", "rpartition", "lower", "upper", "title", "capitalize",
              "splitlines", "center", "ljust", "rjust", "zfill", "swapcase"):
    setattr(Py2Bytes, _name, _returning_pieces(_name))


def _join(self, pieces):
    return Py2Bytes(bytes.join(self, [_to_bytes(p) for p in pieces]))


Py2Bytes.join = _join


def py2_encode(value, *args, **kwargs):
    """`value.encode(...)` in a script rewritten from Python 2."""
    if isinstance(value, str):
        return Py2Bytes(value.encode(*args, **kwargs))
    if isinstance(value, bytes) and not args and not kwargs:
        return value  # Python 2's str.encode() of ASCII bytes
    return value.encode(*args, **kwargs)


def py2_decode(value, *args, **kwargs):
    """`value.decode(...)` in a script rewritten from Python 2: text (the
    2to3 view of Python 2's str) stays as it is."""
    if isinstance(value, str):
        return value
    return value.decode(*args, **kwargs)
