# The power bench on the MicroPython VM: one build's clock plays a game with
# a tournament's pacing while the stand-in board counts what it does
# (host_tools/mpy/sim/energy.py). Prints one JSON line: per phase, the
# counts, for host_tools/bench.py to price with hardware/power.json.
#
# The phases, as a 5-hour game has them: waiting before the round (the clock
# set up, nobody there), the first time control (40 moves in 90 min: a lever
# every 67.5 s), the rest faster (a lever every 30 s), paused for minutes.
# Each is played for a sample of some minutes of virtual time (the currents
# are steady within a phase; 0 plays the whole 90 + 210 min, 10 min each for the others).
# MicroPython-compatible; argv: profile, scratch folder, sample minutes.
import json
import os
import sys

import machine
from host_tools.mpy.sim import energy
from host_tools.mpy.sim import rig as rigmod
from host_tools.mpy.sim.tm1637_model import TM1637Model

LEFT, RIGHT, START = 0, 1, 2
PHASES = (("between_rounds", 0), ("first_control", 67500), ("faster", 30000), ("paused", 0))
FULL_MS = {"first_control": 90 * 60000, "faster": 210 * 60000}


def scratch(folder):
    try:
        os.mkdir(folder)
    except OSError:
        pass
    for name in os.listdir(folder):
        os.remove(folder + "/" + name)


def play(rig, meter, every_ms, span_ms):
    meter.reset()
    steps = rig.steps
    side = 0
    if every_ms:
        left = span_ms
        while left > 0:
            chunk = min(every_ms, left)
            rig.run(chunk - 80 if chunk > 80 else chunk)
            if chunk > 80:
                rig.press(LEFT if side == 0 else RIGHT, 80)
            side ^= 1
            left -= chunk
    else:
        rig.run(span_ms)
    got = meter.totals()
    got["steps"] = rig.steps - steps
    return got


def main(profile_path, folder, sample_ms):
    from device import settings as cfg
    from device.board import load_profile
    TM1637Model.keep_frames = False
    scratch(folder)
    profile = load_profile(profile_path)
    rig = rigmod.Rig(profile, cfg.check(dict(cfg.DEFAULTS, clock="90m/40,15m/10*")), folder)
    leds = profile.get("leds")
    meter = energy.Meter(rig.clock, rig.models, [machine.Pin(leds[s]) for s in ("left", "right")] if leds else ())
    out = {"build": profile["name"], "kind": profile["display"]["kind"], "phases": {}}
    for name, every in PHASES:
        if name == "first_control":
            rig.press(START)
        elif name == "paused":
            rig.press(START)  # a player stops the clock (the arbiter is called)
        span = sample_ms or FULL_MS.get(name, 10 * 60000)
        out["phases"][name] = play(rig, meter, every, span)
    meter.close()
    print(json.dumps(out))


main(sys.argv[1], sys.argv[2], int(sys.argv[3]) * 60000)
