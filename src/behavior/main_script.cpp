#include "main_script.hpp"

#include "xml_file.hpp"

namespace autolife::behavior {

namespace {

// The script, with ROOT and FROM filled in. Python 3, the standard library
// only; it replaces itself with `autolife play` (exit status and signals
// are autolife's).
constexpr const char* kMainPy = R"PY(#!/usr/bin/env python3
# -*- coding: utf-8 -*-
# A Choregraphe behavior in libqicore's new format, written by `autolife convert`
# from FROM. Each object is an l<level>_<name>.xml (its description) and .py
# (its script); the root object is ROOT.
#
# Runs the behavior, as libqicore's main.py did:
#   python3 main.py IP [PORT]   on the robot (or `autolife serve`) at IP:PORT (port 9559 if not given)
#   python3 main.py             on autolife's simulated robot
# Options after those go to `autolife play` (--json, --until 60, --realtime, --seed 3...).
# autolife is the program named by $AUTOLIFE, else the one beside this file, else the one on PATH.
import os
import shutil
import sys

ROOT = "ROOT_NAME"


def find_autolife(folder):
    named = os.environ.get("AUTOLIFE")
    if named:
        if os.path.isfile(named) and os.access(named, os.X_OK):
            return named
        sys.exit("main.py: AUTOLIFE=%s is not a program autolife can be run from" % named)
    beside = os.path.join(folder, "autolife")
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return beside
    found = shutil.which("autolife")
    if not found:
        sys.exit("main.py: no autolife to run the behavior: set AUTOLIFE, or put autolife beside main.py or on PATH")
    return found


def play_command(autolife, folder, args):
    """autolife play FOLDER [--robot tcp://IP:PORT] [options...]"""
    robot = []
    if args and not args[0].startswith("-"):
        address = args.pop(0)
        port = args.pop(0) if args and not args[0].startswith("-") else "9559"
        robot = ["--robot", address if "://" in address else "tcp://%s:%s" % (address, port)]
    return [autolife, "play", folder] + robot + args


def main(args):
    folder = os.path.dirname(os.path.abspath(__file__))
    command = play_command(find_autolife(folder), folder, list(args))
    sys.stdout.flush()
    os.execv(command[0], command)


if __name__ == "__main__":
    main(sys.argv[1:])
)PY";

void replace(std::string& text, const std::string& what, const std::string& with) {
  const auto at = text.find(what);
  if (at != std::string::npos) text.replace(at, what.size(), with);
}

}  // namespace

std::string mainScript(const std::string& root, const std::string& from) {
  std::string script = kMainPy;
  replace(script, "from FROM.", "from " + inQuotes(from) + ".");
  replace(script, "is ROOT.", "is " + root + ".");
  replace(script, "\"ROOT_NAME\"", "\"" + root + "\"");
  return script;
}

}  // namespace autolife::behavior
