"""What the displays show, read back from the chip models: hours on the
7-segment build, the narrow '1' on the OLED, the menu's footer in Chinese."""
import pytest

from device import menuwords, text
from host_tools.mpy.sim import framebuf
from support.rigs import OK, START, rig


@pytest.mark.parametrize("clock,shown", [("65m", "1H05"), ("65s", " 105"), ("60m", "1H00"), ("59m59s", "5959"),
                                         ("10h35m", "10H3"), ("9h59m30s", "10H0"), ("9h58m30s", "9H59")])
def test_hours_on_seven_segments_never_look_like_minutes(tmp_path, clock, shown):
    """65 min and 65 s both read "1:05" before; hours now carry an H."""
    r = rig(tmp_path, "segment7", clock=clock)
    r.run(100)
    assert r.models[0].text() == shown


def test_hours_colon_is_the_minutes_colon_only(tmp_path):
    r = rig(tmp_path, "segment7", clock="65s")
    r.run(100)
    assert r.models[0].segments[1] & 0x80  # 1:05, a stopped clock shows its colon


def _columns_lit(rows, y0=20, y1=48):
    return [any(rows[y][x] for y in range(y0, y1)) for x in range(128)]


def _runs(lit):
    out, x = [], 0
    while x < len(lit):
        if lit[x]:
            start = x
            while x < len(lit) and lit[x]:
                x += 1
            out.append((start, x))
        x += 1
    return out


def test_a_one_sits_between_its_neighbours_on_the_oled(tmp_path):
    """1:01:05: the '1' of "01" used to hug the colon after it ("1:0 1:05")."""
    r = rig(tmp_path, "oled", clock="61m5s")
    r.run(100)
    boxes = _runs(_columns_lit(r.frame(0)))
    assert len(boxes) == 7  # 1 : 0 1 : 0 5
    zero, one, colon = boxes[2], boxes[3], boxes[4]
    before, after = one[0] - zero[1], colon[0] - one[1]
    assert abs(before - after) <= 1, (before, after)


def test_the_menu_footer_speaks_the_screen_language(tmp_path):
    r = rig(tmp_path, "oled", language=1)
    r.down(OK)
    r.run(2200)
    r.up(OK)
    r.run(50)
    assert r.app.menu.active()
    rows = r.frame(0)
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    text.draw(fb, menuwords.MENU_KEYS[1], 4, 48)
    footer = [[fb.pixel(x, y) for x in range(128)] for y in range(48, 64)]
    assert [list(row) for row in rows[48:64]] == footer
    assert any(any(row) for row in footer)


def _line(rows, y=48):
    return [list(row) for row in rows[y + 1:y + 15]]


def _drawn(words, y=48, x=2):
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    text.draw(fb, words, x, y)
    return [[fb.pixel(xx, yy) for xx in range(128)] for yy in range(y + 1, y + 15)]


def test_the_board_and_each_players_name_show_until_the_start(tmp_path):
    r = rig(tmp_path, "oled", board=7, red_name="Wang Tianyi", black_name="Lü Qin")
    r.run(100)
    assert _line(r.frame(0)) == _drawn("#7 Wang Tianyi")  # Red sits at the left lever
    assert _line(r.frame(1)) == _drawn("#7")  # no glyph for ü: the board number alone
    r.down(START)
    r.run(100)
    r.up(START)
    r.run(100)
    assert _line(r.frame(0)) != _drawn("#7 Wang Tianyi")  # the game's own line from the start
    from clock.journalread import Loaded
    header = Loaded(str(tmp_path / "game.xqj")).settings
    assert header["board"] == 7 and header["names"] == ["Wang Tianyi", "Lü Qin"]
