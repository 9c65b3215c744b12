# The hardware boundary for time: turns a wrapping tick counter (ticks_ms,
# 2**30 on the Pico, about 12.4 days) into the game's monotonic integer
# milliseconds. Only here are ticks subtracted, and only with ticks_diff, so
# wraparound never reaches the rules. now() must run more often than every
# half period (about 6 days); the main loop calls it many times a second.


class GameTime:
    """ticks, diff: the board's time.ticks_ms and time.ticks_diff (injected,
    so the simulation and the tests can drive time)."""

    def __init__(self, ticks, diff):
        self._ticks = ticks
        self._diff = diff
        self._last = self._ticks()
        self.ms = 0  # game ms at the tick self._last

    def now(self):
        """Game ms now; advances monotonically."""
        t = self._ticks()
        self.ms += self._diff(t, self._last)
        self._last = t
        return self.ms

    def at(self, tick):
        """Game ms of a tick captured earlier (e.g. by a button IRQ), taken
        relative to the last reading so it is right across a wrap."""
        return self.ms + self._diff(tick, self._last)
