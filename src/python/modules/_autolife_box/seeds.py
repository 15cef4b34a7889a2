# Repeatable randomness in box code: each box has a `random.Random` stream of
# its own, seeded from the engine's seed (`--seed N`, default 0) and the
# box's path in its behavior, so that two runs with one seed play alike and
# adding a box does not change what the others draw. Box code keeps writing
# `random.randint(...)` (or `from random import choice`): the module's
# functions draw from the calling box's stream; other code draws from
# Python's own.
import hashlib
import random

import _autolife

_shared = random._inst  # Python's own stream, for code that is not box code

# The module-level functions of `random` that draw from (or set) a stream.
_DRAWS = ("random", "uniform", "triangular", "randint", "choice", "randrange", "sample", "shuffle",
          "choices", "normalvariate", "lognormvariate", "expovariate", "vonmisesvariate", "gammavariate",
          "gauss", "betavariate", "paretovariate", "weibullvariate", "getrandbits", "randbytes",
          "getstate", "setstate")


def box_seed(engine_seed, box_path):
    """The seed of a box's stream: a digest of the engine's seed and the
    box's path (stable across runs and machines, unlike hash())."""
    digest = hashlib.sha256(("%d\x00%s" % (engine_seed, box_path)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def stream():
    """The calling box's stream (made on first use), or Python's own."""
    box = _autolife.current()
    if box is None:
        return _shared
    state = box.state()
    own = state.get("random")
    if own is None:
        own = state["random"] = random.Random(box_seed(box.engine_seed(), box.path()))
    return own


def _drawing(name):
    def draw(*args, **kwargs):
        return getattr(stream(), name)(*args, **kwargs)
    draw.__name__ = name
    draw.__doc__ = getattr(random.Random, name).__doc__
    return draw


def _seed(a=None, version=2):
    """random.seed(x) in box code seeds the box's stream; random.seed() with
    no value leaves it as the engine seeded it (a run stays repeatable)."""
    if a is None and _autolife.current() is not None:
        return
    stream().seed(a, version)


def install_box_random():
    for name in _DRAWS:
        if hasattr(random.Random, name):
            setattr(random, name, _drawing(name))
    random.seed = _seed
