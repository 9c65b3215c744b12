# Plays a button script on the simulated clock, handing each snapshot's frames
# to emit(). MicroPython-compatible: `xqclock simulate --headless` calls run()
# on CPython, and on the unix port through host_tools/mpy/scripts/headless.py.
from .frames import frame_bytes
from device.board import load_profile

from .rig import Rig
from . import script


def run(profile_path, script_text, directory, emit, settings=None):
    """settings (the command line's clock, language, sound) win over the script's."""
    values, steps, end, board = script.parse(script_text)
    if settings:
        values = dict(values)
        values.update(settings)
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
