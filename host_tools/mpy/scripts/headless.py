# `xqclock simulate --headless --vm micropython` on the unix port: plays a
# button script (host_tools/mpy/sim/headless.py) and prints each snapshot as
# "SNAP name display hex" lines, or "ERROR message" for a bad script.
# Arguments: profile path, script path, scratch directory, and the command
# line's settings as JSON (they win over the script's).
import json
import sys

from host_tools.mpy.sim import headless, script


def _hex(b):
    return "".join("%02x" % x for x in b)


with open(sys.argv[2]) as f:
    text = f.read()
try:
    headless.run(sys.argv[1], text, sys.argv[3], lambda name, i, b: print("SNAP", name, i, _hex(b)),
                 json.loads(sys.argv[4]) if len(sys.argv) > 4 else None)
except script.ScriptError as e:
    print("ERROR", e)
    sys.exit(2)
