# What each player's display shows, following tournament-clock conventions:
# the time available for the next move (see available_ms) as H:MM:SS from an
# hour, M:SS below, S.t under 20 s (the threshold a setting), always rounded
# up so that 0:00 appears only when the flag has fallen; in an up-count the
# time counted up instead; a bold bar on the side whose clock runs;
# moves / quota and period, marked for a while after a period is reached;
# flag, pause, result, fouls, late countdown, scoresheet exemption, delay,
# per-move time left, byo-yomi periods, Canadian block, Ing period and
# points, up-count, battery.
#
# Each screen owns its chip (an SSD1306 or a TM1637 driver) and keeps a small
# array describing what it last drew; it redraws only when that changes, and
# comparing allocates nothing. The digit builds' screens are device/digitscreens.py;
# device/displays.py picks the board's kind and drives them all.

from array import array

from clock.reading import TENTHS_MS, time_text
from clock.game import STOPPED, UNSET, DRAW
from device import const, faults, lang, text

# status bits the app passes in (they are not part of the game); const() here
# and below: the screens read them every loop step (10 ms), folded at compile time
LOW_BATTERY = const(1)
RESTORED = const(4)  # (2 was arbiter mode: now the arbiter's menu itself shows it)
NEW_PERIOD = const(8)  # this side just began a new period (shown for a few seconds)
BLINK = const(16)  # the half-second blink phase
SHOW_MOVES = const(32)  # 7-segment build: plus was tapped, show the move count
SHOW_FOULS = const(64)  # 7-segment build: minus was tapped, show fouls and byo-yomi periods
MARK_PHASE = const(128)  # one second in four: the marks (a fault, a low battery) have the display
FAULT_SHIFT = const(8)  # status >> FAULT_SHIFT & 0xFF = the latched fault kinds (device/faults.py)
PERIOD_MARK = const(1 << 16)  # this side reached a new period a short while ago (DGT's period flag)
OFFLINE = const(1 << 17)  # the clock reports to the hall and its connection is down: a small mark
HALTED = const(1 << 18)  # the loop has ended (Ctrl-C over USB): the clock is stopped
IDENTIFY = const(1 << 19)  # asked to identify itself (xqclock identify, the hall page): its board number
_OLED_STATUS = const(LOW_BATTERY | RESTORED | NEW_PERIOD | MARK_PHASE | (0xFF << FAULT_SHIFT) | PERIOD_MARK
                     | OFFLINE | HALTED | IDENTIFY)


# segments A..G (bits 0..6) of the digits 0..9, as on the 7-segment build
# (device/tm1637.py draws them so: a test holds the two the same)
DIGIT_SEGMENTS = b"\x3f\x06\x5b\x4f\x66\x6d\x7d\x07\x7f\x6f"


def in_delay(c):
    """Whether side clock c runs inside its simple delay (its main time waits)."""
    return c.since != STOPPED and c.delay_left > 0


def available_ms(c):
    """The time the display promises for the next move (FIDE: "the time
    available to complete a player's next move"): while a simple delay runs,
    what is left of it (the main time follows); else the current stage's
    time: main time, a Canadian block's time, or in byo-yomi every period
    left together, as the DGT 3000 shows it. The first move's increment is
    in the main time from the start under `increment-at-start`."""
    if in_delay(c):
        return c.delay_left
    tc = c.tc
    if c.overtime and tc.byoyomi_periods:
        return c.remaining + (c.periods_left - 1) * tc.byoyomi_ms
    return c.remaining


def counting_up(c):
    """Whether side clock c is in its up-count (it shows the time counted up)."""
    return c.overtime and c.tc.upcount


def reading_ms(c):
    """What the big digits read: the time available, or in an up-count the
    time counted up past the main time, in whole seconds (a count shows a
    second once it is full, as a stopwatch does)."""
    return c.counted - c.counted % 1000 if counting_up(c) else available_ms(c)


def quota(c):
    """The move count that completes side clock c's period (shown as moves/quota), or 0."""
    stage = c.tc.stage(c.period)
    return c.next_quota if stage is not None and stage[1] and c.next_quota else 0


