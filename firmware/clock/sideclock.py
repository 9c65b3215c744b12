# One player's clock: remaining time, periods, overtime and delay, in integer
# ms. It stores remaining time (not a deadline) and the instant it started
# running; `settle(t)` moves that baseline to t exactly, so no rounding or
# drift ever accumulates. Nothing here allocates once the game runs.

from clock.control import DELAY_SIMPLE, DELAY_BRONSTEIN

# An int that has no value (a time, a side, an index): none of them is negative.
UNSET = -1
STOPPED = UNSET  # `since` of a clock that does not run


class SideClock:
    def __init__(self, tc):
        self.tc = tc
        first = tc.stages[0]
        start = first[0] + (tc.increment_ms if tc.increment_at_start else 0)
        self.remaining = start  # ms left: main time, or the current overtime period
        self.granted = start  # all time ever given; used + remaining == granted
        self.used = 0  # time taken from this clock (thinking time past delays, penalties)
        self.moves = 0
        self.period = 0  # index of the current stage (0 = first)
        self.next_quota = first[1]  # move count that completes this period (0: none)
        self.overtime = False
        self.overtime_at = UNSET  # game ms when the current overtime began
        self.pool_at = UNSET  # game ms when time running out last opened an overtime period
        self.periods_left = 0  # byo-yomi or Ing periods left, counting the current one
        self.counted = 0  # up-count: the ms counted up past the main time
        self.partner = None  # hourglass: the opponent's clock, given what this one runs
        self.block_moves = 0  # Canadian: moves still to make in the current block
        self.delay_left = tc.delay_ms if tc.delay_kind == DELAY_SIMPLE else 0
        self.move_used = 0  # ms this side has run for the current move
        self.move_absent = 0  # of those, the ms run before the player arrived (§21)
        self.since = STOPPED  # game ms when it last started running, or STOPPED
        self.flag_at = UNSET
        if not start:
            self._next_pool()  # no main time (e.g. "0;byoyomi 5x30s"): overtime from the start
            self.overtime_at = self.pool_at = 0

    def running(self):
        return self.since != STOPPED

    # -- time passing -------------------------------------------------------

    def can_flag(self):
        """Whether this clock's time can run out: not once only an up-count
        follows (a quota still to make keeps the flag, §4.1.4)."""
        return not self.tc.upcount or self.next_quota > 0

    def flag_deadline(self):
        """Game ms at which this running clock's time runs out, if nothing
        happens; UNSET when it never does (up-count)."""
        if not self.can_flag():
            return UNSET
        return self.since + self.spare()

    def spare(self):
        """All the time this clock could still run: delay, main time, overtime."""
        tc = self.tc
        spare = self.remaining + self.delay_left
        if self.next_quota:  # a quota to make: running out loses (§4.1.4), overtime comes after
            return spare
        periods = tc.periods()
        if not self.overtime:
            if periods:  # all of them, or those kept through a bonus (add_time)
                spare += (self.periods_left or periods) * tc.overtime_ms()
            else:
                spare += tc.canadian_ms
        elif periods:
            spare += (self.periods_left - 1) * tc.overtime_ms()
        return spare

    def ing_points(self):
        """Ing overtime: the points the periods begun so far cost."""
        tc = self.tc
        if not (self.overtime and tc.ing_periods):
            return 0
        return (tc.ing_periods - self.periods_left + 1) * tc.ing_points

    def move_deadline(self):
        """Game ms at which the per-move limit runs out (-1 when there is none);
        it counts from the player's arrival."""
        if not self.tc.permove_ms:
            return UNSET
        return self.since + self.tc.permove_ms - self.move_used + self.move_absent

    def settle(self, t):
        """Account for the time run from `since` up to t (not past a deadline)."""
        if self.since == STOPPED:
            return
        a = t - self.since
        self.since = t
        self.move_used += a
        if self.delay_left:
            d = a if a < self.delay_left else self.delay_left
            self.delay_left -= d
            a -= d
        used = self.used
        self.used += a
        self.take(a, t, True)
        partner = self.partner
        if partner is not None and partner.since == STOPPED:  # hourglass (not while both run, §21.3)
            partner.give(self.used - used)

    def take(self, a, t, running):
        """Take a ms from the clock, moving into overtime periods as each runs
        out; in an up-count, counting it up (it is given as it is used). The a
        ms end at game ms t, run by the clock (running) or taken at once."""
        while a and a >= self.remaining:  # (taking nothing changes nothing)
            if self.overtime and self.tc.upcount:
                break
            a -= self.remaining
            self.remaining = 0
            main = not self.overtime
            if not self._next_pool():
                self.used -= a  # time past zero was never on the clock
                return
            self.pool_at = t - a if running else t  # where the time ran out
            if main:
                self.overtime_at = self.pool_at
        if self.overtime and self.tc.upcount:
            self.counted += a
            self.granted += a
            return
        self.remaining -= a

    def _next_pool(self):
        tc = self.tc
        if self.next_quota:
            return False
        if self.overtime:
            if self.periods_left <= 1:
                return False
            self.periods_left -= 1
        elif tc.periods():
            # periods kept from before an arbiter's bonus (see add_time) stay kept
            self.periods_left = self.periods_left or tc.periods()
        elif tc.canadian_moves:
            self.block_moves = tc.canadian_moves
        elif not tc.upcount:
            return False
        self.overtime = True
        self.remaining = tc.overtime_ms()
        self.granted += self.remaining
        return True

    def out_of_time(self):
        """Main time and every overtime period used up (a delay still owed
        does not count: a penalty that empties the clock loses, §23.3)."""
        return self.can_flag() and self.spare() == self.delay_left

    def give(self, ms):
        self.remaining += ms
        self.granted += ms

    def add_time(self, ms):
        """An arbiter's bonus. In byo-yomi it becomes main time (the period would
        otherwise swallow it at the next move); the periods left are kept. In
        an up-count too: it counts down, then the count goes on where it was."""
        if ms <= 0:
            return
        if self.overtime and (self.tc.byoyomi_periods or self.tc.upcount):
            self.granted -= self.remaining
            self.remaining = 0
            self.overtime = False
            self.overtime_at = UNSET
        self.give(ms)

    def penalize(self, ms, t):
        """Add ms to the used time (a time penalty at t); it may empty the clock."""
        self.used += ms
        self.take(ms, t, False)

    # -- events ----------------------------------------------------------------

    def start(self, t):
        self.since = t

    def stop(self, t):
        self.settle(t)
        self.since = STOPPED

    def complete_move(self, t):
        """The running side pressed at t: its move is done; stop its clock."""
        self.stop(t)
        tc = self.tc
        self.moves += 1
        if self.overtime:
            if tc.byoyomi_periods:
                self.give(tc.byoyomi_ms - self.remaining)  # the period starts afresh
            elif tc.canadian_moves:
                self.block_moves -= 1
                if not self.block_moves:  # block done: a fresh one, unused time lapses
                    self.block_moves = tc.canadian_moves
                    self.give(tc.canadian_ms - self.remaining)
        else:
            if tc.delay_kind == DELAY_BRONSTEIN:
                self.give(self.move_used if self.move_used < tc.delay_ms else tc.delay_ms)
            self.give(tc.increment_ms)
        self.reach_quota()
        self.move_used = 0
        self.move_absent = 0
        self.delay_left = tc.delay_ms if tc.delay_kind == DELAY_SIMPLE else 0

    def reach_quota(self):
        """Grant each next period whose quota the move count has reached."""
        while self.next_quota and self.moves >= self.next_quota:
            stage = self.tc.stage(self.period + 1)
            if stage is None:  # the last period had a quota and no successor
                self.next_quota = 0
                return
            self.period += 1
            self.give(stage[0])
            self.next_quota = self.next_quota + stage[1] if stage[1] else 0

    def set_moves(self, n):
        """Arbiter correction of the completed-move count. Periods already granted
        stay granted; reaching a quota by correction grants the next period; in a
        Canadian block the added moves count towards the block, and those past
        its end towards the next, fresh one (as the scoresheet counts them)."""
        tc = self.tc
        if self.overtime and tc.canadian_moves and n > self.moves:
            self.block_moves -= n - self.moves
            if self.block_moves <= 0:
                self.block_moves = tc.canadian_moves - (-self.block_moves) % tc.canadian_moves
                self.give(tc.canadian_ms - self.remaining)
        self.moves = n
        self.reach_quota()
