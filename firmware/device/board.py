# The board's hardware, built from its profile (hardware/profiles/*.json,
# stored on the board as /profile.json). All wiring lives in the profile;
# a wrong or missing one gives a message that says what to fix.

from clock import jsonfile

KEYS = ("lever_left", "lever_right", "start", "minus", "plus", "ok")
LEVER_LEFT = 0
LEVER_RIGHT = 1
START = 2
MINUS = 3
PLUS = 4
OK = 5


SIDES = ("left", "right")
MIN_I2C_HZ = 100000  # slower display buses are refused: a frame would block the clock too long
FRAME_BYTES = 1026  # the longest display transaction: address, control byte, 1024 bytes of frame
WATCHDOG_MAX_MS = 8388  # the RP2040's longest watchdog timeout
VBUS_GPIO = 24  # the Pico's VBUS sense: high while USB powers the board


class ProfileError(ValueError):
    pass


# A pack's (empty_mv, full_mv) by its chemistry, at the battery (three cells,
# or one Li-ion cell): 3 x alkaline start at 1.55 V a cell and are spent near
# 1.1 V; 3 x NiMH run from 1.4 V to 1.1 V; a Li-ion cell from 4.2 V to 3.3 V,
# well above its protection's 2.5 V. The profile's empty_mv/full_mv override.
CHEMISTRY = {"alkaline": (3300, 4650), "nimh": (3300, 4200), "liion": (3300, 4200)}


def battery_limits(bat):
    """(empty_mv, full_mv) of a profile's battery object."""
    empty, full = CHEMISTRY.get(bat.get("chemistry"), CHEMISTRY["liion"])
    return bat.get("empty_mv", empty), bat.get("full_mv", full)


def watchdog_bit(machine):
    """Whether the watchdog reset the board (it was not fed). reset_cause()
    alone cannot tell: on rp2 machine.reset() goes through the watchdog and
    reads as WDT_RESET too (micropython#19409); the pico-sdk's mark in the
    watchdog's SCRATCH4 says which (as its watchdog_enable_caused_reboot)."""
    try:
        import sys
        base = 0x400D8000 if "RP2350" in getattr(sys.implementation, "_machine", "") else 0x40058000
        return machine.reset_cause() == machine.WDT_RESET and machine.mem32[base + 0x1C] == 0x6AB73121
    except (AttributeError, ImportError):  # not an rp2
        return False


def i2c_timeout_us(freq):
    """The I2C timeout for a display bus at freq Hz: twice a whole frame's
    time (9 bit times a byte), and never under rp2's 50 ms default. The
    pico-sdk timeout covers a whole transaction, so at 100 kHz (a frame
    takes 92 ms) the default would fail every frame."""
    us = 2 * FRAME_BYTES * 9 * 1000000 // freq
    return us if us > 50000 else 50000


def _need(obj, key, where):
    if not isinstance(obj, dict) or key not in obj:
        raise ProfileError("board profile: %s%s is missing" % (where, key))
    return obj[key]


def _pin(obj, key, where):
    n = _need(obj, key, where)
    if not isinstance(n, int) or not (0 <= n <= 22 or 26 <= n <= 28):
        raise ProfileError("board profile: %s%s = %r is not a usable GPIO (0-22, 26-28)" % (where, key, n))
    return n


def _int(lo, hi):
    return lambda v: type(v) is int and lo <= v <= hi


def _is_bool(v):
    return type(v) is bool


def _positive(v):
    return type(v) in (int, float) and v > 0


def _fram_size(v):  # littlefs blocks of 256 bytes up to 1 MiB (the largest I2C FRAM)
    return type(v) is int and 4096 <= v <= 1048576 and v % 256 == 0


