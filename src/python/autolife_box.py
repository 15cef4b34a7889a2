# The Python side of autolife's box runtime: what a Choregraphe box script
# finds around it. Compiled into the autolife binary; `_autolife` is the C++
# bridge (src/python/python_box.cpp).
#
# A box script defines `class MyClass(GeneratedClass)`; the runtime creates
# one instance per box, calls onLoad/onUnload and onInput_<name>(value), and
# the instance fires its outputs by calling them: self.onStopped().
import inspect
import sys
import threading
import time
import types
import weakref

import _autolife


class BehaviorStopped(BaseException):
    """Raised inside box code (from a sleep or a robot action) when the
    behavior stops, so that the box's thread unwinds. Not an Exception: a
    box's `except Exception:` does not swallow it."""


class TurnTimeout(BaseException):
    """Raised inside box code that kept its thread longer than a turn may
    last (virtual time waits for every box, so a box that never gives its
    thread back would stop it): the box fails, naming its line."""


# ---- services ---------------------------------------------------------------

class _Method(object):
    def __init__(self, service, name):
        self._service = service
        self._name = name

    def __call__(self, *args):
        return _autolife.call(self._service, self._name, list(args))

    # qi style: proxy.say.async("hi") / proxy.say("hi", _async=True)
    def async_(self, *args):
        return _autolife.post(self._service, self._name, list(args))


class _Post(object):
    """proxy.post.say("hi"): starts the call and returns a task id."""

    def __init__(self, service):
        self._service = service

    def __getattr__(self, name):
        return lambda *args: _autolife.post(self._service, name, list(args))


class ALProxy(object):
    """A NAOqi proxy on one of the engine's services (ALProxy("ALTextToSpeech")).
    A call waits until the robot action is done, in engine time."""

    def __init__(self, name, *ignored):
        object.__setattr__(self, "_name", name)

    def __getattr__(self, method):
        if method == "post":
            return _Post(self._name)
        if self._name == "ALMemory" and method in _MemoryCallbacks.METHODS:
            return getattr(_memory_callbacks, method)
        if method in ("wait", "isRunning", "stop"):
            return _TaskMethod(self._name, method)
        return _Method(self._name, method)

    def __repr__(self):
        return "ALProxy(%r)" % self._name


class _TaskMethod(_Method):
    """wait(id, timeout), isRunning(id), stop(id): ALModule's methods on the
    calls this box posted (proxy.post.say). A call of another shape (the
    awareness' isRunning()) goes to the service."""

    def __call__(self, *args):
        if 1 <= len(args) <= 2 and isinstance(args[0], int) and not isinstance(args[0], bool):
            return getattr(_Tasks, self._name)(*args)
        return _Method.__call__(self, *args)


class _Tasks(object):
    """proxy.wait(id, timeout) / isRunning(id) / stop(id) for post-ed calls."""

    @staticmethod
    def wait(task, timeout=0):
        return _autolife.wait_task(task, timeout)

    @staticmethod
    def isRunning(task):
        return _autolife.task_running(task)

    @staticmethod
    def stop(task):
        return None


# ---- ALMemory's callbacks -----------------------------------------------------------
#
# The engine's ALMemory service answers calls; these ALMemory methods call
# box code back, so they live here: each write of the key runs the callback
# in a thread of the box (as an input does, on the engine clock), until it
# is disconnected or the box unloads.

_boxes = weakref.WeakValueDictionary()    # box id -> its MyClass instance
_modules = weakref.WeakValueDictionary()  # (box id, name) -> ALModule it made


class _MemorySignal(object):
    """ALMemory.subscriber(key).signal: connect(callback) has callback(value)
    called at each insertData / raiseEvent of the key, until disconnect(link),
    until this signal is dropped with its subscriber (as in NAOqi: keep the
    subscriber, `self.s = memory.subscriber(key)`), or until the box unloads."""

    def __init__(self, key):
        self._key = key
        self._links = []

    def connect(self, callback):
        if not callable(callback):
            raise TypeError("ALMemory.subscriber(%r).signal.connect takes a callable, got %r" % (self._key, callback))
        link = _autolife.memory_subscribe(self._key, "", lambda key, value: callback(value))
        self._links.append(link)
        return link

    def disconnect(self, link):
        if link not in self._links:
            return False
        self._links.remove(link)
        _autolife.memory_unsubscribe(link)
        return True

    def disconnectAll(self):
        for link in list(self._links):
            self.disconnect(link)
        return True

    def __del__(self):
        try:
            self.disconnectAll()
        except Exception:
            pass


