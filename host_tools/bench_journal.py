# Journal benchmarks, run on the MicroPython VM by host_tools/bench.py.
# MicroPython-compatible; prints "name value unit".
import os
import time
import vfs

from clock import events as ev
from clock.table import Table

SETTINGS = {"clock": "90m/40,15m/10*", "forfeit": -1, "fouls": 3, "absent": [0, 0], "id": "00c0ffee"}


class FlashModel:
    """A RAM block device shaped like the Pico's flash filesystem (4 KiB
    erase blocks, 256-byte program size) that counts what littlefs asks of
    the chip, so a flush can be priced with the flash datasheet's times."""

    def __init__(self, blocks=64, size=4096):
        self.size = size
        self.data = bytearray(blocks * size)
        self.blocks = blocks
        self.programs = 0  # 256-byte pages programmed
        self.erases = 0

    def readblocks(self, n, buf, off=0):
        start = n * self.size + off
        buf[:] = self.data[start:start + len(buf)]

    def writeblocks(self, n, buf, off=None):
        start = n * self.size + (off or 0)
        self.data[start:start + len(buf)] = buf
        self.programs += (len(buf) + 255) // 256

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.size
        if op == 6:
            self.erases += 1
            return 0
        return None


def play(path, presses, think_ms, tick_ms=1000):
    """A game of `presses` presses, `think_ms` apart, the loop ticking."""
    table = Table.new(dict(SETTINGS), path)
    table.event(0, ev.START, 0, 0)
    t = 0
    for i in range(presses):
        for _ in range(think_ms // tick_ms):
            t += tick_ms
            table.tick(t)
        table.event(t, ev.PRESS, i % 2, 0)
    table.close()
    return table


def bytes_per_press(path):
    table = play(path, 1000, 0)
    base = table.journal.size
    table = play(path, 1000, 30000)  # 30 s per move: checkpoints too
    return base // 1000, table.journal.size // 1000


def restore_ms(path):
    play(path, 999, 3000, 3000)  # start + 999 presses = 1,000 events
    t0 = time.ticks_us()
    table = Table.restore(path)
    dt = time.ticks_diff(time.ticks_us(), t0)
    table.close()
    return dt // 1000, dt % 1000


def append_us(path):
    table = Table.new(dict(SETTINGS), path)
    table.event(0, ev.START, 0, 0)
    times = []
    for i in range(1, 1001):
        t0 = time.ticks_us()
        table.event(i * 1000, ev.PRESS, (i - 1) % 2, 0)
        times.append(time.ticks_diff(time.ticks_us(), t0))
    table.close()
    times.sort()
    return times[500], times[-1]


def flash_ops_per_append():
    dev = FlashModel()
    vfs.VfsLfs2.mkfs(dev, progsize=256)
    fs = vfs.VfsLfs2(dev, progsize=256)
    vfs.mount(fs, "/flash")
    try:
        table = Table.new(dict(SETTINGS), "/flash/game.xqj")
        table.event(0, ev.START, 0, 0)
        dev.programs = dev.erases = 0
        for i in range(1, 1001):
            table.event(i * 1000, ev.PRESS, (i - 1) % 2, 0)
        table.close()
    finally:
        vfs.umount("/flash")
    return dev.programs, dev.erases


path = "/tmp/xqclock-bench.xqj"
plain, paced = bytes_per_press(path)
print("journal_bytes_per_press %d bytes (%d with checkpoints at 30 s per move)" % (plain, paced))
ms, frac = restore_ms(path)
print("restore_1000_events %d.%03d ms" % (ms, frac))
median, worst = append_us(path)
print("append_blocks_unix %d us median, %d us worst (host file system)" % (median, worst))
programs, erases = flash_ops_per_append()
# W25Q16JV (the Pico's flash) datasheet, typical: page program 0.4 ms, 4 KiB erase 45 ms.
stall = programs * 400 + erases * 45000
print("littlefs_per_1000_appends %d page programs, %d block erases" % (programs, erases))
print("estimated_pico_flash_stall %d us per append on average (typical datasheet times)" % (stall // 1000))
os.remove(path)