# Optional fields, checked like the required ones when present: (section,
# field, check, what it must be). A section is a dotted path in the profile.
OPTIONAL = (
    ("display.left", "i2c", _int(0, 1), "0 or 1"),
    ("display.right", "i2c", _int(0, 1), "0 or 1"),
    ("display.left", "freq", _int(MIN_I2C_HZ, 1000000),
     "a bus frequency in Hz (100000-1000000: on a slower bus a frame blocks the clock too long)"),
    ("display.right", "freq", _int(MIN_I2C_HZ, 1000000),
     "a bus frequency in Hz (100000-1000000: on a slower bus a frame blocks the clock too long)"),
    ("display.left", "addr", _int(0x08, 0x77), "an I2C address (8-119)"),
    ("display.right", "addr", _int(0x08, 0x77), "an I2C address (8-119)"),
    ("display", "width", _int(128, 128), "128 (the screens are drawn 128 wide)"),
    ("display", "height", _int(64, 64), "64 (the screens are drawn 64 high: 128x32 modules do not fit them)"),
    ("display", "brightness", _int(0, 7), "0 to 7"),
    ("display", "contrast", _int(0, 255), "0 to 255"),
    ("buttons", "debounce_ms", _int(0, 200), "a whole number of ms (0-200)"),
    ("buttons", "active_low", _is_bool, "true or false"),
    ("buttons", "confirm_ms", _int(0, 20), "a whole number of ms (0-20)"),
    ("buttons", "lockout_ms", _int(0, 500), "a whole number of ms (0-500)"),
    ("", "watchdog_ms", _int(0, WATCHDOG_MAX_MS), "a whole number of ms (0-8388; 0: no watchdog)"),
    ("fram", "i2c", _int(0, 1), "0 or 1"),
    ("fram", "freq", _int(10000, 1000000), "a bus frequency in Hz (10000-1000000)"),
    ("fram", "addr", _int(0x50, 0x57), "an FRAM address (80-87)"),
    ("fram", "size", _fram_size, "the chip's bytes, a multiple of 256 from 4096 to 1048576"),
    ("battery", "adc", _int(26, 28), "an ADC pin on the header (26-28; GP29 is the Pico's own VSYS/3)"),
    ("battery", "chemistry", lambda v: isinstance(v, str) and v in CHEMISTRY, "alkaline, nimh or liion"),
    ("battery", "divider", _positive, "a number above 0"),
    ("battery", "empty_mv", _int(1000, 6000), "millivolts (1000-6000)"),
    ("battery", "full_mv", _int(1000, 6000), "millivolts (1000-6000)"),
    ("battery", "cells", _int(1, 6), "a number of cells (1-6)"),
    ("battery", "capacity_mah", _int(100, 20000), "the cells' capacity in mAh (100-20000)"),
    ("battery", "drain_ma", _positive, "the build's running current in mA (above 0)"),
)


def _optional(profile):
    for section, key, ok, what in OPTIONAL:
        obj = profile
        for part in section.split(".") if section else ():
            obj = obj.get(part) if isinstance(obj, dict) else None
        if isinstance(obj, dict) and key in obj and not ok(obj[key]):
            raise ProfileError("board profile: %s%s = %r is not %s" % (section + "." if section else "", key,
                                                                      obj[key], what))
    bat = profile.get("battery")
    if isinstance(bat, dict):
        empty, full = battery_limits(bat)
        if empty >= full:
            raise ProfileError("board profile: battery.full_mv = %r is not above battery.empty_mv" % full)


def _i2c_pin(name, n, bus, role):
    """RP2040 function table: I2Cn SDA on the GPIOs with gpio & 3 == 2n, SCL on 2n + 1."""
    if n & 3 != 2 * bus + role:
        pins = ", ".join("%d" % g for g in range(2 * bus + role, 29, 4) if g < 23 or g > 25)
        raise ProfileError("board profile: %s = %d is not an %s pin of I2C%d (GP%s)"
                           % (name, n, ("SDA", "SCL")[role], bus, pins))


def i2c_users(profile):
    """The profile's I2C devices as (field, object): the OLEDs and the FRAM."""
    users = []
    if profile["display"]["kind"] == "ssd1306":
        users = [("display." + side, profile["display"][side]) for side in SIDES]
    if profile.get("fram"):
        users.append(("fram", profile["fram"]))
    return users


def bus_freq(profile, bus):
    """The speed of I2C controller `bus`: the slowest its devices allow
    (a display slowed for long leads keeps its speed beside a FRAM)."""
    return min(obj.get("freq", 400000) for _, obj in i2c_users(profile) if obj["i2c"] == bus)


def open_bus(profile, machine, bus):
    """I2C controller `bus` of a checked profile, on its devices' pins, at
    the slowest speed they allow."""
    freq = bus_freq(profile, bus)
    d = [obj for _, obj in i2c_users(profile) if obj["i2c"] == bus][0]
    Pin = machine.Pin
    return machine.I2C(bus, scl=Pin(d["scl"]), sda=Pin(d["sda"]), freq=freq, timeout=i2c_timeout_us(freq))


