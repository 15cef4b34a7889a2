"""`autolife play` runs the package services of the behavior's own package
(docs/packages.md "Package services"): a behavior whose box calls its
package's service gets the process's answer, the service's start is told
among the records, and the process stops when the behavior ends."""

import json
import os
import subprocess
import unittest

import packages

BINARY = os.environ.get("AUTOLIFE_BINARY", "")
DEADLINE = 120.0


class PlayWithServices(unittest.TestCase):
    def setUp(self):
        self.root = packages.write_self_calling_package()
        self.addCleanup(packages.remove, self.root)

    def play(self, *arguments):
        done = subprocess.run([BINARY, "play", "--json", *arguments], cwd=self.root, capture_output=True,
                              text=True, timeout=DEADLINE)
        return done, [json.loads(line) for line in done.stdout.splitlines()]

    def test_the_behavior_calls_its_packages_service(self):
        done, records = self.play(os.path.join("selfcall", "behavior.xar"))
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        service = [r for r in records if r.get("packageService") == "selfcall.echo-service"]
        self.assertEqual([r["status"] for r in service][:2], ["started", "ready"], records)
        logs = [r["message"] for r in records if r.get("log")]
        self.assertEqual(logs[:2], ["echo: from a box", "echo: from a session"], records)
        self.assertEqual(records[-1]["end"], "finished", records)
        # Nothing outlives play: the process it started is gone.
        for pid in [r["pid"] for r in service if r["status"] == "started"]:
            self.assertTrue(packages.process_gone(pid, 10.0), "process %d still runs" % pid)

    def test_a_behavior_outside_a_package_with_services_starts_none(self):
        done, records = self.play(os.path.join("caller", "behavior.xar"))
        self.assertEqual([r for r in records if "packageService" in r], [], records)
        # Its box's calls reach no service: told as missing, answered None.
        missing = [r for r in records if r.get("missing")]
        self.assertEqual([r["args"] for r in missing], [["from a box"], ["from a session"]], records)
        self.assertEqual([r["message"] for r in records if r.get("log")], ["None", "None"], records)


if __name__ == "__main__":
    unittest.main()
