# The FRAM block device (device/fram.py) over a minimal chip model, on both
# VMs; on MicroPython also littlefs on it holding a game's journal, which
# comes back after an unmount and remount.
from support.firmware import S, ev, needs_heap_lock, needs_littlefs, raises
from device.fram import FRAM
from clock.game import RED, BLACK

EIO = 5


class Chip:
    """A Fujitsu I2C FRAM as the bus sees it: a write transaction is the
    memory address (MSB first) then data at successive addresses, a read
    continues from the address pointer, both wrapping at the end. A 1 Mbit
    chip answers at base and base + 1, that bit being A16. Allocates nothing
    per transfer (the heap-lock test relies on it)."""

    def __init__(self, size=32768, base=0x50):
        self.mem = bytearray(size)
        self.size = size
        self.base = base
        self.pointer = 0
        self.bytes = 0  # on the bus, device address words included
        self.gone = False

    def _bit16(self, addr):
        if self.gone or addr >> 1 != self.base >> 1 or (addr & 1 and self.size <= 0x10000):
            raise OSError(EIO)
        return (addr & 1) << 16 if self.size > 0x10000 else 0

    def writeto(self, addr, buf, stop=True):
        p = self._bit16(addr)
        n = len(buf)
        self.bytes += 1 + n
        if n < 2:
            return n
        mask = self.size - 1
        p = (p | (buf[0] << 8) | buf[1]) & mask
        for i in range(2, n):
            self.mem[p] = buf[i]
            p = (p + 1) & mask
        self.pointer = p
        return n

    def readfrom_into(self, addr, buf, stop=True):
        self._bit16(addr)
        self.bytes += 1 + len(buf)
        mask = self.size - 1
        p = self.pointer
        for i in range(len(buf)):
            buf[i] = self.mem[p]
            p = (p + 1) & mask
        self.pointer = p


def test_block_device_geometry_and_ioctl():
    dev = FRAM(Chip(), block_size=256)
    assert dev.ioctl(4, 0) == 128 and dev.ioctl(5, 0) == 256
    for op in (1, 2, 3, 6):
        assert dev.ioctl(op, 0) == 0
    big = FRAM(Chip(131072), size=131072, block_size=512)
    assert big.ioctl(4, 0) == 256 and big.ioctl(5, 0) == 512
    raises(ValueError, FRAM, Chip(), 0x50, 32768, 100)  # not a power of two
    raises(ValueError, FRAM, Chip(131072, 0x51), 0x51, 131072)  # A16 needs an even address


def test_blocks_read_back_and_offsets_land_inside_the_block():
    chip = Chip()
    dev = FRAM(chip)
    block = bytearray(range(256))
    assert dev.writeblocks(3, block) == 0
    assert chip.mem[768:1024] == block
    assert dev.writeblocks(3, b"\xaa" * 16, 32) == 0  # littlefs programs a piece
    back = bytearray(256)
    assert dev.readblocks(3, back) == 0
    assert back[:32] == block[:32] and back[32:48] == b"\xaa" * 16 and back[48:] == block[48:]
    part = bytearray(8)
    assert dev.readblocks(3, part, 44) == 0
    assert part == b"\xaa" * 4 + bytes(range(48, 52))


def test_erase_clears_nothing_and_the_last_block_is_usable():
    chip = Chip()
    dev = FRAM(chip)
    dev.writeblocks(5, b"\x5a" * 256)
    assert dev.ioctl(6, 5) == 0
    assert chip.mem[1280:1536] == b"\x5a" * 256
    last = dev.blocks - 1
    assert dev.writeblocks(last, b"\x33" * 256) == 0
    assert chip.mem[-256:] == b"\x33" * 256
    assert dev.readblocks(last + 1, bytearray(256)) == -EIO  # past the end: refused


def test_basic_interface_writes_several_blocks_in_block_sized_pieces():
    chip = Chip()
    dev = FRAM(chip)
    data = bytearray(i * 7 & 0xFF for i in range(768))
    assert dev.writeblocks(10, data) == 0
    assert chip.mem[2560:3328] == data
    back = bytearray(768)
    assert dev.readblocks(10, back) == 0 and back == data


