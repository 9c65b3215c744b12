# What the stand-in board did, for pricing its power (host_tools/power.py with
# hardware/power.json): per wait mode and machine.freq the CPU's time, the
# display buses' time, each display's lit pixels or segments at its contrast
# or brightness, the LEDs' and the buzzer's on time. Integers only, added up
# at every advance of the virtual clock (no list grows with the game: a
# 5-hour game on the MicroPython VM must fit its heap).
#
# The firmware's own computing takes no virtual time here (the host runs it),
# so busy time is counted, not timed: `step()` per loop step and `draw()` per
# display frame sent, priced by power.json's step and draw costs, plus the
# bus time the display drivers block on. That busy time is taken out of the
# wait it interrupted.
#
# MicroPython-compatible: no f-strings, no dataclasses or typing.

import machine

# TM1637 display control: brightness 0..7 -> pulse width in sixteenths (datasheet v2.4, "display control")
TM1637_PULSE_16THS = (1, 2, 4, 10, 11, 12, 13, 14)
TM1637_BIT_US = 20  # the driver waits 10 us on each half of a bit clock (device/tm1637.py delay_us)


def _popcount(buf):
    n = 0
    for b in buf:
        while b:
            b &= b - 1
            n += 1
    return n


def is_on(model):
    """Whether the display lights (or, for an LCD, drives) anything at all."""
    if hasattr(model, "gddram"):
        return model.lit()
    return bool(model.on)


def level(model):
    """What a display draws current for, in its own units: SSD1306 lit
    pixels x contrast (0..255); TM1637 lit segments x pulse width in
    sixteenths; HT1621 lit segments (an LCD's segments cost almost nothing)."""
    if not is_on(model):
        return 0
    if hasattr(model, "gddram"):
        px = 8192 if model.all_on else _popcount(model.gddram)
        if model.inverse and not model.all_on:
            px = 8192 - px
        return px * model.contrast
    lit = 0
    for s in model.segments:
        lit += _popcount((s,))
    if hasattr(model, "brightness"):
        return lit * TM1637_PULSE_16THS[model.brightness]
    return lit


class Meter:
    """Add up what the board does from now on. `models`: the displays' chip
    models (SSD1306Model, TM1637Model or HT1621Model); `leds`: the LED GPIOs
    (or ()). Read `totals()` (a dict of integers) whenever; `reset()` starts
    again from zero."""

    def __init__(self, clock, models, leds=()):
        self.clock = clock
        self.models = models
        self.leds = tuple(leds)
        self._seen = [-1] * len(models)  # per model: its byte or edge counter when last looked at
        self._level = [0] * len(models)  # per model: its level() then
        self._on = [0] * len(models)
        self.reset()
        clock.on_advance.append(self._advanced)

    def close(self):
        if self._advanced in self.clock.on_advance:
            self.clock.on_advance.remove(self._advanced)

    def reset(self):
        self._last = self.clock.now_us
        self.t = {}  # type: dict  # "<wait mode>@<MHz>" -> us of virtual time spent so
        self.us = 0
        self.steps = 0
        self.draws = 0
        self._bus0 = machine.bus_us()
        self._wakes0 = machine.wakes()
        self._bits0 = self._bits()
        self.display_on_us = 0  # summed over the displays
        self.display_level_us = 0  # level() x us, summed over the displays
        self.led_us = 0
        self.buzzer_us = 0

    def _bits(self):
        n = 0
        for m in self.models:
            n += getattr(m, "edges", 0)
        return n

    # -- what the firmware's loop reports ----------------------------------------

    def step(self):
        """One loop step ran (its computing is priced per step)."""
        self.steps += 1

    # -- the clock's hook ----------------------------------------------------------

    def _advanced(self, clock):
        dt = clock.now_us - self._last
        if dt <= 0:
            return
        self._last = clock.now_us
        self.us += dt
        key = "%s@%d" % (machine.waiting(), machine.freq() // 1000000)
        self.t[key] = self.t.get(key, 0) + dt
        on = 0
        lvl = 0
        for i in range(len(self.models)):
            self._look(i)
            on += self._on[i]
            lvl += self._level[i]
        self.display_on_us += on * dt
        self.display_level_us += lvl * dt
        for pin in self.leds:
            if pin.mode == machine.Pin.OUT and pin.value():
                self.led_us += dt
        if machine.sounding():
            self.buzzer_us += dt

    def _look(self, i):
        # recounted only when the chip was written to: a popcount of 1 KiB per
        # advance would make a 5-hour game take hours on the VM
        m = self.models[i]
        seen = m.bytes_received if hasattr(m, "bytes_received") else m.edges
        if seen != self._seen[i]:
            if self._seen[i] != -1:
                self.draws += 1
            self._seen[i] = seen
            self._on[i] = 1 if is_on(m) else 0
            self._level[i] = level(m)

    def totals(self):
        """What was counted, as integers: us of virtual time; t: us per
        "<wait mode>@<MHz>"; steps; draws (frames sent to a display);
        bus_us (I2C time, the CPU blocks on it); wakes (lightsleeps ended); bitbang_bits (bit clocks the
        CPU made by hand: TM1637, HT1621); display_on_us; display_level_us;
        led_us; buzzer_us."""
        return {"us": self.us, "t": dict(self.t), "steps": self.steps, "draws": self.draws,
                "bus_us": machine.bus_us() - self._bus0, "wakes": machine.wakes() - self._wakes0,
                "bitbang_bits": self._bits() - self._bits0,
                "display_on_us": self.display_on_us, "display_level_us": self.display_level_us,
                "led_us": self.led_us, "buzzer_us": self.buzzer_us}
