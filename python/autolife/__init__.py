"""A Python client for `autolife serve` (docs/python.md), shaped like the
qi Python SDK: `Session`, `session.service(name)`, `signal.connect(cb)`.

    import autolife
    with autolife.Session("ws://127.0.0.1:8765") as session:
        life = session.service("ALAutonomousLife")
        life.activityTransition.connect(print)
        life.switchFocus("greeter/.")

Standard library only (Python 3.8 or later).
"""

from .errors import (BadArgument, CallError, CallTimeout, ConnectionClosed, Error, NoSuchMethod,
                     NoSuchService)
from .session import DEFAULT_URL, Session
from .signal import Signal

__all__ = ["Session", "Signal", "DEFAULT_URL", "Error", "CallError", "NoSuchService", "NoSuchMethod",
           "BadArgument", "ConnectionClosed", "CallTimeout"]
__version__ = "0.1.0"
