# NAOqi's `qi` module for processes (docs/python.md "NAOqi's qi for your
# own scripts"): a qi protocol client on the standard library only.
# Sessions reach autolife serve (or the listener autolife starts for a
# package's services, or a robot's NAOqi); services are called, their
# signals connected, and this process's own objects registered as
# services. The names are libqi-python's, and those of the qi package that
# box scripts import inside the engine.
import time as _time

from . import logging, path
from ._application import Application as _RawApplication
from ._application import ApplicationSession as _ApplicationSession
from ._application import make_application
from ._binder import bind, multiThreaded, nobind, singleThreaded
from ._future import Future, FutureState, FutureTimeout, PeriodicTask, Promise, futureBarrier, run_async
from ._objects import Property, Signal, Strand
from ._session import Session
from ._type import (AnyArguments, Bool, Buffer, Double, Dynamic, Float, Int8, Int16, Int32, Int64, List, Map,
                    Object, String, Struct, UInt8, UInt16, UInt32, UInt64, Void, _isinstance, typeof)
from .logging import (Logger, error, fatal, getLogger, info, logDebug, logError, logFatal, logInfo, logVerbose,
                      logWarning, verbose, warning)
from .translator import Translator, defaultTranslator, tr

__version__ = "2.8.6"

runAsync = run_async
async_ = run_async                     # Python 2's qi.async(...), rewritten
globals()["async"] = run_async         # getattr(qi, "async")
isinstance = _isinstance


def Application(args=None, raw=False, autoExit=True, url=None):
    """qi.Application([args][, raw][, autoExit][, url]): the process's one
    application (a session unless raw); --qi-url in args says where."""
    return make_application(args, raw, autoExit, url)


ApplicationSession = Application


def PromiseNoop(*args, **kwargs):
    pass


def clockNow():
    """qi's steady clock in nanoseconds (engine time in box code)."""
    return int(_runtime.current().monotonic() * 1e9)


steadyClockNow = clockNow


def systemClockNow():
    return int(_time.time() * 1e9)


def module(name):
    raise RuntimeError("qi.module(%r): no qi module can be loaded outside a robot" % name)


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
