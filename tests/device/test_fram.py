"""The FRAM chip model against the datasheet, the FRAM block device driver
over it, and littlefs's real traffic (recorded on the MicroPython VM)
replayed into the model. The littlefs-on-FRAM journal test itself runs on
MicroPython: tests/firmware/test_fram_store.py."""
import pytest
from hypothesis import given, settings, strategies as st

from device.fram import FRAM
from host_tools import firmware_path, unixport
from host_tools.mpy.sim.fram_model import EIO, ID_ADDR, FRAMBus, FRAMModel


def addressed(addr, data=b""):
    return bytes(((addr >> 8) & 0xFF, addr & 0xFF)) + bytes(data)


# -- the chip model against the datasheet -------------------------------------------


def test_write_stores_sequentially_and_leaves_the_pointer_after_the_last_byte():
    m = FRAMModel()
    m.write(addressed(0x1234, b"abc"))
    assert m.mem[0x1234:0x1237] == b"abc"
    assert m.pointer == 0x1237
    assert m.read(2) == bytes(2)  # current address read: goes on from there
    assert m.pointer == 0x1239


def test_random_read_is_an_address_only_write_then_a_read():
    m = FRAMModel()
    m.mem[0x0100:0x0104] = b"WXYZ"
    m.write(addressed(0x0100))  # sets the pointer, stores nothing
    assert m.bytes_written == 0
    assert m.read(2) == b"WX"
    assert m.read(2) == b"YZ"  # sequential: each read continues


def test_no_page_limit_one_transaction_writes_across_any_boundary():
    m = FRAMModel()
    data = bytes(range(256)) * 8
    m.write(addressed(0x00F0, data))
    assert m.mem[0x00F0:0x00F0 + 2048] == data


def test_write_and_read_wrap_from_the_last_byte_to_zero():
    m = FRAMModel(32768)
    m.write(addressed(0x7FFE, b"1234"))
    assert m.mem[0x7FFE:] == b"12" and m.mem[:2] == b"34"
    assert m.pointer == 2
    m.write(addressed(0x7FFF))
    assert m.read(3) == b"234"


def test_the_256kbit_part_ignores_the_top_address_bit():
    m = FRAMModel(32768)
    m.write(addressed(0x8010, b"hi"))  # A15 set: don't care
    assert m.mem[0x0010:0x0012] == b"hi"
    m.write(addressed(0x0010), addr_bit16=1)  # no A16 on this part
    assert m.read(2) == b"hi"


def test_the_1mbit_part_takes_a16_from_the_device_address():
    m = FRAMModel(131072)
    m.write(addressed(0x0005, b"lo"), addr_bit16=0)
    m.write(addressed(0x0005, b"HI"), addr_bit16=1)
    assert m.mem[0x00005:0x00007] == b"lo" and m.mem[0x10005:0x10007] == b"HI"
    m.write(addressed(0xFFFF, b"xy"), addr_bit16=0)  # the pointer has 17 bits
    assert m.mem[0xFFFF] == ord("x") and m.mem[0x10000] == ord("y")
    m.write(addressed(0xFFFF, b"!?"), addr_bit16=1)  # wraps at 128 KiB
    assert m.mem[0x1FFFF] == ord("!") and m.mem[0] == ord("?")
    m.write(addressed(0x0005), addr_bit16=1)
    assert m.read(2, addr_bit16=0) == b"HI"  # a read goes on from the pointer


def test_a_transaction_shorter_than_the_address_changes_nothing():
    m = FRAMModel()
    m.write(addressed(0x0040))
    m.write(b"")  # an address probe (I2C.scan)
    m.write(b"\x12")  # half an address
    assert m.pointer == 0x0040 and m.bytes_written == 0


def test_bytes_transferred_counts_the_device_address_word_of_each_transaction():
    m = FRAMModel()
    m.write(addressed(0, b"x" * 16))
    m.write(addressed(0))
    m.read(16)
    assert m.bytes_transferred == (1 + 2 + 16) + (1 + 2) + (1 + 16)
    assert m.transactions == 3


