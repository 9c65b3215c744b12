# How late a lever press is stamped when its edge comes while the journal is
# written (issue 11, item 5). Runs on the MicroPython unix port
# (`python3 tasks.py bench`, tests/device/test_press_stamp.py): the whole clock on the
# stand-in board, its journal on littlefs on the flash model with the Pico's
# flash timing (host_tools/mpy/sim/flash_model.py: an erase 45 ms, a page program
# 0.7 ms, interrupts off meanwhile, as rp2 writes its flash).
#
# Each trial: Red moves; once Black may press (past the levers' lockout),
# Black's lever goes down at a random instant of the next flash operation of
# the longest kind the journal makes (an erase for the file; for the ring, a
# page program: it makes no other), in the next journal write (a checkpoint,
# some 9 s later). The press's journaled time is compared with the instant of
# its edge, in the board's milliseconds.
#
# Arguments: profile path, scratch folder, journal ("ring" or "file"), trials.
# Prints one JSON object: trials, inside (edges that came during a flash
# write), late (stamped more than 1 ms late), max_ms and mean_ms (how late,
# over the edges inside a write), erases and programs per journal append.
import json
import sys

import machine
from host_tools.mpy.sim import rig as rigmod
from host_tools.mpy.sim.flash_model import ERASE_US, PROGRAM_US
from clock import events as ev
from device import settings as cfg
from device.board import load_profile
from device import storage
from prng import rand_from

RED, BLACK, START = 0, 1, 2  # levers: Red sits at the left
profile, folder, kind, trials = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
def _file_store(directory, flash=None):  # the journal as the littlefs file it was before the ring
    return storage.Store(directory)


longest = ERASE_US if kind == "file" else PROGRAM_US
values = cfg.check(dict(cfg.DEFAULTS))
values["clock"] = "90m"
r = rigmod.Rig(load_profile(profile), values, folder, flash_free=512 * 1024,
               store=_file_store if kind == "file" else None)
clock = r.clock
rand = rand_from(12345)
armed = [False]  # Black's lever goes down during the next operation that long
edges = []  # (Red's edge, Black's edge) in us of virtual time
windows = []  # (begin, end) us of this trial's flash writes


def black_down():
    edges[-1][1] = clock.now_us
    r.down(BLACK)


def busy(us):
    begin = clock.now_us
    if armed[0] and us >= longest:
        clock.call_at_us(begin + rand(us), black_down)
        armed[0] = False
    windows.append((begin, begin + us))
    machine.stall_us(us)


r.press(START)
r.flash.busy = busy
stamps = []  # game ms of each press the table counted
_event = r.app.table.event


def recording(t, kind, side, value):
    counted = _event(t, kind, side, value)
    if counted and kind == ev.PRESS:
        stamps.append(t)
    return counted


r.app.table.event = recording
before = r.flash.programs, r.flash.erases, r.app.table.records
inside = []
for _ in range(trials):
    del windows[:]
    edges.append([clock.now_us, -1])
    r.down(RED)
    r.run(60)
    r.up(RED)
    r.run(200)  # past the lockout: Black may press now
    armed[0] = True
    while edges[-1][1] < 0:
        r.run(10)
    r.run(60)
    r.up(BLACK)
    r.run(200)
    b = edges[-1][1]
    inside.append(any(w[0] <= b < w[1] for w in windows))
records = r.app.table.records - before[2]
result = {"journal": kind, "trials": trials, "inside": sum(inside), "late": 0, "max_ms": 0, "mean_ms": 0,
          "erases_per_append": (r.flash.erases - before[1]) / records,
          "programs_per_append": (r.flash.programs - before[0]) / records}
r.close()
if len(stamps) != 2 * trials:
    raise SystemExit("%d presses counted of %d" % (len(stamps), 2 * trials))
total = 0
for i in range(trials):
    a, b = edges[i]
    offset = stamps[2 * i] - a // 1000  # game ms - board ms: Red's edge came outside any write
    late = stamps[2 * i + 1] - offset - b // 1000  # in whole ms, as the board's ticks count
    if late > 1:
        result["late"] += 1
    if inside[i]:
        total += late
        result["max_ms"] = max(result["max_ms"], late)
if result["inside"]:
    result["mean_ms"] = total / result["inside"]
print(json.dumps(result))
