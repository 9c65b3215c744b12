# The Pico's flash as the filesystem sees it, in RAM: a block device with
# MicroPython's extended interface (as rp2.Flash), 4 KiB erase blocks that
# erase to 0xFF, programming that can only clear bits (as NOR flash does: a
# program over unerased bytes is a driver bug, and raises). littlefs on it is
# the board's filesystem with only as much room as a script gives
# (`flash-free BYTES`). MicroPython-compatible; littlefs itself (vfs.VfsLfs2)
# exists on the unix port only, not on CPython.

BLOCK = 4096


class FlashModel:
    def __init__(self, blocks, block_size=BLOCK):
        self.block_size = block_size
        self.blocks = blocks
        self.data = bytearray(b"\xff" * (blocks * block_size))
        self._erased = b"\xff" * block_size
        self.reads = self.programs = self.erases = 0

    def readblocks(self, n, buf, offset=0):
        self.reads += 1
        a = n * self.block_size + offset
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, offset=None):
        if offset is None:  # the basic interface: erase, then program
            for i in range(len(buf) // self.block_size):
                self.ioctl(6, n + i)
            offset = 0
        self.programs += 1
        a = n * self.block_size + offset
        data = self.data
        for i in range(len(buf)):
            if buf[i] & ~data[a + i] & 0xFF:
                raise OSError(5)  # a bit that is 0 cannot become 1 without an erase
        data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block_size
        if op == 6:
            self.erases += 1
            a = arg * self.block_size
            self.data[a:a + self.block_size] = self._erased
            return 0
        return 0 if op in (1, 2, 3) else None


def limited_flash(free_bytes, mountpoint, settle):
    """Mount a fresh littlefs at mountpoint that, once settle(mountpoint) has
    written what the board holds anyway (its settings), has free_bytes free,
    rounded up to whole blocks: a file "/firmware" takes the rest, as the
    firmware's own files take it on a Pico. The FlashModel."""
    import os
    import vfs
    want = (free_bytes + BLOCK - 1) // BLOCK
    dev = FlashModel(want + 8)
    vfs.VfsLfs2.mkfs(dev)
    vfs.mount(vfs.VfsLfs2(dev), mountpoint)
    settle(mountpoint)
    chunk = b"\0" * 1024
    with open(mountpoint + "/firmware", "wb") as f:
        while os.statvfs(mountpoint)[3] > want:
            f.write(chunk)
            f.flush()
    return dev
