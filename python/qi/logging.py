# qi.logging in a process: one line per message on stderr, "[W] category:
# message" (F E W I V D), which autolife reads back from a package
# service's output as that service's log at that level. Box code inside
# the engine uses this module too, with its own writer (`_state["write"]`:
# the box's log) and level (qi/__init__.py of src/python/modules).
import sys
import threading

__all__ = ("SILENT", "FATAL", "ERROR", "WARNING", "INFO", "VERBOSE", "DEBUG", "fatal", "error", "warning", "info",
           "verbose", "Logger", "setLevel", "setContext", "setFilters", "getLogger", "logFatal", "logError",
           "logWarning", "logInfo", "logVerbose", "logDebug")

SILENT, FATAL, ERROR, WARNING, INFO, VERBOSE, DEBUG = range(7)
_LETTERS = {FATAL: "F", ERROR: "E", WARNING: "W", INFO: "I", VERBOSE: "V", DEBUG: "D"}
_state = {"level": INFO}
_lock = threading.Lock()


def _to_stderr(level, category, text):
    with _lock:
        for line in text.splitlines() or [""]:
            sys.stderr.write("[%s] %s: %s\n" % (_LETTERS[level], category, line))
        sys.stderr.flush()


_state["write"] = _to_stderr


def _log(level, category, message, *args):
    if level > _state["level"] or level == SILENT:
        return
    _state["write"](level, category, " ".join(str(x) for x in (message,) + args))


class Logger(object):
    def __init__(self, category):
        self.category = category

    def fatal(self, message, *args):
        _log(FATAL, self.category, message, *args)

    def error(self, message, *args):
        _log(ERROR, self.category, message, *args)

    def warning(self, message, *args):
        _log(WARNING, self.category, message, *args)

    def info(self, message, *args):
        _log(INFO, self.category, message, *args)

    def verbose(self, message, *args):
        _log(VERBOSE, self.category, message, *args)

    debug = verbose


def fatal(category, message, *args):
    _log(FATAL, category, message, *args)


def error(category, message, *args):
    _log(ERROR, category, message, *args)


def warning(category, message, *args):
    _log(WARNING, category, message, *args)


def info(category, message, *args):
    _log(INFO, category, message, *args)


def verbose(category, message, *args):
    _log(VERBOSE, category, message, *args)


def setLevel(level):
    _state["level"] = int(level)


def setContext(context):
    pass


def setFilters(filters):
    pass


getLogger = Logger
logFatal, logError, logWarning, logInfo, logVerbose, logDebug = fatal, error, warning, info, verbose, verbose
