# The simulated board, on both VMs and always by this one name (host_tools.mpy.sim.*):
# the `machine` stand-in, the chip models behind its buses, virtual time, the
# rig that runs the firmware on them, and button scripts. MicroPython-compatible.
