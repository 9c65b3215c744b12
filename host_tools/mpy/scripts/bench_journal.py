# Journal benchmarks, run on the MicroPython VM by host_tools/bench.py.
# MicroPython-compatible; prints "name value unit".
import os
import time
import vfs

from clock import events as ev
from clock.table import Table
from clock import tablestart
from clock.journal import FILES
from device.flashring import FlashRing
from device.storage import LONG_GAME_RECORDS
from host_tools.mpy.sim.flash_model import FlashModel, ERASE_US, PROGRAM_US

SETTINGS = {"clock": "90m/40,15m/10*", "forfeit": -1, "fouls": 3, "absent": [0, 0], "id": "00c0ffee"}


def play(path, presses, think_ms, tick_ms=1000):
    """A game of `presses` presses, `think_ms` apart, the loop ticking."""
    table = tablestart.new(dict(SETTINGS), path)
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
    table = tablestart.restore(path)
    dt = time.ticks_diff(time.ticks_us(), t0)
    table.close()
    return dt // 1000, dt % 1000


def append_us(path):
    table = tablestart.new(dict(SETTINGS), path)
    table.event(0, ev.START, 0, 0)
    times = []
    for i in range(1, 1001):
        t0 = time.ticks_us()
        table.event(i * 1000, ev.PRESS, (i - 1) % 2, 0)
        times.append(time.ticks_diff(time.ticks_us(), t0))
    table.close()
    times.sort()
    return times[500], times[-1]


def flash_ops_per_append(ring):
    """Pages programmed, blocks erased, and the longest flash operation
    (interrupts off on a Pico), over 1000 presses journaled on the Pico's
    flash as a littlefs file or as the ring (device/flashring.py)."""
    dev = FlashModel(64)
    vfs.VfsLfs2.mkfs(dev, progsize=256)
    fs = vfs.VfsLfs2(dev, progsize=256)
    vfs.mount(fs, "/flash")
    longest = [0]

    def busy(us):
        longest[0] = max(longest[0], us)
    try:
        table = tablestart.new(dict(SETTINGS), "/flash/game.xqj", FlashRing(dev, LONG_GAME_RECORDS) if ring else FILES)
        table.event(0, ev.START, 0, 0)
        dev.pages = dev.erases = 0
        dev.busy = busy
        for i in range(1, 1001):
            table.event(i * 1000, ev.PRESS, (i - 1) % 2, 0)
        table.close()
    finally:
        vfs.umount("/flash")
    return dev.pages, dev.erases, longest[0]


path = "/tmp/xqclock-bench.xqj"
plain, paced = bytes_per_press(path)
print("journal_bytes_per_press %d bytes (%d with checkpoints at 30 s per move)" % (plain, paced))
ms, frac = restore_ms(path)
print("restore_1000_events %d.%03d ms" % (ms, frac))
median, worst = append_us(path)
print("append_blocks_unix %d us median, %d us worst (host file system)" % (median, worst))
# W25Q16JV (the Pico's flash), typical: page program 0.7 ms, 4 KiB erase 45 ms (flash_model.py)
for name, ring in (("littlefs", False), ("ring", True)):
    programs, erases, longest = flash_ops_per_append(ring)
    stall = programs * PROGRAM_US + erases * ERASE_US
    print("%s_per_1000_appends %d page programs, %d block erases" % (name, programs, erases))
    print("%s_flash_stall %d us per append on average, %d us the longest (interrupts off; typical times)"
          % (name, stall // 1000, longest))
os.remove(path)


def fram_per_append(block_size=256, size=32768, appends=1000, fill=False):
    """littlefs (VfsLfs2) on an I2C FRAM (device/fram.py) over a chip model
    that counts every byte on the bus, device address words included (9 bit
    times each with the ACK). Returns (bus bytes per flushed append on
    average, the most for one append, the presses the chip held when `fill`
    went on appending until littlefs ran out of space (ENOSPC), else 0)."""
    from device.fram import FRAM

    class Bus:  # one FRAM chip: [address hi, lo] + data per write, reads from the pointer
        def __init__(self):
            self.mem = bytearray(size)
            self.pointer = 0
            self.bytes = 0

        def writeto(self, addr, buf, stop=True):
            self.bytes += 1 + len(buf)
            if len(buf) >= 2:
                p = (((addr & 1) << 16) if size > 0x10000 else 0) | (buf[0] << 8) | buf[1]
                n = len(buf) - 2
                self.mem[p:p + n] = memoryview(buf)[2:]  # the driver never wraps
                self.pointer = p + n
            return len(buf)

        def readfrom_into(self, addr, buf, stop=True):
            self.bytes += 1 + len(buf)
            p = self.pointer
            buf[:] = memoryview(self.mem)[p:p + len(buf)]
            self.pointer = p + len(buf)

    bus = Bus()
    FRAM(bus, 0x50, size, block_size).mount("/fram")
    try:
        table = tablestart.new(dict(SETTINGS), "/fram/game.xqj")
        table.event(0, ev.START, 0, 0)
        bus.bytes = worst = 0
        for i in range(1, appends + 1):
            before = bus.bytes
            table.event(i * 1000, ev.PRESS, (i - 1) % 2, 0)
            worst = max(worst, bus.bytes - before)
        total = bus.bytes
        held = 0
        if fill:
            held = appends
            while True:  # until a write fails (ENOSPC): the game goes on in RAM, unrecorded
                table.event((held + 1) * 1000, ev.PRESS, held % 2, 0)
                if table.write_error is not None:
                    break  # the press that did not fit is not counted
                held += 1
        try:
            table.close()
        except OSError:
            pass
    finally:
        vfs.umount("/fram")
    return total // appends, worst, held


# MB85RC256V (32 KiB), littlefs blocks of 256 bytes; the bus at 1 MHz (the
# chip's maximum) or 400 kHz: an I2C transfer blocks the VM, not interrupts.
per, worst, held = fram_per_append(fill=True)
print("fram_bytes_per_append %d bytes over I2C (%d us at 1 MHz)" % (per, per * 9))
print("fram_worst_append %d bytes over I2C (%d us at 1 MHz, %d us at 400 kHz)"
      % (worst, worst * 9, worst * 9 * 5 // 2))
per128, worst128, _ = fram_per_append(block_size=128)
print("fram_bytes_per_append_128b_blocks %d bytes over I2C (%d us at 1 MHz), worst %d"
      % (per128, per128 * 9, worst128))
_, _, held_1m = fram_per_append(size=131072, fill=True)
print("fram_capacity %d presses on 32 KiB, %d on 128 KiB (16-byte records, 256-byte blocks)"
      % (held, held_1m))
