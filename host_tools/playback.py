# Plays a scenario's setup and events through the firmware's clock core.
# MicroPython-compatible: `xqclock scenario --vm micropython` runs this very
# file on the unix port (setup as JSON on stdin, state JSON on stdout), and
# the CPython path calls play() in-process, so both VMs run the same code.
import json
import sys

from clock import events, snapshot, timecontrol
from clock.game import Game


def control(setup):
    if "clock" in setup:
        return timecontrol.parse(setup["clock"])
    return timecontrol.handicap(setup["red"], setup["black"])


def play(setup):
    game = Game(control(setup))
    for t, kind, side, value in setup["events"]:
        events.apply(game, t, kind, side, value)
    game.advance(setup["end"])
    return snapshot.to_json(game)


if __name__ == "__main__":
    sys.stdout.write(play(json.loads(sys.stdin.read())) + "\n")
