# Services as box code reaches them: NAOqi 1's ALProxy("ALTextToSpeech")
# and NAOqi 2's self.session().service("ALTextToSpeech") (qi's Session in
# box code: qi_runtime.py), on the engine's registry. A call waits as long
# as the robot's action takes, in engine time; `_async=True` (Python 2's
# `async=True`, rewritten `async_=True`), `.async_(...)` (`.async` in
# Python 2 code) and `proxy.post.method(...)` start it in a box thread of
# its own. Every member of every proxy takes `_async=True`.
import _autolife
from qi._future import _spawn_future, accepts_async, call_maybe_async, take_async


def _call_async(service, method, args):
    """The call in a box thread of its own; a qi.Future of its result, or of
    the refusal's sentence (which names the method)."""
    name = "%s.%s" % (service, method)
    return _spawn_future(lambda: _autolife.call(service, method, list(args)),
                         describe=lambda e: str(e) if str(e).startswith(name) else "%s: %s" % (name, e))


class _Method(object):
    """proxy.say: callable; say("hi", _async=True) or say.async_("hi") is a Future."""

    def __init__(self, service, name):
        self._service = service
        self._name = name

    def __call__(self, *args, **kwargs):
        run_async = take_async(kwargs)
        if kwargs:
            raise TypeError("%s.%s takes no keyword argument %s (only _async=True)"
                            % (self._service, self._name, ", ".join(sorted(kwargs))))
        if run_async:
            return _call_async(self._service, self._name, args)
        return _autolife.call(self._service, self._name, list(args))

    def async_(self, *args):
        return _call_async(self._service, self._name, args)

    # A signal of a service the robot lacks looks like a method: connecting
    # to it is recorded like a call to that service, and nothing calls back.
    @accepts_async
    def connect(self, callback):
        if _autolife.has_service(self._service):
            raise AttributeError("%s.%s is a method, not a signal or a property: it has no connect()"
                                 % (self._service, self._name))
        _autolife.call(self._service, self._name + ".connect", [])
        return 0

    def disconnect(self, link):
        return False

    def __repr__(self):
        return "<method %s.%s>" % (self._service, self._name)


class _Post(object):
    """proxy.post.say("hi"): starts the call and returns a task id for
    proxy.wait(id, timeout) / isRunning(id) / stop(id)."""

    def __init__(self, service):
        self._service = service

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return accepts_async(lambda *args: _autolife.post(self._service, name, list(args)))


def _wait(task, timeout=0):
    """NAOqi's wait(id, timeout_ms): 0 waits until the call is done."""
    timeout = float(timeout or 0)
    return _autolife.wait_posted(int(task), timeout / 1000.0 if timeout > 0 else None)


# Methods NAOqi gives every module's proxy; a service that declares one of
# these names answers it itself.
def _generic(service, name):
    if name == "wait":
        return _wait
    if name == "isRunning":
        return lambda task: _autolife.posted_running(int(task))
    if name == "stop":
        return lambda task: None  # a started robot action runs to its end
    if name == "call":
        return lambda method, *args: _autolife.call(service, str(method), list(args))
    if name == "pCall":
        return lambda method, *args: _autolife.post(service, str(method), list(args))
    if name == "ping":
        return lambda: True
    if name == "session":  # NAOqi 2's ALProxy(...).session(): the qi session behind it
        from .box import _shared_session
        return _shared_session
    if name == "getMethodList":
        return lambda: list((_autolife.service_members(service) or {}).get("methods", []))
    return None


def _special(service, name):
    """What is not a registry method (the ALMemory callbacks of box code,
    NAOqi's methods of every proxy, ALFrameManager), taking `_async=True`
    as every method does."""
    member = _special_member(service, name)
    if member is None or isinstance(member, _Method) or not callable(member):
        return member
    return accepts_async(member)


def _special_member(service, name):
    if service == "ALMemory":
        from .memory import memory_callbacks
        if name in memory_callbacks.METHODS:
            return getattr(memory_callbacks, name)
    if service == "ALFrameManager":
        from .frame_manager import ALFrameManager
        return getattr(ALFrameManager, name)
    if name in ("wait", "isRunning", "stop"):
        return _TaskMethod(service, name)
    if not _autolife.has_method(service, name):
        return _generic(service, name)
    return None


