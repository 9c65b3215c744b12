"""Host stand-ins for the wires between the firmware and the chip models.

`I2CBus` has machine.I2C's write side and hands each transaction to the model
at that address. `TwoWire` makes two Pin-like objects whose levels reach a
TM1637Model; DIO is wired-AND with the chip's ACK pull-down, so an open-drain
driver reads the ACK back as on the real module (which has pull-ups).
"""

EIO = 5  # rp2 reports a NACKed address as OSError(EIO)


class I2CBus:
    def __init__(self, devices=None):
        self.devices = dict(devices or {})  # 7-bit address -> model with write(bytes)

    def attach(self, addr, model):
        self.devices[addr] = model
        return model

    def detach(self, addr):
        """Unplug the device at addr (it NACKs from now on); returns its model."""
        return self.devices.pop(addr)

    def scan(self):
        return sorted(self.devices)

    def writeto(self, addr, buf, stop=True):
        model = self.devices.get(addr)
        if model is None:
            raise OSError(EIO)
        model.write(bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        return self.writeto(addr, b"".join(bytes(b) for b in vector), stop)


class WirePin:
    """One line of a TwoWire: the subset of machine.Pin the TM1637 driver uses."""

    IN, OUT, OPEN_DRAIN = 0, 1, 2
    PULL_UP, PULL_DOWN = 1, 2

    def __init__(self, wire):
        self._wire = wire
        self.mode = self.IN
        self.out = 1  # the level the MCU asks for

    def init(self, mode=None, pull=None, value=None):
        if mode is not None:
            self.mode = mode
        if value is not None:
            self.out = 1 if value else 0
        self._wire.update()

    def value(self, v=None):
        if v is None:
            return self._wire.level(self)
        self.out = 1 if v else 0
        self._wire.update()
        return None

    __call__ = value

    def drives_low(self):
        return self.mode != self.IN and not self.out

    def drives_high(self):
        return self.mode == self.OUT and self.out


class TwoWire:
    """CLK and DIO of a TM1637 module with pull-ups; `model` sees wire levels."""

    def __init__(self, model):
        self.model = model
        self.clk = WirePin(self)
        self.dio = WirePin(self)
        self.contention = 0  # pin operations leaving DIO driven high against the ACK
        self._levels = (1, 1)

    def level(self, pin):
        if pin is self.clk:
            return 0 if pin.drives_low() else 1
        return 0 if pin.drives_low() or self.model.ack else 1

    def update(self):
        if self.model.ack and self.dio.drives_high():
            self.contention += 1
        # The model may start or end its ACK on a CLK edge, which moves DIO: settle.
        for _ in range(3):
            levels = (self.level(self.clk), self.level(self.dio))
            if levels == self._levels:
                return
            self._levels = levels
            self.model.pins(*levels)
