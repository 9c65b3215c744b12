# The loop's step allocates nothing in each display mode of issue 16 (a delay
# counting down, a per-move limit, byo-yomi, a Canadian block, a period just
# marked), on both builds: run on the MicroPython unix port through
# host_tools.unixport (tests/device/test_display_time.py); prints one line of JSON.
import json
import os
import sys

import micropython
from device.board import load_profile
from host_tools.mpy.sim.rig import Rig
from device import settings as cfg

LEFT, RIGHT, START = 0, 1, 2
# (control, ms to run after the start, levers pressed first)
MODES = (
    ("5m+3s;delay 5s;permove 10m;increment-at-start", 2000, ()),
    ("1s;byoyomi 3x10m", 5000, ()),
    ("1s;canadian 5/10m", 5000, ()),
    ("10m/1,5m/1*", 1000, (LEFT,)),
)


def allocates(profile, directory, spec, ms, levers):
    r = Rig(profile, cfg.check(dict(cfg.DEFAULTS, clock=spec)), directory)
    r.press(START)
    for lever in levers:
        r.press(lever)
    r.run(ms)
    app = r.app
    game = app.game
    assert game.sides[0].overtime or game.sides[0].delay_left or game.sides[0].period, spec
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
