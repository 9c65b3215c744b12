# The 7-segment build's menu codes (device/menuwords.py CODES), on both VMs: every
# option the menus offer has one, a digit can draw every character of it, and
# no two look the same on the display.
from clock import timecontrol
from device import lang, menuwords
from device.tm1637 import encode_digits


def options():
    """Every option label the arbiter's menus offer (numbers aside)."""
    words = [pair[lang.EN] for pair in menuwords.MENU.values()]
    en = lang.words(lang.EN)
    words += en.SIDE + [en.DRAW, en.LATE]
    words += en.REASONS[4:]  # the reasons an arbiter enters
    words += list(timecontrol.PRESETS) + ["English", "中文", "BRONSTEIN"]
    return words


TITLES_ONLY = ("ARBITER", "STAGES", "TIME", "INCREMENT", "PER MOVE", "HANDICAP", "OVERTIME", "ING POINTS",
               "HOURGLASS")


def test_every_option_has_a_code():
    missing = [w for w in options() if w not in menuwords.CODES and w not in TITLES_ONLY]
    assert not missing, missing


def test_every_code_is_drawable_and_fits_four_digits():
    for words, code in menuwords.CODES.items():
        digits = 0
        for ch in code:
            if ch in ".:":
                continue
            digits += 1
            assert ch == " " or encode_digits(ch, bytearray(1))[0], (words, ch)
        assert 1 <= digits <= 4, (words, code)


def test_no_two_codes_look_the_same():
    seen = {}
    for words, code in menuwords.CODES.items():
        shown = encode_digits(code, bytearray(4))
        for i in (0, 2, 3):
            assert not shown[i] & 0x80, (words, code)  # a point the clock module has no LED for
        shown = bytes(shown)
        assert shown not in seen, (words, seen.get(shown))
        seen[shown] = words


def test_numbers_show_their_digits():
    assert menuwords.code("30 s") == "  30" and menuwords.code("1:00") == " 1:00"  # the colon between digits 2 and 3
    assert menuwords.code("5x") == "   5" and menuwords.code(("NONE", "无")) == "nonE"
