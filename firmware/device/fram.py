# Fujitsu I2C FRAM (MB85RC256V 32 KiB, MB85RC1MT 128 KiB) as a MicroPython
# block device, so littlefs (vfs.VfsLfs2) can hold the game's journal there
# instead of on the Pico's flash.
#
# Why: a flushed journal append on the flash filesystem costs about one 4 KiB
# erase (~50 ms, up to ~400 ms) with interrupts off and core 1 paused. FRAM has
# no erase, writes any byte in place at bus speed and lasts 10^12 writes or
# more; an I2C transfer blocks only the VM, not interrupts.
#
# The chip, as this driver uses it (datasheets DS501-00017 MB85RC256V,
# DS501-00027 MB85RC1MT):
# - 7-bit device address 0b1010_xxx (0x50-0x57). A write transaction is the
#   memory address, MSB first, then data written at successive addresses
#   (no page limit; after the last byte the address wraps to 0). A read is a
#   "current address read" continuing from the chip's address pointer, so a
#   random read is: write the 2 address bytes (repeated start), then read.
# - MB85RC256V: 15 address bits in the 2 address bytes (the top one unused;
#   this driver never sets it); pins A2 A1 A0 pick the device address.
# - MB85RC1MT: 17 address bits. A16 travels in bit 1 of the 8-bit device
#   address word (1010 A2 A1 A16 R/W), i.e. bit 0 of the 7-bit address, the
#   place A0 has on the smaller parts: one chip answers at two addresses,
#   `addr` (A16 = 0) and `addr | 1` (A16 = 1), and `addr` must be even. (Our
#   reading, backed by the same scheme in the MB85RC04V datasheet, A8 in that
#   bit, and by the Renode MB85RC1MT model's Lo/Hi pair; not yet checked on a
#   chip.) Transfers are split so none crosses a 64 KiB bank.
# - Device ID: write the device address word to the reserved address 0xF8
#   (7-bit 0x7C), repeated start, read 3 bytes from 0xF9: manufacturer 0x00A
#   (12 bits), then the product ID whose top nibble is the density:
#   size = 1 << (10 + density) bytes (0x510: 32 KiB, 0x758: 128 KiB).
#
# What blocks and for how long: each transfer is one blocking writeto() /
# readfrom_into() in C; the VM (and soft IRQs, asyncio) waits, hard IRQs run.
# A byte on the bus is 9 bit times (8 data + ACK), so
#   write of n bytes: (1 + 2 + n) * 9 / f      (device addr, memory addr, data)
#   read of n bytes:  (1 + 2 + 1 + n) * 9 / f  (plus the repeated start's addr)
# A whole 256-byte block: 259 * 9 / 400 kHz = 5.8 ms, 2.3 ms at 1 MHz (the
# chip's maximum; the RP2040 does Fast-mode Plus). littlefs writes prog-size
# pieces (multiples of 32 bytes here: 35 * 9 / 400 kHz = 0.8 ms each). One
# flushed 16-byte journal append (littlefs copies the file's partial last
# block and commits its metadata) measured 1559 bus bytes on average, about 4/5
# of them reads: 14 ms at 1 MHz, 35 ms at 400 kHz; the worst append (a
# metadata compaction) 6616 bytes: 60 ms at 1 MHz, 149 ms at 400 kHz. With
# 128-byte blocks: 671 bytes (6 ms at 1 MHz), worst 3861. littlefs makes
# these transfers one after another inside the flush, so the VM is held for
# the sum; hard IRQs (the levers' timestamps) run all the while.
# host_tools/mpy/scripts/bench_journal.py measures them (fram_bytes_per_append).
#
# No allocation per transfer once each write length has been seen once: writes
# go out of a preallocated block_size + 2 byte buffer through a memoryview made
# the first time that length occurs (littlefs programs multiples of progsize up
# to its 128-byte cache: 4 lengths); reads go straight into the caller's buffer.
#
# The block device is MicroPython's extended interface (readblocks with an
# offset, writeblocks with an offset, ioctl 6 = erase). Bus errors are returned
# as -EIO, never raised through littlefs, so a missing chip surfaces as
# OSError(EIO) from the file operation that needed it.

from device import const

_EIO = const(5)
_BANK = const(0x10000)  # 16 address bits per transfer
_ID_ADDR = const(0x7C)  # reserved slave ID 0xF8/0xF9, as a 7-bit address
_MANUFACTURER = const(0x00A)  # Fujitsu

# Parameters for littlefs on FRAM: FRAM has no program unit, so the small
# default read/prog size keeps the bytes per flush low; the cache littlefs
# allocates is 4 * max(readsize, progsize) and must divide the block size.
LFS_READSIZE = 32
LFS_PROGSIZE = 32
LFS_LOOKAHEAD = 32


