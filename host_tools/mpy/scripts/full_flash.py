# Runs on the MicroPython unix port (tests/device/test_storage_faults.py): a clock
# whose flash fills in the middle of a game (something else takes the room:
# the journal's ring was made before the start, so it goes on), then wears
# out (programs no longer take: the journal stops, the game goes on in RAM),
# then loses power and boots again with the flash still full and worn.
import json
import sys

from host_tools.mpy.sim import rig as rigmod
from host_tools.mpy.sim.flash_model import fill_up
from host_tools.mpy.sim.frames import frame_bytes
from clock.journalread import Loaded
from device import faults
from device import settings as cfg
from device.board import load_profile

LEFT, RIGHT, START = 0, 1, 2
r = rigmod.Rig(load_profile(sys.argv[1]), cfg.check(dict(cfg.DEFAULTS)), sys.argv[2], flash_free=128 * 1024)


def moves():
    return [s.moves for s in r.app.game.sides]


def play(n):
    for i in range(n):
        r.run(2000)
        r.press(i % 2)


def frames():
    out = []
    for t in range(4):  # a second in four belongs to the marks
        r.run(1000)
        out.append("".join("%02x" % b for b in frame_bytes(r, 0)))
    return out


r.press(START)
play(20)
fill_up(rigmod.FLASH_MOUNT + "/photos")  # something else takes the room
play(20)
recorded = r.app.table.write_error is None and \
    len(list(Loaded(r.app.store.journal).records())) == r.app.table.records
r.flash.worn = True
play(22)
presses = 62
result = {"recorded_while_full": recorded,
          "full": r.app.table.write_error is not None, "moves_full": moves(), "presses": presses,
          "marked_full": bool(r.app.fault_kinds & faults.STORAGE), "frames_full": frames()}
r.power_cut()
r.run(1000)
r.boot()  # still full: the power-on record cannot be written
result.update({"booted": True, "paused": r.app.game.paused, "moves_back": moves(),
               "marked_back": bool(r.app.fault_kinds & faults.STORAGE), "frames_back": frames()})
r.press(5, hold_ms=2100)  # the arbiter's menu (hold ok; no code set) ...
r.press(5)  # ... resume, its first item
for i in range(4):
    r.run(2000)
    r.press(r.app.game.turn)  # the lever of the side to move (Red sits at the left)
result["moves_after"] = moves()
r.close()
print(json.dumps(result))
