"""The host stand-in for `machine` (host_tools/mpy/sim/machine.py) and virtual time
(host_tools/mpy/sim/vclock.py): pins and IRQs, I2C to the SSD1306 model through the
real driver, the RP2040 pin rule, a TM1637 model on two Pins, PWM tones, ADC,
and the same module as `machine` on the MicroPython unix port."""
import json

import pytest

from device import buzzer as buzzer_mod
from device import tm1637
from device.battery import Battery
from device.buttons import Buttons
from device.buzzer import Buzzer
from device.ssd1306 import SSD1306
from host_tools import firmware_path, simulate, unixport
from host_tools.mpy.sim import machine
from host_tools.mpy.sim.ssd1306_model import SSD1306Model
from host_tools.mpy.sim.tm1637_model import TM1637Model
from host_tools.mpy.sim.vclock import VirtualClock

Pin = machine.Pin
PERIOD = 1 << 30


@pytest.fixture(autouse=True)
def fresh():
    clock = machine.sim_reset()
    yield clock
    machine.sim_reset()


@pytest.fixture
def as_machine():
    """The stand-in installed as `machine`, as the simulation does."""
    simulate.install()
    yield machine


# -- virtual time --------------------------------------------------------------------------


def test_virtual_clock_wraps_like_the_pico():
    c = VirtualClock(start_tick=PERIOD - 10)
    assert c.ticks_ms() == PERIOD - 10
    c.advance(25)
    assert c.ticks_ms() == 15 and c.now == 25
    assert c.ticks_diff(15, PERIOD - 10) == 25 and c.ticks_diff(PERIOD - 10, 15) == -25
    assert c.ticks_add(PERIOD - 1, 1) == 0 and c.ticks_add(0, -1) == PERIOD - 1
    assert c.ticks_diff(c.ticks_add(123, (PERIOD >> 1) - 1), 123) == (PERIOD >> 1) - 1
    for bad in (PERIOD >> 1, -(PERIOD >> 1)):
        with pytest.raises(OverflowError):
            c.ticks_add(0, bad)
    c.advance(3 * PERIOD)  # now never wraps
    assert c.now == 3 * PERIOD + 25 and c.ticks_ms() == 15


