# A box script: what it finds around it (its globals), and how it is
# compiled. Scripts of NAOqi's era are Python 2.7; one that Python 3 cannot
# compile, or that uses Python 2's names (xrange, unicode, dict.has_key...),
# is rewritten by 2to3 (Debian's python3-lib2to3) with autolife's fixers
# (`async` as a name, Python 2's integer division, Python 2's encoded
# strings), line numbers kept.
import functools
import importlib
import re
import sys
import threading
import time
import tokenize
import io
import types

from .proxies import ALProxy
from .box import GeneratedClass
from .frame_manager import ALFrameManager
from .py2_strings import py2_decode, py2_encode


class BoxGlobals(dict):
    """A box script's globals. NAOqi gave old boxes a proxy to each module
    under its name (`ALLeds.fadeRGB(...)`): a name AL<Module> that the
    script does not define is that proxy."""

    def __missing__(self, name):
        if name.startswith("AL") and name[2:3].isupper():
            proxy = ALProxy(name)
            self[name] = proxy
            return proxy
        raise KeyError(name)


def import_star(module, namespace):
    """Python 2's `from module import *` inside a function (fix_import_star):
    the module's public names (its __all__, else those without _) among
    the script's globals."""
    imported = importlib.import_module(module)
    names = getattr(imported, "__all__", None)
    if names is None:
        names = [n for n in dir(imported) if not n.startswith("_")]
    for name in names:
        namespace[name] = getattr(imported, name)


def py2_div(a, b):
    """Python 2's `/`: floor division between integers, true division otherwise."""
    if isinstance(a, int) and isinstance(b, int):
        return a // b
    return a / b


def _names():
    import os
    import naoqi
    import qi
    return {
        "ALProxy": ALProxy,
        "ALModule": naoqi.ALModule,
        "ALBroker": naoqi.ALBroker,
        "GeneratedClass": GeneratedClass,
        "ALFrameManager": ALFrameManager,
        # modules NAOqi's box scripts found imported (real boxes use them unimported)
        "time": time,
        "threading": threading,
        "sys": sys,
        "os": os,
        "qi": qi,
        "naoqi": naoqi,  # `naoqi.ALProxy(...)` unimported: NAOqi's box environment had imported it
        # Python 2's names, for scripts that use them without being rewritten
        "xrange": range,
        "unicode": str,
        "basestring": str,
        "long": int,
        "unichr": chr,
        "raw_input": input,
        "reduce": functools.reduce,
        "intern": sys.intern,
        "reload": importlib.reload,
        "_py2_div": py2_div,
        "_import_star": import_star,
        "_py2_encode": py2_encode,
        "_py2_decode": py2_decode,
    }


_globals = []


def _without_encoding(function):
    """json.loads and json.load took `encoding` until Python 3.9 (Python
    2's text was bytes): box scripts still pass it, with valid Python 3."""
    def call(*args, **kwargs):
        kwargs.pop("encoding", None)
        return function(*args, **kwargs)
    call.__doc__ = function.__doc__
    call.tolerates_encoding = True
    return call


def _tolerate_json_encoding():
    import json
    for name in ("loads", "load"):
        function = getattr(json, name)
        if not getattr(function, "tolerates_encoding", False):  # again after a reload(json)
            setattr(json, name, _without_encoding(function))


def box_globals():
    """The names every box script starts with (made on first use: naoqi
    imports this package)."""
    _tolerate_json_encoding()
    if not _globals:
        _globals.append(_names())
    return _globals[0]


# ---- Python 2 -----------------------------------------------------------------

# Names only Python 2 code uses: a script using one is Python 2, and 2to3
# rewrites it even when Python 3 compiles it.
_PYTHON2_NAMES = {"xrange", "unicode", "basestring", "unichr", "raw_input", "has_key", "iteritems", "itervalues",
                  "iterkeys", "viewitems", "viewkeys", "viewvalues", "execfile"}
_PYTHON2_MODULES = {"urllib2", "urlparse", "cPickle", "StringIO", "cStringIO", "ConfigParser", "Queue", "SocketServer",
                    "httplib", "HTMLParser", "thread", "commands", "cookielib", "xmlrpclib", "SimpleHTTPServer",
                    "BaseHTTPServer", "Tkinter", "__builtin__"}


def uses_python2_names(source):
    importing = False  # between `import` / `from` and the end of the statement
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.NAME:
                if token.string in ("import", "from"):
                    importing = True
                elif token.string in _PYTHON2_NAMES or (importing and token.string in _PYTHON2_MODULES):
                    return True
            elif token.type == tokenize.NEWLINE or (token.type == tokenize.OP and token.string == ";"):
                importing = False
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return True  # Python 3's tokenizer cannot read it: likely Python 2
    return False


