# The firmware's modules imported from a ROMFS image (bytecode executed in
# place, as `mpremote romfs deploy` puts it on a board) versus from files:
# the heap the modules take. MicroPython-compatible; run by host_tools/bench.py
# with the image's path as argument.
import gc
import sys
import vfs

import machine  # noqa: F401  (the stand-in and framebuf first: not the firmware's heap)
import framebuf  # noqa: F401
import array  # noqa: F401
import hashlib  # noqa: F401
import json  # noqa: F401
import struct  # noqa: F401

with open(sys.argv[1], "rb") as f:
    image = f.read()
vfs.mount(vfs.VfsRom(memoryview(image)), "/rom")
sys.path.insert(0, "/rom")
gc.collect()
before = gc.mem_alloc()
import device.app  # noqa: E402,F401
import device.board  # noqa: E402,F401
import device.buttons  # noqa: E402,F401
import device.buzzer  # noqa: E402,F401
import device.battery  # noqa: E402,F401
import device.ssd1306  # noqa: E402,F401
gc.collect()
print("heap_modules_from_romfs %d bytes (image %d bytes; 64-bit VM)" % (gc.mem_alloc() - before, len(image)))
