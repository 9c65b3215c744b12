# The firmware's modules imported from a ROMFS image (bytecode executed in
# place, as `mpremote romfs deploy` puts it on a board) versus from files:
# the heap the modules take. MicroPython-compatible; run by host_tools/bench.py
# with the image's path as argument.
import gc
import sys
import vfs

import machine  # the stand-in and framebuf first: not the firmware's heap
import framebuf
import array
import hashlib
import json
import struct

with open(sys.argv[1], "rb") as f:
    image = f.read()
vfs.mount(vfs.VfsRom(memoryview(image)), "/rom")
sys.path.insert(0, "/rom")
gc.collect()
before = gc.mem_alloc()
import device.app
import device.board
import device.buttons
import device.buzzer
import device.battery
import device.ssd1306
gc.collect()
print("heap_modules_from_romfs %d bytes (image %d bytes; 64-bit VM)" % (gc.mem_alloc() - before, len(image)))
