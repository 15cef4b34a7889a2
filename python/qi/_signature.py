# qi type signatures (REFERENCE §10): "s", "[m]", "{sm}", "(is)<Name,a,b>",
# "+s"... parsed into a small tree that the codec walks. A signature prints
# back as it was written.

SCALARS = "_bcCwWiIlLfdsvmroX"
INTEGERS = {"c": (-2**7, 2**7 - 1, "<b"), "C": (0, 2**8 - 1, "<B"), "w": (-2**15, 2**15 - 1, "<h"),
            "W": (0, 2**16 - 1, "<H"), "i": (-2**31, 2**31 - 1, "<i"), "I": (0, 2**32 - 1, "<I"),
            "l": (-2**63, 2**63 - 1, "<q"), "L": (0, 2**64 - 1, "<Q")}


class SignatureError(ValueError):
    pass


class Signature(object):
    """One type: `kind` is its first character, `children` its element
    types (list, map, tuple, optional), `annotation` the text of <...>."""

    __slots__ = ("kind", "children", "annotation")

    def __init__(self, kind, children=(), annotation=""):
        self.kind = kind
        self.children = list(children)
        self.annotation = annotation

    def __str__(self):
        if self.kind == "[":
            text = "[%s]" % self.children[0]
        elif self.kind == "{":
            text = "{%s%s}" % (self.children[0], self.children[1])
        elif self.kind == "(":
            text = "(%s)" % "".join(str(c) for c in self.children)
        elif self.kind in "+#":
            text = self.kind + str(self.children[0])
        else:
            text = self.kind
        return text + ("<%s>" % self.annotation if self.annotation else "")

    __repr__ = __str__

    def __eq__(self, other):
        return str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def field_names(self):
        """The member names a struct's annotation gives (<Name,a,b>), or None."""
        if self.kind != "(" or not self.annotation:
            return None
        names = self.annotation.split(",")[1:]
        return names if len(names) == len(self.children) else None


_parsed = {}  # text -> Signature (never changed once made): calls parse the same few again and again


def parse(text):
    """The Signature of `text`; SignatureError saying where it is wrong."""
    text = str(text)
    signature = _parsed.get(text)
    if signature is None:
        signature, end = _parse_one(text, 0, 0)
        if end != len(text):
            raise SignatureError("signature %r has %r after a complete type" % (text, text[end]))
        if len(_parsed) < 4096:
            _parsed[text] = signature
    return signature


def parse_tuple(text):
    """A parameters signature: "(...)", or a single type taken as a tuple of one."""
    signature = parse(text)
    return signature if signature.kind == "(" else Signature("(", [signature])


def _parse_one(text, pos, depth):
    if depth > 64:
        raise SignatureError("signature %r nested deeper than 64" % text)
    if pos >= len(text):
        raise SignatureError("signature %r ends where a type was expected" % text)
    c = text[pos]
    pos += 1
    children = []
    if c in "[+#":
        child, pos = _parse_one(text, pos, depth + 1)
        children.append(child)
        if c == "[":
            pos = _expect(text, pos, "]")
    elif c == "{":
        for _ in range(2):
            child, pos = _parse_one(text, pos, depth + 1)
            children.append(child)
        pos = _expect(text, pos, "}")
    elif c == "(":
        while pos < len(text) and text[pos] != ")":
            child, pos = _parse_one(text, pos, depth + 1)
            children.append(child)
        pos = _expect(text, pos, ")")
    elif c not in SCALARS:
        raise SignatureError("signature %r has %r where a type was expected" % (text, c))
    annotation = ""
    if pos < len(text) and text[pos] == "<":
        annotation, pos = _annotation(text, pos)
    return Signature(c, children, annotation), pos


def _expect(text, pos, close):
    if pos >= len(text) or text[pos] != close:
        raise SignatureError("signature %r should close with %r at %d" % (text, close, pos))
    return pos + 1


def _annotation(text, start):
    depth = 0
    for pos in range(start, len(text)):
        if text[pos] == "<":
            depth += 1
        elif text[pos] == ">":
            depth -= 1
            if depth == 0:
                return text[start + 1:pos], pos + 1
    raise SignatureError("signature %r: annotation '<' is never closed" % text)


DYNAMIC = Signature("m")
VOID = Signature("v")
STRING = Signature("s")
CAPABILITIES = parse("{sm}")