class _MemorySubscriber(object):
    def __init__(self, key):
        self.signal = _MemorySignal(key)


def _check_key(method, key):
    if not isinstance(key, str) or not key:
        raise ValueError("ALMemory.%s: the key must be a non-empty string, got %r" % (method, key))


def _callback_owner(method, module):
    """What subscribeToEvent's module names: the calling box itself (its
    getName()), or an ALModule the box created with that name."""
    box = _autolife.current_box()
    instance = _boxes.get(box)
    if instance is not None and module in (instance.boxName, instance.getName()):
        return instance
    owner = _modules.get((box, module))
    if owner is not None:
        return owner
    mine = instance.getName() if instance is not None else "self.getName()"
    raise RuntimeError("ALMemory.%s: no module %r to call back: a box's callbacks are methods of the box "
                       "itself (module %r) or of an ALModule it created" % (method, module, mine))


def _arity(function):
    """How many of (key, value, message) the callback takes (3 for *args)."""
    return min(_positional_count(function, unknown=3), 3)


class _MemoryCallbacks(object):
    """ALProxy("ALMemory").subscriber / subscribeToEvent & co in box code."""

    METHODS = ("subscriber", "subscribeToEvent", "unsubscribeToEvent",
               "subscribeToMicroEvent", "unsubscribeToMicroEvent")

    def subscriber(self, key):
        _check_key("subscriber", key)
        return _MemorySubscriber(key)

    def subscribeToEvent(self, name, module, method):
        """NAOqi calls module.method(name, value, module) at each raise."""
        self._subscribe("subscribeToEvent", name, module, method, module)

    def subscribeToMicroEvent(self, name, module, message, method):
        """module.method(name, value, message) at each raise."""
        self._subscribe("subscribeToMicroEvent", name, module, method, message)

    def unsubscribeToEvent(self, name, module):
        _autolife.memory_unsubscribe_module(str(name), str(module))

    unsubscribeToMicroEvent = unsubscribeToEvent

    def _subscribe(self, api, name, module, method, message):
        _check_key(api, name)
        module = str(module)
        owner = _callback_owner(api, module)
        function = getattr(owner, str(method), None)
        if not callable(function):
            raise RuntimeError("ALMemory.%s: module %r has no method %r" % (api, module, method))
        count = _arity(function)
        _autolife.memory_subscribe(name, module, lambda key, value: function(*(key, value, message)[:count]))


_memory_callbacks = _MemoryCallbacks()


class _Session(object):
    """self.session(): the qi session boxes of NAOqi 2 use."""

    def service(self, name):
        return ALProxy(name)

    def isConnected(self):
        return True

    def connect(self, *ignored):
        return None


_session = _Session()


class ALModule(object):
    """Old boxes subclass ALModule to receive events: an ALModule a box
    creates can be named as the module of the box's subscribeToEvent."""

    def __init__(self, name=None, *ignored):
        self.name = name
        if name is not None:
            _modules[(_autolife.current_box(), str(name))] = self

    def getName(self):
        return self.name


class ALBroker(object):
    def __init__(self, *ignored):
        pass

    def shutdown(self):
        pass


# ---- boxes --------------------------------------------------------------------

class _Logger(object):
    def __init__(self, box):
        self._box = box

    def _log(self, level, message, *args):
        if args:
            try:
                message = message % args
            except Exception:
                message = " ".join(str(a) for a in (message,) + args)
        _autolife.log(self._box, level, str(message))

    def debug(self, message, *args):
        self._log("debug", message, *args)

    def info(self, message, *args):
        self._log("info", message, *args)

    def warning(self, message, *args):
        self._log("warning", message, *args)

    warn = warning

    def error(self, message, *args):
        self._log("error", message, *args)

    def fatal(self, message, *args):
        self._log("fatal", message, *args)


