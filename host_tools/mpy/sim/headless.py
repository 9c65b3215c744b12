# Plays a button script on the simulated clock and prints each snapshot as
# "SNAP name display hex" lines. MicroPython-compatible: `xqclock simulate
# --headless --vm micropython` runs this file on the unix port (arguments:
# profile path, script path, scratch directory); the CPython path calls run().
import sys

from frames import frame_bytes
from rig import Rig, load_profile
import script


def run(profile_path, script_text, directory, emit):
    values, steps, end, board = script.parse(script_text)
    try:
        rig = Rig(load_profile(profile_path), values, directory, power_on=False, flash_free=board["flash_free"])
    except ValueError as e:
        raise script.ScriptError("flash-free: %s" % e)

    def snap(name, r):
        for i in range(2):
            emit(name, i, frame_bytes(r, i))
    try:
        script.play(rig, steps, end, snap)
    finally:
        rig.close()
    return rig


def _hex(b):
    return "".join("%02x" % x for x in b)


if __name__ == "__main__":
    with open(sys.argv[2]) as f:
        text = f.read()
    try:
        run(sys.argv[1], text, sys.argv[3], lambda name, i, b: print("SNAP", name, i, _hex(b)))
    except script.ScriptError as e:
        print("ERROR", e)
        sys.exit(2)
