# Runs host_tools/mpy/board/boot.py on the MicroPython VM over a flash folder
# (argv[1], mounted at "/" as a virtual board does) with the simulated OLED
# on the default wiring; prints what boot.py raised and what the display shows.
import sys
import os
import vfs

from host_tools.mpy.sim.ssd1306_model import SSD1306Model
import device.poweron  # show_problem, imported before the flash folder hides the firmware
import device.ssd1306  # noqa: F401

__import__("machine")  # the stand-in (host_tools/mpy/shim first on MICROPYPATH)
machine = sys.modules["machine"]
model = machine.i2c_bus(0).attach(0x3C, SSD1306Model())
with open(sys.argv[2]) as f:
    code = compile(f.read(), "boot.py", "exec")
vfs.umount("/")
vfs.mount(vfs.VfsPosix(sys.argv[1]), "/")
os.chdir("/")
try:
    exec(code, {"__name__": "boot"})
    print("RAISED none")
except Exception as e:
    print("RAISED", type(e).__name__)
print("LIT", sum(1 for row in model.pixels() for v in row if v))
print(model.ascii())
