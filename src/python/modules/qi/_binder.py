# qi.bind / qi.nobind / qi.singleThreaded / qi.multiThreaded: decorators
# that describe how a method is published; they mark the function and
# change nothing in how box code runs it.


class bind(object):
    """@qi.bind(returnType=None, paramsType=None, methodName=None)"""

    def __init__(self, returnType=None, paramsType=None, methodName=None):
        self._return = None if returnType is None else str(returnType)
        if paramsType is None:
            self._params = None
        elif isinstance(paramsType, (list, tuple)):
            self._params = "(%s)" % "".join(str(p) for p in paramsType)
        else:
            self._params = "m"
        self._name = methodName

    def __call__(self, function):
        function.__qi_name__ = self._name
        function.__qi_signature__ = self._params
        function.__qi_return_signature__ = self._return
        return function


def nobind(function):
    function.__qi_signature__ = "DONOTBIND"
    return function


class singleThreaded(object):
    def __call__(self, cls):
        cls.__qi_threading__ = "single"
        return cls


class multiThreaded(object):
    def __call__(self, cls):
        cls.__qi_threading__ = "multi"
        return cls
