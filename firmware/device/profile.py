# A board profile read and checked: its shape, its fields' values, its
# wiring (what the RP2040 allows), each fault named so the maker knows what
# to fix. Needed at power-on only (and by the host's tools): device/board.py
# imports it for load_profile() and check(); it knows the board's terms
# (device/wiring.py), not the board, and the app forgets it once the
# clock has booted (device/app.py), so its tables take no RAM during a game.

from clock import jsonfile
from device.boardsetup import i2c_users
from device.cells import CHEMISTRY, battery_limits
from device import ProfileError
from device.wiring import KEYS, SIDES

MIN_I2C_HZ = 100000  # slower display buses are refused: a frame would block the clock too long
WATCHDOG_MAX_MS = 8388  # the RP2040's longest watchdog timeout


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


def load(path="/profile.json"):
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