class _Output(object):
    def __init__(self, box, name):
        self._box = box
        self._name = name

    def __call__(self, value=None, *ignored):
        _autolife.fire(self._box, self._name, value)


class GeneratedClass(object):
    """The base class of every box: parameters, outputs, logger, session."""

    def __init__(self, *ignored, **also_ignored):
        box = _autolife.constructing()
        object.__setattr__(self, "_box", box)
        try:
            _boxes[box] = self  # subscribeToEvent's module: the box itself
        except TypeError:
            pass  # a class with __slots__ and no __weakref__
        self.boxName = _autolife.box_name(box)
        self.behaviorId = _autolife.behavior_id(box)
        self.logger = _Logger(box)
        for name in _autolife.outputs(box):
            setattr(self, name, _Output(box, name))

    def getParameter(self, name):
        return _autolife.parameter(self._box, name)

    def setParameter(self, name, value):
        _autolife.set_parameter(self._box, name, value)

    def getName(self):
        return self.boxName

    def getBehaviorPath(self, behaviorId=None):
        return _autolife.behavior_path(self._box)

    def session(self):
        return _session

    def log(self, message):
        self.logger.info(message)

    def onLoad(self):
        pass

    def onUnload(self):
        pass

    # The runtime grants a box its resources before its onStart runs
    # (docs/behaviors.md, Resources); a box that is asked for them
    # (Callback on demand: onResource(resourceName)) gives them back here.
    def releaseResource(self, *ignored):
        _autolife.release_resources(self._box)

    def waitResourcesCallback(self, *ignored):
        pass

    def waitResourceFree(self, *ignored):
        pass


def _positional_count(method, unknown=1):
    """How many positional parameters `method` takes; `unknown` when it takes
    *args or its signature cannot be read."""
    try:
        params = inspect.signature(method).parameters.values()
    except (TypeError, ValueError):
        return unknown
    count = 0
    for p in params:
        if p.kind == p.VAR_POSITIONAL:
            return unknown
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            count += 1
    return count


def call_input(instance, method_name, value, has_value):
    """onInput_<name>(p) or onInput_<name>(): NAOqi passes the input's value
    when the method takes one."""
    method = getattr(instance, method_name)
    if _positional_count(method) >= 1:
        return method(value if has_value else None)
    return method()


# ---- time ------------------------------------------------------------------------

class _EngineTimer(object):
    """threading.Timer on the engine clock: runs `function` in a box thread
    after `interval` seconds of engine time, unless cancelled."""

    def __init__(self, interval, function, args=None, kwargs=None):
        self.interval = interval
        self.function = function
        self.args = args or []
        self.kwargs = kwargs or {}
        self.daemon = True
        self._handle = None

    def start(self):
        call = lambda: self.function(*self.args, **self.kwargs)
        self._handle = _autolife.timer(float(self.interval), call)

    def cancel(self):
        if self._handle is not None:
            _autolife.cancel_timer(self._handle)

    def is_alive(self):
        return self._handle is not None and _autolife.timer_pending(self._handle)

    isAlive = is_alive

    def join(self, timeout=None):
        while self.is_alive():
            time.sleep(0.05)

    def setDaemon(self, value):
        self.daemon = value


def install_engine_time():
    """Box code sleeps, tells the time and sets timers on the engine clock
    of the box it runs for: virtual in a simulation, real on a robot (the
    bridge decides per box); stopping a behavior wakes its sleepers."""
    time.sleep = _autolife.sleep
    time.time = _autolife.time
    time.monotonic = _autolife.monotonic
    threading.Timer = _EngineTimer
    sys.stdout = _BoxPrints(sys.stdout, "info")
    sys.stderr = _BoxPrints(sys.stderr, "warning")