def test_device_id_bytes_are_the_datasheets():
    # MB85RC256V datasheet: 0000_0000_1010 | 0101 | 0001_0000
    assert FRAMModel(32768).device_id() == bytes((0x00, 0xA5, 0x10))
    assert FRAMModel(131072).device_id() == bytes((0x00, 0xA7, 0x58))


def test_bus_routes_a16_and_nacks_empty_addresses():
    bus = FRAMBus()
    small = bus.attach(0x52, FRAMModel(32768))
    big = bus.attach(0x54, FRAMModel(131072))
    assert bus.scan() == [0x52, 0x54, 0x55, ID_ADDR]
    bus.writeto(0x55, addressed(0x0001, b"Q"))
    assert big.mem[0x10001] == ord("Q") and small.bytes_written == 0
    for addr in (0x50, 0x53):  # nothing there; the 256V has no A16 twin
        with pytest.raises(OSError) as e:
            bus.writeto(addr, addressed(0))
        assert e.value.args[0] == EIO


# -- the driver over the model --------------------------------------------------------


def driver(size=32768, block_size=256, addr=0x50):
    bus = FRAMBus()
    chip = bus.attach(addr, FRAMModel(size))
    return FRAM(bus, addr, size, block_size), chip, bus


def test_driver_writes_one_transaction_per_piece_and_reads_with_a_repeated_start():
    dev, chip, bus = driver()
    assert dev.writeblocks(2, b"\x77" * 32, 64) == 0
    assert bus.log == [("w", 0x50, addressed(2 * 256 + 64, b"\x77" * 32))]
    bus.log.clear()
    buf = bytearray(32)
    assert dev.readblocks(2, buf, 64) == 0 and buf == b"\x77" * 32
    assert bus.log == [("w", 0x50, addressed(576)), ("r", 0x50, 32)]


def test_driver_blocks_read_back_and_erase_keeps_them():
    dev, chip, bus = driver()
    for n in range(dev.blocks):
        assert dev.writeblocks(n, bytes([n]) * 256) == 0
    for n in range(dev.blocks):
        assert dev.ioctl(6, n) == 0
    for n in range(dev.blocks):
        buf = bytearray(256)
        dev.readblocks(n, buf)
        assert buf == bytes([n]) * 256
    assert chip.mem == b"".join(bytes([n]) * 256 for n in range(128))


def test_driver_on_the_1mbit_part_addresses_both_banks():
    dev, chip, bus = driver(131072, 512)
    assert dev.ioctl(4, 0) == 256
    dev.writeblocks(255, b"\xee" * 512)  # the last block, in bank 1
    assert chip.mem[-512:] == b"\xee" * 512
    assert bus.log[-1][1] == 0x51  # A16 = 1
    buf = bytearray(1024)
    dev.readblocks(127, buf)  # blocks 127 and 128 straddle the 64 KiB line
    assert [e[:2] for e in bus.log[-4:]] == [("w", 0x50), ("r", 0x50), ("w", 0x51), ("r", 0x51)]


def test_driver_detects_and_identifies_the_chip():
    dev, chip, bus = driver()
    assert dev.detect()
    assert dev.device_id() == (0x00A, 0x510, 32768)
    big, _, _ = driver(131072, 256, 0x56)
    assert big.device_id() == (0x00A, 0x758, 131072)
    nobody = FRAM(FRAMBus())
    assert not nobody.detect() and nobody.device_id() is None


def test_driver_returns_eio_when_the_chip_is_gone():
    dev, chip, bus = driver()
    bus.fail = True
    assert dev.writeblocks(0, bytearray(256)) == -EIO
    assert dev.readblocks(0, bytearray(256)) == -EIO
    assert not dev.detect()


