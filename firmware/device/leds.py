# The running-side LEDs, one beside each player's display, seen across the
# hall: lit for the side whose clock runs (both while both run, §21.3),
# blinking for a flag that fell, off otherwise (paused, before the start,
# after a result). A pin is written only when its LED changes; nothing here
# allocates.

from clock.game import UNSET
from clock.sideclock import STOPPED


class Leds:
    """pins: the left and the right LED's output pins (machine.Pin, high = lit)."""

    def __init__(self, left, right):
        self.pins = (left, right)
        self.lit = [-1, -1]  # as last written, per physical side

    def update(self, game, red_side, now):
        """Set both LEDs for the game at game ms now; red_side: 0 Red at the left."""
        for i in range(2):
            c = game.sides[i ^ red_side]
            if c.flag_at != UNSET:
                on = 1 - now // 500 % 2  # the display's blink phase: lit in its first half second
            else:
                on = 1 if c.since != STOPPED else 0
            self._set(i, on)

    def off(self):
        self._set(0, 0)
        self._set(1, 0)

    def on(self):
        """Both lit (the self-test)."""
        self._set(0, 1)
        self._set(1, 1)

    def _set(self, i, on):
        if on != self.lit[i]:
            self.lit[i] = on
            self.pins[i].value(on)
