# ALMemory's callbacks in box code. The engine's ALMemory service answers
# calls; these methods call box code back, so they live here: each write of
# the key runs the callback in a thread of the box (as an input does, on the
# engine clock), until it is disconnected or the box unloads.
import inspect
import weakref

import _autolife
from qi._future import accepts_async


def current_box(what):
    box = _autolife.current()
    if box is None:
        raise RuntimeError("%s: only box code can be called back (no behavior runs here)" % what)
    return box


def positional_count(function, unknown=1):
    """How many positional parameters `function` takes; `unknown` when it
    takes *args or its signature cannot be read."""
    try:
        params = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return unknown
    count = 0
    for p in params:
        if p.kind == p.VAR_POSITIONAL:
            return unknown
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            count += 1
    return count


class _MemorySignal(object):
    """ALMemory.subscriber(key).signal: connect(callback) has callback(value)
    called at each insertData / raiseEvent of the key, until disconnect(link),
    until this signal is dropped with its subscriber (as in NAOqi: keep the
    subscriber, `self.s = memory.subscriber(key)`), or until the box unloads."""

    def __init__(self, key):
        self._key = key
        self._links = []
        self._box = None

    @accepts_async
    def connect(self, callback):
        if not callable(callback):
            raise TypeError("ALMemory.subscriber(%r).signal.connect takes a callable, got %r" % (self._key, callback))
        box = current_box("ALMemory.subscriber(%r).signal.connect" % self._key)
        link = box.memory_subscribe(self._key, "", lambda key, value: callback(value))
        self._box = box
        self._links.append(link)
        return link

    @accepts_async
    def disconnect(self, link):
        if link not in self._links or self._box is None:
            return False
        self._links.remove(link)
        self._box.memory_unsubscribe(link)
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


def register_module(module):
    """An ALModule created in box code can be named as the module of that
    box's subscribeToEvent."""
    box = _autolife.current()
    if box is not None and module.getName() is not None:
        box.state().setdefault("modules", {})[str(module.getName())] = weakref.ref(module)


def _callback_owner(method, module):
    """What subscribeToEvent's module names: the calling box itself (its
    getName()), or an ALModule the box created with that name."""
    box = current_box("ALMemory." + method)
    state = box.state()
    instance = state["instance"]() if "instance" in state else None
    if instance is not None and module in (instance.boxName, instance.getName()):
        return instance
    owner = state.get("modules", {}).get(module)
    if owner is not None and owner() is not None:
        return owner()
    mine = instance.getName() if instance is not None else "self.getName()"
    raise RuntimeError("ALMemory.%s: no module %r to call back: a box's callbacks are methods of the box "
                       "itself (module %r) or of an ALModule it created" % (method, module, mine))


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
        current_box("ALMemory.unsubscribeToEvent").memory_unsubscribe_module(str(name), str(module))

    unsubscribeToMicroEvent = unsubscribeToEvent

    def _subscribe(self, api, name, module, method, message):
        _check_key(api, name)
        module = str(module)
        owner = _callback_owner(api, module)
        function = getattr(owner, str(method), None)
        if not callable(function):
            raise RuntimeError("ALMemory.%s: module %r has no method %r" % (api, module, method))
        count = min(positional_count(function, unknown=3), 3)  # of (key, value, message)
        current_box("ALMemory." + api).memory_subscribe(
            name, module, lambda key, value: function(*(key, value, message)[:count]))


memory_callbacks = _MemoryCallbacks()
