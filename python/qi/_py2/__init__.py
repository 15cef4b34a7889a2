# Python 2 code in a package service (NAOqi's Python was 2.7): a module of
# the package that Python 3 cannot compile, or that uses names only Python
# 2 had (xrange, raw_input, dict.has_key...), is rewritten by lib2to3
# (Debian's python3-lib2to3) as it is imported, line numbers kept, with one
# more fixer: `async` and `await`, names in Python 2 (qi.async), become
# async_ and await_. Modules outside the package (the standard library,
# autolife's qi) are imported as they are.
import builtins
import importlib.machinery
import importlib.util
import io
import os
import sys
import threading
import tokenize
import types
import warnings

_ONLY_PYTHON2 = {"xrange", "raw_input", "unicode", "basestring", "unichr", "execfile", "has_key", "iteritems",
                 "iterkeys", "itervalues", "urllib2", "urlparse", "ConfigParser", "Queue", "StringIO", "cPickle",
                 "cStringIO", "httplib", "thread", "commands", "SocketServer", "__builtin__"}
_lock = threading.Lock()
_tool = []


def _uses_python2_names(text):
    try:
        return any(t.type == tokenize.NAME and t.string in _ONLY_PYTHON2
                   for t in tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return True


def _refactoring_tool():
    if not _tool:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from lib2to3 import refactor
            fixers = refactor.get_fixers_from_package("lib2to3.fixes") + ["qi._py2.fix_async_name"]
            _tool.append(refactor.RefactoringTool(fixers))
    return _tool[0]


def rewrite(text, path):
    """`text` as Python 3, or None when lib2to3 cannot read it either."""
    source = text if text.endswith("\n") else text + "\n"
    source = "".join(line.expandtabs(8) if line[:1] in " \t" else line for line in source.splitlines(True))
    try:
        with _lock, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return str(_refactoring_tool().refactor_string(source, path))
    except Exception:
        return None


def compile_source(text, path):
    """The code of a module's text, rewritten from Python 2 when it is Python 2."""
    try:
        code = compile(text, path, "exec", dont_inherit=True)
        if not _uses_python2_names(text):
            return code
        error = None
    except SyntaxError as e:
        code, error = None, e
    rewritten = rewrite(text, path)
    if rewritten is not None:
        try:
            return compile(rewritten, path, "exec", dont_inherit=True)
        except SyntaxError:
            pass
    if code is not None:
        return code
    raise error


class _Loader(importlib.machinery.SourceFileLoader):
    def source_to_code(self, data, path, *, _optimize=-1):
        return compile_source(importlib.util.decode_source(data), path)


class _Finder(object):
    """Finds what PathFinder finds; the package's own .py files load through _Loader."""

    def __init__(self, root):
        self.root = os.path.realpath(root) + os.sep

    def find_spec(self, name, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        origin = spec.origin if spec is not None else None
        if origin and origin.endswith(".py") and os.path.realpath(origin).startswith(self.root):
            spec.loader = _Loader(spec.name, origin)
        return spec

    def invalidate_caches(self):
        pass


def install(root):
    sys.dont_write_bytecode = True  # nothing written into the package's folder
    sys.meta_path.insert(0, _Finder(root))


def run_script(path, arguments):
    """Runs `path` as __main__ (rewritten when it is Python 2), with `arguments` as sys.argv."""
    with open(path, "rb") as f:
        code = compile_source(importlib.util.decode_source(f.read()), path)
    main = types.ModuleType("__main__")
    main.__file__ = path
    main.__builtins__ = builtins
    sys.modules["__main__"] = main
    sys.argv = [path] + list(arguments)
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    exec(code, main.__dict__)
