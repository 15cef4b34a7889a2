# NAOqi's `naoqi` module for old scripts run as processes (docs/python.md):
# ALProxy("ALTextToSpeech"[, ip, port]) calls a service through a qi
# session; ALBroker("name", "0.0.0.0", 0, ip, port) says where the default
# proxies connect; an ALModule subclass is registered as a service under
# its name, so that other code can call its methods.
import threading

import qi
from qi import _transport
from qi._future import accepts_async

__all__ = ["ALProxy", "ALModule", "ALBroker", "ALDocable", "NaoQiModule"]

_sessions = {}
_lock = threading.Lock()
_broker_url = []


def _url(ip=None, port=None):
    if ip is not None:
        return "tcp://%s:%d" % (ip, int(port or 9559))
    if _broker_url:
        return _broker_url[0]
    return _transport.engine_url() or _transport.DEFAULT_URL


def _session(url):
    with _lock:
        session = _sessions.get(url)
        if session is None or not session.isConnected():
            session = qi.Session()
            session.connect(url)
            _sessions[url] = session
        return session


class _Post(object):
    """proxy.post.method(args): starts the call, answers a task id at once."""

    def __init__(self, proxy):
        self._proxy = proxy

    def __getattr__(self, method):
        return lambda *args: self._proxy._start(method, args)


class ALProxy(object):
    """ALProxy(name) on the default broker (autolife's engine for a package
    service), or ALProxy(name, ip, port) on another robot."""

    def __init__(self, name, ip=None, port=None):
        self._name = name
        self._service = _session(_url(ip, port)).service(name)
        self._tasks = {}
        self._next_task = 1
        self._tasks_lock = threading.Lock()
        self.post = _Post(self)

    def __getattr__(self, method):
        if method.startswith("__"):
            raise AttributeError(method)
        return getattr(self._service, method)

    def call(self, method, *args, **kwargs):
        return getattr(self._service, method)(*args, **kwargs)  # _async=True: a future

    @accepts_async
    def pCall(self, method, *args):
        return self._start(method, args)

    def _start(self, method, args):
        future = getattr(self._service, method)(*args, _async=True)
        with self._tasks_lock:
            task = self._next_task
            self._next_task += 1
            self._tasks[task] = future
        return task

    @accepts_async
    def wait(self, task, timeout=0):
        """Waits for a task started by post or pCall (timeout in ms, 0: no limit)."""
        future = self._tasks.get(task)
        if future is None:
            return True
        return future.wait(timeout if timeout > 0 else qi.FutureTimeout.Infinite) != qi.FutureState.Running

    @accepts_async
    def isRunning(self, task):
        future = self._tasks.get(task)
        return future is not None and future.isRunning()

    @accepts_async
    def stop(self, task):
        future = self._tasks.get(task)
        if future is not None:
            future.cancel()

    def getName(self):
        return self._name


class ALBroker(object):
    """ALBroker(name, ip, port, parentIp, parentPort): proxies made without
    an address connect to the parent."""

    def __init__(self, name, ip="0.0.0.0", port=0, parent_ip=None, parent_port=9559):
        self.name = name
        if parent_ip is not None:
            del _broker_url[:]
            _broker_url.append("tcp://%s:%d" % (parent_ip, int(parent_port)))

    def init(self):
        pass

    def shutdown(self):
        del _broker_url[:]

    def isModulePresent(self, name):
        try:
            _session(_url()).service(name)
            return True
        except RuntimeError:
            return False

    def getGlobalModuleList(self):
        return [info["name"] for info in _session(_url()).services()]


class NaoQiModule(object):
    _modules = {}

    @classmethod
    def getModule(cls, name):
        if name not in cls._modules:
            raise RuntimeError("Module " + str(name) + " does not exist")
        return cls._modules[name]

    def __init__(self, name):
        self._modules[name] = self


class ALDocable(object):
    def __init__(self, bindIfnoDocumented=False):
        pass


class ALModule(NaoQiModule, ALDocable):
    """ALModule("name"): this object becomes the service `name` (its public
    methods callable by others) on the default broker."""

    def __init__(self, name):
        NaoQiModule.__init__(self, name)
        self._name = name
        self._service_id = _session(_url()).registerService(name, self)

    def getName(self):
        return self._name

    def BIND_PYTHON(self, *ignored):
        pass

    def setModuleDescription(self, *ignored):
        pass

    def addParam(self, *ignored):
        pass

    def functionName(self, *ignored):
        pass

    def exit(self):
        try:
            _session(_url()).unregisterService(self._service_id)
        except RuntimeError:
            pass
