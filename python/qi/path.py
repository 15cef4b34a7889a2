# qi.path: the writable folders are under $XDG_DATA_HOME/autolife/qi-path
# (or ~/.local/share/autolife/qi-path), unless the process was told another
# (setWritablePath); data is looked for in the working folder (a package
# service runs in its package's) and under the SDK prefixes added. Box code
# has its own places (the runtime sets `default_writable` and `data_roots`:
# a folder of the engine's process, the behavior's package).
import os


def _home_writable():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "autolife", "qi-path")


_state = {"writable": None, "prefixes": [], "default_writable": _home_writable, "data_roots": lambda: [os.getcwd()]}


def _writable_root():
    if _state["writable"] is None:
        _state["writable"] = _state["default_writable"]()
    return _state["writable"]


def setWritablePath(path):
    _state["writable"] = str(path)


def _writable(kind, application, filename):
    folder = os.path.join(_writable_root(), kind, str(application))
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, str(filename)) if filename else folder


def userWritableDataPath(application, filename=""):
    return _writable("data", application, filename)


def userWritableConfPath(application, filename=""):
    return _writable("config", application, filename)


def dataPaths(application=""):
    return _state["data_roots"]() + [os.path.join(p, "share", str(application)) for p in _state["prefixes"]]


def confPaths(application=""):
    return [os.path.join(p, "etc", str(application)) for p in _state["prefixes"]]


def binPaths():
    return [os.path.join(p, "bin") for p in _state["prefixes"]]


def libPaths():
    return [os.path.join(p, "lib") for p in _state["prefixes"]]


def _first(paths):
    for path in paths:
        if os.path.exists(path):
            return path
    return ""


def findData(application, filename, excludeUserWritablePath=False):
    candidates = [os.path.join(p, str(filename)) for p in dataPaths(application)]
    if not excludeUserWritablePath:
        candidates.insert(0, os.path.join(_writable_root(), "data", str(application), str(filename)))
    return _first(candidates)


def listData(application, pattern="*"):
    import glob
    return sorted(f for folder in dataPaths(application) for f in glob.glob(os.path.join(folder, pattern)))


def findConf(application, filename, excludeUserWritablePath=False):
    return _first(os.path.join(p, str(filename)) for p in confPaths(application))


def findBin(name, searchInPath=False):
    import shutil
    found = _first(os.path.join(p, name) for p in binPaths())
    return found or ((shutil.which(name) or "") if searchInPath else "")


def findLib(name):
    return _first(os.path.join(p, name) for p in libPaths())


def sdkPrefix():
    return _state["prefixes"][0] if _state["prefixes"] else ""


def sdkPrefixes():
    return list(_state["prefixes"])


def addOptionalSdkPrefix(prefix):
    _state["prefixes"].append(str(prefix))


def clearOptionalSdkPrefix():
    del _state["prefixes"][:]
