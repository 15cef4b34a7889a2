# qi.logging: qi's logger (qi.Logger("my.category").info(...), qi.info(
# "category", ...)). In box code the lines go to the box's log; elsewhere
# to stderr.
import sys

import _autolife

__all__ = ("SILENT", "FATAL", "ERROR", "WARNING", "INFO", "VERBOSE", "DEBUG",
           "fatal", "error", "warning", "info", "verbose", "Logger", "setLevel", "setContext", "setFilters",
           "getLogger", "logFatal", "logError", "logWarning", "logInfo", "logVerbose", "logDebug")

SILENT, FATAL, ERROR, WARNING, INFO, VERBOSE, DEBUG = range(7)
_NAMES = {FATAL: "fatal", ERROR: "error", WARNING: "warning", INFO: "info", VERBOSE: "debug", DEBUG: "debug"}
_level = [VERBOSE]


def _text(message, *args):
    return " ".join(str(x) for x in (message,) + args)


def _log(level, category, message, *args):
    if level > _level[0]:
        return
    line = "[%s] %s" % (category, _text(message, *args)) if category else _text(message, *args)
    box = _autolife.current()
    if box is not None:
        box.log(_NAMES[level], line)
    else:
        sys.__stderr__.write("%s: %s\n" % (_NAMES[level], line))


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
    _level[0] = int(level)


def setContext(context):
    pass


def setFilters(filters):
    pass


logFatal, logError, logWarning, logInfo, logVerbose, logDebug = fatal, error, warning, info, verbose, verbose
getLogger = Logger
