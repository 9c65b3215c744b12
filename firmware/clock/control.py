# The time control a game plays: one TimeControl per side, what the running
# clock reads (clock/sideclock.py, clock/game.py). Made from text by
# clock/timecontrol.py, the parser, which the board imports only when a control
# is read (at power-on, for a new game, a settings change) and then forgets:
# nothing here refers to it, so its bytecode does not stay in RAM.

DELAY_NONE = 0
DELAY_SIMPLE = 1
DELAY_BRONSTEIN = 2


class TimeControl:
    """One side's control. Stages are [time_ms, moves]; moves 0 = rest of game."""

    def __init__(self):
        self.stages = []
        self.repeat = False
        self.increment_ms = 0
        # True: the first move's increment is on the clock at the start (FIDE's
        # clocks); False: every increment comes after its move (US-style, CXA text)
        self.increment_at_start = False
        self.delay_kind = DELAY_NONE
        self.delay_ms = 0
        self.byoyomi_periods = 0
        self.byoyomi_ms = 0
        self.canadian_moves = 0
        self.canadian_ms = 0
        self.ing_periods = 0  # Ing overtime: up to this many periods of ing_ms,
        self.ing_ms = 0
        self.ing_points = 0  # each costing this many points
        self.upcount = False  # past the main time the clock counts up, with no flag
        self.hourglass = False  # the time one side runs is added to the other's
        self.permove_ms = 0
        self.exempt_ms = 180000  # the scoresheet-exemption window: see _window

    def stage(self, k):
        """The stage that period k (0-based) follows, or None past the last one."""
        n = len(self.stages)
        if k < n:
            return self.stages[k]
        if self.repeat:
            return self.stages[n - 1]
        return None

    def overtime_ms(self):
        """The time of one overtime period (0 for none, and for up-count)."""
        return self.byoyomi_ms or self.canadian_ms or self.ing_ms

    def periods(self):
        """How many overtime periods of overtime_ms follow the main time, each
        taken when the one before runs out (byo-yomi, Ing); 0 for none."""
        return self.byoyomi_periods or self.ing_periods

    def overtime(self):
        """Whether anything follows the main time (else its end is the flag)."""
        return self.upcount or self.overtime_ms() > 0


class Control:
    """The game's control: one TimeControl per side (index 0 Red, 1 Black)."""

    def __init__(self, red, black, name="", draw_to_black=False):
        self.sides = (red, black)
        self.name = name
        self.draw_to_black = draw_to_black  # Armageddon: a draw counts as a win for Black
