"""board.check() refuses a profile that cannot be wired as written (issue
30.5): a GPIO with two jobs, I2C pins that are not their controller's, an ADC
on a pin without one, a FRAM on a display's controller but other pins; a bus
that a display and the FRAM share is set up once, at the slower speed; the
battery's limits follow its chemistry."""
import pytest

from device.board import Board, ProfileError, check
from device.cells import CHEMISTRY
from host_tools.mpy.sim import machine
from host_tools.mpy.sim.bus import I2CBus
from host_tools.mpy.sim.fram_model import FRAMModel
from host_tools.mpy.sim.ssd1306_model import SSD1306Model
from support.rigs import board_profile


def refused(profile, words):
    with pytest.raises(ProfileError, match=words) as e:
        check(profile)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("build, field, pin, words", [
    ("oled", ("buttons", "ok"), 16, "buzzer.pin = 16 is already buttons.ok"),
    ("segment7", ("leds", "left"), 4, "leds.left = 4 is already display.left.dio"),
    ("oled", ("battery", "adc"), 27, None),  # a spare ADC: fine
    ("oled", ("buttons", "start"), 26, "battery.adc = 26 is already buttons.start"),
    ("segment7", ("display", "right", "clk"), 5, "display.right.clk = 5 is already display.left.clk"),
])
def test_a_gpio_given_two_jobs_is_refused(build, field, pin, words):
    p = board_profile(build)
    obj = p
    for part in field[:-1]:
        obj = obj[part]
    obj[field[-1]] = pin
    if words is None:
        assert check(p) is p
    else:
        refused(p, words)


@pytest.mark.parametrize("side, scl, sda, words", [
    ("left", 4, 5, r"display.left.scl = 4 is not an SCL pin of I2C0 \(GP1, 5, 9, 13, 17, 21\)"),
    ("right", 5, 6, r"display.right.scl = 5 is not an SCL pin of I2C1 \(GP3, 7, 11, 15, 19, 27\)"),
    ("right", 7, 4, r"display.right.sda = 4 is not an SDA pin of I2C1 \(GP2, 6, 10, 14, 18, 22, 26\)"),
])
def test_sda_and_scl_must_be_their_controllers(side, scl, sda, words):
    p = board_profile("oled")
    p["display"][side].update(scl=scl, sda=sda)
    refused(p, words)


def test_gp28_is_an_i2c0_sda_pin_and_gp27_an_i2c1_scl_pin():
    p = board_profile("oled")
    p["fram"] = {"i2c": 1, "scl": 27, "sda": 6}  # GP27 is no SCL of the display's pair: refused
    refused(p, "fram.i2c = 1 is display.right's controller, which is on GP7/GP6")
    p = board_profile("segment7")
    p["fram"] = {"i2c": 0, "scl": 21, "sda": 28}
    del p["battery"]
    assert check(p) is p


@pytest.mark.parametrize("adc", [29, 25, 5])
def test_the_battery_adc_is_on_an_adc_pin_of_the_header(adc):
    p = board_profile("oled")
    p["battery"]["adc"] = adc
    refused(p, "battery.adc = %d is not an ADC pin on the header" % adc)


def test_the_fram_beside_the_7_segment_displays_needs_pins_of_its_own():
    p = board_profile("segment7")
    p["fram"] = {"i2c": 0, "scl": 5, "sda": 4, "addr": 80}  # the OLED build's example
    refused(p, "fram.scl = 5 is already display.left.clk")
    p["fram"].update(scl=9, sda=8)  # the README's pins for this build
    assert check(p) is p


def test_a_fram_on_a_displays_controller_shares_its_pins_and_not_its_address():
    p = board_profile("oled")
    p["fram"] = {"i2c": 0, "scl": 9, "sda": 8}
    refused(p, "fram.i2c = 0 is display.left's controller, which is on GP5/GP4")
    p["fram"].update(scl=5, sda=4)
    assert check(p) is p
    p["display"]["right"].update(i2c=0, scl=5, sda=4)  # both OLEDs on one bus at 0x3C
    refused(p, "display.right.addr = 60 is also display.left's address on I2C0")


def test_a_shared_display_and_fram_bus_is_set_up_once_at_the_slower_speed():
    machine.sim_reset(machine.VirtualClock(0))
    p = board_profile("oled")
    p["display"]["left"]["freq"] = 100000  # long leads
    p["fram"] = {"i2c": 0, "scl": 5, "sda": 4, "addr": 80, "freq": 1000000}
    for bus, addrs in ((0, (60, 80)), (1, (60,))):
        machine.I2C_BUSES[bus] = I2CBus()
        for a in addrs:
            machine.I2C_BUSES[bus].attach(a, FRAMModel(32768) if a == 80 else SSD1306Model())
    board = Board(check(p), machine.VirtualClock(0), machine)
    assert board.fram.i2c is board.displays[0].i2c
    assert board.fram.i2c.freq == 100000
    assert board.displays[1].i2c.freq == 400000
    board.recover(0)  # the bus set up again: still one controller, still slow
    assert board.fram.i2c is board.displays[0].i2c and board.fram.i2c.freq == 100000


@pytest.mark.parametrize("chemistry, full", [("alkaline", 4650), ("nimh", 4200), ("liion", 4200)])
def test_the_battery_limits_follow_the_chemistry(chemistry, full):
    machine.sim_reset(machine.VirtualClock(0))
    p = board_profile("segment7")
    p["battery"] = {"adc": 26, "divider": 2.0, "chemistry": chemistry}
    board = Board(check(p), machine.VirtualClock(0), machine)
    assert (board.battery.empty_mv, board.battery.full_mv) == (3300, full) == CHEMISTRY[chemistry]
    p["battery"]["full_mv"] = 4500  # a pack measured by hand wins
    assert Board(check(p), machine.VirtualClock(0), machine).battery.full_mv == 4500


def test_an_unknown_chemistry_is_refused():
    p = board_profile("oled")
    p["battery"]["chemistry"] = "lead-acid"
    refused(p, "battery.chemistry = 'lead-acid' is not alkaline, nimh or liion")
