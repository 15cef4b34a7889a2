# GeneratedClass: what every box script's MyClass inherits, with everything
# Choregraphe 2.1-2.8 boxes find on `self` (NAOqi's ALBehavior): outputs as
# methods, parameters, the logger, paths and the package uid, the box's own
# and its parent's timeline, stimulateIO, resources, memory connections,
# the NAOqi 1 methods kept for old boxes (gotoAndStopParent...).
import logging
import weakref

import _autolife
from qi import Session

from .memory import current_box, positional_count
from .timeline import timeline_of

_LEVELS = {logging.DEBUG: "debug", logging.INFO: "info", logging.WARNING: "warning",
           logging.ERROR: "error", logging.CRITICAL: "fatal"}


class _BoxLogHandler(logging.Handler):
    def __init__(self, box):
        logging.Handler.__init__(self, logging.DEBUG)
        self._box = box

    def emit(self, record):
        level = _LEVELS.get(record.levelno, "info" if record.levelno < logging.WARNING else "error")
        try:
            message = self.format(record)
        except (TypeError, ValueError):
            # print-style arguments (logger.info("x is", x)), as NAOqi's logger took them
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            message = " ".join(str(a) for a in (record.msg,) + args)
        self._box.log(level, message)


class BoxLogger(logging.Logger):
    """self.logger: a standard logging.Logger (debug, info, warning, error,
    fatal, exception, "%s" arguments) whose records go to the box's log.
    Not in logging's registry: it lives and goes with its box."""

    def __init__(self, box):
        logging.Logger.__init__(self, box.name(), logging.DEBUG)
        self.addHandler(_BoxLogHandler(box))
        self.propagate = False

    def verbose(self, message, *args):  # qi's name for debug
        self.debug(message, *args)


class _Output(object):
    def __init__(self, box, name):
        self._box = box
        self._name = name

    def __call__(self, value=None, *ignored):
        self._box.fire(self._name, value)

    def __repr__(self):
        return "<output %s of box %r>" % (self._name, self._box.name())


_session = None


def _shared_session():
    global _session
    if _session is None:
        _session = Session()
    return _session