def _wiring(profile):
    """What the shape does not show: a GPIO given two jobs, I2C pins that are
    not their controller's, two devices at one address, one controller asked
    for two pairs of pins."""
    buses = {}  # i2c id -> (field, scl, sda, addresses)
    shared = set()  # GPIOs of a bus several devices share
    for name, obj in i2c_users(profile):
        bus, scl, sda = obj["i2c"], obj["scl"], obj["sda"]
        _i2c_pin(name + ".scl", scl, bus, 1)
        _i2c_pin(name + ".sda", sda, bus, 0)
        addr = obj.get("addr", 0x50 if name == "fram" else 0x3C)
        if bus not in buses:
            buses[bus] = (name, scl, sda, [addr])
            continue
        first, scl0, sda0, addrs = buses[bus]
        if (scl, sda) != (scl0, sda0):
            raise ProfileError("board profile: %s.i2c = %d is %s's controller, which is on GP%d/GP%d"
                               % (name, bus, first, scl0, sda0))
        if addr in addrs:
            raise ProfileError("board profile: %s.addr = %d is also %s's address on I2C%d" % (name, addr, first, bus))
        addrs.append(addr)
        shared.add(scl)
        shared.add(sda)
    used = {}  # type: dict  # GPIO -> the first field that uses it
    for name, n in pins(profile):
        if n in used and n not in shared:
            raise ProfileError("board profile: %s = %d is already %s" % (name, n, used[n]))
        used.setdefault(n, name)


def pins(profile):
    """Every (field, GPIO) of a checked profile."""
    out = []
    display = profile["display"]
    signals = {"ssd1306": ("scl", "sda"), "ht1621": ("cs", "wr", "data")}.get(display["kind"], ("clk", "dio"))
    for side in SIDES:
        for sig in signals:
            out.append(("display.%s.%s" % (side, sig), display[side][sig]))
    for key in KEYS:
        out.append(("buttons." + key, profile["buttons"][key]))
    out.append(("buzzer.pin", profile["buzzer"]["pin"]))
    for section, keys in (("leds", SIDES), ("fram", ("scl", "sda")), ("battery", ("adc",))):
        obj = profile.get(section)
        if obj:
            for key in keys:
                out.append(("%s.%s" % (section, key), obj[key]))
    return out


def check(profile):
    """Check a profile's shape and wiring; returns it, or raises ProfileError naming the field."""
    if _need(profile, "profile", "") != 1:
        raise ProfileError("board profile: version %r is not known to this firmware" % profile["profile"])
    display = _need(profile, "display", "")
    kind = _need(display, "kind", "display.")
    for side in ("left", "right"):
        d = _need(display, side, "display.")
        where = "display.%s." % side
        if kind == "ssd1306":
            _need(d, "i2c", where)
            _pin(d, "scl", where)
            _pin(d, "sda", where)
        elif kind == "tm1637":
            _pin(d, "clk", where)
            _pin(d, "dio", where)
        elif kind == "ht1621":
            _pin(d, "cs", where)
            _pin(d, "wr", where)
            _pin(d, "data", where)
        else:
            raise ProfileError("board profile: display.kind %r is not ssd1306, tm1637 or ht1621" % kind)
    buttons = _need(profile, "buttons", "")
    for key in KEYS:
        _pin(buttons, key, "buttons.")
    _pin(_need(profile, "buzzer", ""), "pin", "buzzer.")
    fram = profile.get("fram")
    if fram is not None:
        _need(fram, "i2c", "fram.")
        _pin(fram, "scl", "fram.")
        _pin(fram, "sda", "fram.")
    bat = profile.get("battery")
    if bat is not None:
        _need(bat, "adc", "battery.")
    leds = profile.get("leds")
    if leds is not None:  # the running-side LEDs (optional: a board may have none)
        _pin(leds, "left", "leds.")
        _pin(leds, "right", "leds.")
    _optional(profile)
    _wiring(profile)
    return profile


def load_profile(path="/profile.json"):
    try:
        data = jsonfile.read(path)
    except OSError:
        raise ProfileError("no board profile at %s: copy hardware/profiles/<build>.json there" % path)
    try:
        profile = jsonfile.loads(data)  # within the limits: size, nesting (clock/limits.py)
    except ValueError as e:
        if str(e) == jsonfile.NOT_JSON:
            raise ProfileError("board profile %s is not valid JSON" % path)
        raise ProfileError("board profile %s: %s" % (path, e))
    return check(profile)