def late_ms(game, s, now):
    """ms left before an absent player forfeits, or UNSET."""
    if game.present[s] or game.forfeit_at == UNSET or game.over():
        return UNSET
    left = game.forfeit_at - 1 - now
    return left if left > 0 else 0


# -- OLED (128 x 64) ------------------------------------------------------------

_W = const(128)
_DIGIT_W = const(14)
_DIGIT_H = const(28)
_SEG = const(3)  # segment thickness
_TIME_Y = const(20)

# The one line the screens put together and draw at a time (each is drawn as
# soon as it is made, one screen after the other): made once, so drawing
# allocates nothing.
_LINE = text.Line()

# fields of an OledScreen's description array
_RUN = const(0)
_MOVES = const(1)
_QUOTA = const(2)
_PERIOD = const(3)
_FLAG = const(4)
_PAUSED = const(5)
_RESULT = const(6)
_FOULS = const(7)
_EXEMPT = const(8)
_PERIODS = const(9)
_LATE = const(10)
_STATUS = const(11)
_LANG = const(12)
_DELAY = const(13)
_BLOCK = const(14)
_MOVE = const(15)
_ING = const(16)
_UP = const(17)
_TLEN = const(18)
_N = const(19)


def _segments(fb, x, y, bits):
    """A 7-segment digit drawn with rectangles (bits 0..6 = segments A..G)."""
    w, h, t = _DIGIT_W, _DIGIT_H, _SEG
    half = h // 2
    if bits & 1:
        fb.fill_rect(x + t, y, w - 2 * t, t, 1)
    if bits & 2:
        fb.fill_rect(x + w - t, y + t, t, half - t, 1)
    if bits & 4:
        fb.fill_rect(x + w - t, y + half, t, half - t, 1)
    if bits & 8:
        fb.fill_rect(x + t, y + h - t, w - 2 * t, t, 1)
    if bits & 16:
        fb.fill_rect(x, y + half, t, half - t, 1)
    if bits & 32:
        fb.fill_rect(x, y + t, t, half - t, 1)
    if bits & 64:
        fb.fill_rect(x + t, y + half - t // 2 - 1, w - 2 * t, t, 1)


def _big_time(fb, chars, n):
    """Draw chars[0:n] (digits, ':' and '.') centred in big 7-segment digits."""
    width = 0
    for i in range(n):
        width += 7 if chars[i] in (58, 46) else _DIGIT_W + 3
    x = (_W - width + 3) // 2
    for i in range(n):
        c = chars[i]
        if c == 58:
            fb.fill_rect(x, _TIME_Y + 7, 4, 4, 1)
            fb.fill_rect(x, _TIME_Y + 18, 4, 4, 1)
            x += 7
        elif c == 46:
            fb.fill_rect(x, _TIME_Y + _DIGIT_H - 4, 4, 4, 1)
            x += 7
        elif c == 49:  # '1' in the middle of its cell: at the right, "1:01:05" read as "1:0 1:05"
            _segments(fb, x - (_DIGIT_W - _SEG) // 2 - 1, _TIME_Y, DIGIT_SEGMENTS[1])
            x += _DIGIT_W + 3
        else:
            _segments(fb, x, _TIME_Y, DIGIT_SEGMENTS[c - 48])
            x += _DIGIT_W + 3


def caption(header, side):
    """What side's OLED shows before the start, from the game's journal header:
    the board number and the player's name ("#7 Wang Tianyi"), cut to the
    screen's width. A name with characters the clock has no glyphs for is left
    out (the board number still shows)."""
    names = header.get("names")
    name = names[side] if isinstance(names, list) and len(names) == 2 else ""
    if not isinstance(name, str) or not text.drawable(name):
        name = ""
    board = header.get("board")
    words = ("#%d %s" % (board, name)) if isinstance(board, int) and board > 0 else name
    while text.width(words) > _W - 4:
        words = words[:-1]
    return words.strip()


class OledScreen:
    """One player's SSD1306: `update` redraws and sends only when what it
    shows has changed. `side` is 0 Red, 1 Black; `header` the game's journal
    header, for the caption shown before the start."""

    def __init__(self, display, side, header=None):
        self.fb = display
        self.side = side
        self.shown = array("i", [-2] * _N)
        self.now = array("i", [0] * _N)
        self.chars = bytearray(8)
        self.shown_chars = bytearray(8)
        # the board and this player's name, shown until the start (see caption())
        self.caption = caption(header, side) if header is not None else ""
        self.tenths = TENTHS_MS  # tenths show below this many ms (the setting)
        self.board = 0  # the board number shown while the clock identifies itself (0: none set)

    def refresh(self):
        """Set the chip up again (one reset by static shows again), a piece a trickle()."""
        self.fb.refresh()

    def trickle(self):
        """The next piece of a refresh; 0 when it is done."""
        return self.fb.trickle()

    def nacks(self):
        """Bytes the chip did not acknowledge: none here (an I2C chip that
        does not answer makes the driver raise OSError)."""
        return 0

    def show_menu(self, menu, language, arbiter):
        menu.draw(self.fb, language, arbiter)

    def _describe(self, game, now, status, language):
        s = self.side
        c = game.sides[s]
        d = self.now
        d[_RUN] = 1 if c.since != STOPPED else 0
        d[_MOVES] = c.moves
        d[_QUOTA] = quota(c)
        d[_PERIOD] = c.period
        d[_FLAG] = 1 if c.flag_at != UNSET else 0
        d[_PAUSED] = 1 if game.paused else 0
        d[_RESULT] = -1 if not game.over() else game.winner * 32 + game.reason
        d[_FOULS] = game.fouls[s] * 16 + game.warnings[s]
        d[_EXEMPT] = 1 if game.exempt(s) else 0
        d[_PERIODS] = c.periods_left if c.overtime and c.tc.byoyomi_periods else -1
        # Canadian overtime: moves made in the current block
        d[_BLOCK] = c.tc.canadian_moves - c.block_moves if c.overtime and c.tc.canadian_moves else -1
        # Ing overtime: the period and the points it has cost
        ing = c.tc.ing_periods
        d[_ING] = (ing - c.periods_left + 1) * 1024 + c.ing_points() if c.overtime and ing else -1
        d[_UP] = 1 if counting_up(c) else 0
        # while a delay counts down, the main time it protects (shown in words)
        d[_DELAY] = (c.remaining + 999) // 1000 if in_delay(c) else -1
        # a per-move limit: the seconds left for this move, while it runs
        d[_MOVE] = -1
        if c.tc.permove_ms and c.since != STOPPED:
            left = c.move_deadline() - now
            d[_MOVE] = (left + 999) // 1000 if left > 0 else 0
        late = late_ms(game, s, now)
        d[_LATE] = -1 if late < 0 else (late + 999) // 1000
        st = status & _OLED_STATUS  # the blink and 7-segment views change nothing here
        if not st >> FAULT_SHIFT & 0xFF:
            st &= ~MARK_PHASE  # the phase matters only to a fault's line
        d[_STATUS] = st
        d[_LANG] = language
        d[_TLEN] = time_text(reading_ms(c), self.chars, 0 if d[_UP] else self.tenths)

    def invalidate(self):
        """Forget what is shown: the next update redraws (e.g. after a menu)."""
        self.shown[0] = -2

    def update(self, game, now, status=0, language=lang.EN):
        """Redraw if anything shown changed; returns True when it did."""
        self._describe(game, now, status, language)
        # whole arrays compared in C (a loop over them cost the Pico 0.6 ms a step);
        # the chars past the reading's length match too: they are copied with it
        if self.now == self.shown and self.chars == self.shown_chars:
            return False
        self.shown_chars[:] = self.chars
        self._draw(game, language)
        self.fb.show()
        # what is shown now: swapped, not copied (copying an int array allocates);
        # _describe fills every field of the other anew
        self.shown, self.now = self.now, self.shown
        return True

    # Drawing happens only when something shown changed; it allocates nothing
    # either (the lines are text.Line pieces, not formatted strs).
    def _draw(self, game, lg):
        fb = self.fb
        d = self.now
        s = self.side
        fb.fill(0)
        if d[_RUN]:
            fb.fill_rect(0, 0, _W, 3, 1)  # the bold bar: this clock runs
        w = lang.words(lg)
        text.draw(fb, w.SIDE[s], 0, 3)
        info = _LINE.clear()  # "P2 12/40": the period, the moves and the quota
        if d[_PERIOD] or d[_QUOTA]:
            info.glue("P").num(d[_PERIOD] + 1)
        info.num(d[_MOVES], 0, True)
        if d[_QUOTA]:
            info.glue("/").num(d[_QUOTA])
        x = _W - info.width()
        info.draw(fb, x, 3)
        if d[_PERIOD] and d[_STATUS] & PERIOD_MARK:
            # the period just reached, marked (inverted) for a while, as DGT clocks do
            period = _LINE.clear().glue("P").num(d[_PERIOD] + 1)
            fb.fill_rect(x - 2, 5, period.width() + 3, 12, 1)
            period.draw(fb, x, 3, 0)
        _big_time(fb, self.chars, d[_TLEN])
        self._status_line(fb, game, w)
        if d[_STATUS] & OFFLINE:
            fb.fill_rect(_W - 4, 60, 3, 3, 1)  # a dot in the corner: no connection to the hall

    def _status_line(self, fb, game, w):
        """The bottom line: the most important thing this player must know."""
        d = self.now
        s = self.side
        y = 48
        status = d[_STATUS]
        line = _LINE.clear()
        if d[_RESULT] != -1:
            if game.winner == DRAW:
                line.word(w.DRAW)
            else:
                line.word(w.WIN if game.winner == s else w.LOSS)
            line.word(w.REASONS[game.reason])
        elif not game.started and self.caption and d[_LATE] < 0:
            line.word(self.caption)
        elif d[_LATE] >= 0:
            secs = d[_LATE]
            line.word(w.LATE).num(secs // 60, 0, True).glue(":").num(secs % 60, 2)
        elif game.moved_at != UNSET:
            line.word(w.MOVED)
        elif d[_PAUSED]:
            line.word(w.PAUSED)
            if status & RESTORED:
                line.word(w.RESTORED)
        elif status & NEW_PERIOD:
            line.word(w.NEXT_PERIOD)
        else:
            if d[_DELAY] >= 0:  # the big digits count the delay down
                line.word(w.DELAY).clock(d[_DELAY])
            if d[_FOULS] >= 16:
                line.word(w.FOULS).num(d[_FOULS] >> 4)
            if d[_PERIODS] >= 0:
                line.word(w.BYOYOMI).num(d[_PERIODS])
            if d[_MOVE] >= 0:
                secs = d[_MOVE]
                line.word(w.MOVE_LEFT).num(secs // 60, 0, True).glue(":").num(secs % 60, 2)
            if d[_BLOCK] >= 0:
                line.word(w.OVERTIME).num(d[_BLOCK], 0, True).glue("/").num(game.sides[s].tc.canadian_moves)
            if d[_ING] >= 0:
                line.word(w.ING).num(d[_ING] >> 10).glue("/").num(game.sides[s].tc.ing_periods)
                points = w.ING_POINTS
                line.word(points[0]).num(d[_ING] & 1023).glue(points[1])
            if d[_UP]:
                line.word(w.UPCOUNT)
            if d[_EXEMPT]:
                line.word(w.EXEMPT)
            if status & LOW_BATTERY:
                line.word(w.LOW_BATTERY)
        kinds = status >> FAULT_SHIFT & 0xFF
        if status & IDENTIFY:
            line.clear().glue("#")
            if self.board:
                line.num(self.board)
            else:
                line.glue("-")
            fb.fill_rect(0, y, _W, 16, 1)
            line.draw(fb, (_W - line.width()) // 2, y, 0)
            return
        if status & HALTED:
            line.clear().word(w.STOPPED)
        elif kinds and (status & MARK_PHASE or not line.n):
            # a latched fault: alone on the line, or in turn with what it holds
            line.clear().word(w.FAULT)
            for i in range(len(faults.KINDS)):
                if kinds & faults.KINDS[i]:
                    line.word(w.FAULT_KINDS[i])
        line.draw(fb, 2, y)
        if d[_FLAG]:
            fb.rect(0, y, _W, 16, 1)  # this side's flag fell

