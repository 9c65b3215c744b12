"""`xqclock simulate` without a display: the same decoded frames drawn in the
terminal with Braille dots (2 x 4 pixels per character), keys read raw.
A terminal sends no key releases, so a key is a tap; M holds ok for 2 s."""
import os
import select
import sys
import termios
import time
import tty

HELP = "a/l: levers  space: start/pause  -/+: minus/plus  enter: ok  m: hold ok (menu)  q: quit"
TAPS = {"a": 0, "l": 1, " ": 2, "-": 3, "+": 4, "=": 4, "\r": 5, "\n": 5}
TAP_MS = 80


def braille(rows):
    """Rows of 0/1 pixels -> lines of Braille characters."""
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


def screen(rig):
    from host_tools.sim.frames import frame_bytes
    from host_tools.sim.picture import pixels
    kind = rig.profile["display"]["kind"]
    left, right = (braille(pixels(kind, frame_bytes(rig, i))) for i in range(2))
    out = ["\x1b[H", "  left display".ljust(len(left[0]) + 4) + "right display"]
    for a, b in zip(left, right):
        out.append("  " + a + "    " + b)
    out.append("")
    out.append(HELP)
    return "\r\n".join(out)


def loop(rig, out=sys.stdout):
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    releases = []  # (real time, key)
    try:
        tty.setraw(fd)
        out.write("\x1b[2J\x1b[?25l")
        last = time.monotonic()
        while True:
            ready, _, _ = select.select([fd], [], [], 0.05)
            now = time.monotonic()
            if ready:
                ch = os.read(fd, 1).decode(errors="ignore")
                if ch in ("q", "\x03"):
                    return
                key, hold = (5, 2.0) if ch == "m" else (TAPS.get(ch), TAP_MS / 1000)
                if key is not None:
                    rig.down(key)
                    releases.append((now + hold, key))
            for when, key in [r for r in releases if r[0] <= now]:
                rig.up(key)
                releases.remove((when, key))
            rig.run(int((now - last) * 1000))
            last = now
            out.write(screen(rig))
            out.flush()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\r\n")
