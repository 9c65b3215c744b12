"""`xqclock simulate` without a display: the same decoded frames drawn in the
terminal with Braille dots (2 x 4 pixels per character), keys read raw.

A terminal sends no key releases, so a key is a tap; M holds ok long enough
for the menu. Virtual time follows the host's monotonic clock (realtime.py),
and key presses and releases happen at their exact virtual times. The
drawing fits the terminal: both displays side by side, one above the other,
or at half size; a terminal too small for any of them is told the size needed."""
import os
import select
import shutil
import sys
import termios
import textwrap
import tty

from host_tools.desktop.realtime import RealTime

HELP = "A/L levers  Space start/pause  -/+ minus/plus  Enter ok  M menu (holds ok)  Esc/Q quit"
TAPS = {"a": 0, "l": 1, " ": 2, "-": 3, "+": 4, "=": 4, "\r": 5, "\n": 5}
ARROWS = {"\x1b[A": 4, "\x1b[B": 3}  # up: plus, down: minus (as in the window)
TAP_MS = 80
MENU_HOLD_MS = 2500  # the menu opens after 2 s held; a hand holds a little longer
QUIT = ("q", "\x1b", "\x03")  # q, Esc, Ctrl-C
LED_ON, LED_OFF = "\u25cf", "\u25cb"  # a running-side LED lit, and unlit


def braille(rows, scale=1):
    """Rows of 0/1 pixels -> lines of Braille characters; scale 2 draws at half
    size (a dot is lit when any pixel of its 2x2 block is)."""
    if scale > 1:
        rows = [[int(any(rows[y + dy][x + dx] for dy in range(scale) if y + dy < len(rows)
                             for dx in range(scale) if x + dx < len(rows[0])))
                 for x in range(0, len(rows[0]), scale)] for y in range(0, len(rows), scale)]
    dots = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20),
            (0, 3, 0x40), (1, 3, 0x80))
    h, w = len(rows), len(rows[0])
    lines = []
    for y in range(0, h, 4):
        line = []
        for x in range(0, w, 2):
            code = 0
            for dx, dy, bit in dots:
                if y + dy < h and x + dx < w and rows[y + dy][x + dx]:
                    code |= bit
            line.append(chr(0x2800 + code))
        lines.append("".join(line))
    return lines


def _pictures(rig, scale):
    from host_tools.desktop.picture import pixels
    from host_tools.mpy.sim.frames import frame_bytes
    kind = rig.profile["display"]["kind"]
    return [braille(pixels(kind, frame_bytes(rig, i)), scale) for i in range(2)]


def layout(rig, columns, lines):
    """The lines to draw for a terminal of this size (each at most `columns`
    wide, at most `lines` of them)."""
    help_lines = [HELP] if len(HELP) <= columns else [HELP[:HELP.index("  Enter")].strip(),
                                                       HELP[HELP.index("Enter"):]]
    lamps = [LED_ON if rig.led(i) else LED_OFF for i in range(2)]  # the running-side LEDs
    for scale in (1, 2):
        left, right = _pictures(rig, scale)
        w = len(left[0])
        side = [("  %s left display" % lamps[0]).ljust(w + 6) + "%s right display" % lamps[1]] + \
            ["  " + a + "    " + b for a, b in zip(left, right)]
        stacked = ["  %s left display" % lamps[0]] + ["  " + a for a in left] + \
            ["  %s right display" % lamps[1]] + ["  " + b for b in right]
        for drawing in (side, stacked):
            body = drawing + [""] + help_lines
            if max(len(s) for s in body) <= columns and len(body) <= lines:
                return body
    need = len(side[1]), len(side) + 1 + len(help_lines)
    return textwrap.wrap(f"The terminal is {columns}x{lines}; the clock needs at least {need[0]}x{need[1]}. "
                         "Make the window larger, or press Q to quit.", max(columns, 1))[:max(lines, 1)]


def screen(rig, columns=None, lines=None):
    """One frame to write: home the cursor, the drawing, each line cleared to its end."""
    if columns is None:
        columns, lines = shutil.get_terminal_size()
    body = layout(rig, columns, lines)
    return "\x1b[H" + "\r\n".join(s + "\x1b[K" for s in body) + "\x1b[J"


def keys(data):
    """Bytes from the terminal -> key names: a character, an arrow's sequence,
    or Esc (an escape byte that starts no sequence)."""
    text = data.decode(errors="ignore")
    out = []
    i = 0
    while i < len(text):
        if text[i] == "\x1b" and text[i + 1:i + 2] in ("[", "O"):
            j = i + 2
            while j < len(text) and not "@" <= text[j] <= "~":
                j += 1
            out.append(text[i:j + 1].replace("\x1bO", "\x1b["))
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return out


class Keys:
    """The terminal's keys on the rig, at exact virtual times: a tap goes up
    TAP_MS after it went down, M holds ok for MENU_HOLD_MS."""

    def __init__(self, rig, pace):
        self.rig = rig
        self.pace = pace
        self.releases = []  # (virtual time, key), in time order

    def run_to(self, t):
        """Run the firmware to virtual time t, releasing each key at its own time."""
        while self.releases and self.releases[0][0] <= t:
            when, key = self.releases.pop(0)
            self.pace.run_to(when)
            self.rig.up(key)
        self.pace.run_to(t)

    def press(self, name, t):
        """One key from the terminal at virtual time t; False for quit."""
        name = name.lower() if len(name) == 1 else name
        if name in QUIT:
            return False
        key, hold = (5, MENU_HOLD_MS) if name == "m" else (TAPS.get(name, ARROWS.get(name)), TAP_MS)
        if key is None or any(k == key for _, k in self.releases):
            return True  # not a key of the clock, or that key is still down
        self.run_to(t)
        self.rig.down(key)
        self.releases.append((t + hold, key))
        self.releases.sort()
        return True


def loop(rig, out=sys.stdout):
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    pace = RealTime(rig)
    board_keys = Keys(rig, pace)
    try:
        tty.setraw(fd)
        out.write("\x1b[2J\x1b[?25l")
        while True:
            ready, _, _ = select.select([fd], [], [], 0.05)
            now = pace.now()
            if ready:
                for name in keys(os.read(fd, 64)):
                    if not board_keys.press(name, now):
                        return
            board_keys.run_to(now)
            out.write(screen(rig))
            out.flush()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\r\n")
