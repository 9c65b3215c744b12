# Virtual time for the simulation and the tests: an object with the time
# module's ticks API (ticks_ms, ticks_us, ticks_diff, ticks_add, sleep_ms), so
# firmware that takes an injected `clock` runs unchanged against it.
#
# The tick counters wrap like the Pico's: the period is 2**30 by default
# (ticks_ms wraps after ~12.4 days, ticks_us after ~17.9 min), and ticks_diff /
# ticks_add follow MicroPython's definitions (extmod/modtime.c), including the
# OverflowError of ticks_add for |delta| >= period/2. `now` / `now_us` count
# virtual time since creation and never wrap.
#
# MicroPython-compatible (the unix port imports it too): no f-strings, no
# dataclasses or typing.


class VirtualClock:
    def __init__(self, start_tick=0, period=1 << 30):
        if period & (period - 1) or period < 4:
            raise ValueError("period must be a power of two")
        self.period = period
        self._mask = period - 1
        self._half = period >> 1
        self._start = start_tick & self._mask
        self._start_us = (self._start * 1000) & self._mask
        self.now_us = 0  # virtual microseconds since creation (never wraps)
        self.now = 0  # virtual milliseconds since creation (never wraps)
        # Callables f(clock), called after each timer that fires during an
        # advance and at its end (the board's VM runs scheduled work then).
        self.on_advance = []
        self._timers = []  # [when_us, seq, fn] sorted by (when_us, seq)
        self._seq = 0

    # -- the time module's API -------------------------------------------------

    def ticks_ms(self):
        return (self._start + self.now) & self._mask

    def ticks_us(self):
        return (self._start_us + self.now_us) & self._mask

    def ticks_cpu(self):
        return self.ticks_us()

    def ticks_diff(self, a, b):
        half = self._half
        return ((a - b + half) & self._mask) - half

    def ticks_add(self, a, delta):
        if delta >= self._half or delta <= -self._half:
            raise OverflowError("ticks interval overflow")
        return (a + delta) & self._mask

    def sleep_ms(self, ms):
        self.advance(ms)

    def sleep_us(self, us):
        self.advance_us(us)

    def sleep(self, seconds):
        self.advance_us(int(seconds * 1000000 + 0.5))

    # -- driving virtual time ----------------------------------------------------

    def advance(self, ms):
        """Move virtual time on by ms (an int >= 0), firing the timers that fall
        due on the way, each at its own instant, and the on_advance hooks."""
        self.advance_us(ms * 1000)

    def advance_us(self, us):
        if us < 0:
            raise ValueError("time only moves forward")
        end = self.now_us + us
        timers = self._timers
        while timers and timers[0][0] <= end:
            when, _, fn = timers.pop(0)
            if when > self.now_us:
                self._set(when)
            fn()
            self._hooks()
        self._set(end)
        self._hooks()

    def _hooks(self):
        for hook in self.on_advance:
            hook(self)

    def advance_to(self, now_ms):
        """Advance to the virtual instant now_ms (ms since creation)."""
        if now_ms > self.now:
            self.advance(now_ms - self.now)

    def _set(self, now_us):
        self.now_us = now_us
        self.now = now_us // 1000

    def call_at(self, now_ms, fn):
        """Call fn() when virtual time reaches now_ms (ms since creation), at
        that instant, from inside the advance() that crosses it. Timers at the
        same instant run in the order they were set."""
        return self.call_at_us(now_ms * 1000, fn)

    def call_later(self, ms, fn):
        return self.call_at_us(self.now_us + ms * 1000, fn)

    def call_at_us(self, now_us, fn):
        self._seq += 1
        entry = [max(now_us, self.now_us), self._seq, fn]
        timers = self._timers
        i = len(timers)
        while i and (timers[i - 1][0], timers[i - 1][1]) > (entry[0], entry[1]):
            i -= 1
        timers.insert(i, entry)
        return entry

    def cancel(self, entry):
        if entry in self._timers:
            self._timers.remove(entry)

    def next_us(self):
        """The virtual instant (us) of the next timer, or None if none is set."""
        return self._timers[0][0] if self._timers else None

    def pending(self):
        """How many call_at/call_later timers have not fired yet."""
        return len(self._timers)
