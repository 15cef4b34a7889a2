# autolife's box framework: what a Choregraphe box script finds around it.
# Compiled into the autolife binary with the rest of src/python/modules
# (naoqi, almath, motion, vision_definitions) and python/qi (qi, with this
# package's qi_runtime); `_autolife` is the C++ side of the bridge
# (src/python/*.cpp).
#
# A box script defines `class MyClass(GeneratedClass)`; the runtime creates
# one instance per box, calls onLoad/onUnload and onInput_<name>(value), and
# the instance fires its outputs by calling them: self.onStopped().
#
# The C++ side imports the names below from this package; the rest is
# organised by concept in its modules.
from .errors import BehaviorStopped, TurnTimeout
from .proxies import ALProxy
from .box import GeneratedClass, call_input
from .frame_manager import ALFrameManager
from .scripts import BoxGlobals, box_globals, compile_box, python2_to_3, looks_like_python2
from .engine_time import install_engine_time
from .qi_runtime import install_qi_runtime
from .seeds import install_box_random

__all__ = ["BehaviorStopped", "TurnTimeout", "ALProxy", "GeneratedClass", "call_input", "ALFrameManager",
           "BoxGlobals", "box_globals", "compile_box", "python2_to_3", "looks_like_python2",
           "install_engine_time", "install_qi_runtime", "install_box_random"]