_PYTHON2_SYNTAX = [re.compile(p) for p in (
    r"^\s*print\s+[^\s(=]", r"except\s+[\w.()\s]+,\s*\w+\s*:", r"`[^`]*`", r"<>", r"\b\d+[lL]\b",
    r"^\s*raise\s+[\w.]+\s*,", r"^\s*exec\s+[\"'\w]", r"\bur[\"']", r"\b0[0-7]+\b", r"\.async\b", r"\basync\s*=")]


def looks_like_python2(message, line):
    """Does a SyntaxError (its message, its line) come from Python 2 syntax?"""
    if "Missing parentheses in call to" in (message or ""):
        return True
    if "multiple exception types must be parenthesized" in (message or ""):
        return True
    return any(p.search(line or "") for p in _PYTHON2_SYNTAX)


_refactoring_tool = None

# 2to3's fixers that add an import line (line numbers would move): their
# names are box globals instead.
_SKIPPED_FIXERS = {"lib2to3.fixes.fix_reduce", "lib2to3.fixes.fix_intern", "lib2to3.fixes.fix_operator",
                   "lib2to3.fixes.fix_exitfunc", "lib2to3.fixes.fix_reload"}


def _tool():
    global _refactoring_tool
    if _refactoring_tool is None:
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from lib2to3 import refactor
        fixers = [f for f in refactor.get_fixers_from_package("lib2to3.fixes") if f not in _SKIPPED_FIXERS]
        fixers += ["_autolife_box.fixes.fix_async_names", "_autolife_box.fixes.fix_py2_division",
                   "_autolife_box.fixes.fix_py2_encode", "_autolife_box.fixes.fix_import_star"]
        _refactoring_tool = refactor.RefactoringTool(fixers)
    return _refactoring_tool


def _expand_leading_tabs(source):
    """Python 2 read a tab in indentation as up to the next multiple of 8
    columns; Python 3 refuses a mix of tabs and spaces."""
    return "".join(re.sub(r"^[ \t]+", lambda m: m.group(0).expandtabs(8), line)
                   for line in source.splitlines(True))


def python2_to_3(source):
    """A Python 2 box script rewritten for Python 3 (2to3 and autolife's
    fixers), line numbers kept; None when lib2to3 is missing or cannot
    parse it."""
    try:
        from .py2_compat import install_python2_library
        install_python2_library()
    except Exception:
        pass  # (a Python 3 without these modules: the rewrite still runs)
    try:
        text = _expand_leading_tabs(source)
        text = text if text.endswith("\n") else text + "\n"
        with _lock:
            rewritten = str(_tool().refactor_string(text, "<box>"))
        return rewritten if source.endswith("\n") else rewritten[:-1]
    except Exception:
        return None


_lock = threading.Lock()  # one RefactoringTool, not thread-safe


# ---- compiling ----------------------------------------------------------------

def _shifted(code, lines):
    consts = tuple(_shifted(c, lines) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_firstlineno=code.co_firstlineno + lines, co_consts=consts)


class Compiled(object):
    """A script ready to run: its code object, and when it was rewritten
    from Python 2, the rewritten text (columns of errors are in it) and
    why (the Python 3 error, or None when only Python 2's names made it)."""

    def __init__(self, code, rewritten=None, python2_error=None):
        self.code = code
        self.rewritten = rewritten
        self.python2_error = python2_error


_compiled = {}


def _compile(source, filename):
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
        error = None
    except SyntaxError as e:
        code, error = None, e
    if code is not None and not uses_python2_names(source):
        return Compiled(code)
    rewritten = python2_to_3(source)
    if rewritten is not None:
        try:
            return Compiled(compile(rewritten, filename, "exec", dont_inherit=True), rewritten, error)
        except SyntaxError:
            pass
    if code is not None:
        return Compiled(code)  # valid Python 3 after all
    raise error


def compile_box(source, filename, first_line):
    """The script compiled as if it started on line `first_line` of
    `filename` (tracebacks point into the .xar). Scripts are compiled once
    per text and file, then their line numbers moved: many boxes share a
    script, and padding the text with empty lines would cost as much as
    the lines above it. A SyntaxError keeps its line in the script."""
    key = (source, filename)
    compiled = _compiled.get(key)
    if compiled is None:
        try:
            compiled = _compile(source, filename)
        except SyntaxError as e:
            if e.lineno is not None:
                # The compiler may read the line from `filename` on disk,
                # where it is another line: take it from the script.
                lines = source.splitlines(True)
                if 1 <= e.lineno <= len(lines):
                    e.text = lines[e.lineno - 1]
            raise
        if len(_compiled) >= 1000:
            _compiled.clear()
        _compiled[key] = compiled
    if first_line > 1:
        return Compiled(_shifted(compiled.code, first_line - 1), compiled.rewritten, compiled.python2_error)
    return compiled
