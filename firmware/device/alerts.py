# What the clock calls attention to as the game goes, in one place: the beeps
# (a new period; the last 10 s of a byo-yomi period or a per-move limit, one a
# second; a flag) and the marks that go with a new period on the displays
# ("new period" for a few seconds, then the period mark for 5 minutes, as
# DGT clocks keep it). update() runs every loop step and allocates nothing.

from clock.game import STOPPED, UNSET, R_TIME, R_MOVE_TIME
from device import buzzer as tones
from device import screens

NEW_PERIOD_MS = 3000  # "new period" stays on the screen this long
PERIOD_MARK_MS = 300000  # then the period stays marked this long (DGT: 5 min)


class Alerts:
    """The alerts of one game; `buzzer` plays them when sound is on."""

    def __init__(self, game, buzzer):
        self.buzzer = buzzer
        # a restored game announces only the periods reached from now on
        self.periods = [game.sides[0].period, game.sides[1].period]
        self.new_period_until = [UNSET, UNSET]
        self.period_mark_until = [UNSET, UNSET]
        self.sounded = [UNSET, UNSET]  # last countdown second beeped, per side
        self.flag_sounded = False

    def update(self, game, now, tick, sound):
        """Mark and sound what game time `now` brought (tick: the board's ticks_ms)."""
        buzzer = self.buzzer
        buzzer.enabled = sound
        for s in range(2):
            c = game.sides[s]
            if c.period != self.periods[s]:
                self.periods[s] = c.period
                self.new_period_until[s] = now + NEW_PERIOD_MS
                self.period_mark_until[s] = now + PERIOD_MARK_MS
                buzzer.play(tones.PERIOD, tick)
            if c.since != STOPPED and (c.overtime or c.tc.permove_ms):
                left = c.remaining if c.overtime else c.move_deadline() - now
                secs = (left + 999) // 1000
                if secs <= 10 and secs != self.sounded[s]:
                    self.sounded[s] = secs
                    buzzer.play(tones.TICK, tick)
        if game.over() and not self.flag_sounded:
            self.flag_sounded = True
            if game.reason == R_TIME or game.reason == R_MOVE_TIME:
                buzzer.play(tones.FLAG, tick)
        buzzer.update(tick)

    def marks(self, s, now):
        """The status bits (screens.*) for side s's display at game time now."""
        bits = 0
        if now < self.new_period_until[s]:
            bits |= screens.NEW_PERIOD
        if now < self.period_mark_until[s]:
            bits |= screens.PERIOD_MARK
        return bits
