"""Host model of a Fujitsu I2C FRAM (MB85RC256V, MB85RC1MT), decoding
transactions as the chip does, and an I2C stand-in wired to it.

The chip (datasheets DS501-00017 MB85RC256V, DS501-00027 MB85RC1MT):
- A write transaction (device address word with R/W = 0) carries the memory
  address, MSB first, then data bytes written at successive addresses; the
  address wraps from the last byte to 0. There is no page: one transaction
  can write the whole array.
- A read transaction (R/W = 1) returns bytes from the chip's address pointer
  onward ("current address read"; "sequential read" when it goes on), with the
  same wraparound. A random read is a write transaction that stops after the
  address, then a read.
- The pointer keeps its place between transactions: after a write it is one
  past the last byte written, after a read one past the last byte read.
- MB85RC256V: 15 address bits; the model ignores the top bit of the 2 address
  bytes (the datasheet's address range ends at 7FFFh; the driver never sets it).
- MB85RC1MT: 17 address bits; A16 comes in the device address word
  (1010 A2 A1 A16 R/W), so the chip answers at two 7-bit addresses, base and
  base + 1. On a read the model ignores that bit and goes on from the pointer
  (all 17 bits), as the Renode MB85RC1MT model does; the driver sends the same
  bit in both halves of a random read, so it does not depend on this.
- Device ID (reserved slave ID 0xF8 / 0xF9, 7-bit 0x7C): 3 bytes, manufacturer
  0x00A then the product ID (0x510 for the 256V, 0x758 for the 1MT).

Model choices where the datasheet says nothing: a write transaction shorter
than the 2 address bytes (an address probe such as I2C.scan) writes nothing
and leaves the pointer; memory starts filled with `fill`.

`bytes_transferred` counts every byte on the bus, the device address word of
each transaction included (each byte is 9 bit times with its ACK), so
bus time = bytes_transferred * 9 / f_scl.
"""

EIO = 5  # rp2 reports a NACKed address as OSError(EIO)
ID_ADDR = 0x7C  # reserved slave ID 0xF8/0xF9 as a 7-bit address
MANUFACTURER = 0x00A
PRODUCTS = {32768: 0x510, 131072: 0x758}  # size -> product ID (top nibble: density)


class FRAMModel:
    """`image`: a file that keeps the chip's bytes across runs (a virtual
    board's FRAM outlives its VM, as the chip outlives a power cut): read at
    start if it is there, and every write goes to it at once."""

    def __init__(self, size=32768, fill=0x00, image=None):
        if size & (size - 1) or not 512 <= size <= 131072:
            raise ValueError("size must be a power of two, 512 B .. 128 KiB")
        self.size = size
        self.mem = bytearray(bytes([fill]) * size)  # (bytearray * int is CPython only)
        self._image = None
        if image is not None:
            try:
                f = open(image, "r+b")
                data = f.read()
                if len(data) == size:
                    self.mem[:] = data
            except OSError:
                f = open(image, "w+b")
            f.seek(0)
            f.write(self.mem)
            f.flush()
            self._image = f
        self.pointer = 0
        self.bytes_transferred = 0  # every byte on the bus, device address words included
        self.transactions = 0
        self.bytes_written = 0  # data bytes stored

    def write(self, data, addr_bit16=0):
        """One write transaction: `data` is what follows the device address
        word; addr_bit16 is that word's A16 bit (1 Mbit part only)."""
        data = bytes(data)
        self.transactions += 1
        self.bytes_transferred += 1 + len(data)
        if len(data) < 2:
            return
        addr = (data[0] << 8) | data[1]
        if self.size > 0x10000:
            addr |= (addr_bit16 & 1) << 16
        p = start = addr & (self.size - 1)
        for b in data[2:]:
            self.mem[p] = b
            p = (p + 1) & (self.size - 1)
        self.bytes_written += len(data) - 2
        self.pointer = p
        f = self._image
        if f is not None and len(data) > 2:
            wrapped = start + len(data) - 2 > self.size
            f.seek(0 if wrapped else start)
            f.write(self.mem if wrapped else data[2:])
            f.flush()

    def read(self, n, addr_bit16=None):
        """One read transaction of n bytes from the address pointer."""
        self.transactions += 1
        self.bytes_transferred += 1 + n
        out = bytearray(n)
        p = self.pointer
        for i in range(n):
            out[i] = self.mem[p]
            p = (p + 1) & (self.size - 1)
        self.pointer = p
        return bytes(out)

    def device_id(self):
        """The 3 Device ID bytes: manufacturer (12 bits), product ID (12 bits)."""
        product = PRODUCTS.get(self.size, 0)
        word = (MANUFACTURER << 12) | product
        return bytes(((word >> 16) & 0xFF, (word >> 8) & 0xFF, word & 0xFF))


class FRAMBus:
    """machine.I2C's transfer methods, wired to FRAM models by 7-bit address.
    A 1 Mbit model answers at its base address and base + 1 (A16); every chip
    answers the reserved Device ID address. `fail` makes every transfer raise
    OSError(EIO), like a chip gone from the bus."""

    def __init__(self):
        self.chips = {}  # base address -> model
        self.fail = False
        self.log = []  # (kind, addr, bytes or length) per transaction
        self._id_for = None  # the chip a Device ID read will answer for

    def attach(self, addr, model):
        self.chips[addr] = model
        return model

    def _chip(self, addr):
        if self.fail:
            raise OSError(EIO)
        if addr in self.chips:
            return self.chips[addr], 0
        base = addr & ~1
        model = self.chips.get(base)
        if model is not None and model.size > 0x10000:
            return model, 1
        raise OSError(EIO)

    def scan(self):
        found = []
        for base, model in self.chips.items():
            found += [base, base + 1] if model.size > 0x10000 else [base]
        return sorted(found + ([ID_ADDR] if self.chips else []))

    def writeto(self, addr, buf, stop=True):
        buf = bytes(buf)
        self.log.append(("w", addr, buf))
        if addr == ID_ADDR and self.chips and not self.fail:
            try:
                self._id_for = self._chip(buf[0] >> 1)[0] if buf else None
            except OSError:
                self._id_for = None
            return len(buf)
        model, bit16 = self._chip(addr)
        model.write(buf, bit16)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        return self.writeto(addr, b"".join(bytes(b) for b in vector), stop)

    def readfrom_into(self, addr, buf, stop=True):
        self.log.append(("r", addr, len(buf)))
        if addr == ID_ADDR and not self.fail:
            if self._id_for is None:
                raise OSError(EIO)
            data = self._id_for.device_id()
            for i in range(len(buf)):
                buf[i] = data[i % 3]  # the chip repeats the ID while ACKed
            return None
        model, bit16 = self._chip(addr)
        buf[:] = model.read(len(buf), bit16)
        return None

    def readfrom(self, addr, n, stop=True):
        buf = bytearray(n)
        self.readfrom_into(addr, buf, stop)
        return bytes(buf)
