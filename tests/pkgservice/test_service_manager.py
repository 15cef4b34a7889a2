"""ALServiceManager drives the package services' real processes
(docs/robot.md): under `autolife simulate`, a scenario's calls list the
echo package's service, stop it (the process ends before the call
answers), start it again, restart it (a new process), and read its memory;
the engine's own services cannot be stopped."""

import unittest

import packages

SCENARIO = """robot: nao
packages: [echo]
steps:
  - {t: 1, call: ["ALServiceManager.isServiceRunning", "echo.echo-service"]}
  - {t: 1, call: ["ALServiceManager.service", "echo-service"]}
  - {t: 1, call: ["ALServiceManager.serviceMemoryUsage", "echo.echo-service"]}
  - {t: 2, call: ["ALServiceManager.stopService", "echo.echo-service"]}
  - {t: 2, call: ["ALServiceManager.isServiceRunning", "echo-service"]}
  - {t: 3, call: ["ALServiceManager.startService", "echo.echo-service"]}
  - {t: 3, call: ["EchoService.echo", "again"]}
  - {t: 4, call: ["ALServiceManager.restartService", "echo-service"]}
  - {t: 4, call: ["ALServiceManager.services"]}
  - {t: 5, call: ["EchoService.echo", "restarted"]}
  - {t: 5, call: ["ALServiceManager.stopService", "ALMemory"]}
  - {t: 5, call: ["ALServiceManager.startService", "nothing"]}
  - {t: 5, call: ["ALServiceManager.isServiceRunning", "ALMemory"]}
until: 6
"""


class ServiceManagerDrivesProcesses(packages.Simulation):
    SCENARIO = SCENARIO

    def test_list_stop_start_restart(self):
        records = self.simulate()
        calls = [r for r in records if "call" in r]
        answers = [(r["call"], r.get("result"), (r.get("error") or {}).get("reason")) for r in calls]

        def answer(i):
            return answers[i][1]

        self.assertEqual(answer(0), True, answers)
        first = answer(1)
        self.assertEqual((first["name"], first["running"], first["packageUuid"], first["autorun"]),
                         ("echo.echo-service", True, "echo", True), first)
        self.assertEqual(first["execStart"], "/usr/bin/python2 scripts/echo_service.py")
        self.assertGreater(answer(2), 0, "a running process has resident memory")
        self.assertEqual(answer(3), True, answers)   # stopped: its process has ended
        self.assertEqual(answer(4), False, answers)
        self.assertEqual(answer(5), True, answers)
        self.assertEqual(answer(6), "echo: again", answers)
        self.assertEqual(answer(7), True, answers)
        listed = {s["name"]: s for s in answer(8)}
        self.assertTrue(listed["echo.echo-service"]["running"])
        self.assertIn("ALMemory", listed)
        self.assertEqual(answer(9), "echo: restarted", answers)
        self.assertEqual(answers[10][2], "not-stoppable", answers)
        self.assertEqual(answer(11), False, answers)
        self.assertEqual(answer(12), True, answers)
        # Each start is a new process, stopped on request, and none outlives the simulation.
        service = [r for r in records if r.get("packageService") == "echo.echo-service"]
        pids = [r["pid"] for r in service if r["status"] == "started"]
        self.assertEqual(len(set(pids)), 3, service)
        self.assertEqual(pids[0], first["pid"])
        self.assertEqual([r["why"] for r in service if r["status"] == "stopped"][:2], ["stopped", "stopped"], service)
        self.assertNotIn("failed", [r["status"] for r in service])
        for pid in pids:
            self.assertTrue(packages.process_gone(pid, 10.0), "process %d still runs" % pid)


if __name__ == "__main__":
    unittest.main()
