"""The Debian package (docs/install.md): `cpack -G DEB` makes
autolife_VERSION_amd64.deb with /usr/bin/autolife, the systemd unit, the
examples, a man page and bash completion, and Debian package names as its
dependencies; extracted with dpkg-deb -x, its autolife --version runs and
its unit starts, run as systemd would run it (decision 1148)."""

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import tempfile
import unittest
import urllib.request

BUILD_DIR = os.environ.get("AUTOLIFE_BUILD_DIR", "")
VERSION = os.environ.get("AUTOLIFE_VERSION", "")
DEADLINE = 120.0


def run(args, **kwargs):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                          timeout=DEADLINE * 3, **kwargs)


def unit_sections(text):
    """A unit file as {section: [(key, value)...]} (continuation lines joined)."""
    sections, current = {}, None
    for line in text.replace("\\\n", " ").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
        else:
            key, _, value = line.partition("=")
            current.append((key.strip(), value.strip()))
    return sections


def environment_file(path):
    """KEY=VALUE lines of an EnvironmentFile, quotes removed."""
    values = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                key, _, value = line.partition("=")
                values[key.strip()] = " ".join(shlex.split(value))
    return values


def expand_exec(command, environment):
    """ExecStart's words as systemd expands them: $VAR split into words,
    ${VAR} kept as one."""
    words = []
    for word in shlex.split(command):
        if re.fullmatch(r"\$[A-Za-z_][A-Za-z0-9_]*", word):
            words += environment.get(word[1:], "").split()
        else:
            words.append(re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: environment.get(m.group(1), ""), word))
    return words


