# @qi.bind(returnType, paramsType, methodName), @qi.nobind and the
# threading decorators: marks on the function that registerService reads
# (_hosted.py).
from ._type import AnyArguments


class bind(object):
    def __init__(self, returnType=None, paramsType=None, methodName=None):
        self._result = None if returnType is None else str(returnType)
        if paramsType is None:
            self._parameters = None
        elif isinstance(paramsType, (list, tuple)):
            self._parameters = "(%s)" % "".join(str(p) for p in paramsType)
        elif paramsType == AnyArguments:
            self._parameters = "m"
        else:
            raise TypeError("qi.bind: paramsType is a list of types or qi.AnyArguments")
        self._name = methodName

    def __call__(self, function):
        function.__qi_name__ = self._name
        function.__qi_signature__ = self._parameters
        function.__qi_return_signature__ = self._result
        return function


def nobind(function):
    function.__qi_signature__ = "DONOTBIND"
    return function


class singleThreaded(object):
    def __call__(self, target):
        target.__qi_threading__ = "single"
        return target


class multiThreaded(object):
    def __call__(self, target):
        target.__qi_threading__ = "multi"
        return target
