# The battery warning from the cells' discharge curve (device/battery.py with
# a chemistry): on at about 10 hours of play left at the build's running
# current, off again only above 12, on both VMs, without allocating.
from support.firmware import needs_heap_lock, without_allocating
from device.battery import Battery, left_permille
from device.cells import CURVES


class ADC:
    def __init__(self, counts):
        self.counts = counts

    def read_u16(self):
        return self.counts


def counts_for(battery_mv):
    return (battery_mv * 65535 + 2 * 1650) // (2 * 3300)


def battery(mv, chemistry="alkaline", drain_ma=10.0):
    adc = ADC(counts_for(mv))
    return Battery(adc, 2.0, chemistry=chemistry, capacity_mah=3000, drain_ma=drain_ma), adc


def test_the_curve_is_read_between_its_points():
    curve = CURVES["alkaline"]
    assert left_permille(curve, 1600) == 1000 and left_permille(curve, 700) == 0
    assert left_permille(curve, 1300) == 650  # halfway from 80 % at 1.35 V to 50 % at 1.25 V
    assert left_permille(CURVES["nimh"], 1200) == 375


def test_hours_left_are_what_is_left_of_the_capacity_at_the_running_current():
    b, _ = battery(3 * 1250)  # 50 % of 3000 mAh at 10 mA
    assert b.hours_left() == 150


def test_the_warning_comes_at_ten_hours_left_and_goes_only_above_twelve():
    # 10 mA from 3000 mAh: 10 h left is 100 mAh, 3.3 %: 0.925 V a cell on the alkaline curve
    b, adc = battery(3 * 1000)  # 7.3 % left: 21 h
    assert not b.low()
    adc.counts = counts_for(3 * 940)  # 4.1 %: 12 h
    assert not b.low()
    adc.counts = counts_for(3 * 915)  # 2.8 %: 8 h
    assert b.low()
    adc.counts = counts_for(3 * 935)  # 3.8 %: 11 h, not above 12: still on
    assert b.low()
    adc.counts = counts_for(3 * 1000)
    assert not b.low()


def test_nimh_warns_at_its_own_voltage():
    # the NiMH curve: 10 h at 10 mA of 3000 mAh is 3.3 %, near 1.04 V a cell
    b, adc = battery(3 * 1100, "nimh")
    assert not b.low()
    adc.counts = counts_for(3 * 1030)
    assert b.low()


def test_no_battery_is_no_warning():
    b, _ = battery(0)
    assert not b.low()


def test_reading_and_warning_allocate_nothing():
    needs_heap_lock()
    b, _ = battery(3 * 1000)
    without_allocating(lambda: (b.low(), b.hours_left()))
