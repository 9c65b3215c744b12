# The power bench on the MicroPython VM: one build's clock plays a game with
# a tournament's pacing while the stand-in board counts what it does
# (host_tools/mpy/sim/energy.py). Prints one JSON line: per phase, the
# counts, for host_tools/bench.py to price with hardware/power.json.
#
# The phases, as a 5-hour game has them: waiting before the round (the clock
# set up, nobody there), the first time control (40 moves in 90 min: a lever
# every 67.5 s), the rest faster (a lever every 30 s), paused for minutes;
# and between rounds, a finished game's clock gone to sleep. Then the
# voltage at which the firmware warns of low cells.
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
    out["phases"]["asleep"] = asleep(profile, folder, sample_ms or 10 * 60000)
    out["warn_mv"] = warning_mv(profile, folder)
    from device.app import SLEEP_MS
    out["sleep_ms"] = SLEEP_MS
    print(json.dumps(out))


def asleep(profile, folder, span_ms):
    """Between rounds: a game over (a flag fell), its clock left alone until
    it sleeps (device/app.py SLEEP_MS), then span_ms more counted."""
    from device import app
    from device import settings as cfg
    scratch(folder)
    rig = rigmod.Rig(profile, cfg.check(dict(cfg.DEFAULTS, clock="1m")), folder)
    rig.press(START)
    rig.run(61000 + app.SLEEP_MS)
    leds = profile.get("leds")
    meter = energy.Meter(rig.clock, rig.models, [machine.Pin(leds[s]) for s in ("left", "right")] if leds else ())
    got = play(rig, meter, 0, span_ms)
    meter.close()
    return got


def warning_mv(profile, folder):
    """The battery voltage at which the firmware warns during play, found by
    lowering the cells' voltage 3 mV (1 mV a cell) a second and a bit."""
    bat = profile.get("battery")
    if not bat or not bat.get("chemistry"):
        return None
    scratch(folder)
    from device import settings as cfg
    rig = rigmod.Rig(profile, cfg.check(dict(cfg.DEFAULTS, clock="90m")), folder)
    rig.press(START)
    mv = 3 * 1100
    while mv > 0:
        machine.set_adc_mv(bat["adc"], mv * 1000 // int(bat.get("divider", 2.0) * 1000))
        rig.run(1100)  # the battery is read once a second
        if rig.app.low_battery:
            return rig.app.board.battery.mv
        mv -= 3
    return None


main(sys.argv[1], sys.argv[2], int(sys.argv[3]) * 60000)
