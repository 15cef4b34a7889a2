# How autolife runs a package's Python service (docs/packages.md "Package
# services"): python3 -m qi._launcher SCRIPT [ARGS...] (or -m MODULE
# [ARGS...]) in the package's folder. It sets up what the program finds on
# a robot: Python 2 modules of the package rewritten as they are imported,
# NAOqi's address reaching the engine (qi._transport), and a platform that
# says it is NAOqi OS ("aldebaran" in platform.platform(), which
# robot-jumpstarter's stk.runner checks before asking for a robot's address).
import os
import platform
import runpy
import sys

from . import _py2


def _robot_platform():
    original = platform.platform

    def platform_of_the_robot(*args, **kwargs):
        return original(*args, **kwargs) + "-aldebaran"
    platform.platform = platform_of_the_robot


def main(arguments):
    if not arguments:
        sys.stderr.write("usage: python3 -m qi._launcher SCRIPT [ARGS...] | -m MODULE [ARGS...]\n")
        return 2
    _py2.install(os.environ.get("AUTOLIFE_PACKAGE_ROOT") or os.getcwd())
    _robot_platform()
    if arguments[0] == "-m" and len(arguments) > 1:
        sys.argv = [arguments[1]] + arguments[2:]
        runpy.run_module(arguments[1], run_name="__main__", alter_sys=True)
    else:
        _py2.run_script(arguments[0], arguments[1:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
