# Battery gauge from an ADC pin at the midpoint of a resistor divider.
#
# Integer math only: read_u16() counts (0..65535 for 0..3300 mV at the pin)
# are averaged over `samples` readings, turned into mV at the pin, then
# multiplied by the divider ratio (kept as thousandths, so 2.0 -> 2000). Every
# intermediate stays under 2**30, a small int on the Pico: no allocation.
# The gauge is a straight line from empty_mv (0 %) to full_mv (100 %).
# low() says "under 15 %" and stays true until the level is back above 20 %,
# so a voltage wobbling around the threshold doesn't make the warning flicker.
# A reading under NO_BATTERY_MV means no battery is connected (USB power with
# the switch off, or no divider fitted): present() is False and low() too.

from device import const

_FULL_SCALE_MV = const(3300)
_COUNTS = const(65535)
NO_BATTERY_MV = const(1000)
LOW_PERCENT = const(15)  # low() turns on under this
OK_PERCENT = const(20)  # and off again above this


class Battery:
    def __init__(self, adc, divider=2.0, empty_mv=3300, full_mv=4200, samples=8):
        if full_mv <= empty_mv:
            raise ValueError("full_mv must exceed empty_mv")
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

    def present(self, mv=None):
        if mv is None:
            mv = self.read_mv()
        return mv >= NO_BATTERY_MV

    def percent(self, mv=None):
        """0..100, from mv or a fresh reading."""
        if mv is None:
            mv = self.read_mv()
        span = self.full_mv - self.empty_mv
        p = ((mv - self.empty_mv) * 100 + (span >> 1)) // span
        if p < 0:
            return 0
        if p > 100:
            return 100
        return p

    def low(self, mv=None):
        """True under LOW_PERCENT, until back above OK_PERCENT."""
        if mv is None:
            mv = self.read_mv()
        if mv < NO_BATTERY_MV:
            self._low = False
            return False
        p = self.percent(mv)
        if self._low:
            if p > OK_PERCENT:
                self._low = False
        elif p < LOW_PERCENT:
            self._low = True
        return self._low
