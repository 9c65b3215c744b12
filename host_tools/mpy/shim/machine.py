# `machine` for the MicroPython unix port in the simulation: with this folder
# on MICROPYPATH (plus ".frozen"), `import machine` finds this file before the
# port's built-in machine (which has no Pin, I2C, PWM or ADC) -- machine is an
# extensible built-in (docs/library/index.rst, "Extending built-in libraries").
#
# It loads the real stand-in as the package module host_tools.mpy.sim.machine
# (host_tools.unixport puts the folder holding host_tools on MICROPYPATH),
# registers it as sys.modules["machine"] so later imports get it directly, and
# forwards attribute reads from this first-imported module object to it, so
# that `machine.CLOCK` stays right after use_clock(). Assignments to this
# module's attributes do NOT reach the stand-in: use its functions and containers.
import sys

from host_tools.mpy.sim import machine as _impl

sys.modules["machine"] = _impl


def __getattr__(name):
    return getattr(_impl, name)