class _BoxPrints(object):
    """What box code prints goes to its box's log, line by line, as NAOqi
    sent it to its log (and never into `autolife play`'s own output); other
    code prints where it always did."""

    def __init__(self, real, level):
        self._real = real
        self._level = level
        self._pending = {}  # per box thread: the line not ended yet

    def write(self, text):
        box = _autolife.calling()
        if not box:
            return self._real.write(text)
        key = threading.get_ident()
        lines = (self._pending.pop(key, "") + text).split("\n")
        if lines[-1]:
            self._pending[key] = lines[-1]
        for line in lines[:-1]:
            _autolife.log(box, self._level, line)
        return len(text)

    def flush(self):
        if not _autolife.calling():
            self._real.flush()

    def __getattr__(self, name):
        return getattr(self._real, name)


class _FrameManager(object):
    """ALFrameManager as box scripts use it: the timeline nearest the calling
    box (its own, else its parents'). The box name argument is not needed: the
    calling box is known."""

    def getTimelineFps(self, *ignored):
        return _autolife.timeline_fps(_caller())

    def setTimelineFps(self, name, fps):
        _autolife.set_timeline_fps(_caller(), int(fps))

    def getBehaviorPath(self, *ignored):
        return _autolife.behavior_path(_caller())

    def gotoAndStop(self, name, place):
        return _autolife.timeline_goto(_caller(), str(place))

    def gotoAndPlay(self, name, place):
        return _autolife.timeline_goto(_caller(), str(place))


def _caller():
    return _autolife.calling()


ALFrameManager = _FrameManager()


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


# Names box scripts expect, and Python 2 spellings real boxes use.
box_globals = {
    "ALProxy": ALProxy,
    "ALModule": ALModule,
    "ALBroker": ALBroker,
    "GeneratedClass": GeneratedClass,
    "ALFrameManager": ALFrameManager,
    # modules NAOqi's behavior scripts found imported (boxes call time.sleep unimported)
    "time": time,
    "threading": threading,
    "sys": sys,
    "xrange": range,
    "unicode": str,
    "basestring": str,
    "long": int,
}


def _install_modules():
    naoqi = type(sys)("naoqi")
    naoqi.ALProxy = ALProxy
    naoqi.ALModule = ALModule
    naoqi.ALBroker = ALBroker
    sys.modules.setdefault("naoqi", naoqi)
    qi = type(sys)("qi")
    qi.Session = _Session
    qi.async_ = lambda f, *a, **k: f(*a, **k)
    sys.modules.setdefault("qi", qi)


_install_modules()


def _shifted(code, lines):
    consts = tuple(_shifted(c, lines) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_firstlineno=code.co_firstlineno + lines, co_consts=consts)


_compiled = {}


def compile_box(source, filename, first_line):
    """A box script compiled as if it started on line `first_line` of
    `filename` (tracebacks point into the .xar). Scripts are compiled once
    per text and file, then their line numbers moved: many boxes share a
    script, and padding the text with empty lines would cost as much as
    the lines above it."""
    key = (source, filename)
    code = _compiled.get(key)
    if code is None:
        try:
            code = compile(source, filename, "exec")
        except SyntaxError as e:
            if e.lineno is not None:
                # The compiler may read the line from `filename` on disk,
                # where it is another line: take it from the script.
                lines = source.splitlines(True)
                if 1 <= e.lineno <= len(lines):
                    e.text = lines[e.lineno - 1]
                e.lineno += first_line - 1
            raise
        if len(_compiled) >= 1000:
            _compiled.clear()
        _compiled[key] = code
    return _shifted(code, first_line - 1) if first_line > 1 else code


def python2_to_3(source):
    """A Python 2 box script rewritten by 2to3 (Debian's python3-lib2to3),
    line numbers kept; None when lib2to3 is missing or cannot parse it."""
    try:
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from lib2to3 import refactor
        global _refactoring_tool
        if _refactoring_tool is None:
            fixers = refactor.get_fixers_from_package("lib2to3.fixes")
            _refactoring_tool = refactor.RefactoringTool(fixers)
        text = source if source.endswith("\n") else source + "\n"
        return str(_refactoring_tool.refactor_string(text, "<box>"))
    except Exception:
        return None


_refactoring_tool = None
