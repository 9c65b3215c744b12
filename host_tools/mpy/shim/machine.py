# `machine` for the MicroPython unix port in the simulation: with this folder
# on MICROPYPATH (plus ".frozen"), `import machine` finds this file before the
# port's built-in machine (which has no Pin, I2C, PWM or ADC) -- machine is an
# extensible built-in (docs/library/index.rst, "Extending built-in libraries").
#
# It loads the real stand-in, host_tools/sim/machine.py, as the package module
# host_tools.sim.machine (the repository root goes on sys.path), registers it
# as sys.modules["machine"] so later imports get it directly, and forwards
# attribute reads from this first-imported module object to it, so that
# `machine.CLOCK` stays right after use_clock(). Assignments to this module's
# attributes do NOT reach the stand-in: use its functions and containers.
import sys


def _root():
    path = __file__
    if path[:1] != "/":
        import os
        path = os.getcwd() + "/" + path
    parts = []
    for p in path.split("/"):
        if p == "..":
            if parts:
                parts.pop()
        elif p and p != ".":
            parts.append(p)
    return "/" + "/".join(parts[:-4])  # drop host_tools/sim/mpy/machine.py


_ROOT = _root()
if _ROOT not in sys.path:
    sys.path.append(_ROOT)

from host_tools.sim import machine as _impl  # noqa: E402

sys.modules["machine"] = _impl


def __getattr__(name):
    return getattr(_impl, name)
