# Plays a scenario's settings and events through the firmware: the same
# Table (rules + journal) the board runs, with the journal in a real
# directory. MicroPython-compatible: `xqclock scenario --vm micropython` runs
# this very file on the unix port (on stdin the setup as one JSON line, then
# each event as a line of its own, read as it is played: a long scenario is
# never in the VM's heap whole; the state JSON on stdout), and the CPython
# path calls play() in-process.
import json
import sys

from clock import snapshot
from clock import tablestart
from device.storage import Store

POWER_CUT = -1  # runner-only actions: the firmware never sees these as events
POWER_ON = -2


def play(setup):
    """setup: {"settings", "events": [[t, kind, side, value]...], "end", "journal": dir}."""
    path = Store(setup["journal"]).journal  # the board's layout, in a folder of the host
    table = tablestart.new(setup["settings"], path)
    for t, kind, side, value in setup["events"]:
        if kind == POWER_CUT:
            table.tick(t)  # what the running board had written by now
            table.close()  # all in-memory state is gone
            table = None
        elif kind == POWER_ON:
            table = tablestart.restore(path, t)
        elif table is not None:  # a dead clock ignores its buttons
            table.event(t, kind, side, value)
    if table is None:  # the scenario ends with the power off: show what power-on restores
        table = tablestart.restore(path, setup["end"])
    table.tick(setup["end"])
    table.close()
    return snapshot.to_json(table.game, table.notice)


def lines(setup):
    """What the unix port reads on stdin: the setup without its events, then each event."""
    head = dict(setup)
    events = head.pop("events")
    return "".join([json.dumps(head) + "\n"] + [json.dumps(e) + "\n" for e in events])


def _events(stream):
    while True:
        line = stream.readline()
        if not line:
            return
        yield json.loads(line)


if __name__ == "__main__":
    setup = json.loads(sys.stdin.readline())
    setup["events"] = _events(sys.stdin)
    sys.stdout.write(play(setup) + "\n")