class FRAM:
    """An I2C FRAM chip as a block device (MicroPython's extended interface).

    i2c: machine.I2C / SoftI2C (writeto, readfrom_into); addr: 7-bit device
    address (0x50-0x57; even for the 1 Mbit part); size: bytes (32768 for
    MB85RC256V, 131072 for MB85RC1MT); block_size: littlefs block, a power of
    two from 128 up, dividing size."""

    def __init__(self, i2c, addr=0x50, size=32768, block_size=256):
        if block_size < 128 or block_size & (block_size - 1) or size % block_size:
            raise ValueError("block_size must be a power of two >= 128 dividing size")
        if size > 2 * _BANK or (size > _BANK and addr & 1):
            raise ValueError("up to 128 KiB; a 1 Mbit chip needs an even address")
        self.i2c = i2c
        self.addr = addr
        self.size = size
        self.block_size = block_size
        self.blocks = size // block_size
        self._wbuf = bytearray(block_size + 2)  # [addr hi, addr lo] + data
        self._wmv = memoryview(self._wbuf)
        self._views = {}  # data length -> self._wmv[:length + 2], made once
        self._abuf = bytearray(2)  # memory address for reads
        self._one = bytearray(1)

    # -- block device --------------------------------------------------------

    def readblocks(self, n, buf, offset=0):
        return self.read(n * self.block_size + offset, buf)

    def writeblocks(self, n, buf, offset=None):
        return self.write(n * self.block_size + (offset or 0), buf)

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return self.block_size
        if op == 6:  # erase: FRAM needs none, and nothing is cleared
            return 0
        if op in (1, 2, 3):  # init, deinit, sync: writes are done when writeto returns
            return 0
        return None

    # -- byte access ---------------------------------------------------------

    def read(self, start, buf):
        """Fill buf from memory address `start`; 0, or -EIO on a bus error."""
        n = len(buf)
        if start < 0 or start + n > self.size:
            return -_EIO
        if n == 0:
            return 0
        if start // _BANK != (start + n - 1) // _BANK:  # only for reads across 64 KiB
            mv = memoryview(buf)
            k = _BANK - start % _BANK
            r = self.read(start, mv[:k])
            return r if r else self.read(start + k, mv[k:])
        dev = self.addr | (start >> 16)
        a = self._abuf
        a[0] = (start >> 8) & 0xFF
        a[1] = start & 0xFF
        try:
            self.i2c.writeto(dev, a, False)  # repeated start follows
            self.i2c.readfrom_into(dev, buf)
        except OSError:
            return -_EIO
        return 0

    def write(self, start, buf):
        """Write buf at memory address `start`, in pieces that stay inside one
        block (so inside one 64 KiB bank); 0, or -EIO on a bus error."""
        n = len(buf)
        if start < 0 or start + n > self.size:
            return -_EIO
        bs = self.block_size
        wbuf = self._wbuf
        src = None
        done = 0
        while done < n:
            a = start + done
            k = bs - a % bs
            if k > n - done:
                k = n - done
            if done == 0 and k == n:
                wbuf[2:2 + k] = buf  # the usual case: no slice of buf needed
            else:  # the basic interface's multi-block writes
                if src is None:
                    src = memoryview(buf)
                wbuf[2:2 + k] = src[done:done + k]
            wbuf[0] = (a >> 8) & 0xFF
            wbuf[1] = a & 0xFF
            view = self._views.get(k)
            if view is None:
                view = self._views[k] = self._wmv[:k + 2]
            try:
                sent = self.i2c.writeto(self.addr | (a >> 16), view)
            except OSError:
                return -_EIO
            if sent is not None and sent != k + 2:  # the chip stopped ACKing
                return -_EIO
            done += k
        return 0

    # -- chip ----------------------------------------------------------------

    def detect(self):
        """True when a chip ACKs at addr: a 1-byte current-address read (it
        only moves the chip's address pointer). An EEPROM would ACK too;
        device_id() tells them apart."""
        try:
            self.i2c.readfrom_into(self.addr, self._one)
            return True
        except OSError:
            return False

    def device_id(self):
        """(manufacturer, product, size in bytes) read from the chip's
        Device ID, or None if nothing answers at the reserved address."""
        idb = bytearray(3)
        try:
            self._one[0] = self.addr << 1
            self.i2c.writeto(_ID_ADDR, self._one, False)
            self.i2c.readfrom_into(_ID_ADDR, idb)
        except OSError:
            return None
        manufacturer = (idb[0] << 4) | (idb[1] >> 4)
        product = ((idb[1] & 0x0F) << 8) | idb[2]
        size = 1 << (10 + (product >> 8)) if manufacturer == _MANUFACTURER else 0
        return manufacturer, product, size

    # -- littlefs ------------------------------------------------------------

    def format(self):
        """Make an empty littlefs on the chip (everything on it is lost)."""
        _vfs().VfsLfs2.mkfs(self, readsize=LFS_READSIZE, progsize=LFS_PROGSIZE,
                            lookahead=LFS_LOOKAHEAD)

    def mount(self, mountpoint="/fram", formatting=True, tries=3):
        """Mount littlefs at mountpoint. A chip that holds no littlefs (new,
        or damaged) is formatted first; returns True when that happened, so
        the firmware can say "FRAM formatted". Mounting is tried `tries`
        times first: I2C has no checksum, so noise on the wires can garble a
        read, and littlefs then finds no filesystem where there is one; a
        retry reads it right, and a journal is never formatted away for it.
        A bus error (no chip, loose wire) is raised as OSError(EIO) and
        formats nothing. With formatting=False (the host tools' agent)
        nothing is ever formatted: the OSError is raised."""
        vfs = _vfs()
        formatted = False
        fs = None
        errno = 0
        for _ in range(tries):
            try:
                fs = self._lfs(vfs)
                break
            except OSError as e:
                errno = e.errno or _EIO
        if fs is None:
            if errno == _EIO or not formatting or not self.detect():
                raise OSError(errno)
            self.format()
            fs = self._lfs(vfs)
            formatted = True
        vfs.mount(fs, mountpoint)
        return formatted

    format_and_mount = mount  # mount, formatting only when mounting fails

    def _lfs(self, vfs):
        return vfs.VfsLfs2(self, readsize=LFS_READSIZE, progsize=LFS_PROGSIZE,
                           lookahead=LFS_LOOKAHEAD)


def _vfs():
    try:
        import vfs  # MicroPython 1.23 and later
    except ImportError:
        import os as vfs  # type: ignore[no-redef]  # earlier firmware kept VfsLfs2 and mount in os
    return vfs
