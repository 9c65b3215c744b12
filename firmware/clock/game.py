# The game on the clock: two side clocks, whose turn it is, pause, and the
# result. Every change comes in as "at t ms, X happened"; t never goes back.
# A flag falls at the exact millisecond the time runs out, found by comparing
# deadlines, not by polling, so the answer does not depend on when we look.

from clock.sideclock import SideClock, STOPPED, UNSET

RED = 0
BLACK = 1
DRAW = 2
NOBODY = 3  # no winner, both lose: a double forfeit, or both flags in one millisecond

# Reasons (their names: clock/names.py's REASONS); the first four are the
# clock's own decisions, the rest the arbiter's to enter (from R_ENTERED on).
REASON_COUNT = 17
R_TIME = 0
R_MOVE_TIME = 1
R_FORFEIT = 2
R_FOULS = 3
R_ENTERED = 4
# Of the arbiter's reasons, these only decide a winner and these only end in a
# draw; repetition (a loss by §4.1.7, a draw by §4.2.3) and the arbiter's own
# decision may be either. Perpetual check (§24.1) and a forbidden cycle not
# changed (§24.3, perpetual chase and the like) are losses, as `xqclock
# ruling` rules them; new reasons go at the end (journals hold the index).
WIN_REASONS = (4, 5, 6, 7, 8, 10, 15, 16)  # mate, stalemate, resign, flying-general, illegal, discipline,
#                                            perpetual-check, perpetual-chase
DRAW_REASONS = (11, 12, 13)  # agreed, move-limit, no-win


def may_enter(winner, reason):
    """Whether an arbiter may enter this result: winner RED, BLACK or DRAW, and
    a reason of the arbiter's that can end the game that way."""
    if not R_ENTERED <= reason < REASON_COUNT or not RED <= winner <= DRAW:
        return False
    return reason not in (WIN_REASONS if winner == DRAW else DRAW_REASONS)


