"""The packages the package-service tests install, written to a fresh
folder: `echo` declares a Python 2 service (as NAOqi 2.x packages do:
print statements, execStart naming /usr/bin/python2) that registers
EchoService and, stopped cleanly, leaves stopped-PID in its folder;
`caller` has a behavior whose box calls it through ALProxy and
session.service when someone comes close (or when `play` starts it);
`selfcall` (write_self_calling_package) is `caller` declaring the service
itself."""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

SOURCE_DIR = os.environ.get("AUTOLIFE_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("AUTOLIFE_BINARY", "")
DEADLINE = 120.0

ECHO_MANIFEST = """<?xml version="1.0" encoding="UTF-8" ?>
<package uuid="echo" version="1.0.0">
  <names><name lang="en_US">Echo</name></names>
  <supportedLanguages><language>en_US</language></supportedLanguages>
  <requirements><naoqiRequirement minVersion="2.5"/></requirements>
  <contents/>
  <services>
    <service name="echo-service" autorun="true" execStart="/usr/bin/python2 scripts/echo_service.py"/>
  </services>
  <executableFiles><file path="scripts/echo_service.py"/></executableFiles>
</package>
"""

ECHO_SERVICE = """import os
import sys
import qi


class EchoService(object):
    def __init__(self, session):
        self.session = session
        self.said = qi.Signal("(s)")

    def echo(self, text):
        self.said(text)
        return "echo: " + text

    def crash(self):
        print "crashing on purpose"
        sys.stdout.flush()
        os._exit(3)


def stopped():
    # Its atStop (SIGTERM, or its session lost): a test sees it ran.
    open("stopped-%d" % os.getpid(), "w").close()


app = qi.Application(sys.argv)
app.start()
app.session.registerService("EchoService", EchoService(app.session))
app.atStop(stopped)
app.run()
"""


def write_packages():
    """A new folder holding echo/ and caller/; the caller removes it."""
    root = tempfile.mkdtemp(prefix="autolife-pkgservice-")
    os.makedirs(os.path.join(root, "echo", "scripts"))
    with open(os.path.join(root, "echo", "manifest.xml"), "w") as f:
        f.write(ECHO_MANIFEST)
    with open(os.path.join(root, "echo", "scripts", "echo_service.py"), "w") as f:
        f.write(ECHO_SERVICE)
    greeter = os.path.join(SOURCE_DIR, "examples", "packages", "greeter")
    os.makedirs(os.path.join(root, "caller"))
    with open(os.path.join(greeter, "manifest.xml")) as f:
        manifest = f.read().replace('uuid="greeter"', 'uuid="caller"')
    with open(os.path.join(root, "caller", "manifest.xml"), "w") as f:
        f.write(manifest)
    with open(os.path.join(greeter, "behavior.xar")) as f:
        behavior = f.read()
    behavior = behavior.replace('self.tts = ALProxy("ALTextToSpeech")', 'self.echo = ALProxy("EchoService")')
    behavior = behavior.replace(
        'self.tts.say("Hello! Nice to meet you.")',
        'self.logger.info(self.echo.echo("from a box"))\n'
        '        self.logger.info(self.session().service("EchoService").echo("from a session"))')
    assert "EchoService" in behavior and "from a session" in behavior
    with open(os.path.join(root, "caller", "behavior.xar"), "w") as f:
        f.write(behavior)
    return root


def write_self_calling_package():
    """A new folder holding caller/ (as write_packages writes it) and
    selfcall/: caller's behavior in a package that declares the echo service
    itself; the caller removes it."""
    root = write_packages()
    os.makedirs(os.path.join(root, "selfcall", "scripts"))
    with open(os.path.join(root, "caller", "manifest.xml")) as f:
        manifest = f.read().replace('uuid="caller"', 'uuid="selfcall"')
    services = ECHO_MANIFEST[ECHO_MANIFEST.index("  <services>"):ECHO_MANIFEST.index("</package>")]
    manifest = manifest.replace("</package>", services + "</package>")
    assert "<services>" in manifest
    with open(os.path.join(root, "selfcall", "manifest.xml"), "w") as f:
        f.write(manifest)
    shutil.copy(os.path.join(root, "caller", "behavior.xar"), os.path.join(root, "selfcall", "behavior.xar"))
    shutil.copy(os.path.join(root, "echo", "scripts", "echo_service.py"),
                os.path.join(root, "selfcall", "scripts", "echo_service.py"))
    return root


def remove(root):
    shutil.rmtree(root, ignore_errors=True)


def process_gone(pid, timeout):
    """True when process `pid` ends within `timeout` seconds (or is gone already)."""
    import select
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([fd], [], [], timeout)[0])
    finally:
        os.close(fd)


class Simulation(unittest.TestCase):
    """`autolife simulate --json` of the class's SCENARIO (day.yaml) in a
    folder write_packages() wrote; simulate() gives its records."""
    SCENARIO = ""

    def setUp(self):
        self.root = write_packages()
        self.addCleanup(remove, self.root)
        with open(os.path.join(self.root, "day.yaml"), "w") as f:
            f.write(self.SCENARIO)

    def simulate(self):
        done = subprocess.run([BINARY, "simulate", "--json", "day.yaml"], cwd=self.root, capture_output=True,
                              text=True, timeout=DEADLINE)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        return [json.loads(line) for line in done.stdout.splitlines()]
