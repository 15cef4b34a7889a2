# The exceptions the engine raises inside box code. Neither is an
# Exception: a box's `except Exception:` does not swallow them.


class BehaviorStopped(BaseException):
    """Raised inside box code (from a sleep, a wait or a robot action) when
    the behavior stops, so that the box's thread unwinds quietly."""


class TurnTimeout(BaseException):
    """Raised inside box code that kept its thread longer than a turn may
    last (virtual time waits for every box, so a box that never gives its
    thread back would stop it): the box fails, naming its line."""
