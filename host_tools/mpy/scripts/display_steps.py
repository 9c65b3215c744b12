# The loop's step allocates nothing in each display mode of issues 16 and 29
# (a delay counting down, a per-move limit, byo-yomi, a Canadian block, a
# period just marked; an up-count, Ing overtime, an hourglass, tenths under
# the threshold, a fallen flag's blinking LED), on both builds with their
# running-side LEDs: run on the MicroPython unix port through
# host_tools.unixport (tests/device/test_display_time.py); prints one line of JSON.
import json
import os
import sys

import micropython
from device.board import load_profile
from host_tools.mpy.sim.rig import Rig
from device import settings as cfg

LEFT, RIGHT, START = 0, 1, 2
# (control, ms to run after the start, levers pressed first, what the mode is)
MODES = (
    ("5m+3s;delay 5s;permove 10m;increment-at-start", 2000, (), lambda c: c.delay_left),
    ("1s;byoyomi 3x10m", 5000, (), lambda c: c.overtime),
    ("1s;canadian 5/10m", 5000, (), lambda c: c.overtime),
    ("10m/1,5m/1*", 1000, (LEFT,), lambda c: c.period),
    ("1s;upcount", 5000, (), lambda c: c.overtime and c.counted),
    ("1s;ing 3x10m 2pt", 5000, (), lambda c: c.ing_points()),
    ("5m;hourglass", 2000, (LEFT,), lambda c: c.granted > 300000),
    ("30s", 15000, (), lambda c: c.remaining < 20000),
    ("1s", 5000, (), lambda c: c.flag_at > 0),
)


def allocates(profile, directory, spec, ms, levers, mode):
    r = Rig(profile, cfg.check(dict(cfg.DEFAULTS, clock=spec)), directory)
    r.press(START)
    for lever in levers:
        r.press(lever)
    r.run(ms)
    app = r.app
    game = app.game
    assert mode(game.sides[0]), spec
    assert app.board.leds is not None
    app.step()
    micropython.heap_lock()
    try:
        for _ in range(1000):
            app.step()  # the same instant: nothing to draw
        allocated = False
    except MemoryError:
        allocated = True
    micropython.heap_unlock()
    return allocated


def main(profiles, directory):
    out = {}
    for name in ("oled", "segment7"):
        profile = load_profile(profiles + "/" + name + ".json")
        out[name] = []
        for i in range(len(MODES)):
            game_dir = "%s/%s-%d" % (directory, name, i)  # a journal of its own: nothing to restore
            os.mkdir(game_dir)
            out[name].append(allocates(profile, game_dir, *MODES[i]))
    print(json.dumps(out))


main(sys.argv[1], sys.argv[2])
