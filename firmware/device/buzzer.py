# Piezo buzzer on a PWM pin, non-blocking: play() starts a pattern, the main
# loop calls update(now) and the pattern's tones switch on and off on time.
# Nothing here sleeps, and update() allocates nothing (patterns are tuples
# built at import; only small ints are stored).
#
# Silent by default (enabled = False), as tournament play under FIDE rules
# expects; the arbiter switches sound on in the settings.
#
# A pattern is (priority, hz, on_ms, off_ms, hz, on_ms, off_ms, ...). A
# pattern does not interrupt one of higher priority that is still playing
# (a key click never cuts the flag alarm short). Times are compared with
# clock.ticks_diff, so `now` may be a wrapping tick or a game-ms count.
#
# The tone is `pwm.freq(hz)` with `pwm.duty_u16(duty)` (50 % is loudest for a
# piezo); silence is duty_u16(0), which keeps the PWM slice configured (deinit
# would also stop the other channel of the slice).

from device import const

_HALF = const(32768)  # duty_u16 for a square wave

# priority, then (tone Hz, ms on, ms off) per beep
FLAG = (3, 2000, 1000, 0)  # a flag fell: one long tone
PERIOD = (2, 2500, 120, 100, 2500, 120, 0)  # a new period began: two short beeps
TICK = (1, 3000, 60, 0)  # each of the last 10 s of byo-yomi / a per-move limit
KEY = (0, 4000, 20, 0)  # key click in menus
IDENTIFY = (2, 2000, 150, 100, 2000, 150, 100, 2000, 150, 0)  # "here I am": three beeps


class Buzzer:
    def __init__(self, pwm, clock, duty=_HALF):
        self._pwm = pwm
        self._clock = clock
        # Made once (obj.method read into a variable allocates on MicroPython).
        self._diff = clock.ticks_diff
        self._add = clock.ticks_add
        self.duty = duty
        self.enabled = False
        self._pat = None  # the pattern playing, or None
        self._i = 0  # index of the current beep's hz in the pattern
        self._on = False  # in the beep's on time (else in its off time)
        self._end = 0  # when the current on/off time ends
        self._hz = 0  # the frequency last set on the PWM
        pwm.duty_u16(0)

    def playing(self):
        return self._pat is not None

    def play(self, pattern, now=None):
        """Start pattern at tick now (default: clock.ticks_ms()). Does nothing
        when disabled, or while a pattern of higher priority plays."""
        if not self.enabled:
            return False
        if self._pat is not None and self._pat[0] > pattern[0]:
            return False
        if now is None:
            now = self._clock.ticks_ms()
        self._pat = pattern
        self._start(1, now)
        return True

    def stop(self):
        self._pat = None
        self._on = False
        self._pwm.duty_u16(0)

    def update(self, now):
        """Advance the pattern to tick now; call from the main loop (every
        10 ms or so: a beep lasts its length rounded up to the next update)."""
        pat = self._pat
        if pat is None:
            return
        if not self.enabled:
            self.stop()
            return
        diff = self._diff
        add = self._add
        while diff(now, self._end) >= 0:
            i = self._i
            if self._on:
                off = pat[i + 2]
                if off > 0:
                    self._on = False
                    self._pwm.duty_u16(0)
                    self._end = add(self._end, off)
                    continue
            # the beep (and its pause) is over: next beep or the end
            i += 3
            if i >= len(pat):
                self.stop()
                return
            self._start(i, self._end)

    def _start(self, i, at):
        pat = self._pat
        assert pat is not None  # only called while a pattern plays
        hz = pat[i]
        self._i = i
        self._on = True
        if hz != self._hz:
            self._pwm.freq(hz)
            self._hz = hz
        self._pwm.duty_u16(self.duty)
        self._end = self._add(at, pat[i + 1])
