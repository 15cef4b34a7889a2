# Objects a service hands out to box code, as NAOqi's qi objects: the
# ExpressionObject of ALExpressionWatcher.add(expression, report_mode), with
# its methods (getValue(), ...), its signal (`obj.signal.connect(callback)`)
# and its properties. The object lives while box code keeps it: NAOqi's
# samples keep it in `self.expressionObject`, and dropping it (None) stops
# the watch.
from qi._future import _spawn_future, take_async

from .proxies import _Signal


def wrap(handle):
    return RemoteObject(handle)


class _ObjectMethod(object):
    def __init__(self, handle, name):
        self._handle, self._name = handle, name

    def __call__(self, *args, **kwargs):
        run_async = take_async(kwargs)
        if kwargs:
            raise TypeError("%s.%s takes no keyword argument %s (only _async=True)"
                            % (self._handle.name(), self._name, ", ".join(sorted(kwargs))))
        if not run_async:
            return self._handle.call(self._name, list(args))
        return _spawn_future(lambda: self._handle.call(self._name, list(args)))

    def async_(self, *args):
        return self(*args, _async=True)

    def __repr__(self):
        return "<method %s.%s>" % (self._handle.name(), self._name)


class _ObjectSignal(_Signal):
    """connect(callback) has callback called with the signal's value in a
    box thread, until disconnect(link) or the box unloads."""

    def __init__(self, handle, name, arity):
        _Signal.__init__(self, handle.name(), name, arity)
        self._handle = handle

    def _connect(self, deliver):
        return self._handle.connect(self._name, deliver)


class _ObjectProperty(_ObjectSignal):
    def __init__(self, handle, name):
        _ObjectSignal.__init__(self, handle, name, 1)

    def value(self):
        return self._handle.get_property(self._name)


class RemoteObject(object):
    """An object a service returned; its members as the service declares them."""

    def __init__(self, handle):
        object.__setattr__(self, "_handle", handle)
        object.__setattr__(self, "_members", handle.members())

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        members = self._members
        if name in members["signals"]:
            value = _ObjectSignal(self._handle, name, members["signals"][name])
        elif name in members["properties"]:
            value = _ObjectProperty(self._handle, name)
        elif name in members["methods"]:
            value = _ObjectMethod(self._handle, name)
        else:
            raise AttributeError("%s has no method, signal or property named %s" % (self._handle.name(), name))
        object.__setattr__(self, name, value)  # one object per member: a signal's links
        return value

    def __dir__(self):
        m = self._members
        return sorted(set(m["methods"]) | set(m["signals"]) | set(m["properties"]))

    def __repr__(self):
        return "<object %s>" % self._handle.name()