def test_ticks_us_wraps_after_about_18_minutes():
    c = VirtualClock()
    c.advance(PERIOD // 1000 + 1)  # 2**30 us = 17.9 min
    assert c.ticks_us() == (c.now_us) % PERIOD
    assert c.ticks_us() < c.now_us


def test_timers_fire_at_their_instant_and_hooks_after():
    c = VirtualClock()
    seen = []
    c.call_at(30, lambda: seen.append(("a", c.now)))
    c.call_later(10, lambda: seen.append(("b", c.now)))
    c.call_at(30, lambda: seen.append(("c", c.now)))
    c.on_advance.append(lambda clock: seen.append(("hook", clock.now)))
    c.sleep_ms(50)
    assert seen == [("b", 10), ("hook", 10), ("a", 30), ("hook", 30), ("c", 30), ("hook", 30),
                    ("hook", 50)]
    assert c.pending() == 0
    t = c.call_later(5, lambda: seen.append("never"))
    c.cancel(t)
    c.advance(10)
    assert "never" not in seen
    with pytest.raises(ValueError):
        c.advance(-1)


# -- pins ----------------------------------------------------------------------------------


def test_pins_are_singletons_with_rp2_configuration_rules():
    p = Pin(10, Pin.IN, Pin.PULL_UP)
    assert Pin(10) is p and machine.PINS[10] is p and Pin("GP10") is p
    assert p.value() == 1  # pulled up, undriven
    Pin(10)  # no argument: configuration unchanged
    assert p.pull == Pin.PULL_UP
    Pin(10, Pin.IN)  # rp2 configures the pull every time: none given = no pull
    assert p.pull == 0 and p.value() == 0
    with pytest.raises(ValueError):
        Pin(30)
    with pytest.raises(ValueError):
        Pin("GP99")
    led = Pin("LED", Pin.OUT, value=1)
    assert led.id == 25 and led.value() == 1
    led.toggle()
    assert led() == 0


def test_open_drain_releases_high_and_reads_the_wire():
    p = Pin(3, Pin.OPEN_DRAIN, Pin.PULL_UP)
    assert p.value() == 1 and p.driven() is None  # released, pulled up
    p.value(0)
    assert p.value() == 0 and p.driven() == 0
    p.value(1)
    p.drive(0)  # another device pulls the line low
    assert p.value() == 0
    p.drive(None)
    assert p.value() == 1


def test_irq_fires_on_matching_edges_with_the_level_and_flags():
    p = Pin(11, Pin.IN, Pin.PULL_UP)
    seen = []
    irq = p.irq(lambda pin: seen.append((pin.id, pin.value(), pin.irq().flags())),
                trigger=Pin.IRQ_FALLING, hard=True)
    assert p.irq() is irq and irq.trigger() == Pin.IRQ_FALLING  # irq() alone changes nothing
    p.drive(0)
    p.drive(0)  # no change, no edge
    p.drive(None)  # rising: not in the trigger
    assert seen == [(11, 0, Pin.IRQ_FALLING)]
    p.irq(lambda pin: seen.append(("both", pin.value())), Pin.IRQ_FALLING | Pin.IRQ_RISING, True)
    p.drive(0)
    p.drive(1)
    assert seen[1:] == [("both", 0), ("both", 1)]
    p.irq(handler=None)
    p.drive(0)
    assert len(seen) == 3
    st = machine.disable_irq()
    p.irq(lambda pin: seen.append("masked"), hard=True)
    p.drive(1)
    assert "masked" not in seen  # masked: the edge waits, latched
    machine.enable_irq(st)
    assert seen[-1] == "masked"  # and is taken as the interrupts come back on, as on the M0+


def test_a_bounce_floods_the_soft_irq_queue_but_not_a_hard_handler(fresh):
    """Why buttons.py uses hard=True: with the VM busy (no time passing), 21
    edges overflow rp2's schedule queue of 8 and the rest vanish silently."""
    soft_pin = Pin(12, Pin.IN, Pin.PULL_UP)
    hard_pin = Pin(13, Pin.IN, Pin.PULL_UP)
    soft, hard = [], []
    soft_pin.irq(lambda pin: soft.append(pin.value()))
    hard_pin.irq(lambda pin: hard.append(pin.value()), hard=True)
    for i in range(21):
        level = 0 if i % 2 == 0 else None
        soft_pin.drive(level)
        hard_pin.drive(level)
    assert len(hard) == 21 and soft == []
    assert machine.SCHEDULER.dropped == 13
    fresh.advance(1)  # the VM runs: the queued handlers run (late, reading today's level)
    assert soft == [0] * 8


def test_output_listeners_see_level_changes():
    led = Pin(15, Pin.OUT)
    levels = []
    led.listeners.append(lambda pin: levels.append(pin.value()))
    led.on()
    led.on()
    led.off()
    assert levels == [1, 0]


def test_buttons_on_stand_in_pins_with_a_scripted_bounce(fresh, as_machine):
    import machine as m
    clock = m.use_clock(VirtualClock(start_tick=PERIOD - 3))  # the press straddles the wrap
    pins = [m.Pin(n, m.Pin.IN, m.Pin.PULL_UP) for n in (10, 11, 12, 13, 14, 15)]
    keys = Buttons(pins, clock, debounce_ms=20)
    edges = pins[0].edges  # (the pull-up's own rising edge is one)
    m.bounce(10, 0, transitions=21, span_us=5000)  # lever_left: 21 changes over 5 ms
    clock.advance(30)
    m.bounce(m.Pin(10), None, transitions=21, span_us=1000)
    clock.advance(40)
    events = []
    while (k := keys.next()) >= 0:
        events.append((k, keys.tick, keys.down))
    assert events == [(0, PERIOD - 3, True), (0, 27, False)]
    assert pins[0].edges - edges == 42
    # a tap shorter than the debounce window: the release comes from poll()
    m.bounce(11, 0, 5, 500)
    clock.advance(8)
    m.bounce(11, None, 5, 500)
    for _ in range(10):
        clock.sleep_ms(10)
        keys.poll(clock.ticks_ms())
    events = []
    while (k := keys.next()) >= 0:
        events.append((k, keys.tick, keys.down))
    assert [e[::2] for e in events] == [(1, True), (1, False)] and events[0][1] == 67


# -- I2C -----------------------------------------------------------------------------------


def test_i2c_routes_the_ssd1306_driver_to_the_model(as_machine):
    import machine as m
    model = m.i2c_bus(1).attach(0x3C, SSD1306Model())
    i2c = m.I2C(1, scl=m.Pin(7), sda=m.Pin(6), freq=400000)
    assert i2c.scan() == [0x3C]
    oled = SSD1306(i2c)
    oled.text("10:00", 0, 0)
    oled.fill_rect(0, 40, 20, 8, 1)
    oled.show()
    assert model.shown_vlsb() == bytes(oled.buf[1:]) and model.lit() and model.display_on
    assert model.bytes_received == oled.bytes_sent
    assert 22000 < i2c.bus_us < 26000 * 2  # ~23 ms a full frame at 400 kHz
    assert m.Pin(7).mode == m.Pin.ALT and m.Pin(7).alt == m.Pin.ALT_I2C
    with pytest.raises(OSError) as e:
        i2c.writeto(0x3D, b"\x00")
    assert e.value.args[0] == m.EIO


class Register:
    """A device with a read side: read(n) returns the next n bytes."""

    def __init__(self):
        self.written = []

    def write(self, data):
        self.written.append(data)

    def read(self, n):
        return bytes(range(1, n + 1))


def test_i2c_reads_and_writevto():
    dev = machine.i2c_bus(0).attach(0x50, Register())
    i2c = machine.I2C(0)
    assert i2c.readfrom(0x50, 3) == b"\x01\x02\x03"
    buf = bytearray(2)
    i2c.readfrom_into(0x50, buf)
    assert buf == b"\x01\x02"
    assert i2c.writevto(0x50, [b"\x40", bytearray(b"ab")]) == 3
    assert i2c.readfrom_mem(0x50, 0x10, 1) == b"\x01"
    assert dev.written == [b"\x40ab", b"\x10"]


@pytest.mark.parametrize("bus,scl,sda", [(0, 1, 0), (0, 5, 4), (0, 21, 20), (1, 3, 2),
                                         (1, 7, 6), (1, 27, 26), (1, 15, 14)])
def test_i2c_pin_rule_accepts(bus, scl, sda):
    machine.I2C(bus, scl=Pin(scl), sda=sda)


@pytest.mark.parametrize("bus,scl,sda,msg", [
    (0, 4, 5, "bad SCL pin"),  # swapped
    (0, 7, 6, "bad SCL pin"),  # I2C1's pins on I2C0
    (1, 5, 4, "bad SCL pin"),
    (0, 5, 6, "bad SDA pin"),  # SCL right, SDA of the other bus
    (1, 7, 7, "bad SDA pin"),
])
def test_i2c_pin_rule_refuses(bus, scl, sda, msg):
    with pytest.raises(ValueError, match=msg):
        machine.I2C(bus, scl=Pin(scl), sda=Pin(sda))


def test_i2c_bus_id_and_defaults():
    with pytest.raises(ValueError, match="I2C\\(2\\) doesn't exist"):
        machine.I2C(2)
    assert (machine.I2C(0).scl.id, machine.I2C(0).sda.id) == (5, 4)
    assert (machine.I2C(1).scl.id, machine.I2C(1).sda.id) == (7, 6)


def test_a_full_frame_in_one_write_at_100khz_times_out_like_the_pico():
    machine.i2c_bus(0).attach(0x3C, SSD1306Model())
    slow = machine.I2C(0, freq=100000)  # default timeout 50 ms; a frame in one write takes ~92 ms
    frame = bytearray(1025)
    frame[0] = 0x40
    with pytest.raises(OSError) as e:
        slow.writeto(0x3C, frame)
    assert e.value.args[0] == machine.ETIMEDOUT
    machine.I2C(0, freq=100000, timeout=200000).writeto(0x3C, frame)
    assert SSD1306(slow).show() == 7 + 8 * 129 + 2  # the driver writes a page at a time: ~12 ms each


def test_profiles_display_pins_pass_the_rule():
    profiles = sorted(firmware_path.PROFILES.glob("*.json"))
    assert profiles
    for path in profiles:
        display = json.loads(path.read_text())["display"]  # an unreadable profile fails here
        if display.get("kind") != "ssd1306":
            continue
        for side in ("left", "right"):
            d = display[side]
            machine.I2C(d["i2c"], scl=Pin(d["scl"]), sda=Pin(d["sda"]), freq=d["freq"])


# -- TM1637 on two pins --------------------------------------------------------------------


@pytest.mark.parametrize("open_drain", [True, False])
def test_tm1637_driver_on_stand_in_pins(open_drain):
    model = TM1637Model()
    link = machine.TwoWireLink(5, 4, model)
    tm = tm1637.TM1637(Pin(5), Pin(4), sleep_us=machine.CLOCK.sleep_us, open_drain=open_drain)
    tm.write(tm1637.encode_clock(9, 59, bytearray(4)))
    assert model.text() == " 959" and model.colon and model.on
    assert model.violations == [] and tm.nacks == 0 and link.contention == 0
    assert machine.CLOCK.now_us > 1000  # the driver's 10 us waits, in virtual time


# -- PWM -----------------------------------------------------------------------------------


def test_pwm_logs_the_buzzer_tones_in_virtual_time(fresh):
    fresh.advance(5000)
    pwm = machine.PWM(Pin(16), freq=2000, duty_u16=0)
    bz = Buzzer(pwm, fresh)
    bz.enabled = True
    bz.play(buzzer_mod.PERIOD, fresh.ticks_ms())
    for _ in range(50):
        fresh.sleep_ms(10)
        bz.update(fresh.ticks_ms())
    bz.play(buzzer_mod.FLAG, fresh.ticks_ms())
    for _ in range(150):
        fresh.sleep_ms(10)
        bz.update(fresh.ticks_ms())
    assert machine.TONES == [(5000, 2500, 32768), (5120, 2500, 0), (5220, 2500, 32768),
                             (5340, 2500, 0), (5500, 2000, 32768), (6500, 2000, 0)]
    assert pwm.log == machine.TONES


def test_pwm_slices_share_a_frequency_and_freq_limits():
    a = machine.PWM(Pin(16), freq=2000, duty_u16=32768)
    b = machine.PWM(Pin(17))  # the other channel of slice 0
    b.freq(440)
    assert a.freq() == 440 and a.slice == b.slice == 0
    assert machine.TONES[-1] == (0, 440, 32768)  # a sounds different now
    with pytest.raises(ValueError, match="freq too small"):
        a.freq(0)
    with pytest.raises(ValueError):
        a.duty_u16(70000)
    a.deinit()
    assert machine.TONES[-1] == (0, 440, 0) and not a.sounding()


# -- ADC and the rest ----------------------------------------------------------------------


def test_adc_reads_like_the_rp2040():
    adc = machine.ADC(Pin(26))
    assert adc.read_u16() == 0
    machine.ADC_VALUES[26] = 0xFFFF
    assert adc.read_u16() == 0xFFFF
    machine.ADC_VALUES[26] = 40000
    raw = 40000 >> 4
    assert adc.read_u16() == (raw << 4) | (raw >> 8)  # 12 bits, scaled to 16
    assert machine.ADC(0).key == 26 and machine.ADC(4).key == 4
    with pytest.raises(ValueError):
        machine.ADC(Pin(10))
    machine.ADC_VALUES[27] = lambda now: 1000 + now
    assert machine.ADC(27).read_u16() == ((1000 >> 4) << 4)


def test_battery_through_the_adc_stand_in():
    machine.set_adc_mv(26, 1850)  # 3.7 V battery behind a 2:1 divider
    bat = Battery(machine.ADC(26), divider=2.0)
    assert abs(bat.read_mv() - 3700) <= 4
    assert bat.percent(3700) == 44 and not bat.low()


def test_module_functions():
    assert machine.freq() == 125000000
    assert len(machine.unique_id()) == 8
    with pytest.raises(SystemExit):
        machine.reset()
    assert machine.RESETS == [0]
    assert machine.reset_cause() == machine.WDT_RESET  # rp2 resets through the watchdog
    assert machine.mem32[0x4005801C] == machine.WDT_REBOOT_MAGIC  # asked for, not a bite
    machine.lightsleep(20)
    assert machine.CLOCK.now == 20


def test_idle_returns_at_the_next_interrupt_or_after_a_millisecond(fresh):
    pin = Pin(10, Pin.IN, Pin.PULL_UP)
    seen = []
    pin.irq(handler=lambda p: seen.append(fresh.now_us), trigger=Pin.IRQ_FALLING, hard=True)
    machine.idle()
    assert fresh.now_us == 1000  # rp2's WFE times out after 1 ms
    fresh.call_at_us(1300, lambda: pin.drive(0))
    machine.idle()
    assert fresh.now_us == 1300 and seen == [1300]  # the edge's interrupt ends it


def test_lightsleep_ends_at_a_gpio_irq_with_a_handler_only(fresh):
    quiet = Pin(11, Pin.IN, Pin.PULL_UP)  # no handler: its edge wakes nothing
    key = Pin(12, Pin.IN, Pin.PULL_UP)
    key.irq(handler=lambda p: None, trigger=Pin.IRQ_FALLING, hard=True)
    fresh.call_at(5, lambda: quiet.drive(0))
    fresh.call_at(12, lambda: key.drive(0))
    machine.lightsleep(50)
    assert fresh.now == 12
    machine.lightsleep(50)
    assert fresh.now == 62  # nothing more comes: the timer ends it
    with pytest.raises(ValueError, match="DORMANT"):
        machine.lightsleep()  # would never return on a board


def test_an_interrupt_pending_under_a_mask_ends_a_lightsleep_at_once(fresh):
    key = Pin(12, Pin.IN, Pin.PULL_UP)
    seen = []
    key.irq(handler=lambda p: seen.append(fresh.now), trigger=Pin.IRQ_FALLING, hard=True)
    state = machine.disable_irq()
    key.drive(0)  # masked: pending, its handler not run
    machine.lightsleep(50)
    assert fresh.now == 0 and seen == []  # the WFI returned at once
    machine.enable_irq(state)
    assert seen == [0]


def test_a_timer_alarm_ends_a_lightsleep(fresh):
    ticks = []
    machine.Timer(period=30, mode=machine.Timer.ONE_SHOT, callback=lambda t: ticks.append(fresh.now))
    machine.lightsleep(100)
    assert fresh.now == 30 and ticks == [30]


# -- on the MicroPython unix port ----------------------------------------------------------


MP_SCRIPT = r"""
import machine
p = machine.Pin(10, machine.Pin.IN, machine.Pin.PULL_UP)
print("stand-in", "PINS" in dir(machine) or hasattr(machine, "PINS"), machine.PINS[10] is p)
print("pin", p.value(), p.pull == machine.Pin.PULL_UP)
from host_tools.mpy.sim.vclock import VirtualClock
from device.buttons import Buttons
clock = machine.use_clock(VirtualClock(start_tick=(1 << 30) - 3))
print("clock", machine.CLOCK is clock)
pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in (10, 11)]
keys = Buttons(pins, clock)
machine.bounce(10, 0, 21, 1000)
clock.advance(100)
machine.bounce(10, None, 21, 1000)
clock.advance(100)
k = keys.next()
while k >= 0:
    print("event", k, keys.tick, keys.down)
    k = keys.next()
try:
    machine.I2C(0, scl=machine.Pin(4), sda=machine.Pin(5))
except ValueError as e:
    print("i2c", e)
from host_tools.mpy.sim.ssd1306_model import SSD1306Model
from device.ssd1306 import SSD1306
model = machine.i2c_bus(0).attach(0x3C, SSD1306Model())
oled = SSD1306(machine.I2C(0, scl=machine.Pin(5), sda=machine.Pin(4)))
oled.text("9:59", 0, 0)
oled.show()
print("oled", model.lit(), model.shown_vlsb() == bytes(oled.buf[1:]))
import asyncio
print("asyncio", asyncio.__name__)
"""


def test_the_stand_in_is_machine_on_the_unix_port(tmp_path):
    script = tmp_path / "sim_on_mp.py"
    script.write_text(MP_SCRIPT)
    res = unixport.run(script, path=(*unixport.SIM_PATH, firmware_path.FIRMWARE), timeout=60, cwd=str(tmp_path))
    assert res.returncode == 0, res.stderr + res.stdout
    out = res.stdout.splitlines()
    assert out[:3] == ["stand-in True True", "pin 1 True", "clock True"]
    assert out[3:5] == ["event 0 %d True" % (PERIOD - 3), "event 0 97 False"]
    assert out[5:] == ["i2c bad SCL pin", "oled True True", "asyncio asyncio"]


def test_without_the_shim_the_unix_port_has_no_pin(tmp_path):
    res = unixport.run("-c", "import machine; print(hasattr(machine, 'Pin'))", path=(), timeout=60,
                       cwd=str(tmp_path))
    assert res.stdout.strip() == "False"