class DebianPackage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="autolife-deb-")
        made = run(["cpack", "-G", "DEB", "--config", os.path.join(BUILD_DIR, "CPackConfig.cmake"),
                    "-B", cls.work])
        if made.returncode != 0:
            raise AssertionError("cpack failed:\n" + made.stdout + made.stderr)
        debs = [f for f in os.listdir(cls.work) if f.endswith(".deb")]
        assert len(debs) == 1, debs
        cls.deb = os.path.join(cls.work, debs[0])
        cls.root = os.path.join(cls.work, "root")
        extracted = run(["dpkg-deb", "-x", cls.deb, cls.root])
        assert extracted.returncode == 0, extracted.stderr
        cls.control = run(["dpkg-deb", "-f", cls.deb]).stdout

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    def path(self, inside):
        return os.path.join(self.root, inside.lstrip("/"))

    def field(self, name):
        found = re.search(r"^%s: (.*)$" % name, self.control, re.M)
        return found.group(1) if found else None

    def test_its_name_control_and_dependencies_are_debians(self):
        self.assertEqual(os.path.basename(self.deb), "autolife_%s_amd64.deb" % VERSION)
        self.assertEqual((self.field("Package"), self.field("Version"), self.field("Architecture")),
                         ("autolife", VERSION, "amd64"))
        depends = [d.strip().split(" ")[0] for d in self.field("Depends").split(",")]
        for package in ("adduser", "python3", "python3-lib2to3", "libssl3", "libsqlite3-0", "libzip4"):
            self.assertIn(package, depends)
        self.assertTrue([d for d in depends if d.startswith("libpython3")], depends)
        scripts = run(["dpkg-deb", "--ctrl-tarfile", self.deb]).returncode
        self.assertEqual(scripts, 0)
        listed = run(["dpkg-deb", "-I", self.deb]).stdout
        for script in ("postinst", "prerm", "postrm"):
            self.assertIn(script, listed)

    def test_it_holds_the_binary_unit_examples_man_page_and_completion(self):
        for inside in ("/usr/bin/autolife", "/usr/lib/systemd/system/autolife.service",
                       "/usr/share/autolife/examples/packages/greeter/manifest.xml",
                       "/usr/share/autolife/examples/scenarios/demo.yaml",
                       "/usr/share/autolife/examples/python/drive_life.py",
                       "/usr/share/man/man1/autolife.1.gz",
                       "/usr/share/bash-completion/completions/autolife"):
            self.assertTrue(os.path.isfile(self.path(inside)), inside)
        self.assertTrue(os.access(self.path("/usr/bin/autolife"), os.X_OK))
        page = run(["sh", "-c", "gzip -dc '%s'" % self.path("/usr/share/man/man1/autolife.1.gz")]).stdout
        self.assertIn(".TH AUTOLIFE", page)
        for command in ("eval", "check", "simulate", "play", "serve", "chat", "convert"):
            self.assertIn("autolife %s" % command, page)
        self.assertIn("--require-token", page)

    def test_its_autolife_says_its_version_and_commit(self):
        r = run([self.path("/usr/bin/autolife"), "--version"])
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertRegex(r.stdout, r"^autolife %s \(commit [0-9a-f]+(\+dirty)?\)\n$" % re.escape(VERSION))

    def test_bash_completes_subcommands_and_options(self):
        script = ('source "$1"; PATH="$2:$PATH"\n'
                  'COMP_WORDS=(autolife se); COMP_CWORD=1; _autolife; echo "${COMPREPLY[*]}"\n'
                  'COMP_WORDS=(autolife serve --req); COMP_CWORD=2; _autolife; echo "${COMPREPLY[*]}"\n')
        r = run(["bash", "-c", script, "bash", self.path("/usr/share/bash-completion/completions/autolife"),
                 self.path("/usr/bin")])
        self.assertEqual(r.stdout.splitlines(), ["serve", "--require-token"], r.stderr)

    def test_the_unit_is_hardened_and_starts_as_systemd_would_start_it(self):
        with open(self.path("/usr/lib/systemd/system/autolife.service")) as f:
            unit = unit_sections(f.read())
        service = dict(unit["Service"])
        for key, value in (("User", "autolife"), ("NoNewPrivileges", "yes"), ("StateDirectory", "autolife"),
                           ("ProtectSystem", "strict"), ("ProtectHome", "yes"), ("PrivateTmp", "yes"),
                           ("CapabilityBoundingSet", "")):
            self.assertEqual(service.get(key), value, key)
        self.assertEqual(dict(unit["Install"])["WantedBy"], "multi-user.target")
        # The root the unit runs in: the package's files, the state
        # directory systemd makes, the administrator's EnvironmentFile.
        state = os.path.join(self.root, "var/lib", service["StateDirectory"])
        os.makedirs(state, exist_ok=True)
        env_file = service["EnvironmentFile"].lstrip("-")
        os.makedirs(os.path.dirname(self.path(env_file)), exist_ok=True)
        with open(self.path(env_file), "w") as f:
            f.write('AUTOLIFE_OPTS="--port 0 --qi tcp://127.0.0.1:0"\n')
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        for key, value in unit["Service"]:
            if key == "Environment":
                name, _, setting = value.partition("=")
                environment[name] = setting
        environment.update(environment_file(self.path(env_file)))
        environment = {k: (self.path(v) if v.startswith("/var/") else v) for k, v in environment.items()}
        words = [self.path(w) if w.startswith(("/usr/", "/var/")) else w
                 for w in expand_exec(service["ExecStart"], environment)]
        process = subprocess.Popen(words, cwd=self.path(service["WorkingDirectory"]), env=environment,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        try:
            first = json.loads(process.stdout.readline())
            self.assertTrue(first["qi"].startswith("tcp://127.0.0.1:"), first)
            request = urllib.request.Request("http://%s/api" % first["listening"], data=json.dumps(
                {"jsonrpc": "2.0", "id": 1, "method": "ALAutonomousLife.getState"}).encode(),
                headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=DEADLINE) as answer:
                self.assertEqual(json.loads(answer.read())["result"], "solitary")
        finally:
            process.send_signal(getattr(signal, service["KillSignal"]))
            out, err = process.communicate(timeout=float(service["TimeoutStopSec"]))
        self.assertEqual(process.returncode, 0, err)
        self.assertIn('"stopped": "SIGTERM"', out)
        self.assertTrue(os.path.exists(os.path.join(state, "autolife.db")), os.listdir(state))


if __name__ == "__main__":
    unittest.main()
