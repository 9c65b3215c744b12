# The Pico's flash as the filesystem sees it, in RAM: a block device with
# MicroPython's extended interface (as rp2.Flash), 4 KiB erase blocks that
# erase to 0xFF, and programming that can only clear bits, as NOR flash does:
# a program ANDs its bytes in, so 0xFF leaves a byte as it is, and a byte that
# needs a 0 bit set back to 1 is a driver bug, which raises (the chip would
# keep the wrong byte). littlefs on it is the board's filesystem with only as
# much room as a script gives (`flash-free BYTES`). MicroPython-compatible;
# littlefs itself (vfs.VfsLfs2) exists on the unix port only, not on CPython.
#
# Timing (given `busy`): rp2 erases and programs with interrupts off and the
# CPU waiting (rp2_flash.c), so each costs busy(us) of the board's time. The
# figures are the W25Q16JV datasheet's typical ones, as in the issue that
# asked for them: a 4 KiB sector erase 45 ms (400 ms at most), a 256-byte
# page program 0.7 ms (3 ms at most).

BLOCK = 4096
PAGE = 256
ERASE_US = 45000
PROGRAM_US = 700  # a page
PROGSIZE = 256  # littlefs's program size on rp2 (its _boot.py mounts the flash so)

from . import world  # noqa: E402


class FlashModel:
    def __init__(self, blocks, block_size=BLOCK, busy=None):
        self.block_size = block_size
        self.blocks = blocks
        self.data = bytearray(b"\xff" * (blocks * block_size))
        self._erased = b"\xff" * block_size
        self.reads = self.programs = self.erases = 0
        self.pages = 0  # pages programmed (a program of several pages counts each)
        self.busy = busy  # fn(us): the board waits with interrupts off (None: no time passes)
        self.worn = False  # worn out: programs take the time but no longer change a bit

    def readblocks(self, n, buf, offset=0):
        self.reads += 1
        a = n * self.block_size + offset
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, offset=None):
        if offset is None:  # the basic interface: erase, then program
            for i in range(len(buf) // self.block_size):
                self.ioctl(6, n + i)
            offset = 0
        if offset % PAGE or len(buf) % PAGE:  # the pico-sdk's flash_range_program asks for whole pages
            raise ValueError("a program must cover whole 256-byte pages")
        self.programs += 1
        a = n * self.block_size + offset
        data = self.data
        for i in range(len(buf)):
            b = buf[i]
            if b != 0xFF and b & ~data[a + i] & 0xFF:
                raise OSError(5)  # a bit that is 0 cannot become 1 without an erase
        for i in range(len(buf)):
            if not self.worn:
                data[a + i] &= buf[i]
        pages = (offset + len(buf) + PAGE - 1) // PAGE - offset // PAGE
        self.pages += pages
        if self.busy is not None:
            self.busy(pages * PROGRAM_US)

    def tear(self, n, offset, data):
        """A power cut part way through a program: only `data` (the first
        bytes meant for `offset` of block n) reached the cells."""
        a = n * self.block_size + offset
        for i in range(len(data)):
            self.data[a + i] &= data[i]

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block_size
        if op == 6:
            self.erases += 1
            a = arg * self.block_size
            self.data[a:a + self.block_size] = self._erased
            if self.busy is not None:
                self.busy(ERASE_US)
            return 0
        return 0 if op in (1, 2, 3) else None


# the chip's own work (rp2.Flash allocates nothing): the simulation's allocations
world.wrap(FlashModel, ("readblocks", "writeblocks", "ioctl"))


def limited_flash(free_bytes, mountpoint, settle, busy=None):
    """Mount a fresh littlefs at mountpoint that, once settle(mountpoint) has
    written what the board holds anyway (its settings), has free_bytes free,
    rounded up to whole blocks: a file "/firmware" takes the rest, as the
    firmware's own files take it on a Pico. The FlashModel; `busy` (see
    FlashModel) is set once the flash is ready, so making it costs no time."""
    import os
    import vfs
    want = (free_bytes + BLOCK - 1) // BLOCK
    dev = FlashModel(want + 8)
    vfs.VfsLfs2.mkfs(dev, progsize=PROGSIZE)
    vfs.mount(vfs.VfsLfs2(dev, progsize=PROGSIZE), mountpoint)
    settle(mountpoint)
    if not want:  # flash-free 0: a full flash, to the last byte
        fill_up(mountpoint + "/firmware")
    else:
        chunk = b"\0" * 1024
        with open(mountpoint + "/firmware", "wb") as f:
            while os.statvfs(mountpoint)[3] > want:
                f.write(chunk)
                f.flush()
    dev.busy = busy
    return dev


def fill_up(path):
    """Something else takes the room: one file at path grows until the
    filesystem holding it has no byte left for it."""
    with open(path, "wb") as f:
        for size in (4096, 256, 16, 1):
            try:
                while True:
                    f.write(b"\0" * size)
                    f.flush()
            except OSError:
                pass
