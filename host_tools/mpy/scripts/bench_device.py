# Device benchmarks on the MicroPython VM: the firmware's heap, allocation per
# idle loop step, and I2C traffic, on the simulated board (host_tools.mpy.sim).
# MicroPython-compatible; run by host_tools/bench.py. The unix port is 64-bit:
# objects there take up to twice the room they take on the Pico's 32-bit VM.
import gc
import os

import machine  # the stand-in and the chip models first: not the firmware's heap
from host_tools.mpy.sim import bus, ht1621_model, ssd1306_model, tm1637_model  # not the firmware's heap
from host_tools.mpy.sim import rig as rigmod  # the rig (it imports the firmware when it makes a clock)


def used():
    """The heap in use, collected, after a deep call has written over the
    stack (MicroPython's collector takes any stale word there for a pointer)."""
    _scrub(60)
    gc.collect()
    return gc.mem_alloc()


def _scrub(n):
    a = b = c = d = e = f = g = h = 0  # noqa: F841
    if n:
        _scrub(n - 1)


for _n in range(30):
    machine.Pin(_n)  # the stand-in's pin objects (one per GPIO) are not the firmware's heap
_BEFORE_IMPORT = used()
if len(__import__("sys").argv) == 2:  # the names interned from here on are the firmware's (host_tools/bench.py)
    __import__("micropython").qstr_info()
# the firmware's modules one by one, each after those it imports (the order is
# the bench's, host_tools/bench.py): what each takes, bytecode and module-level
# objects; the qstr pools' state is printed before each ("qstr pool: ..."): the
# names a module adds go there, and a pool that fills is followed by one twice
# its size, which the module that overflows it pays (host_tools/bench.py sets the pools apart)
MODULES = []
for _name in __import__("sys").argv[2:]:
    _before = used()
    __import__("micropython").qstr_info()
    __import__(_name)
    MODULES.append((used() - _before, _name))
if MODULES:
    __import__("micropython").qstr_info()
import device.app  # and what it imports, then the rest of the firmware the rig imports
import device.board
import device.storage

IMPORTS = used() - _BEFORE_IMPORT

LEFT, RIGHT, START = 0, 1, 2
DIR = "/tmp/xqclock-bench-board"


def scratch():
    try:
        os.mkdir(DIR)
    except OSError:
        pass
    for name in os.listdir(DIR):
        os.remove(DIR + "/" + name)


def main(profile_path):
    from device import settings as cfg
    from device.board import load_profile
    scratch()
    profile = load_profile(profile_path)
    # on a littlefs flash with the journal ring, as on a Pico
    rig = rigmod.Rig(profile, cfg.check(dict(cfg.DEFAULTS, clock="90m/40,15m/10*")), DIR, power_on=False,
                     flash_free=512 * 1024)
    del cfg, load_profile
    from device import forget
    from device.app import SOMETIMES
    forget(SOMETIMES)  # the settings' and the profile's modules the rig read: the boot reads them again, as a board's
    before = used()
    rig.boot()
    boot = used() - before
    if not MODULES:
        __import__("micropython").qstr_info()
    rig.press(START)
    for i in range(300):  # 300 moves, 150 each
        rig.run(400)
        rig.press(LEFT if i % 2 == 0 else RIGHT)
    moves = used() - before
    print("heap_after_boot %d bytes (modules %d + objects %d; 64-bit VM, modules not frozen)"
          % (IMPORTS + boot, IMPORTS, boot))
    MODULES.sort()
    MODULES.reverse()
    if MODULES:
        print("heap_modules_by_module %d bytes in %d modules: %s" % (
            sum(n for n, _ in MODULES), len(MODULES), ", ".join("%s %d" % (name, n) for n, name in MODULES)))
    print("heap_after_300_moves %d bytes" % (IMPORTS + moves))

    app = rig.app
    app.step()
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    for _ in range(1000):
        app.step()  # the clock runs, the same instant: nothing on the screens changes
    a1 = gc.mem_alloc()
    gc.enable()
    print("alloc_per_idle_loop_step %d bytes (1000 steps: %d)" % ((a1 - a0) // 1000, a1 - a0))

    sent = [d.bytes_sent for d in rig.board.displays]
    rig.run(60000)
    per_s = sum(d.bytes_sent - s for d, s in zip(rig.board.displays, sent)) // 60
    print("i2c_bytes_per_second %d bytes/s while a clock runs (a full frame per display per second: %d)"
          % (per_s, 2 * 1032))


main(__import__("sys").argv[1])
