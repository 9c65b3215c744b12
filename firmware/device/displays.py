# The two players' displays: each one's screen on its own chip (made for each
# game by device/appstart.py's new_screens()), drawn only when
# what it shows changed, the pressed side's first. One display in turn is set
# up again every REFRESH_MS (a reset by static shows again), its frame sent
# again a page a loop step. A display that does not answer
# is marked and left alone for RETRY_MS (on a stuck bus every try costs the
# I2C timeout), then tried again: its bus freed, its screen redrawn, its chip
# set up (the driver does that after an error). Drawing allocates nothing
# when nothing shown changes.

from clock.game import UNSET
from device import faults

FULL = 0  # the displays as the board sets them for a hall
DIM = 1  # dimmed: nothing changed for a while outside play
DARK = 2  # off: asleep a while after a finished game (the result comes back with a key)
RETRY_MS = 1000  # a display that failed is tried again this often (a stuck bus costs its timeout a try)
REFRESH_MS = 5000  # one display in turn is set up again this often (one reset by static shows again)


class Displays:
    """The board's two displays (left, right), for the app's loop. Faults go
    to report_fault(kind, message) (the app's, which latches and marks them)."""

    def __init__(self, board, clock, report_fault):
        self.board = board
        self.clock = clock
        self.report_fault = report_fault
        self.screens = []  # type: list  # per display: its screen (device/appstart.py's new_screens())
        self.failed = [UNSET, UNSET]  # per display: tick of its last failure, UNSET while it works
        self.nacks = [0, 0]  # per display: the bytes its chip did not acknowledge, last seen
        self.refresh_tick = clock.ticks_ms()
        self.refresh_next = 0  # the display set up again next
        self.level = FULL
        self.refreshing = -1  # the display a refresh is sent to a piece a step, or -1

    def set_tenths(self, tenths):
        """Tenths of a second show below `tenths` ms (the setting; 0: never)."""
        for scr in self.screens:
            scr.tenths = tenths

    def invalidate(self):
        """Forget what the displays show: the next draw redraws them."""
        for scr in self.screens:
            scr.invalidate()

    def draw(self, game, now, status, language, first=0):
        """Show the game at now; status[side] is the marks (screens.* bits) of
        side's display. Display `first` (the pressed side's) goes first, then
        the other; then a page of a display being refreshed, if one is due."""
        tick = self.clock.ticks_ms()
        for n in range(2):
            i = first ^ n
            if self._retry(i, tick):
                scr = self.screens[i]
                try:
                    scr.update(game, now, status[scr.side], language)
                    self._answered(i)
                except OSError as e:
                    self._failed(i, tick, e)
        i = self.refreshing
        if i >= 0 and self.failed[i] == UNSET:
            try:
                if not self.screens[i].trickle():
                    self.refreshing = -1
            except OSError as e:
                self._failed(i, tick, e)

    def draw_menu(self, menu, language, arbiter):
        tick = self.clock.ticks_ms()
        for i in range(2):
            if not self._retry(i, tick):
                continue
            try:
                self.screens[i].show_menu(menu, language, arbiter)
                self._answered(i)
            except OSError as e:
                self._failed(i, tick, e)

    def set_level(self, level):
        """FULL, DIM or DARK (see above); a display that fails is marked as a draw's failure is."""
        if level == self.level:
            return
        was = self.level
        self.level = level
        tick = self.clock.ticks_ms()
        for i in range(2):
            d = self.board.displays[i]
            try:
                if level == DARK:
                    d.off()
                else:
                    if was == DARK:
                        d.on()
                        self.screens[i].invalidate()
                    d.dim(level == DIM)
            except OSError as e:
                self._failed(i, tick, e)

    def refresh(self, tick):
        """Every REFRESH_MS, one display in turn set up again and sent its
        whole frame, a page a loop step (see draw()); not while dark."""
        if self.level != DARK and self.clock.ticks_diff(tick, self.refresh_tick) >= REFRESH_MS:
            self.refresh_tick = tick
            i = self.refresh_next
            self.refresh_next = 1 - i
            self.screens[i].refresh()
            self.refreshing = i

    def _retry(self, i, tick):
        failed = self.failed[i]
        if failed == UNSET:
            return True
        if self.clock.ticks_diff(tick, failed) < RETRY_MS:
            return False
        self.board.recover(i)
        self.screens[i].invalidate()
        return True

    def _answered(self, i):
        """Raise OSError if the chip left bytes unacknowledged (none there)."""
        n = self.screens[i].nacks()
        if n != self.nacks[i]:
            self.nacks[i] = n
            raise OSError(5)  # EIO, as an I2C device that does not answer
        self.failed[i] = UNSET

    def _failed(self, i, tick, e):
        self.failed[i] = tick
        self.screens[i].invalidate()
        self.report_fault(faults.DISPLAY, "%s display: %r" % ("right" if i else "left", e))
