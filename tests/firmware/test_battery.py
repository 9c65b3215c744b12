# Battery: ADC counts -> mV (integer math, averaged), percent, low warning with
# hysteresis, no battery; no allocation on MicroPython.
from support.firmware import needs_heap_lock, without_allocating
from device import battery
from device.battery import Battery


class ADC:
    """read_u16() cycles through `values`."""

    def __init__(self, *values):
        self.values = values
        self.i = 0
        self.reads = 0

    def read_u16(self):
        v = self.values[self.i]
        self.i = (self.i + 1) % len(self.values)
        self.reads += 1
        return v


def counts_for(battery_mv, divider=2):
    """The read_u16() value for a battery voltage (pin mV = battery / divider)."""
    return (battery_mv * 65535 + divider * 1650) // (divider * 3300)


def test_counts_to_millivolts():
    assert Battery(ADC(0)).read_mv() == 0
    assert Battery(ADC(65535)).read_mv() == 6600  # 3300 mV at the pin, x2
    assert Battery(ADC(32768)).read_mv() == 3300
    assert Battery(ADC(65535), divider=1).read_mv() == 3300
    assert Battery(ADC(32768), divider=1.47).read_mv() == 2426  # 1650 x 1.47 = 2425.5
    assert Battery(ADC(counts_for(3700))).read_mv() == 3700
    # pin mV are whole: with divider 3 the battery reads in steps of 3 mV
    assert abs(Battery(ADC(counts_for(4100, 3)), divider=3.0).read_mv() - 4100) <= 2


def test_readings_are_averaged_over_samples():
    adc = ADC(40000, 40016, 39984, 40000, 40100, 39900, 40000, 40000)
    b = Battery(adc)
    mv = b.read_mv()
    assert adc.reads == 8 and mv == (40000 * 3300 * 2 + 32767) // 65535
    assert b.mv == mv
    adc = ADC(0, 65535)
    b = Battery(adc, samples=2)
    assert b.read_mv() == 3300 and adc.reads == 2  # (0 + 65535) / 2, rounded
    assert Battery(ADC(65535), samples=0).read_mv() == 6600  # at least one reading


def test_results_are_ints():
    b = Battery(ADC(12345), divider=2.2)
    assert type(b.read_mv()) is int and type(b.percent()) is int


def test_percent_is_a_clamped_straight_line():
    b = Battery(ADC(0))
    assert b.percent(3300) == 0 and b.percent(4200) == 100
    assert b.percent(3750) == 50 and b.percent(3345) == 5
    assert b.percent(3000) == 0 and b.percent(4500) == 100
    b = Battery(ADC(counts_for(3975)), empty_mv=3300, full_mv=4650)
    assert b.percent() == 50  # from a fresh reading


def test_low_has_hysteresis():
    b = Battery(ADC(0))

    def mv(pct):
        return 3300 + 9 * pct  # 900 mV span: 9 mV a percent
    states = [b.low(mv(p)) for p in (50, 16, 15, 14, 15, 19, 20, 21, 20, 16, 15, 14)]
    assert states == [False, False, False, True, True, True, True, False, False, False,
                      False, True]


def test_no_battery_is_not_low():
    b = Battery(ADC(500))  # ~50 mV at the battery: the divider sees nothing
    assert b.read_mv() < battery.NO_BATTERY_MV
    assert not b.low()
    assert b.percent(b.mv) == 0
    b = Battery(ADC(counts_for(3400)))
    assert b.low() and b.read_mv() >= battery.NO_BATTERY_MV  # 11 %


def test_bad_range_is_refused():
    try:
        Battery(ADC(0), empty_mv=4200, full_mv=4200)
    except ValueError:
        return
    assert False, "no ValueError"


def test_intermediates_stay_small_ints_on_the_pico():
    # The largest products: 8 readings of 65535; counts x 3300; mV x divider.
    assert 8 * 65535 < 1 << 30
    assert 65535 * 3300 + 32767 < 1 << 30
    assert 3300 * int(10.0 * 1000) + 500 < 1 << 30  # dividers up to 10


def test_reading_allocates_nothing_on_micropython():
    needs_heap_lock()
    b = Battery(ADC(30000, 30100, 29900, 30000), divider=2.0)
    out = [0, 0]

    def work():
        for _ in range(50):
            out[0] = b.percent()
            out[1] = b.low()
        return 1

    ok = without_allocating(work)
    assert ok == 1, "allocated with the heap locked"
    assert out[0] == 0 and out[1] is True  # 3021 mV: under empty
