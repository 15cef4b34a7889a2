# Python 2's `/` between two integers is a floor division, and box scripts
# rely on it (`range(n / 2)`, frame numbers, list indexes): `a / b` becomes
# `_py2_div(a, b)` (a box global: `//` between integers, `/` otherwise) and
# `x /= y` becomes `x = _py2_div(x, y)` for a name or attribute target.
# A script that imports division from __future__ is left alone.
from lib2to3 import fixer_base, pytree
from lib2to3.fixer_util import ArgList, Call, Comma, Name, does_tree_import
from lib2to3.pgen2 import token
from lib2to3.pygram import python_symbols as syms


def _float_literal(node):
    """A float literal (2.0, 1e3, 100.): `/` with one is a true division in Python 2 too."""
    value = node.value.lower() if node.type == token.NUMBER else ""
    return not value.startswith("0x") and any(c in value for c in ".ej")


def _div_call(left, right):
    left.prefix, right.prefix = "", " "
    return Call(Name("_py2_div"), [left, Comma(), right])


class FixPy2Division(fixer_base.BaseFix):
    BM_compatible = False
    PATTERN = """
        term< any+ >
        | expr_stmt< any '/=' any >
    """

    def start_tree(self, tree, filename):
        super().start_tree(tree, filename)
        self.true_division = does_tree_import("__future__", "division", tree)

    def transform(self, node, results):
        if self.true_division:
            return None
        if node.type == syms.term:
            return self._term(node)
        return self._augmented(node)

    def _term(self, node):
        children = node.children
        if not any(c.type == token.SLASH for c in children[1::2]):
            return None
        prefix = node.prefix
        left = [children[0].clone()]
        rewritten = False
        for op, operand in zip(children[1::2], children[2::2]):
            if op.type == token.SLASH and not _float_literal(operand) and not (len(left) == 1 and _float_literal(left[0])):
                expression = left[0] if len(left) == 1 else pytree.Node(syms.term, left)
                left = [_div_call(expression, operand.clone())]
                rewritten = True
            else:
                left += [op.clone(), operand.clone()]
        if not rewritten:
            return None
        result = left[0] if len(left) == 1 else pytree.Node(syms.term, left)
        result.prefix = prefix
        return result

    def _augmented(self, node):
        target, op, value = node.children
        if target.type not in (token.NAME, syms.power) or (
                target.type == syms.power and any(c.type != syms.trailer or c.children[0].value != "."
                                                  for c in target.children[1:])):
            return None  # a subscript would be evaluated twice: left as it is
        call = _div_call(target.clone(), value.clone())
        call.prefix = " "
        return pytree.Node(syms.expr_stmt, [target.clone(), pytree.Leaf(token.EQUAL, "=", prefix=" "), call],
                           prefix=node.prefix)
