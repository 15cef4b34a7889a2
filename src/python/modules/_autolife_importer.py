# Serves autolife's Python modules (src/python/modules: naoqi, qi, almath,
# motion, vision_definitions, the box framework) from the text compiled into
# the binary, ahead of anything on sys.path: nothing is installed, and box
# scripts get these whatever else the machine has. The engine runs this
# file first with `modules` ({name: (is_package, source)}) in its globals.
import importlib.machinery
import sys

PREFIX = "<autolife>/"


class EmbeddedModules(object):
    """A meta path finder and its loader (the protocol of importlib.abc's
    MetaPathFinder and InspectLoader, whose import costs every start 70 ms)."""

    def __init__(self, table):
        self._table = dict(table)

    def filename(self, name):
        package, _ = self._table[name]
        return PREFIX + name.replace(".", "/") + ("/__init__.py" if package else ".py")

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self._table:
            return None
        return importlib.machinery.ModuleSpec(fullname, self, origin=self.filename(fullname),
                                              is_package=self._table[fullname][0])

    def create_module(self, spec):
        return None  # the default module object

    def exec_module(self, module):
        module.__file__ = self.filename(module.__name__)
        exec(self.get_code(module.__name__), module.__dict__)

    def is_package(self, fullname):
        return self._table[fullname][0]

    def get_source(self, fullname):
        return self._table[fullname][1]

    def get_code(self, fullname):
        return compile(self.get_source(fullname), self.filename(fullname), "exec", dont_inherit=True)


def install(table):
    finder = EmbeddedModules(table)
    sys.meta_path.insert(0, finder)
    return finder


install(modules)  # noqa: F821 (given by the engine)