class _TaskMethod(_Method):
    """wait(id, timeout), isRunning(id), stop(id): ALModule's methods on the
    calls this box posted (proxy.post.say). Every service declares them
    (ALModule's), so the shape of the call decides: a call of another shape
    (the awareness' isRunning()) goes to the service."""

    def __call__(self, *args, **kwargs):
        if 1 <= len(args) <= 2 and isinstance(args[0], int) and not isinstance(args[0], bool):
            return call_maybe_async(_generic(self._service, self._name), args, kwargs)
        return _Method.__call__(self, *args, **kwargs)


class ALProxy(object):
    """A NAOqi proxy on one of the engine's services: ALProxy("ALMotion"),
    ALProxy(name, ip, port) and ALProxy(name, True) alike (the engine's
    robot is the one the box runs on). A call waits until the robot's
    action is done, in engine time."""

    def __init__(self, name, *ignored):
        object.__setattr__(self, "_name", str(name))

    def __getattr__(self, method):
        if method.startswith("__"):
            raise AttributeError(method)
        if method == "post":
            return _Post(self._name)
        special = _special(self._name, method)
        return special if special is not None else _Method(self._name, method)

    def __repr__(self):
        return "ALProxy(%r)" % self._name


class _Signal(object):
    """A service's signal, NAOqi 2 style: connect(callback) has callback
    called with the signal's values in a box thread, until disconnect(link)
    or the box unloads."""

    def __init__(self, service, name, arity):
        self._service, self._name, self._arity = service, name, arity
        self._links = []

    @accepts_async
    def connect(self, callback):
        if not callable(callback):
            raise TypeError("%s.%s.connect takes a callable, got %r" % (self._service, self._name, callback))
        spread = self._arity > 1

        def deliver(value):
            if spread and isinstance(value, (list, tuple)):
                return callback(*value)
            return callback(value)

        link = self._connect(deliver)
        self._links.append(link)
        return link

    def _connect(self, deliver):
        return _box("connect").connect_signal(self._service, self._name, deliver)

    @accepts_async
    def disconnect(self, link):
        if link not in self._links:
            return False
        self._links.remove(link)
        _box("disconnect").disconnect(link)
        return True

    def disconnectAll(self):
        for link in list(self._links):
            self.disconnect(link)
        return True


class _Property(object):
    """A service's property: value(), setValue(v), connect(callback) on its changes."""

    def __init__(self, service, name):
        self._service, self._name = service, name
        self._signal = _Signal(service, name, 1)

    @accepts_async
    def value(self):
        return _autolife.get_property(self._service, self._name)

    @accepts_async
    def setValue(self, value):
        _autolife.set_property(self._service, self._name, value)

    def connect(self, callback, **kwargs):
        return self._signal.connect(callback, **kwargs)

    def disconnect(self, link, **kwargs):
        return self._signal.disconnect(link, **kwargs)


def _box(what):
    box = _autolife.current()
    if box is None:
        raise RuntimeError("%s: only box code can be called back (no behavior runs here)" % what)
    return box


class ServiceObject(object):
    """session.service(name): methods, signals and properties of one service."""

    def __init__(self, name):
        object.__setattr__(self, "_name", str(name))
        object.__setattr__(self, "_members", None)

    def _member_kinds(self):
        if self._members is None:
            object.__setattr__(self, "_members", _autolife.service_members(self._name) or {})
        return self._members

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        members = self._member_kinds()
        signals = members.get("signals", {})
        if name in signals:
            value = _Signal(self._name, name, signals[name])
            object.__setattr__(self, name, value)  # one object per signal: its links
            return value
        if name in members.get("properties", []):
            value = _Property(self._name, name)
            object.__setattr__(self, name, value)
            return value
        special = _special(self._name, name)
        return special if special is not None else _Method(self._name, name)

    def __repr__(self):
        return "<service %s>" % self._name