def test_the_1mbit_chip_puts_a16_in_the_device_address():
    chip = Chip(131072)
    dev = FRAM(chip, 0x50, 131072, 256)
    lo, hi = 0x00FF00, 0x010000  # the last block of bank 0, the first of bank 1
    dev.writeblocks(lo // 256, b"\x11" * 256)
    dev.writeblocks(hi // 256, b"\x22" * 256)
    assert chip.mem[lo:lo + 256] == b"\x11" * 256 and chip.mem[hi:hi + 256] == b"\x22" * 256
    assert chip.mem[0:256] == bytes(256)  # bank 1 did not alias to bank 0
    both = bytearray(512)
    assert dev.readblocks(lo // 256, both) == 0  # one read across the banks
    assert both == b"\x11" * 256 + b"\x22" * 256


def test_a_missing_chip_is_eio_not_an_exception():
    chip = Chip()
    dev = FRAM(chip)
    assert dev.detect()
    chip.gone = True
    assert not dev.detect()
    assert dev.writeblocks(0, bytearray(256)) == -EIO
    assert dev.readblocks(0, bytearray(256)) == -EIO
    assert not FRAM(Chip(base=0x57)).detect()  # nothing at 0x50


def test_bus_time_per_block_write():
    chip = Chip()
    dev = FRAM(chip)
    dev.writeblocks(0, bytearray(256))
    assert chip.bytes == 1 + 2 + 256  # device address word, memory address, data
    chip.bytes = 0
    dev.readblocks(0, bytearray(32), 64)
    assert chip.bytes == (1 + 2) + (1 + 32)  # set the pointer, then read


def test_transfers_allocate_nothing_once_warm():
    needs_heap_lock()
    import micropython
    chip = Chip()
    dev = FRAM(chip)
    block = bytearray(256)
    piece = bytearray(32)
    dev.writeblocks(1, block)
    dev.writeblocks(1, piece, 64)  # each write length once: its memoryview is made
    micropython.heap_lock()
    try:
        r = dev.writeblocks(2, block) + dev.writeblocks(2, piece, 32)
        r += dev.readblocks(2, block) + dev.readblocks(2, piece, 96)
    except MemoryError:
        r = None
    finally:
        micropython.heap_unlock()
    assert r == 0, "a transfer allocated"


# -- littlefs on the FRAM (MicroPython only: CPython has no VfsLfs2) ------------


def _settings():
    return {"clock": "xq-15+10", "forfeit": -1, "fouls": 3, "absent": [0, 0], "id": "0badc0de"}


def test_a_journal_on_littlefs_on_fram_survives_a_remount():
    needs_littlefs()
    import vfs
    from clock import tablestart
    chip = Chip()
    dev = FRAM(chip)
    mp = "/fram-test"
    path = mp + "/game.xqj"
    assert dev.mount(mp) is True  # a blank chip: formatted
    try:
        table = tablestart.new(_settings(), path)
        table.event(0, ev.START, 0, 0)
        t = 0
        for i in range(50):
            t += 3 * S + i * 100
            table.event(t, ev.PRESS, i % 2, 0)
        red = table.game.sides[RED].remaining
        black = table.game.sides[BLACK].remaining
        table.close()
    finally:
        vfs.umount(mp)
    image = bytes(chip.mem)
    assert dev.mount(mp) is False  # the littlefs is there: nothing formatted
    try:
        back = tablestart.restore(path)
        game = back.game
        assert game.sides[RED].moves == 25 and game.sides[BLACK].moves == 25
        assert game.sides[RED].remaining == red and game.sides[BLACK].remaining == black
        assert game.paused
        back.close()
    finally:
        vfs.umount(mp)
    # the same bytes on a fresh chip (the board powered off and on)
    again = Chip()
    again.mem[:] = image
    dev2 = FRAM(again)
    assert dev2.mount(mp) is False
    try:
        assert tablestart.restore(path).game.sides[RED].moves == 25
    finally:
        vfs.umount(mp)


def test_mount_does_not_format_when_the_chip_does_not_answer():
    needs_littlefs()
    import vfs
    chip = Chip()
    dev = FRAM(chip)
    assert dev.mount("/fram-test") is True
    vfs.umount("/fram-test")
    image = bytes(chip.mem)
    chip.gone = True
    e = raises(OSError, dev.mount, "/fram-test")
    assert e.errno == EIO
    chip.gone = False
    assert bytes(chip.mem) == image  # nothing was formatted
    assert dev.mount("/fram-test") is False
    vfs.umount("/fram-test")


class NoisyChip(Chip):
    """Reads garbled by noise on the wires (I2C has no checksum): the next
    `noise` reads come back with every bit flipped."""

    def __init__(self):
        super().__init__()
        self.noise = 0

    def readfrom_into(self, addr, buf, stop=True):
        super().readfrom_into(addr, buf, stop)
        if self.noise:
            self.noise -= 1
            for i in range(len(buf)):
                buf[i] ^= 0xFF


def test_a_garbled_read_at_mount_is_retried_not_formatted():
    needs_littlefs()
    import vfs
    from clock import tablestart
    chip = NoisyChip()
    dev = FRAM(chip)
    mp = "/fram-test"
    assert dev.mount(mp) is True
    try:
        table = tablestart.new(_settings(), mp + "/game.xqj")
        table.event(0, ev.START, 0, 0)
        table.event(3 * S, ev.PRESS, RED, 0)
        table.close()
    finally:
        vfs.umount(mp)
    chip.noise = 2  # the board powers on next to a noisy motor
    formatted = dev.mount(mp)
    try:
        assert formatted is False  # before: formatted, the game lost
        assert tablestart.restore(mp + "/game.xqj").game.sides[RED].moves == 1
    finally:
        vfs.umount(mp)
