# The screens of the digit builds: a TM1637's four digits (segment7) and an
# HT1621 glass seen as four of its six digits (lcd), in the OLED screen's ways
# (device/screens.py: what a screen shows, when it redraws). A module of its
# own: an OLED build never imports it, nor the TM1637 driver's tables.

from clock.reading import TENTHS_MS
from clock.game import NOBODY, R_FORFEIT, STOPPED, UNSET
from device import faults, lang
from device.screens import (DIGIT_SEGMENTS, available_ms, counting_up, in_delay, reading_ms, late_ms,
                            LOW_BATTERY, BLINK, SHOW_MOVES, SHOW_FOULS, MARK_PHASE, FAULT_SHIFT, PERIOD_MARK,
                            OFFLINE, HALTED, IDENTIFY)
from device.tm1637 import encode_digits

# The 7-segment build (TM1637, four digits and a colon):
# M:SS below an hour, H:MM from an hour (both rounded up); the colon blinks on
# the side whose clock runs. Flag: "FL--". Paused: "P" alternates with the
# time. A simple delay counts down as "d0:05" before the main time; the last
# 10 s of a per-move limit as "t0:09" (when it ends before the main time). A
# period just reached: "Pr 2" alternates with the time while the other side
# moves.
# Late: "L" and the minutes left (under a minute, "L:SS"). Result:
# " 1-0", " 0-1", or " H-H" for a draw (half a point each). Tapping plus
# shows the moves for a moment ("n 12"), minus the fouls and, in byo-yomi,
# the periods left ("F2b3"), in Ing overtime the period ("F2P2"). Under the
# tenths threshold (a setting, 20 s by default) the time reads "SS.t", the
# module's colon (or a decimal module's point) standing for the point:
# "19:9" has one digit after it, so it is never read as minutes. An up-count
# shows the time counted up, as M:SS. One second in four, a latched fault shows as "E"
# and its kinds' letters ("Ed": a display did not answer; LETTERS),
# else a low battery as "bAtt". A clock whose loop has ended shows "StoP".

_SCORE = (b" 1-0", b" 0-1", b" H-H", b" 0-0", b" ---")  # by winner; the last: both forfeit
LETTERS = b"dFPrC"  # each fault kind's letter, in device/faults.py's KINDS order
_HOURS = encode_digits(b"H", bytearray(1))[0]
_P = encode_digits(b"P", bytearray(1))[0]


def letters(kinds, out, at=1):
    """Write the letters of the latched fault kinds into out[at:] (bytes of
    text, for tm1637.encode_digits); returns how many fitted."""
    n = 0
    for i in range(len(faults.KINDS)):
        if kinds & faults.KINDS[i] and at + n < len(out):
            out[at + n] = LETTERS[i]
            n += 1
    return n


