# `x.encode(...)` and `x.decode(...)` in Python 2 code: Python 2's str was
# text and bytes at once. They become `_py2_encode(x, ...)` (bytes that
# still work as text, py2_strings.Py2Bytes) and `_py2_decode(x, ...)` (text
# stays text), box globals.
from lib2to3 import fixer_base, pytree
from lib2to3.fixer_util import Call, Comma, Name
from lib2to3.pygram import python_symbols as syms


def _method_at(children):
    """Index of the first `.encode` / `.decode` trailer followed by a call, or None."""
    for i in range(1, len(children) - 1):
        c, after = children[i], children[i + 1]
        if (c.type == syms.trailer and len(c.children) == 2 and c.children[0].value == "."
                and c.children[1].value in ("encode", "decode")
                and after.type == syms.trailer and after.children[0].value == "("):
            return i
    return None


class FixPy2Encode(fixer_base.BaseFix):
    BM_compatible = False
    PATTERN = "power< any+ >"

    def transform(self, node, results):
        children = node.children
        at = _method_at(children)
        if at is None:
            return None
        target = children[:at]  # the object; the trailers after the call go on the result
        obj = target[0].clone() if len(target) == 1 else pytree.Node(syms.power, [c.clone() for c in target])
        obj.prefix = ""
        arguments = [obj]
        call_trailer = children[at + 1]
        if len(call_trailer.children) == 3:  # ( args )
            inner = call_trailer.children[1].clone()
            inner.prefix = " "
            arguments += [Comma(), inner]
        helper = "_py2_encode" if children[at].children[1].value == "encode" else "_py2_decode"
        call = Call(Name(helper), arguments)
        rest = [c.clone() for c in children[at + 2:]]
        result = pytree.Node(syms.power, [call] + rest) if rest else call
        result.prefix = node.prefix
        return result
