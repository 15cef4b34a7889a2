# NAOqi's Python module (`from naoqi import ALProxy, ALModule, ALBroker`) for
# box scripts and the scripts they import: proxies reach the engine's
# services, an ALModule a box creates can receive its ALMemory events.
import inspect

import motion  # noqa: F401  (naoqi imported it: `naoqi.motion`)
import qi  # noqa: F401
from _autolife_box.proxies import ALProxy
from _autolife_box.memory import register_module

__all__ = ["ALProxy", "ALModule", "ALBroker", "ALDocable", "NaoQiModule"]


def _getMethodParamCount(function):
    """How many parameters `function` takes, *args and **kwargs counting one each."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return 0
    return len(list(parameters))


class NaoQiModule(object):
    """What ALModule and boxes share: a name other code can reach them by."""

    _modules = {}

    @classmethod
    def getModule(cls, name):
        if name not in cls._modules or cls._modules[name]() is None:
            raise RuntimeError("Module " + str(name) + " does not exist")
        return cls._modules[name]()

    def __init__(self, name, logger=True):
        import weakref
        self._modules[name] = weakref.ref(self)


class ALDocable(object):
    def __init__(self, bindIfnoDocumented=False):
        pass


class ALModule(NaoQiModule, ALDocable):
    """A module of one's own (NAOqi 1): a box that creates ALModule("name")
    can name it as the module of its ALMemory.subscribeToEvent, whose
    callbacks then call name.method in a thread of the box."""

    def __init__(self, name=None, *ignored):
        self.name = name
        if name is not None:
            NaoQiModule.__init__(self, str(name))
        register_module(self)

    def getName(self):
        return self.name

    def BIND_PYTHON(self, *ignored):
        pass

    def setModuleDescription(self, *ignored):
        pass

    def addParam(self, *ignored):
        pass

    def functionName(self, *ignored):
        pass

    def registerToBroker(self):
        pass

    def exit(self):
        pass


class ALBroker(object):
    """ALBroker("myBroker", "0.0.0.0", 0, ip, port): the box runs inside the
    engine already; a broker is accepted and does nothing."""

    def __init__(self, *ignored):
        pass

    def init(self):
        pass

    def shutdown(self):
        pass

    def getGlobalModuleList(self):
        return []

    def isModulePresent(self, name):
        import _autolife
        return _autolife.has_service(str(name))

