"""The exceptions of the client. Every one carries `reason`, the
machine-readable kebab-case word of docs/api.md (scripts test it), and a
sentence for people as its message."""


class Error(Exception):
    """Anything the client raises on purpose."""

    def __init__(self, message, reason):
        super().__init__(message)
        self.message = message
        self.reason = reason


class CallError(Error):
    """The server answered a call with a JSON-RPC error (or the client
    refused the call before sending it, for the same reason the server
    would have). `code` is the JSON-RPC error code, `data` the error's
    `data` member, `method` the method called."""

    def __init__(self, message, reason, code, data=None, method=None):
        super().__init__(message, reason)
        self.code = code
        self.data = data if data is not None else {"reason": reason}
        self.method = method

    def __repr__(self):
        return "%s(%r, reason=%r, code=%r)" % (type(self).__name__, self.message, self.reason, self.code)


class NoSuchService(CallError, LookupError):
    """There is no service of that name (`no-such-service`)."""


class NoSuchMethod(CallError, AttributeError):
    """The service has no method or signal of that name (`no-such-method`);
    an AttributeError too, so `hasattr(proxy, name)` works."""


class BadArgument(CallError, ValueError):
    """An argument the API cannot carry, or that the method refuses
    (`bad-argument`, `wrong-arity`)."""


class ConnectionClosed(Error, ConnectionError):
    """The session is not connected, could not connect, or lost its
    connection. Reasons: `not-connected`, `connect-failed`,
    `unauthorized` (the token is missing or wrong), `refused` (another
    HTTP answer than the upgrade, e.g. 503 when the server is full),
    `connection-closed`."""


class CallTimeout(Error, TimeoutError):
    """No answer within the session's timeout (`timeout`). The call may
    still run on the server."""


# JSON-RPC codes of docs/api.md.
INVALID_PARAMS = -32602
METHOD_NOT_FOUND = -32601


def from_answer(error, method):
    """The exception for the `error` member of a JSON-RPC answer."""
    code = error.get("code")
    message = error.get("message", "")
    data = error.get("data")
    reason = data.get("reason", "error") if isinstance(data, dict) else "error"
    cls = CallError
    if reason == "no-such-service":
        cls = NoSuchService
    elif reason in ("no-such-method", "bad-method-name"):
        cls = NoSuchMethod
    elif code == INVALID_PARAMS:
        cls = BadArgument
    return cls(message, reason, code, data, method)
