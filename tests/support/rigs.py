"""A simulated clock for a test, and readers of what its displays show: the
firmware on host_tools.mpy.sim.rig.Rig with a board profile named as
`--profile` names it, its keys, and the OLED's big time and text lines decoded
from the pixels alone."""
from device import settings as cfg, text
from device.board import load_profile
from host_tools import simulate
from host_tools.mpy.sim import framebuf
from host_tools.mpy.sim.rig import Rig

LEFT, RIGHT, START, MINUS, PLUS, OK = range(6)  # device.wiring.KEYS, in order
# segments A..G -> digit, as the 7-segment digits are drawn
SEGMENT_DIGITS = {0x3F: "0", 0x06: "1", 0x5B: "2", 0x4F: "3", 0x66: "4", 0x6D: "5", 0x7D: "6",
                  0x07: "7", 0x7F: "8", 0x6F: "9"}


def board_profile(name="oled"):
    """A board profile (a dict) by its name or path."""
    return load_profile(str(simulate.profile_path(name)))


def rig(tmp_path, profile="oled", power_on=True, **values):
    """A clock on the board `profile` with the settings `values` (checked as
    the board checks them), its flash in tmp_path."""
    return Rig(board_profile(profile), cfg.check(dict(cfg.DEFAULTS, **values)), str(tmp_path), power_on=power_on)


def read_time(rows):
    """Decode the big 7-segment time (rows 20..47) from the pixels alone."""
    band = rows[20:48]
    lit = [any(band[y][x] for y in range(28)) for x in range(128)]
    boxes, x = [], 0
    while x < 128:
        if lit[x]:
            start = x
            while x < 128 and lit[x]:
                x += 1
            boxes.append((start, x))
        x += 1
    out = ""
    for x0, x1 in boxes:
        if x1 - x0 <= 4:  # a narrow box: the colon, the dot, or a '1' (segments b and c)
            if band[12][x0]:
                out += "1"
            elif band[8][x0]:
                out += ":"
            else:
                out += "."
            continue
        x = x1 - 14  # every digit but '1' has segment b or c at its right edge
        probes = ((x + 7, 1), (x + 12, 7), (x + 12, 20), (x + 7, 26), (x + 1, 20), (x + 1, 7), (x + 7, 13))
        bits = sum(1 << i for i, (px, py) in enumerate(probes) if band[py][px])
        out += SEGMENT_DIGITS.get(bits, "?")
    return out


def shows(rows, words, y, x=0):
    """Whether the 16-pixel text line at (x, y) reads `words` (drawn as the firmware draws text)."""
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    text.draw(fb, words, x, y)
    w = text.width(words)
    # rows y+1..y+14: a box round the line (the flag's) may use the first and last
    return all(rows[yy][xx] == fb.pixel(xx, yy) for yy in range(y + 1, y + 15) for xx in range(x, min(128, x + w)))


def bar(rows):
    """Whether the running side's bar (the top rows) is lit."""
    return all(rows[y][x] for y in range(3) for x in range(0, 128, 9))


def at(r, t):
    """Run the clock on to game time t."""
    r.run(t - r.app.game.now)
    assert r.app.game.now == t


def seg_rig(tmp_path, clock):
    """The 7-segment build (a rig of its own: build it after the OLED one is done)."""
    d = tmp_path / "segment7"
    d.mkdir()
    return rig(d, profile="segment7", clock=clock)


def segments(r, i):
    return r.frame(i)  # the TM1637 model's digits as text (colon left out)


def played_as_scenario(r, clock, presses, after_ms):
    """Press the levers on the rig at `presses` ((game ms, key), the first a
    start), let `after_ms` pass, and play the same presses as a scenario:
    (the rig's game as JSON, the scenario's state), which must be equal."""
    import json
    from clock import snapshot
    from host_tools import scenario
    for t, key in presses:
        r.run(t - r.clock.now)
        r.down(key)
        r.run(60)
        r.up(key)
    r.run(after_ms)
    lines = ["clock " + clock, "at 0 start"]
    lines += ["at %dms press %s" % (t, "red" if key == LEFT else "black") for t, key in presses[1:]]
    lines.append("end %dms" % r.app.game.now)
    return json.loads(snapshot.to_json(r.app.game)), json.loads(scenario.play(scenario.parse("\n".join(lines))))
