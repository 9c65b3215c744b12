# The board's hardware, built from its profile (hardware/profiles/*.json,
# stored on the board as /profile.json). All wiring lives in the profile;
# a wrong or missing one gives a message that says what to fix (its checks
# are device/profile.py, read at power-on only).

from device.wiring import (KEYS, LEVER_LEFT, LEVER_RIGHT, START, MINUS, PLUS, OK, SIDES, CHEMISTRY,  # noqa: F401
                           ProfileError, battery_limits, i2c_users)  # (the host's tools and the app read them here)

FRAME_BYTES = 1026  # the longest display transaction: address, control byte, 1024 bytes of frame
VBUS_GPIO = 24  # the Pico's VBUS sense: high while USB powers the board


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


def load_profile(path="/profile.json"):
    """The board's profile from its file, checked (device/profile.py, which
    the app forgets once it has booted); ProfileError says what to fix."""
    from device.profile import load
    return load(path)


def check(profile):
    """Check a profile's shape and wiring (device/profile.py); returns it, or raises ProfileError naming the field."""
    from device.profile import check
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
