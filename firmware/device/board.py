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


class ProfileError(ValueError):
    pass


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
    ("display", "height", _int(64, 64), "64 (the screens are drawn 64 high)"),
    ("display", "brightness", _int(0, 7), "0 to 7"),
    ("buttons", "debounce_ms", _int(0, 200), "a whole number of ms (0-200)"),
    ("buttons", "active_low", _is_bool, "true or false"),
    ("buttons", "confirm_ms", _int(0, 20), "a whole number of ms (0-20)"),
    ("buttons", "lockout_ms", _int(0, 500), "a whole number of ms (0-500)"),
    ("", "watchdog_ms", _int(0, WATCHDOG_MAX_MS), "a whole number of ms (0-8388; 0: no watchdog)"),
    ("fram", "i2c", _int(0, 1), "0 or 1"),
    ("fram", "freq", _int(10000, 1000000), "a bus frequency in Hz (10000-1000000)"),
    ("fram", "addr", _int(0x50, 0x57), "an FRAM address (80-87)"),
    ("fram", "size", _fram_size, "the chip's bytes, a multiple of 256 from 4096 to 1048576"),
    ("battery", "adc", _int(26, 29), "an ADC pin (26-29)"),
    ("battery", "divider", _positive, "a number above 0"),
    ("battery", "empty_mv", _int(1000, 6000), "millivolts (1000-6000)"),
    ("battery", "full_mv", _int(1000, 6000), "millivolts (1000-6000)"),
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
    if isinstance(bat, dict) and bat.get("empty_mv", 3300) >= bat.get("full_mv", 4200):
        raise ProfileError("board profile: battery.full_mv = %r is not above battery.empty_mv" % bat.get("full_mv"))


def check(profile):
    """Check a profile's shape; returns it, or raises ProfileError naming the field."""
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
        else:
            raise ProfileError("board profile: display.kind %r is not ssd1306 or tm1637" % kind)
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
    return profile


def load_profile(path="/profile.json"):
    try:
        with open(path, "rb") as f:
            data = f.read()
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
        self.displays: list = []  # SSD1306 or TM1637, left then right
        for side in SIDES:
            d = display[side]
            if self.kind == "ssd1306":
                from device.ssd1306 import SSD1306
                self.displays.append(SSD1306(self._i2c(d), d.get("addr", 0x3C),
                                             display.get("width", 128), display.get("height", 64)))
            else:
                from device.tm1637 import TM1637
                self.displays.append(TM1637(Pin(d["clk"]), Pin(d["dio"]), display.get("brightness", 4)))
        buttons = profile["buttons"]
        from device.wait import Wait
        self.wait = Wait(clock, machine)  # the loop's one wait, ended by any key's edge
        from device.buttons import Buttons
        pull = Pin.PULL_UP if buttons.get("active_low", True) else Pin.PULL_DOWN
        self.buttons = Buttons([Pin(buttons[k], Pin.IN, pull) for k in KEYS], clock,
                               buttons.get("debounce_ms", 20), buttons.get("active_low", True),
                               confirm_ms=buttons.get("confirm_ms", 5), irq=machine, wake=self.wait.flag)
        # a press of the other lever this soon after a lever press is a rebound of the see-saw
        self.lockout_ms = buttons.get("lockout_ms", 120)
        from device.buzzer import Buzzer
        self.buzzer = Buzzer(machine.PWM(Pin(profile["buzzer"]["pin"])), clock)
        from device.storage import open_fram
        self.fram = open_fram(profile, machine)  # optional: the journal on an I2C FRAM instead of the flash
        self.battery = None
        bat = profile.get("battery")
        if bat:
            from device.battery import Battery
            self.battery = Battery(machine.ADC(Pin(bat["adc"])), bat.get("divider", 2.0),
                                   bat.get("empty_mv", 3300), bat.get("full_mv", 4200))
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

    def _i2c(self, d):
        freq = d.get("freq", 400000)
        Pin = self._machine.Pin
        return self._machine.I2C(d["i2c"], scl=Pin(d["scl"]), sda=Pin(d["sda"]), freq=freq,
                                 timeout=i2c_timeout_us(freq))

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
        self.displays[i].i2c = self._i2c(d)