class Board:
    """Displays (left, right), buttons, buzzer, running-side LEDs, battery and
    watchdog of one clock. A display that does not answer does not stop the board: its
    driver sets it up when it does (see device/ssd1306.py)."""

    def __init__(self, profile, clock, machine=None):
        if machine is None:
            import machine
        Pin = machine.Pin
        self._machine = machine
        self._clock = clock
        self.profile = profile
        display = profile["display"]
        self.kind = display["kind"]
        self._buses: dict = {}  # i2c id -> its one machine.I2C
        self.displays: list = []  # SSD1306 or TM1637, left then right
        for side in SIDES:
            d = display[side]
            if self.kind == "ssd1306":
                from device.ssd1306 import SSD1306
                self.displays.append(SSD1306(self._i2c(d), d.get("addr", 0x3C),
                                             display.get("width", 128), display.get("height", 64),
                                             contrast=display.get("contrast", 0xCF)))
            elif self.kind == "ht1621":
                from device.ht1621 import HT1621
                self.displays.append(HT1621(Pin(d["cs"]), Pin(d["wr"]), Pin(d["data"])))
            else:
                from device.tm1637 import TM1637
                self.displays.append(TM1637(Pin(d["clk"]), Pin(d["dio"]), display.get("brightness", 4)))
        buttons = profile["buttons"]
        from device.wait import Wait
        # the loop's one wait, ended by any key's edge; on a Pico, GP24 senses USB power
        self.wait = Wait(clock, machine, Pin(VBUS_GPIO, Pin.IN) if profile.get("board") == "rpi-pico" else None)
        from device.buttons import Buttons
        pull = Pin.PULL_UP if buttons.get("active_low", True) else Pin.PULL_DOWN
        self.buttons = Buttons([Pin(buttons[k], Pin.IN, pull) for k in KEYS], clock,
                               buttons.get("debounce_ms", 20), buttons.get("active_low", True),
                               confirm_ms=buttons.get("confirm_ms", 5), irq=machine, wake=self.wait.flag)
        # a press of the other lever this soon after a lever press is a rebound of the see-saw
        self.lockout_ms = buttons.get("lockout_ms", 120)
        from device.buzzer import Buzzer
        self.buzzer = Buzzer(machine.PWM(Pin(profile["buzzer"]["pin"])), clock)
        self.wait.buzzer = self.buzzer  # while it sounds the wait idles: lightsleep would stop the tone
        fram = profile.get("fram")
        self.fram = None  # optional: the journal on an I2C FRAM instead of the flash
        if fram:
            from device.storage import open_fram
            self.fram = open_fram(profile, self._bus(fram["i2c"]))
        self.battery = None
        bat = profile.get("battery")
        if bat:
            from device.battery import Battery
            empty, full = battery_limits(bat)
            self.battery = Battery(machine.ADC(Pin(bat["adc"])), bat.get("divider", 2.0), empty, full,
                                   chemistry=bat.get("chemistry"), cells=bat.get("cells"),
                                   capacity_mah=bat.get("capacity_mah"), drain_ma=bat.get("drain_ma"))
        self.leds = None  # the running-side LEDs, when the profile has them
        leds = profile.get("leds")
        if leds:
            from device.leds import Leds
            self.leds = Leds(Pin(leds["left"], Pin.OUT, value=0), Pin(leds["right"], Pin.OUT, value=0))
        self.restarted = watchdog_bit(machine)
        self.watchdog = None  # start_watchdog()

    def start_watchdog(self):
        """From now on a loop that stops feeding it for watchdog_ms resets
        the board. Started once the game is restored (a long journal takes
        a while to read) and then never stopped."""
        ms = self.profile.get("watchdog_ms", 8000)
        if ms:
            self.watchdog = self._machine.WDT(timeout=ms)

    def _bus(self, bus, again=False):
        """I2C controller `bus`, set up once for all its devices (again:
        after recover() freed its lines)."""
        i2c = self._buses.get(bus)
        if i2c is None or again:
            i2c = self._buses[bus] = open_bus(self.profile, self._machine, bus)
        return i2c

    def _i2c(self, d):
        return self._bus(d["i2c"])

    def recover(self, i):
        """Free display i's bus if a device holds SDA low (a transfer cut off
        by a loose wire leaves a chip waiting for clocks): clock SCL by hand
        until SDA is released (at most 9 pulses), send a stop, and set the
        I2C controller up again. About 0.1 ms; harmless on a free bus."""
        if self.kind != "ssd1306":
            return
        d = self.profile["display"][SIDES[i]]
        Pin = self._machine.Pin
        wait = self._clock.sleep_us
        scl = Pin(d["scl"], Pin.OPEN_DRAIN, Pin.PULL_UP, value=1)
        sda = Pin(d["sda"], Pin.IN, Pin.PULL_UP)
        for _ in range(9):
            if sda.value():
                break
            scl.value(0)
            wait(5)
            scl.value(1)
            wait(5)
        sda.init(Pin.OPEN_DRAIN, Pin.PULL_UP, value=0)  # a stop: SDA rises while SCL is high
        wait(5)
        sda.value(1)
        wait(5)
        i2c = self.displays[i].i2c = self._bus(d["i2c"], again=True)
        if self.fram is not None and self.profile["fram"]["i2c"] == d["i2c"]:
            self.fram.i2c = i2c
