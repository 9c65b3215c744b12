# Battery gauge from an ADC pin at the midpoint of a resistor divider.
#
# Integer math only: read_u16() counts (0..65535 for 0..3300 mV at the pin)
# are averaged over `samples` readings, turned into mV at the pin, then
# multiplied by the divider ratio (kept as thousandths, so 2.0 -> 2000). Every
# intermediate stays under 2**30, a small int on the Pico: no allocation.
# Without a chemistry the gauge is a straight line from empty_mv (0 %) to
# full_mv (100 %), and low() says "under 15 %". With one ("alkaline", "nimh",
# "liion": the profile's battery.chemistry) the level comes from that
# chemistry's discharge curve per cell (device/cells.py), and low() says "about
# WARN_HOURS of play left": what is left of capacity_mah at drain_ma, the
# build's running current (the power bench's current_ma_running). Either
# way low() stays true until the level is back a margin above the threshold,
# so a voltage wobbling around it doesn't make the warning flicker.
# A reading under NO_BATTERY_MV means no battery is connected (USB power with
# the switch off, or no divider fitted): low() is False then.

from device import const

_FULL_SCALE_MV = const(3300)
_COUNTS = const(65535)
NO_BATTERY_MV = const(1000)
LOW_PERCENT = const(15)  # low() turns on under this
OK_PERCENT = const(20)  # and off again above this
WARN_HOURS = const(10)  # with a chemistry: low() turns on at this many hours of play left
OK_HOURS = const(12)  # and off again above this (new cells, or a reading that recovered)

def left_permille(curve, cell_mv):
    """Thousandths of the capacity left at cell_mv, linear between the curve's points."""
    if cell_mv >= curve[0][0]:
        return curve[0][1] * 10
    for i in range(1, len(curve)):
        mv, p = curve[i]
        if cell_mv >= mv:
            mv0, p0 = curve[i - 1]
            return p * 10 + (p0 - p) * 10 * (cell_mv - mv) // (mv0 - mv)
    return 0


class Battery:
    def __init__(self, adc, divider=2.0, empty_mv=3300, full_mv=4200, samples=8, chemistry=None, cells=None,
                 capacity_mah=None, drain_ma=None):
        if full_mv <= empty_mv:
            raise ValueError("full_mv must exceed empty_mv")
        self.curve = None  # per cell, (mV, % left) from full to empty (device/cells.py)
        self.cells = cells or 1
        self.capacity_mah = capacity_mah or 0
        if chemistry:
            from device.cells import CAPACITY_MAH, CELLS, CURVES  # at power-on only: the board forgets it
            self.curve = CURVES[chemistry]
            self.cells = cells or CELLS[chemistry]
            self.capacity_mah = capacity_mah or CAPACITY_MAH[chemistry]
        self.drain_ma10 = int((drain_ma or 20) * 10 + 0.5)  # tenths of a mA: integers from here on
        self._adc = adc
        self._div = int(divider * 1000 + 0.5)  # the only float, once
        self.empty_mv = empty_mv
        self.full_mv = full_mv
        self._samples = samples if samples > 0 else 1
        self._low = False
        self.mv = 0  # the last reading

    def read_mv(self):
        """Battery mV: the average of `samples` ADC readings."""
        n = self._samples
        total = 0
        for _ in range(n):
            total += self._adc.read_u16()
        avg = (total + (n >> 1)) // n  # <= 65535
        pin_mv = (avg * _FULL_SCALE_MV + (_COUNTS >> 1)) // _COUNTS  # <= 3300
        self.mv = (pin_mv * self._div + 500) // 1000
        return self.mv

    def percent(self, mv=None):
        """0..100, from mv or a fresh reading."""
        if mv is None:
            mv = self.read_mv()
        if self.curve is not None:
            return left_permille(self.curve, mv // self.cells) // 10
        span = self.full_mv - self.empty_mv
        p = ((mv - self.empty_mv) * 100 + (span >> 1)) // span
        if p < 0:
            return 0
        if p > 100:
            return 100
        return p

    def hours_left(self, mv=None):
        """Whole hours of play left at drain_ma (with a chemistry)."""
        if mv is None:
            mv = self.read_mv()
        return left_permille(self.curve, mv // self.cells) * self.capacity_mah * 10 // (1000 * self.drain_ma10)

    def low(self, mv=None):
        """True under LOW_PERCENT, until back above OK_PERCENT; with a
        chemistry, at WARN_HOURS of play left, until back above OK_HOURS."""
        if mv is None:
            mv = self.read_mv()
        if mv < NO_BATTERY_MV:
            self._low = False
            return False
        if self.curve is not None:
            h = self.hours_left(mv)
            if self._low:
                if h > OK_HOURS:
                    self._low = False
            elif h <= WARN_HOURS:
                self._low = True
            return self._low
        p = self.percent(mv)
        if self._low:
            if p > OK_PERCENT:
                self._low = False
        elif p < LOW_PERCENT:
            self._low = True
        return self._low