class GeneratedClass(object):
    """The base class of every box script's MyClass."""

    def __init__(self, *ignored, **also_ignored):
        box = current_box("GeneratedClass()")
        object.__setattr__(self, "_box", box)
        try:
            box.state()["instance"] = weakref.ref(self)  # subscribeToEvent's module: the box itself
        except TypeError:
            pass  # a class with __slots__ and no __weakref__
        self.boxName = box.name()
        self.behaviorId = box.behavior_id()
        self.logger = BoxLogger(box)
        self.resource = False
        self._enabled = True
        # Outputs are methods; a method of the script with an output's name
        # wins (one of GeneratedClass's own does not).
        scripts = [c for c in type(self).__mro__ if c not in (GeneratedClass, object)]
        for name in box.outputs():
            if not any(name in vars(c) for c in scripts):
                setattr(self, name, _Output(box, name))

    # -- lifecycle (the script overrides them)
    def onLoad(self):
        pass

    def onUnload(self):
        pass

    # -- names and places
    def getName(self):
        return self.boxName

    def getBrokerName(self):
        return "autolife"

    def version(self):
        return "2.8.6"

    def behaviorAbsolutePath(self):
        """The folder of the behavior (its behavior.xar): attached files are there."""
        return self._box.behavior_path()

    def behaviorRelativePath(self):
        """That folder, relative to its package's root."""
        return self._box.relative_path()

    def packageUid(self):
        """The uid of the package holding the behavior (the robot's apps/<uid>/)."""
        return self._box.package_uid()

    def getBehaviorPath(self, behaviorId=None):
        return self._box.behavior_path()

    def session(self):
        return _shared_session()

    # -- parameters
    def getParameter(self, name):
        return self._box.parameter(name)

    def setParameter(self, name, value):
        self._box.set_parameter(name, value)

    def _autolife_parameter_linked(self, name_and_value):
        """A link into a parameter fired: box code hears it as NAOqi's did."""
        self.setParameter(*name_and_value)

    def getParametersList(self):
        return self._box.parameter_names()

    def addParameter(self, *ignored):
        pass

    # -- inputs and outputs
    def stimulateIO(self, name, value=None):
        """Stimulates the box's input or output `name`, with `value` (a bang without)."""
        if not self._box.stimulate(str(name), value):
            raise RuntimeError("box %r has no input or output named %r" % (self.boxName, name))

    def addInput(self, *ignored):
        pass

    def addOutput(self, *ignored):
        pass

    def connectInput(self, input, key, enabled=True):
        """Each write of ALMemory key `key` stimulates input `input` with its value."""
        if enabled:
            self._box.memory_subscribe(str(key), "", lambda k, value: self.stimulateIO(input, value))

    def connectOutput(self, output, key, enabled=True):
        """Each firing of output `output` also writes its value to ALMemory key `key`."""
        if not enabled:
            return
        fire = getattr(self, output)
        memory = Session().service("ALMemory")

        def fire_and_write(value=None, *ignored):
            memory.insertData(str(key), value)
            fire(value)

        setattr(self, output, fire_and_write)

    def connectParameter(self, parameter, key, enabled=True):
        """Each write of ALMemory key `key` becomes parameter `parameter`'s value."""
        if enabled:
            self._box.memory_subscribe(str(key), "", lambda k, value: self.setParameter(parameter, value))

    # -- binding (NAOqi published box methods to its broker; here every
    #    method of the box can already be called back)
    def BIND_PYTHON(self, *ignored):
        pass

    def autoBind(self, *ignored):
        pass

    def functionName(self, *ignored):
        pass

    def addParam(self, *ignored):
        pass

    def _bindWithParam(self, *ignored):
        pass

    def setParentFromName(self, *ignored):
        pass

    # -- timelines
    def hasTimeline(self):
        return self._box.timeline("own", "exists", "", 0) > 0

    def getTimeline(self):
        return timeline_of(self._box, "own")

    def hasParentTimeline(self):
        return self._box.timeline("parent", "exists", "", 0) > 0

    def getParentTimeline(self):
        return timeline_of(self._box, "parent")

    # NAOqi 1 (before 1.14): timeline control as methods of the box.
    def playTimeline(self):
        self._box.timeline("own", "play", "", 0)

    def stopTimeline(self):
        self._box.timeline("own", "pause", "", 0)

    def gotoAndStop(self, frame):
        self._box.timeline("own", "goto_and_stop", str(frame), 0)

    def gotoAndPlay(self, frame):
        self._box.timeline("own", "goto_and_play", str(frame), 0)

    def playTimelineParent(self):
        self._box.timeline("parent", "play", "", 0)

    def stopTimelineParent(self):
        self._box.timeline("parent", "pause", "", 0)

    def gotoAndStopParent(self, frame):
        self._box.timeline("parent", "goto_and_stop", str(frame), 0)

    def gotoAndPlayParent(self, frame):
        self._box.timeline("parent", "goto_and_play", str(frame), 0)

    def exitBehavior(self):
        self._box.exit_behavior()

    exitBehaviorParent = exitBehavior

    # -- enabled
    def setEnabled(self, enabled):
        self._enabled = bool(enabled)

    def isEnabled(self):
        return self._enabled

    # -- resources: the runtime grants a box its <Resource>s before its
    #    onStart runs (docs/behaviors.md, Resources); a box asked for them
    #    (Callback on demand: onResource(resourceName)) gives them back here.
    def releaseResource(self, *ignored):
        self._box.release_resources()

    def setResources(self, *ignored):
        pass

    def acquireResources(self, *ignored):
        return True

    def isResourceFree(self, *ignored):
        return True

    def waitFor(self, *ignored):
        pass

    def waitResources(self, *ignored):
        pass

    def waitResourcesCallback(self, *ignored):
        pass

    def waitResourceFree(self, *ignored):
        pass

    # -- logs
    def log(self, message):
        self.logger.info(message)


def call_input(instance, method_name, value, has_value):
    """onInput_<name>(p) or onInput_<name>(): NAOqi passes the input's value
    when the method takes one."""
    method = getattr(instance, method_name)
    if positional_count(method) >= 1:
        return method(value if has_value else None)
    return method()
