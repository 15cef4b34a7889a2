# NAOqi's `qi` module for box scripts: sessions on the engine's services,
# futures and promises, qi.async (qi.runAsync; Python 2's `qi.async` is
# rewritten `qi.async_`), PeriodicTask, Signal and Property, Application,
# logging, paths, types and the bind decorators. Waits and delays are in
# engine time.
import sys as _sys
import time as _time

import _autolife
from _autolife_box.futures import (Future, FutureState, FutureTimeout, PeriodicTask, Promise, futureBarrier,
                                   run_async)
from _autolife_box.proxies import Session

from . import logging, path
from ._binder import bind, multiThreaded, nobind, singleThreaded
from ._objects import Application, ApplicationSession, Property, Signal, Strand
from ._type import (AnyArguments, Bool, Buffer, Double, Dynamic, Float, Int8, Int16, Int32, Int64, List, Map,
                    Object, String, Struct, UInt8, UInt16, UInt32, UInt64, Void, _isinstance, typeof)
from .logging import (Logger, error, fatal, getLogger, info, logDebug, logError, logFatal, logInfo, logVerbose,
                      logWarning, verbose, warning)
from .translator import Translator, defaultTranslator, tr

__version__ = "2.8.6"

# qi.logging is the process module's (python/qi); in box code its lines go
# to the box's log, elsewhere to stderr, from VERBOSE up.
_LOG_LEVELS = {logging.FATAL: "fatal", logging.ERROR: "error", logging.WARNING: "warning", logging.INFO: "info",
               logging.VERBOSE: "debug", logging.DEBUG: "debug"}


def _to_box_log(level, category, text):
    line = "[%s] %s" % (category, text) if category else text
    box = _autolife.current()
    if box is not None:
        box.log(_LOG_LEVELS[level], line)
    else:
        _sys.__stderr__.write("%s: %s\n" % (_LOG_LEVELS[level], line))


logging._state.update(write=_to_box_log, level=logging.VERBOSE)

runAsync = run_async
async_ = run_async  # Python 2's qi.async(...), rewritten
globals()["async"] = run_async  # getattr(qi, "async")
isinstance = _isinstance


def PromiseNoop(*args, **kwargs):
    pass


def clockNow():
    """Engine time in nanoseconds (qi's steady clock)."""
    return int(_autolife.monotonic() * 1e9)


steadyClockNow = clockNow


def systemClockNow():
    return int(_time.time() * 1e9)


def module(name):
    raise RuntimeError("qi.module(%r): qi modules cannot be loaded in autolife's box runtime" % name)


def listModules():
    return []


__all__ = ["Future", "FutureState", "FutureTimeout", "futureBarrier", "Promise", "PromiseNoop", "Property",
           "Session", "Signal", "Strand", "Application", "ApplicationSession", "PeriodicTask", "runAsync",
           "async_", "Void", "Bool", "Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64",
           "Float", "Double", "String", "List", "Map", "Struct", "Object", "Dynamic", "Buffer", "AnyArguments",
           "typeof", "isinstance", "bind", "nobind", "singleThreaded", "multiThreaded", "fatal", "error",
           "warning", "info", "verbose", "getLogger", "logFatal", "logError", "logWarning", "logInfo",
           "logVerbose", "logDebug", "Logger", "defaultTranslator", "tr", "Translator", "module", "listModules",
           "clockNow", "steadyClockNow", "systemClockNow", "logging", "path"]
