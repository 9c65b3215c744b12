# Menus with the clock's keys: minus/plus change, ok accepts, start goes back.
# A menu is a stack of editors; each editor's on_ok decides what comes next
# (another editor, or done). Menus may allocate: they are not the game loop.

from device import lang, text

MINUS = 3
PLUS = 4
START = 2
OK = 5


def label(item, lg):
    """A menu label: an (English, Chinese) pair or plain text."""
    return item if isinstance(item, str) else item[lg]


class Choice:
    """Pick one of several options."""

    def __init__(self, title, options, on_ok, index=0):
        self.title = title
        self.options = options
        self.on_ok = on_ok
        self.index = index

    def key(self, k):
        n = len(self.options)
        if k == MINUS:
            self.index = (self.index - 1) % n
        elif k == PLUS:
            self.index = (self.index + 1) % n
        elif k == OK:
            return self.on_ok(self.index)
        return None

    def value_text(self, lg):
        return label(self.options[self.index], lg)


class Number:
    """Set a number between lo and hi in steps; fmt turns it into text."""

    def __init__(self, title, value, step, lo, hi, on_ok, fmt=None):
        self.title = title
        self.value = value
        self.step = step
        self.lo = lo
        self.hi = hi
        self.on_ok = on_ok
        self.fmt = fmt

    def key(self, k):
        if k == MINUS:
            self.value = max(self.lo, self.value - self.step)
        elif k == PLUS:
            self.value = min(self.hi, self.value + self.step)
        elif k == OK:
            return self.on_ok(self.value)
        return None

    def value_text(self, lg):
        return self.fmt(self.value) if self.fmt else "%d" % self.value


class Code:
    """Enter a code digit by digit: minus/plus change the digit, ok moves on."""

    def __init__(self, title, length, on_ok):
        self.title = title
        self.digits = [0] * length
        self.pos = 0
        self.on_ok = on_ok

    def key(self, k):
        d = self.digits
        if k == MINUS:
            d[self.pos] = (d[self.pos] - 1) % 10
        elif k == PLUS:
            d[self.pos] = (d[self.pos] + 1) % 10
        elif k == OK:
            self.pos += 1
            if self.pos == len(d):
                return self.on_ok("".join("%d" % x for x in d))
        return None

    def value_text(self, lg):
        return "".join("%d" % self.digits[i] if i <= self.pos else "_" for i in range(len(self.digits)))


class Message:
    """A line to read (a label and a detail such as a time); ok or start closes it."""

    def __init__(self, title, words, detail):
        self.title = title
        self.words = words
        self.detail = detail

    def key(self, k):
        return DONE if k == OK else None

    def value_text(self, lg):
        return "%s %s" % (label(self.words, lg), self.detail)


DONE = "done"  # an on_ok result: close the whole menu
BACK = "back"  # an on_ok result: return to the previous editor


class Menu:
    def __init__(self):
        self.stack = []

    def open(self, editor):
        self.stack.append(editor)

    def active(self):
        return bool(self.stack)

    def close(self):
        self.stack = []

    def key(self, k):
        """Feed one key press; the top editor handles it."""
        if not self.stack:
            return
        if k == START:
            self.stack.pop()
            return
        result = self.stack[-1].key(k)
        if result == DONE:
            self.stack = []
        elif result == BACK:
            self.stack.pop()
        elif result is not None:  # a next editor
            self.stack.append(result)

    def draw(self, fb, lg, arbiter=False):
        """The top editor on a 128x64 display: title, value, key hint. In
        arbiter mode the title is dark on a lit band, seen from across a room."""
        ed = self.stack[-1]
        fb.fill(0)
        title = label(ed.title, lg)
        if arbiter:
            fb.fill_rect(0, 0, 128, 17, 1)
            text.draw_centered(fb, title, 0, 0)
        else:
            text.draw_centered(fb, title, 0)
        fb.hline(0, 17, 128, 1)
        value = "< %s >" % ed.value_text(lg)
        text.draw_centered(fb, value, 24)
        from device.menuwords import MENU_KEYS  # (a menu's words: imported once a menu shows)
        text.draw(fb, MENU_KEYS[lg], 4, 48 if lg else 50)  # a 16-pixel line; ASCII sits 4 lower
        fb.show()

    def segments(self, lg):
        """What a 4-digit display shows of the top editor: an option's code
        (device/menuwords.py CODES), a number's digits, a code being entered."""
        from device.menuwords import code
        ed = self.stack[-1]
        if isinstance(ed, Choice):
            return code(ed.options[ed.index])
        if isinstance(ed, Code):
            return ed.value_text(lang.EN)
        return code(ed.value_text(lang.EN))
