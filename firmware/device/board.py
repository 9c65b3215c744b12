# The board's hardware, built from its profile (hardware/profiles/*.json,
# stored on the board as /profile.json). All wiring lives in the profile;
# a wrong or missing one gives a message that says what to fix.

import json

KEYS = ("lever_left", "lever_right", "start", "minus", "plus", "ok")
LEVER_LEFT = 0
LEVER_RIGHT = 1
START = 2
MINUS = 3
PLUS = 4
OK = 5


class ProfileError(ValueError):
    pass


def _need(obj, key, where):
    if not isinstance(obj, dict) or key not in obj:
        raise ProfileError("board profile: %s%s is missing" % (where, key))
    return obj[key]


def _pin(obj, key, where):
    n = _need(obj, key, where)
    if not isinstance(n, int) or not (0 <= n <= 22 or 26 <= n <= 28):
        raise ProfileError("board profile: %s%s = %r is not a usable GPIO (0-22, 26-28)" % (where, key, n))
    return n


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
    return profile


def load_profile(path="/profile.json"):
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        raise ProfileError("no board profile at %s: copy hardware/profiles/<build>.json there" % path)
    try:
        profile = json.loads(text)
    except ValueError:
        raise ProfileError("board profile %s is not valid JSON" % path)
    return check(profile)


class Board:
    """Displays (left, right), buttons, buzzer and battery of one clock."""

    def __init__(self, profile, clock, machine=None):
        if machine is None:
            import machine
        Pin = machine.Pin
        self.profile = profile
        display = profile["display"]
        self.kind = display["kind"]
        self.displays: list = []  # SSD1306 or TM1637, left then right
        for side in ("left", "right"):
            d = display[side]
            if self.kind == "ssd1306":
                from device.ssd1306 import SSD1306
                i2c = machine.I2C(d["i2c"], scl=Pin(d["scl"]), sda=Pin(d["sda"]),
                                  freq=d.get("freq", 400000))
                self.displays.append(SSD1306(i2c, d.get("addr", 0x3C),
                                             display.get("width", 128), display.get("height", 64)))
            else:
                from device.tm1637 import TM1637
                self.displays.append(TM1637(Pin(d["clk"]), Pin(d["dio"]), display.get("brightness", 4)))
        buttons = profile["buttons"]
        from device.buttons import Buttons
        pull = Pin.PULL_UP if buttons.get("active_low", True) else Pin.PULL_DOWN
        self.buttons = Buttons([Pin(buttons[k], Pin.IN, pull) for k in KEYS], clock,
                               buttons.get("debounce_ms", 20), buttons.get("active_low", True))
        from device.buzzer import Buzzer
        self.buzzer = Buzzer(machine.PWM(Pin(profile["buzzer"]["pin"])), clock)
        self.fram = None  # optional: the journal on an I2C FRAM instead of the flash
        fram = profile.get("fram")
        if fram:
            from device.fram import FRAM
            i2c = machine.I2C(fram["i2c"], scl=Pin(fram["scl"]), sda=Pin(fram["sda"]),
                              freq=fram.get("freq", 400000))
            self.fram = FRAM(i2c, fram.get("addr", 0x50), fram.get("size", 32768))
        self.battery = None
        bat = profile.get("battery")
        if bat:
            from device.battery import Battery
            self.battery = Battery(machine.ADC(Pin(bat["adc"])), bat.get("divider", 2.0),
                                   bat.get("empty_mv", 3300), bat.get("full_mv", 4200))
