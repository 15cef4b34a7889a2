"""python/examples/drive_life.py, as a user runs it, against a real server."""

import os
import subprocess
import sys
import unittest

from server import DEADLINE, SOURCE_DIR, ServerTest

EXAMPLE = os.path.join(SOURCE_DIR, "python", "examples", "drive_life.py")


class DriveLife(ServerTest):
    def run_example(self, *args):
        return subprocess.run([sys.executable, EXAMPLE, "--url", self.server.url, "--timeout", str(DEADLINE), *args],
                              capture_output=True, text=True, timeout=DEADLINE * 2)

    def test_focuses_the_greeter_and_reports_until_it_ends(self):
        done = self.run_example("--activity", "greeter/.")
        self.assertEqual(done.returncode, 0, done.stderr)
        out = done.stdout
        self.assertIn("memory  Example/Visitor is 'Ada'", out)
        self.assertIn("event   Example/Visitor = 'Ada'", out)
        self.assertIn("-> 'greeter/.' (unknown-api-caller)", out)
        self.assertIn("event   AutonomousLife/FocusedActivity = 'greeter/.'", out)
        self.assertIn("signal  activityTransition: 'greeter/.' (", out)
        self.assertIn("greeter/. ended: focused 1 time(s)", out)

    def test_an_unknown_activity_is_reported_with_lifes_reason(self):
        done = self.run_example("--activity", "nobody/here")
        self.assertEqual(done.returncode, 1)
        self.assertIn("error (unknown-activity)", done.stderr)


if __name__ == "__main__":
    unittest.main()
