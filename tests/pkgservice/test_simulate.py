"""`autolife simulate` runs a package's service as a real process beside
the engine (docs/packages.md "Package services"): scenario calls and a
behavior's box reach it over qi, its crash is a warning record and it
leaves the registry, and nothing of it outlives the simulation."""

import unittest

import packages

SCENARIO = """robot: nao
packages: [echo, caller]
steps:
  - {t: 1, call: ["EchoService.echo", "hi"]}
  - {t: 1, people: [{id: 1, distance: 0.8, angle: 0, looking: true}]}
  - {t: 4, people: []}
  - {t: 5, call: ["EchoService.crash"]}
until: 6
"""


class SimulateWithServices(packages.Simulation):
    SCENARIO = SCENARIO

    def test_calls_behavior_and_crash(self):
        records = self.simulate()
        service = [r for r in records if r.get("packageService") == "echo.echo-service"]
        statuses = [r["status"] for r in service]
        self.assertEqual(statuses[:2], ["started", "ready"], service)
        self.assertEqual(service[1]["services"], ["EchoService"])
        # A scenario's call: step, answered by the process.
        calls = [r for r in records if r.get("call") == "EchoService.echo"]
        self.assertEqual(calls[0]["result"], "echo: hi", records)
        # The behavior's box called it through ALProxy and session.service and logged the answers.
        logs = [r["message"] for r in records if r.get("log") and r.get("behavior") == "caller/."]
        self.assertEqual(logs[:2], ["echo: from a box", "echo: from a session"], records)
        # Its crash: the call that crashed it is refused, its output and a
        # warning that it failed, with the services that left, then a restart.
        crash = [r for r in records if r.get("call") == "EchoService.crash"]
        self.assertEqual(crash[0]["error"]["reason"], "service-gone", crash)
        self.assertIn({"line": "crashing on purpose", "stream": "stdout"},
                      [{"line": r.get("line"), "stream": r.get("stream")} for r in service if r["status"] == "output"])
        failed = [r for r in service if r["status"] == "failed"]
        self.assertEqual(len(failed), 1, service)
        self.assertEqual(failed[0]["why"], "exited with status 3")
        self.assertEqual(failed[0]["services"], ["EchoService"])
        self.assertTrue(failed[0]["warning"])
        self.assertIn("crashing on purpose", failed[0]["lastOutput"])
        self.assertIn("restarting", statuses)
        # Nothing outlives the simulation: each process it started is gone.
        for pid in [r["pid"] for r in service if r["status"] == "started"]:
            self.assertTrue(packages.process_gone(pid, 10.0), "process %d still runs" % pid)


if __name__ == "__main__":
    unittest.main()
