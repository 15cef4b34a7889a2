"""Service proxies: `session.service(name)` returns one; its attributes are
the service's methods (callables) and signals (Signal objects), checked
against what the server's `describe` lists, as a qi proxy's are against
the service's meta-object."""

from . import errors
from .signal import RemoteSignal, Signal


class Method:
    """One method of a service, with all its overloads (the server chooses
    by arity, as NAOqi does). Call it like a function; `_async=True`
    returns a Future, `_timeout=` overrides the session's."""

    def __init__(self, session, service, name, overloads):
        self._session = session
        self._qualified = "%s.%s" % (service, name)
        self.overloads = overloads
        self.__name__ = name
        self.__doc__ = "\n".join(_signature(name, o) for o in overloads)

    def __call__(self, *args, _async=False, _timeout=None, **kwargs):
        return self._session.call(self._qualified, *args, _async=_async, _timeout=_timeout, **kwargs)

    def __repr__(self):
        return "<method %s>" % self._qualified


class ServiceProxy:
    """A remote service. Names starting with `_` are the proxy's own."""

    def __init__(self, session, name, description):
        self._session = session
        self._name = name
        self._description = description
        self._overloads = {}
        for method in description.get("methods", []):
            self._overloads.setdefault(method["name"], []).append(method)
        self._signal_names = {s["name"] for s in description.get("signals", [])}

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self._overloads:
            member = Method(self._session, self._name, name, self._overloads[name])
        elif name in self._signal_names:
            qualified = "%s.%s" % (self._name, name)
            member = RemoteSignal(qualified, self._session, {"signal": qualified})
        else:
            raise errors.NoSuchMethod("%s has no method or signal named %s" % (self._name, name),
                                      "no-such-method", errors.METHOD_NOT_FOUND, method="%s.%s" % (self._name, name))
        # Cached: the same signal object each time, so connect and
        # disconnect meet.
        setattr(self, name, member)
        return member

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._overloads) | self._signal_names)

    def __repr__(self):
        return "<service %s>" % self._name


class Subscriber:
    """What `ALMemory.subscriber(key)` returns, as in qi: `signal` is
    emitted with the new value on every change of the key or event."""

    def __init__(self, session, key):
        self.key = key
        self.signal = RemoteSignal(key, session, {"event": key})

    def unsubscribe(self):
        self.signal.disconnectAll()

    def __repr__(self):
        return "<subscriber %s>" % self.key


class MemoryProxy(ServiceProxy):
    """ALMemory, with qi's `subscriber(key)` (a client-side object over the
    API's `subscribe`)."""

    def subscriber(self, key):
        if not isinstance(key, str):
            raise errors.BadArgument("ALMemory.subscriber takes a key (str), not %r" % (key,),
                                     "bad-argument", errors.INVALID_PARAMS, method="ALMemory.subscriber")
        return Subscriber(self._session, key)


class ExpressionObject:
    """What `ALExpressionWatcher.add(expression, report_mode)` returns, as in
    qi: `signal` is emitted with the expression's value when the report mode
    says (0 any change, 1 any edge, 2 rising edge). The expression is watched
    from add() until close() (or the session's end): a subscription
    `{"expression": ..., "reportMode": ...}` on the server."""

    def __init__(self, session, expression, report_mode):
        self._session = session
        self._expression = expression
        self._report_mode = report_mode
        self.signal = Signal("ExpressionObject.signal")
        self._subscription = session._subscribe({"expression": expression, "reportMode": report_mode}, self.signal)

    def getExpression(self):
        return self._expression

    def getReportMode(self):
        return self._report_mode

    def _watched(self):
        # The server's newest watch of this expression and mode (its own,
        # unless the same one was added again since).
        found = None
        for w in self._session.call("ALExpressionWatcher.watched"):
            if w["expression"] == self._expression and w["reportMode"] == self._report_mode:
                found = w
        return found

    def getValue(self):
        w = self._watched()
        return w["value"] if w else None

    def explain(self):
        """The expression explained now: {t, value, tree}."""
        w = self._watched()
        return w["explanation"] if w else None

    def close(self):
        subscription, self._subscription = self._subscription, None
        if subscription is not None:
            self._session._unsubscribe(subscription)

    def __repr__(self):
        return "<ExpressionObject %r>" % self._expression


class ExpressionWatcherProxy(ServiceProxy):
    """ALExpressionWatcher, whose add() answers an object (over the API's
    `subscribe`)."""

    def add(self, expression, report_mode=0):
        if not isinstance(expression, str) or isinstance(report_mode, bool) or not isinstance(report_mode, int):
            raise errors.BadArgument("ALExpressionWatcher.add takes (expression: str, report_mode: int), not (%r, %r)"
                                     % (expression, report_mode), "bad-argument", errors.INVALID_PARAMS,
                                     method="ALExpressionWatcher.add")
        return ExpressionObject(self._session, expression, report_mode)


def _type(kind, signature):
    """A type for people: its kind ("string"), with the qi signature of a
    container when the server gives it ("list [s]")."""
    return "%s %s" % (kind, signature) if signature and kind in ("list", "map", "tuple") else kind


def _signature(name, overload):
    """One overload as the server declares it; a method the simulated robot
    does not model says so."""
    parameters = ", ".join("%s: %s" % (p["name"], _type(p["type"], p.get("signature"))) for p in overload.get("parameters", []))
    text = "%s(%s) -> %s" % (name, parameters, _type(overload.get("result", "any"), overload.get("resultSignature")))
    if overload.get("description"):
        text += ": " + overload["description"]
    if overload.get("modelled") is False:
        text += " (not modelled: answers a neutral value)"
    return text
