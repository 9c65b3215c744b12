"""The stand-in's sleeps as rp2 (v1.28 ports/rp2/modmachine.c) has them, the
firmware's choice of sleep (device/wait.py), and the energy meter's counts
(host_tools/mpy/sim/energy.py) on the real drivers and chip models."""
import pytest

from device.buzzer import Buzzer
from device.wait import REST_MS, Wait
from device.tm1637 import TM1637
from host_tools.mpy.sim import energy, machine
from host_tools.mpy.sim.tm1637_model import TM1637Model

Pin = machine.Pin


@pytest.fixture(autouse=True)
def fresh():
    clock = machine.sim_reset()
    yield clock
    machine.sim_reset()


def test_lightsleep_keeps_the_ticks_and_brings_back_the_default_clock(fresh):
    machine.freq(48_000_000)
    t = fresh.ticks_ms()
    machine.lightsleep(250)
    assert fresh.ticks_diff(fresh.ticks_ms(), t) == 250  # the system timer keeps its clock
    assert machine.freq() == 125_000_000  # runtime_init_clocks(): the freq set before is lost
    assert machine.wakes() == 1


def test_a_lightsleep_of_one_ms_is_a_plain_delay_and_none_never_returns(fresh):
    meter = energy.Meter(fresh, [])
    machine.lightsleep(1)
    assert meter.totals()["t"] == {"delay@125": 1000} and machine.wakes() == 0
    with pytest.raises(ValueError):
        machine.lightsleep()  # DORMANT: nothing the port arms wakes it


def test_the_wait_lightsleeps_on_cells_and_idles_for_the_buzzer_and_on_usb(fresh):
    buzzer = Buzzer(machine.PWM(Pin(16)), fresh)
    buzzer.enabled = True
    vbus = Pin(24, Pin.IN)
    wait = Wait(fresh, machine, vbus)
    wait.buzzer = buzzer
    meter = energy.Meter(fresh, [])
    wait.sleep(20)
    assert meter.totals()["t"] == {"lightsleep@125": 20000} and wait.longest(10) == REST_MS
    buzzer.play((0, 2000, 100, 0))
    meter.reset()
    wait.sleep(20)  # lightsleep stops the PWM's clock: the tone would stop
    assert meter.totals()["t"] == {"idle@125": 20000} and wait.longest(10) == 10
    buzzer.stop()
    vbus.drive(1)  # USB power: the USB clock must run
    meter.reset()
    wait.sleep(20)
    assert meter.totals()["t"] == {"idle@125": 20000} and wait.longest(10) == 10


def test_a_lever_edge_ends_the_lightsleep_at_its_instant(fresh):
    pin = Pin(10, Pin.IN, Pin.PULL_UP)
    wait = Wait(fresh, machine)
    pin.irq(lambda p: wait.flag.__setitem__(0, 1), Pin.IRQ_FALLING, hard=True)
    fresh.call_at_us(3_456, lambda: pin.drive(0))
    wait.sleep(500)
    assert fresh.now_us == 3_456 and machine.freq() == 125_000_000


def test_the_meter_counts_a_tm1637s_lit_segments_at_its_brightness(fresh):
    model = TM1637Model()
    link = machine.TwoWireLink(5, 4, model)
    assert link.connected
    digits = TM1637(Pin(5), Pin(4), 2, sleep_us=fresh.sleep_us)
    digits.write(bytes((0x06, 0x5B, 0, 0)))  # "12  ": 2 + 5 segments
    meter = energy.Meter(fresh, [model])
    fresh.advance(1000)
    got = meter.totals()
    assert got["display_on_us"] == 1_000_000
    assert got["display_level_us"] == 7 * 4 * 1_000_000  # brightness 2: 4/16 pulses


def test_the_meter_counts_the_buzzer_and_an_led(fresh):
    led = Pin(18, Pin.OUT, value=1)
    buzzer = Buzzer(machine.PWM(Pin(16)), fresh)
    buzzer.enabled = True
    meter = energy.Meter(fresh, [], [led])
    buzzer.play((0, 2000, 100, 0))
    fresh.advance(40)
    led.value(0)
    fresh.advance(60)
    got = meter.totals()
    assert got["led_us"] == 40_000 and got["buzzer_us"] == 100_000


@pytest.mark.slow
def test_eight_hours_of_play_asleep_between_updates_lose_no_millisecond(tmp_path):
    """On cells the loop lightsleeps between updates for 8 h of play; the
    time both clocks used adds up to the 8 h, to the millisecond."""
    from support.rigs import LEFT, RIGHT, START, rig
    r = rig(tmp_path, clock="9h")
    r.press(START)
    started = r.clock.now - r.app.gt.now()  # virtual ms at game time 0
    for i in range(16):  # a lever every 30 min
        r.run(30 * 60000 - 80)
        r.press(LEFT if i % 2 == 0 else RIGHT)
    game = r.app.game
    game.advance(r.app.gt.now())
    used = sum(9 * 3600000 - c.remaining for c in game.sides)
    assert used == r.clock.now - started
    assert machine.wakes() > 16 * 1800  # it did sleep (about 3 wakes a second)
