# The qi module box scripts import is autolife's one `qi` (python/qi,
# compiled into the binary with this package); what differs for box code is
# this adapter, installed when the interpreter starts: waits, delays and
# timers in engine time, tasks (qi.runAsync, PeriodicTask, async calls) and
# signal callbacks in box threads of the calling box, and sessions on the
# engine's registry in-process instead of a qi connection. Code that is not
# box code (no box current) keeps threads and the wall clock.
import sys
import traceback

import _autolife
from qi import _runtime
from qi import logging as qi_logging
from qi import path as qi_path

from .proxies import ServiceObject

ENGINE_URL = "tcp://127.0.0.1:9559"  # what a box's session says it reached: its robot's NAOqi


class EngineBackend(object):
    """A box's qi.Session (self.session(), qi.Session(), qi.Application's):
    the engine's services, connected from the start; connect(url) is
    accepted, whatever the address (the box runs on the robot it would
    reach)."""

    def __init__(self, session):
        self._connected = True

    def connect(self, url=None):
        self._connected = True

    def is_connected(self):
        return self._connected

    def url(self):
        return ENGINE_URL

    def close(self):
        self._connected = False

    def service(self, name):
        # A service the robot lacks is not refused here: its calls are
        # recorded as calls to a missing service, as ALProxy's are.
        return ServiceObject(name)

    def services(self):
        return [{"name": n} for n in _autolife.service_names()]

    def wait_for_service(self, name, timeout):
        return self.service(name)

    def register(self, name, obj):
        raise RuntimeError("registerService(%r): box code cannot add services to the robot" % name)

    def unregister(self, id):
        pass


class EngineRuntime(_runtime.ThreadRuntime):
    """qi's runtime in box code (see _runtime.ThreadRuntime)."""

    owns_process = False  # the engine's signals are not box code's

    def event(self):
        return _autolife.Event()  # a box thread waits in engine time, other threads for real

    def spawn(self, function, delay=0.0):
        if _autolife.current() is None:
            return _runtime.ThreadRuntime.spawn(self, function, delay)
        return _autolife.spawn(function, max(0.0, float(delay)))

    def monotonic(self):
        return _autolife.monotonic()

    def deliver(self, callback, values):
        """Each callback in a box thread of the emitting box (qi calls them
        asynchronously); outside box code, at once."""
        if _autolife.current() is not None:
            _autolife.spawn(lambda: callback(*values), 0.0)
        else:
            _runtime.ThreadRuntime.deliver(self, callback, values)

    def report(self, error, held=False):
        """A callback's failure: in a box thread it is raised again, so that
        the box's log says where; elsewhere on stderr."""
        if _autolife.current() is not None:
            raise error
        traceback.print_exception(type(error), error, error.__traceback__, file=sys.__stderr__)

    def session_backend(self, session):
        return EngineBackend(session)


# qi.logging's lines go to the box's log, from VERBOSE up; elsewhere to stderr.
_LOG_LEVELS = {qi_logging.FATAL: "fatal", qi_logging.ERROR: "error", qi_logging.WARNING: "warning",
               qi_logging.INFO: "info", qi_logging.VERBOSE: "debug", qi_logging.DEBUG: "debug"}


def _to_box_log(level, category, text):
    line = "[%s] %s" % (category, text) if category else text
    box = _autolife.current()
    if box is not None:
        box.log(_LOG_LEVELS[level], line)
    else:
        sys.__stderr__.write("%s: %s\n" % (_LOG_LEVELS[level], line))


# qi.path: a simulation writes nothing into the user's home (a folder of
# this process instead), and data is looked for in the behavior's package.
def _process_folder():
    import tempfile  # (here: importing it costs every start)
    return tempfile.mkdtemp(prefix="autolife-qi-path-")


def _package_roots():
    box = _autolife.current()
    if box is None:
        return []
    relative = box.relative_path()
    path = box.behavior_path()
    return [path[: len(path) - len(relative)].rstrip("/") if relative and path.endswith(relative) else path]


def install_qi_runtime():
    _runtime.install(EngineRuntime())
    qi_logging._state.update(write=_to_box_log, level=qi_logging.VERBOSE)
    qi_path._state.update(default_writable=_process_folder, data_roots=_package_roots)