class SegmentScreen:
    """One player's TM1637: four digits, written only when they change. No
    caption (the header is not shown on four digits)."""

    def __init__(self, display, side, header=None):
        self.tm = display
        self.side = side
        self.segs = bytearray(4)
        self.mark = bytearray(4)  # the text of a fault mark: "E" and the kinds' letters
        self.shown = bytearray(b"\xff\xff\xff\xff")
        self.tenths = TENTHS_MS  # tenths show below this many ms (the setting)
        self.board = 0  # as OledScreen.board: "b 12" while the clock identifies itself

    def invalidate(self):
        self.shown[0] = 0xFF

    def refresh(self):
        pass  # every write sends the whole display: nothing to set up again

    def trickle(self):
        return 0

    def nacks(self):
        """Bytes the chip did not acknowledge (no chip on the wires?)."""
        return self.tm.nacks

    def show_menu(self, menu, language, arbiter):
        segs = encode_digits(menu.segments(language), bytearray(4))
        if arbiter:  # arbiter mode: every point (the colon) lit
            for i in range(4):
                segs[i] |= 0x80
        self.tm.write(segs)

    def update(self, game, now, status=0, language=lang.EN):
        s = self.side
        c = game.sides[s]
        segs = self.segs
        blink = status & BLINK
        late = late_ms(game, s, now)
        move_left = c.move_deadline() - now if c.tc.permove_ms and c.since != STOPPED else UNSET
        kinds = status >> FAULT_SHIFT & 0xFF
        if status & IDENTIFY:
            encode_digits(b"b  -", segs)
            if self.board % 1000:
                self._three(self.board % 1000)
        elif status & HALTED:
            encode_digits(b"StoP", segs)
        elif status & MARK_PHASE and kinds:
            mark = self.mark
            mark[:] = b"E   "
            letters(kinds, mark)
            encode_digits(mark, segs)
        elif status & MARK_PHASE and status & LOW_BATTERY:
            encode_digits(b"bAtt", segs)
        elif c.flag_at != UNSET:
            encode_digits(b"FL--", segs)
        elif game.over():
            encode_digits(_SCORE[4 if game.reason == R_FORFEIT and game.winner == NOBODY else game.winner], segs)
        elif late >= 0 and blink:
            secs = (late + 999) // 1000
            encode_digits(b"L   ", segs)
            if secs >= 60:
                self._two(secs // 60, 2)
            else:
                self._two(secs, 2)
                segs[1] |= 0x80
        elif status & SHOW_MOVES:
            encode_digits(b"n   ", segs)
            self._three(c.moves % 1000)
        elif status & SHOW_FOULS:
            encode_digits(b"F b ", segs)
            segs[1] = DIGIT_SEGMENTS[game.fouls[s] % 10]
            if c.overtime and c.tc.ing_periods:  # the Ing period: "F2P2"
                segs[2] = _P
                segs[3] = DIGIT_SEGMENTS[(c.tc.ing_periods - c.periods_left + 1) % 10]
            else:
                segs[3] = DIGIT_SEGMENTS[c.periods_left % 10] if c.overtime and c.tc.byoyomi_periods else 0
                if not segs[3]:
                    segs[2] = 0
        elif game.paused and blink:
            encode_digits(b"P   ", segs)
        elif status & PERIOD_MARK and blink and c.since == STOPPED:
            # a period just reached: "Pr 2" alternates with the waiting side's time
            encode_digits(b"Pr  ", segs)
            self._two(c.period + 1, 2)
            if c.period < 9:
                segs[2] = 0
        elif in_delay(c) and c.delay_left < 600000:
            # the delay counts down first ("d0:05"), then the main time
            self._countdown(b"d   ", c.delay_left, blink)
        elif 0 <= move_left <= 10000 and (move_left < available_ms(c) or counting_up(c)):
            # the last 10 s of a per-move limit, when it ends first: "t0:09"
            self._countdown(b"t   ", move_left, blink)
        elif not counting_up(c) and 0 < available_ms(c) and (available_ms(c) + 99) // 100 * 100 < self.tenths:
            # under the threshold: "SS.t", the colon for the point (steady: it is no colon here)
            tenths = (available_ms(c) + 99) // 100
            segs[0] = DIGIT_SEGMENTS[tenths // 100] if tenths >= 100 else 0
            segs[1] = DIGIT_SEGMENTS[tenths // 10 % 10] | 0x80
            segs[2] = DIGIT_SEGMENTS[tenths % 10]
            segs[3] = 0
        else:
            secs = (reading_ms(c) + 999) // 1000
            if secs >= 3600:  # "1H05": an hour and 5 minutes, never mistaken for 1:05 (65 s)
                mins = (secs + 59) // 60
                if mins < 600:
                    segs[0] = DIGIT_SEGMENTS[mins // 60]
                    segs[1] = _HOURS
                    self._two(mins % 60, 2)
                else:  # "10H3": ten hours and thirty-odd minutes
                    self._two(mins // 60, 0)
                    segs[2] = _HOURS
                    segs[3] = DIGIT_SEGMENTS[mins % 60 // 10]
            else:
                self._two(secs // 60, 0)
                self._two(secs % 60, 2)
            if segs[0] == DIGIT_SEGMENTS[0]:
                segs[0] = 0  # no leading zero
            if c.since == STOPPED or blink:
                segs[1] |= 0x80
        if status & OFFLINE:
            segs[3] |= 0x80  # the last digit's dot (where the module has one): no connection to the hall
        if segs == self.shown:
            return False
        self.shown[:] = segs
        self.tm.write(segs)
        return True

    def _countdown(self, letter, ms, blink):
        """A letter, then ms (under 10 min) as M:SS, the colon blinking: it runs."""
        secs = (ms + 999) // 1000
        encode_digits(letter, self.segs)
        self.segs[1] = DIGIT_SEGMENTS[secs // 60]
        self._two(secs % 60, 2)
        if blink:
            self.segs[1] |= 0x80

    def _two(self, n, at):
        self.segs[at] = DIGIT_SEGMENTS[n // 10 % 10]
        self.segs[at + 1] = DIGIT_SEGMENTS[n % 10]

    def _three(self, n):
        """n (0-999) on the last three digits, without zeros in front (the units always)."""
        segs = self.segs
        segs[1] = DIGIT_SEGMENTS[n // 100] if n >= 100 else 0
        self._two(n % 100, 2)
        if n < 10:
            segs[2] = 0


class _SixDigits:
    """A 6-digit HT1621 glass seen as the four digits a SegmentScreen writes:
    they take the middle four; the leftmost digit's bar (segment G) marks
    the side whose clock runs -- the LCD build's running-side light, which
    costs nothing, where an LED costs more than the whole sleeping board."""

    def __init__(self, lcd):
        self.lcd = lcd
        self.running = False
        self.out = bytearray(6)

    @property
    def nacks(self):
        return self.lcd.nacks

    def write(self, segs):
        out = self.out
        out[0] = 0x40 if self.running else 0
        for i in range(4):
            out[1 + i] = segs[i]
        out[5] = 0
        self.lcd.write(out)


class LcdScreen(SegmentScreen):
    """One player's 6-digit segment LCD (HT1621): the 7-segment build's
    screens in the middle four digits, the running mark at the left."""

    def __init__(self, display, side, header=None):
        SegmentScreen.__init__(self, _SixDigits(display), side, header)

    def update(self, game, now, status=0, language=lang.EN):
        running = game.sides[self.side].since != STOPPED and not game.over()
        if running != self.tm.running:
            self.tm.running = running
            self.invalidate()
        return SegmentScreen.update(self, game, now, status, language)

    def show_menu(self, menu, language, arbiter):
        self.tm.running = False
        SegmentScreen.show_menu(self, menu, language, arbiter)