def test_driver_rejects_bad_geometry():
    bus = FRAMBus()
    for size, bs, addr in ((32768, 96, 0x50), (32768, 64, 0x50), (131072, 256, 0x51), (262144, 256, 0x50)):
        with pytest.raises(ValueError):
            FRAM(bus, addr, size, bs)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 127), st.integers(0, 255),
                          st.integers(1, 256), st.integers(0, 255)), max_size=30))
def test_driver_matches_a_plain_bytearray(ops):
    dev, chip, bus = driver()
    ref = bytearray(32768)
    for is_write, block, offset, length, fill in ops:
        length = min(length, 256 - offset)
        start = block * 256 + offset
        if is_write:
            data = bytes((fill + i) & 0xFF for i in range(length))
            assert dev.writeblocks(block, data, offset) == 0
            ref[start:start + length] = data
        else:
            buf = bytearray(length)
            assert dev.readblocks(block, buf, offset) == 0
            assert buf == ref[start:start + length]
    assert chip.mem == ref


# -- littlefs's real traffic, recorded on MicroPython, replayed into the model --------


RECORD_TRAFFIC = r"""
import sys, vfs
from device.fram import FRAM
from clock import events as ev
from clock.table import Table
from clock import tablestart

class Recorder:
    # a RAM chip that prints each transaction: w ADDR HEX / r ADDR N
    def __init__(self, size):
        self.mem = bytearray(size)
        self.p = 0
    def writeto(self, addr, buf, stop=True):
        sys.stdout.write("w %d %s\n" % (addr, bytes(buf).hex()))
        if len(buf) >= 2:
            p = ((addr & 1) << 16) | (buf[0] << 8) | buf[1]
            n = len(buf) - 2
            self.mem[p:p + n] = bytes(buf)[2:]
            self.p = p + n
        return len(buf)
    def readfrom_into(self, addr, buf, stop=True):
        sys.stdout.write("r %d %d\n" % (addr, len(buf)))
        n = len(buf)
        buf[:] = self.mem[self.p:self.p + n]
        self.p += n

SIZE = int(sys.argv[1])
chip = Recorder(SIZE)
dev = FRAM(chip, 0x50, SIZE, 256)
print("formatted", dev.mount("/fram"))
t = tablestart.new({"clock": "xq-15+10", "forfeit": -1, "fouls": 3, "absent": [0, 0], "id": "0badc0de"},
              "/fram/game.xqj")
t.event(0, ev.START, 0, 0)
for i in range(40):
    t.event((i + 1) * 4000, ev.PRESS, i % 2, 0)
t.close()
vfs.umount("/fram")
print("image", bytes(chip.mem).hex())
"""


@pytest.mark.parametrize("size", [32768, 131072])
def test_littlefs_traffic_decodes_on_the_model_to_the_same_image(tmp_path, size):
    script = tmp_path / "record.py"
    script.write_text(RECORD_TRAFFIC)
    proc = unixport.run(script, size, path=(firmware_path.FIRMWARE, tmp_path), timeout=120)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    bus = FRAMBus()
    model = bus.attach(0x50, FRAMModel(size))
    image = None
    reads = 0
    for line in proc.stdout.splitlines():
        kind, rest = line.split(" ", 1)
        if kind == "w":
            addr, data = rest.split(" ")
            bus.writeto(int(addr), bytes.fromhex(data))
        elif kind == "r":
            addr, n = rest.split(" ")
            bus.readfrom_into(int(addr), bytearray(int(n)))
            reads += 1
        elif kind == "formatted":
            assert rest == "True"  # a blank chip
        elif kind == "image":
            image = bytes.fromhex(rest)
    assert image is not None and reads > 0
    assert bytes(model.mem) == image  # the model decodes every transaction as intended
    # every read but mount's 1-byte presence probe (before it formats) was set
    # up by an address-only write: a random read
    pairs = list(zip(bus.log, bus.log[1:]))
    unset = [b for a, b in pairs if b[0] == "r" and not (a[0] == "w" and len(a[2]) == 2)]
    assert unset == [("r", 0x50, 1)]
