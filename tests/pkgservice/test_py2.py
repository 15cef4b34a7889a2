"""qi._py2 (docs/packages.md "Package services"): a package's Python 2
code is rewritten for Python 3 as it is imported, line numbers kept;
Python 3 code and modules outside the package are left as they are."""

import os
import subprocess
import sys
import tempfile
import unittest

import packages

sys.path.insert(0, os.path.join(packages.SOURCE_DIR, "python"))
from qi import _py2  # noqa: E402


class Rewrite(unittest.TestCase):
    def run_code(self, text):
        namespace = {}
        exec(_py2.compile_source(text, "<test>"), namespace)
        return namespace

    def test_python2_statements_and_names(self):
        ns = self.run_code("d = {'a': 1}\nok = d.has_key('a')\nr = list(xrange(3))\ns = unicode('x')\n")
        self.assertEqual((ns["ok"], ns["r"], ns["s"]), (True, [0, 1, 2], "x"))

    def test_async_becomes_async_(self):
        ns = self.run_code("class Q(object):\n    def async_(self, f):\n        return f()\nq = Q()\n"
                           "v = q.async(lambda: 4)\n")
        self.assertEqual(ns["v"], 4)

    def test_line_numbers_are_kept(self):
        code = _py2.compile_source("x = 1\nprint 'a'\nraise ValueError('here')\n", "pkg.py")
        try:
            exec(code, {})
            self.fail("no ValueError")
        except ValueError as e:
            self.assertEqual(e.__traceback__.tb_next.tb_lineno, 3)

    def test_python3_code_is_compiled_as_it_is(self):
        ns = self.run_code("def f(*, a):\n    return a\nv = f(a=2)\n")
        self.assertEqual(ns["v"], 2)

    def test_what_neither_reads_is_a_syntax_error(self):
        with self.assertRaises(SyntaxError):
            _py2.compile_source("def (:\n", "bad.py")


class Launcher(unittest.TestCase):
    """python3 -m qi._launcher SCRIPT: the package's modules imported by the
    script are rewritten; the script sees its own arguments."""

    def test_script_and_its_module(self):
        with tempfile.TemporaryDirectory() as root:
            with open(os.path.join(root, "helper.py"), "w") as f:
                f.write("def name():\n    return u'helper'.encode('ascii') if False else 'helper'\n"
                        "def show(x):\n    print x\n")
            with open(os.path.join(root, "main.py"), "w") as f:
                f.write("import sys, helper, platform\nhelper.show(helper.name())\nprint sys.argv[1:]\n"
                        "print platform.platform().endswith('-aldebaran')\n")
            env = dict(os.environ, PYTHONPATH=os.path.join(packages.SOURCE_DIR, "python"),
                       AUTOLIFE_PACKAGE_ROOT=root, PYTHONDONTWRITEBYTECODE="1")
            done = subprocess.run(["/usr/bin/python3", "-m", "qi._launcher", "main.py", "a", "b"], cwd=root,
                                  env=env, capture_output=True, text=True, timeout=60)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(done.stdout.splitlines(), ["helper", "['a', 'b']", "True"])
            self.assertFalse([n for n in os.listdir(root) if n == "__pycache__"])


if __name__ == "__main__":
    unittest.main()
