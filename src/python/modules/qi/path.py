# qi.path: where an application finds its data and writes its own. On the
# simulated robot the writable places are a folder of this process (a
# simulation writes nothing into the user's home); data is looked for in
# the behavior's package when box code asks.
import os

import _autolife

__all__ = ["findBin", "findLib", "findConf", "findData", "listData", "confPaths", "dataPaths", "binPaths",
           "libPaths", "setWritablePath", "userWritableDataPath", "userWritableConfPath", "sdkPrefix",
           "sdkPrefixes", "addOptionalSdkPrefix", "clearOptionalSdkPrefix"]

_writable = [None]
_prefixes = []


def _root():
    if _writable[0] is None:
        import tempfile  # (here: importing it costs every start)
        _writable[0] = tempfile.mkdtemp(prefix="autolife-qi-path-")
    return _writable[0]


def setWritablePath(path):
    _writable[0] = str(path)


def _writable_path(kind, application, filename):
    folder = os.path.join(_root(), kind, str(application))
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, str(filename)) if filename else folder


def userWritableDataPath(application, filename=""):
    return _writable_path("data", application, filename)


def userWritableConfPath(application, filename=""):
    return _writable_path("config", application, filename)


def _package_root():
    box = _autolife.current()
    if box is None:
        return None
    relative = box.relative_path()
    path = box.behavior_path()
    return path[: len(path) - len(relative)].rstrip("/") if relative and path.endswith(relative) else path


def dataPaths(application=""):
    root = _package_root()
    return [p for p in ([root] if root else []) + [os.path.join(p, "share", str(application)) for p in _prefixes]]


def findData(application, filename, excludeUserWritablePath=False):
    candidates = [os.path.join(p, str(filename)) for p in dataPaths(application)]
    if not excludeUserWritablePath:
        candidates.insert(0, os.path.join(_root(), "data", str(application), str(filename)))
    for path in candidates:
        if os.path.exists(path):
            return path
    return ""


def listData(application, pattern="*"):
    import glob
    found = []
    for folder in dataPaths(application):
        found += glob.glob(os.path.join(folder, pattern))
    return sorted(found)


def confPaths(application=""):
    return [os.path.join(p, "etc", str(application)) for p in _prefixes]


def findConf(application, filename, excludeUserWritablePath=False):
    for folder in confPaths(application):
        path = os.path.join(folder, str(filename))
        if os.path.exists(path):
            return path
    return ""


def binPaths():
    return [os.path.join(p, "bin") for p in _prefixes]


def libPaths():
    return [os.path.join(p, "lib") for p in _prefixes]


def findBin(name, searchInPath=False):
    import shutil
    for folder in binPaths():
        path = os.path.join(folder, name)
        if os.access(path, os.X_OK):
            return path
    return (shutil.which(name) or "") if searchInPath else ""


def findLib(name):
    for folder in libPaths():
        path = os.path.join(folder, name)
        if os.path.exists(path):
            return path
    return ""


def sdkPrefix():
    return _prefixes[0] if _prefixes else ""


def sdkPrefixes():
    return list(_prefixes)


def addOptionalSdkPrefix(prefix):
    _prefixes.append(str(prefix))


def clearOptionalSdkPrefix():
    del _prefixes[:]
