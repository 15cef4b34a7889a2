# `from module import *` inside a function: Python 2 allowed it, Python 3
# refuses the whole script. It becomes `_import_star("module", globals())`, a
# box global that imports the module and puts its public names among the
# script's globals, where the function finds them.
from lib2to3 import fixer_base
from lib2to3.fixer_util import Call, Comma, Name, String
from lib2to3.pygram import python_symbols as syms


def _inside_function(node):
    parent = node.parent
    while parent is not None:
        if parent.type == syms.funcdef:
            return True
        parent = parent.parent
    return False


class FixImportStar(fixer_base.BaseFix):
    BM_compatible = True
    PATTERN = "import_from< 'from' module=any 'import' '*' >"

    def transform(self, node, results):
        if not _inside_function(node):
            return None
        module = str(results["module"]).strip()
        if module.startswith("."):
            return None  # a relative import: left as it is
        call = Call(Name("_import_star"), [String(repr(module)), Comma(), Call(Name("globals"), [])])
        call.prefix = node.prefix
        return call
