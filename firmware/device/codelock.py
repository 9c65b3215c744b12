# The arbiter's code, which guards the arbiter's menu: CODE_TRIES wrong codes
# in a row lock the menu for LOCKOUT_MS, and while it is locked the menu says
# for how long. 3 guesses in 5 min make guessing a 4-digit code take about
# 6 days on average.

from clock.game import UNSET

CODE_TRIES = 3
LOCKOUT_MS = 300000
RIGHT, WRONG, LOCKED = 0, 1, 2  # what enter() makes of a code


class CodeLock:
    """Wrong codes counted, and the lockout they lead to, in `clock`'s ticks."""

    def __init__(self, clock):
        self.clock = clock
        self.wrong = 0  # wrong codes in a row
        self.locked_at = UNSET  # tick the menu locked after CODE_TRIES wrong codes

    def locked(self, tick):
        """Whether the menu is locked at tick (otherwise an old lockout is forgotten)."""
        if self.locked_at != UNSET and 0 <= self.clock.ticks_diff(tick, self.locked_at) < LOCKOUT_MS:
            return True
        self.locked_at = UNSET
        return False

    def enter(self, code, expected):
        """A code entered: RIGHT, WRONG, or LOCKED (a wrong one, the last of
        CODE_TRIES in a row: the menu is locked from now)."""
        if code == expected:
            self.wrong = 0
            return RIGHT
        self.wrong += 1
        if self.wrong < CODE_TRIES:
            return WRONG
        self.wrong = 0
        self.locked_at = self.clock.ticks_ms()
        return LOCKED

    def message(self, tick):
        """The menu's answer while it is locked: how long the lockout lasts."""
        from device import menuwords  # the menus' modules, forgotten when the menu closes
        from device.menu import Message
        left = (LOCKOUT_MS - self.clock.ticks_diff(tick, self.locked_at) + 999) // 1000
        return Message(menuwords.MENU["code"], menuwords.MENU["locked"], "%d:%02d" % (left // 60, left % 60))
