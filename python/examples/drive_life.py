#!/usr/bin/python3
"""Drives Autonomous Life through `autolife serve`: writes to memory, focuses
an activity, prints what life reports while it runs, and waits for it to
end.

    build/release/autolife serve --packages examples/packages &
    PYTHONPATH=python /usr/bin/python3 python/examples/drive_life.py --activity greeter/.
"""

import argparse
import os
import queue
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import autolife  # noqa: E402  (found next to this folder without PYTHONPATH too)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=autolife.DEFAULT_URL, help="the server (default %(default)s)")
    parser.add_argument("--token", help="the server's token, needed beyond loopback (or AUTOLIFE_TOKEN)")
    parser.add_argument("--activity", default="greeter/.", help="the activity to focus (default %(default)s)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for it to end")
    args = parser.parse_args()

    try:
        with autolife.Session(args.url, token=args.token, timeout=args.timeout) as session:
            return drive(session, args)
    except autolife.Error as e:
        print("error (%s): %s" % (e.reason, e), file=sys.stderr)
        return 1


def drive(session, args):
    print("connected to %s: %d services" % (args.url, len(session.services())))
    memory = session.service("ALMemory")
    life = session.service("ALAutonomousLife")

    # Events arrive on the session's event thread; the transitions also go
    # to a queue so that this thread can wait for the activity's end.
    transitions = queue.Queue()

    def on_transition(t):
        print("signal  activityTransition: %r (%s) -> %r (%s)" % (
            t["PreviousActivityName"], t["PreviousActivityStopReason"] or "-",
            t["FocusedActivityName"], t["FocusedActivityStartReason"] or "-"), flush=True)
        transitions.put(t)

    life.activityTransition.connect(on_transition)
    for key in ("AutonomousLife/State", "AutonomousLife/FocusedActivity", "Example/Visitor"):
        subscriber = memory.subscriber(key)
        subscriber.signal.connect(lambda value, key=key: print("event   %s = %r" % (key, value), flush=True))

    memory.insertData("Example/Visitor", "Ada")
    print("memory  Example/Visitor is %r" % memory.getData("Example/Visitor"), flush=True)
    print("life is %s; focusing %s" % (life.getState(), args.activity), flush=True)
    life.switchFocus(args.activity)

    try:
        while transitions.get(timeout=args.timeout)["PreviousActivityName"] != args.activity:
            pass
    except queue.Empty:
        print("%s did not end within %s s" % (args.activity, args.timeout), file=sys.stderr)
        return 1
    statistics = life.getActivityStatistics()[args.activity]
    print("%s ended: focused %d time(s), %.1f s in all; life is %s" % (
        args.activity, statistics["focusCount"], statistics["totalDuration"], life.getState()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
