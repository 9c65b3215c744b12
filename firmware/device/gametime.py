# The hardware boundary for time: turns a wrapping tick counter (ticks_ms,
# 2**30 on the Pico, about 12.4 days) into the game's monotonic integer
# milliseconds. Only here are ticks subtracted, and only with ticks_diff, so
# wraparound never reaches the rules. now() must run more often than every
# half period (about 6 days); the main loop calls it many times a second.

try:
    from time import ticks_ms, ticks_diff
except ImportError:  # CPython: callers inject the tick functions
    ticks_ms = ticks_diff = None


class GameTime:
    def __init__(self, ticks=None, diff=None):
        self._ticks = ticks or ticks_ms
        self._diff = diff or ticks_diff
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