class Game:
    """forfeit_ms: the late-arrival forfeit limit (§21), or UNSET (-1) when late arrival
    is not handled; foul_limit: the foul that loses (§4.1.8); absent: the
    players (RED, BLACK) not seated when the round starts."""

    def __init__(self, control, forfeit_ms=UNSET, foul_limit=3, absent=()):
        self.control = control
        self.sides = (SideClock(control.sides[0]), SideClock(control.sides[1]))
        if control.sides[0].hourglass:  # each side's running time goes to the other
            self.sides[0].partner = self.sides[1]
            self.sides[1].partner = self.sides[0]
        self.forfeit_ms = forfeit_ms
        self.foul_limit = foul_limit
        self.started = False
        self.paused = False
        self.turn = RED
        self.now = 0
        self.resumes = 0  # bit per side: the clocks a pause stopped
        self.winner = UNSET  # RED, BLACK, DRAW or NOBODY
        self.reason = UNSET  # a reason (R_*; clock/names.py's REASONS), or UNSET while the game goes on
        self.result_at = UNSET
        self.forfeit_at = UNSET  # first ms past the forfeit limit, once started
        self.present = [RED not in absent, BLACK not in absent]
        self.arrived_at = [UNSET, UNSET]
        self.fouls = [0, 0]
        self.warnings = [0, 0]
        self.offers = [0, 0]
        self.repeat_offers = [0, 0]  # offers again before the other side offered (§23.1, §9.1.3)
        self.last_offer = UNSET
        self.moved_at = UNSET  # when the game moved to another clock (§22.4); this copy stays paused

    # -- queries ---------------------------------------------------------------

    def over(self):
        return self.reason != UNSET

    def running(self):
        """The side whose clock runs (the side to move if both run), or UNSET."""
        if self.sides[self.turn].since != STOPPED:
            return self.turn
        if self.sides[1 - self.turn].since != STOPPED:
            return 1 - self.turn
        return UNSET

    def exempt(self, s):
        """Whether side s may stop keeping the scoresheet (§7.2): under its
        window (3 min; FIDE 5 min) in the current period, overtime too."""
        side = self.sides[s]
        window = side.tc.exempt_ms
        return window > 0 and side.remaining < window and side.can_flag()  # an up-count has no limit

    # -- time passing ----------------------------------------------------------

    def due(self, s):
        """Game ms at which side s loses if nothing happens: its flag, or its
        per-move limit (which runs only for a player at the board: the forfeit
        limit governs one who has not come, §21); UNSET if its clock is stopped."""
        side = self.sides[s]
        if side.since == STOPPED:
            return UNSET
        d = side.flag_deadline()
        m = side.move_deadline() if self.present[s] else UNSET
        return m if m != UNSET and (d == UNSET or m < d) else d

    def advance(self, t):
        """Bring the clocks to game time t, ending the game in the first
        millisecond at or before t that has a flag, a per-move limit or the
        forfeit. All that falls in that one millisecond counts together:
        neither of two flags fell first, so both lose; a flag is not before
        the forfeit in its millisecond, so the forfeit decides."""
        if t < self.now:
            t = self.now
        self.now = t
        if self.reason != UNSET:
            return
        first = t + 1
        for s in range(2):
            if self.sides[s].since != STOPPED:  # (a call saved for the waiting side: every loop step)
                d = self.due(s)
                if d != UNSET and d < first:
                    first = d
        absent = not (self.present[RED] and self.present[BLACK])
        if absent and self.forfeit_at != UNSET and self.forfeit_at < first:
            first = self.forfeit_at
        if first > t:
            self.sides[0].settle(t)
            self.sides[1].settle(t)
            return
        lost = UNSET
        why = R_TIME
        for s in range(2):
            if self.due(s) == first:
                side = self.sides[s]
                if side.move_deadline() == first and side.flag_deadline() != first:
                    why = R_MOVE_TIME
                side.settle(first)
                side.flag_at = first
                lost = s if lost == UNSET else NOBODY
        if absent and self.forfeit_at == first:  # both still absent: both forfeit (§21.3)
            winner = RED if self.present[RED] else BLACK if self.present[BLACK] else NOBODY
            self.finish(winner, R_FORFEIT, first)
        elif lost == NOBODY:
            self.finish(NOBODY, R_TIME, first)
        else:
            self.finish(1 - lost, why, first)

    def flag(self, s, t, why=R_TIME):
        """Side s's time (or move time) ran out at t: it loses."""
        self.sides[s].settle(t)
        self.sides[s].flag_at = t
        self.finish(1 - s, why, t)

    def finish(self, winner, reason, t):
        """A result stands: both clocks stop and keep their times."""
        self.sides[0].stop(t)
        self.sides[1].stop(t)
        self.paused = False
        if winner == DRAW and self.control.draw_to_black:
            winner = BLACK
        self.winner = winner
        self.reason = reason
        self.result_at = t

    # -- events ----------------------------------------------------------------

    def start(self, t):
        self.advance(t)
        if self.started or self.over() or self.moved_at != UNSET:
            return False
        self.started = True
        if self.forfeit_ms != UNSET:
            self.forfeit_at = t + self.forfeit_ms + 1  # arriving at exactly the limit is in time
        if not (self.present[RED] or self.present[BLACK]):
            self.sides[BLACK].start(t)  # both late: each one's own clock runs until they arrive (§21.3)
        self.sides[self.turn].start(t)
        return True

    def arrive(self, s, t):
        """A late player reaches the seat (§21.2); from now their clock follows the turns."""
        self.advance(t)
        if self.over() or self.present[s]:
            return False
        self.present[s] = True
        self.arrived_at[s] = t
        self.sides[s].move_absent = self.sides[s].move_used  # the move's limit counts from here
        if s != self.turn:
            if self.sides[s].since != STOPPED:
                self.sides[s].stop(t)
            self.resumes &= ~(1 << s)
        return True

    def press(self, s, t):
        """Side s pressed its lever: a completed move if its clock was running.
        Returns whether the game changed: a press that is no move still marks
        an absent player present (they are at the board), and that must be
        journaled like any other change."""
        arrived = not self.present[s] and self.arrive(s, t)
        self.advance(t)
        side = self.sides[s]
        if self.over() or side.since == STOPPED or s != self.turn:
            return arrived
        side.complete_move(t)
        self.turn = 1 - s
        other = self.sides[self.turn]
        if other.since == STOPPED:
            other.start(t)
        return True

    def pause(self, t):
        self.advance(t)
        if self.over() or self.paused or not self.started:
            return False
        self.paused = True
        self.resumes = 0
        for s in range(2):
            if self.sides[s].since != STOPPED:
                self.resumes |= 1 << s
                self.sides[s].stop(t)
        return True

    def resume(self, t):
        self.advance(t)
        if not self.paused or self.moved_at != UNSET:
            return False
        self.paused = False
        for s in range(2):
            if self.resumes & (1 << s):
                self.sides[s].start(t)
        return True

    def in_play(self):
        """Whether the game has started and not ended: the only time fouls,
        time corrections, claims and offers make sense."""
        return self.started and not self.over()

    def set_moves(self, s, n, t):
        """The arbiter corrects a move count (before the start too: a game
        continued from an earlier session starts from its counts)."""
        self.advance(t)
        if self.over():
            return False
        self.sides[s].set_moves(n)
        return True

    def adjust(self, s, ms, t):
        """Arbiter adds (ms > 0) or takes (ms < 0) time; taking may flag."""
        self.advance(t)
        if not self.in_play():
            return False
        side = self.sides[s]
        if ms >= 0:
            side.add_time(ms)
        else:
            side.penalize(-ms, t)
            if side.out_of_time():
                self.flag(s, t)
        return True

    def foul(self, s, t):
        """One foul (§9); reaching the foul limit loses the game (§4.1.8)."""
        self.advance(t)
        if not self.in_play():
            return False
        self.fouls[s] += 1
        if self.fouls[s] >= self.foul_limit:
            self.finish(1 - s, R_FOULS, t)
        return True

    def warn(self, s, t):
        """A warning (§18.1): recorded, no effect on the game."""
        self.advance(t)
        self.warnings[s] += 1
        return True

    def false_claim(self, s, t):
        """§23.3: a false natural-move-limit claim costs a foul and 5 minutes.
        Both are recorded; if the 5 minutes empty the clock it is a loss on
        time, else the foul may reach the limit."""
        self.advance(t)
        if not self.in_play():
            return False
        side = self.sides[s]
        self.fouls[s] += 1
        side.penalize(300000, t)
        if side.out_of_time():
            self.flag(s, t)
        elif self.fouls[s] >= self.foul_limit:
            self.finish(1 - s, R_FOULS, t)
        return True

    def offer(self, s, t):
        """A draw offer (§23.1): only the side to move offers, in its own time;
        one in the opponent's time is no offer and changes nothing. Offering again before the other side has offered
        is noted for the arbiter as a possible §9.1.3 foul, not fouled here."""
        self.advance(t)
        if not self.in_play() or s != self.turn:  # after one's own move, before pressing
            return False
        self.offers[s] += 1
        if self.last_offer == s:
            self.repeat_offers[s] += 1
        self.last_offer = s
        return True

    def move_away(self, t):
        """The game goes on on another clock (§22.4): this copy stops for good, paused."""
        self.advance(t)
        if self.moved_at != UNSET:
            return False
        self.pause(t)
        self.moved_at = t
        return True

    def declare(self, winner, reason, t):
        """The arbiter enters a result; it replaces one the clock decided (§22.5).
        A result no arbiter may enter (see may_enter) changes nothing."""
        self.advance(t)
        if not may_enter(winner, reason):
            return False
        self.finish(winner, reason, t)
        return True
