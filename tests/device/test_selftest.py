"""The clock's self-test (issue 30.1) on the simulated board, both builds:
everything lit with the buzzer on, each lever and key asked for in turn and
the one that arrived shown, the battery read, the store written and read
back, the result kept in /selftest.json; never while a game runs."""
import json

import pytest

from device import selftest
from host_tools.mpy.sim import framebuf, machine
from support.rigs import LEFT, OK, PLUS, RIGHT, START, MINUS, rig

KEYS = (LEFT, RIGHT, START, MINUS, PLUS, OK)


def battery(mv):
    """The ADC count the 100k/100k divider gives for mv at the battery."""
    machine.ADC_VALUES[26] = mv * 65535 // 6600


def oled_line(rows, words, y):
    """Whether the OLED shows `words` centred in the 8x8 font at row y."""
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    x = (128 - 8 * len(words)) // 2
    fb.text(words, x, y, 1)
    return all(rows[yy][xx] == fb.pixel(xx, yy) for yy in range(y, y + 8) for xx in range(128))


def result(tmp_path):
    return json.loads((tmp_path / "selftest.json").read_text())


def by_part(tmp_path):
    return {part: (status, detail) for part, status, detail in result(tmp_path)["results"]}


def through_the_lamps(r):
    assert r.app.act("start_selftest")
    r.run(selftest.LAMP_MS // 2)


@pytest.mark.parametrize("build", ["oled", "segment7"])
def test_a_good_board_passes_and_keeps_its_result(tmp_path, build):
    r = rig(tmp_path, build)
    battery(3900)
    through_the_lamps(r)
    if build == "oled":
        assert all(all(row) for row in r.frame(0)) and all(all(row) for row in r.frame(1))
    else:
        assert list(r.models[0].segments[:4]) == list(r.models[1].segments[:4]) == [0xFF] * 4
    assert (r.led(0), r.led(1)) == (1, 1) and r.board.buzzer.playing()
    r.run(selftest.LAMP_MS)
    assert not r.board.buzzer.playing() and (r.led(0), r.led(1)) == (0, 0)
    for i, k in enumerate(KEYS):
        if build == "oled":
            assert oled_line(r.frame(0), selftest.NAMES[i], 40), i
        else:
            assert r.frame(0) == "P%d  " % (i + 1) and r.frame(1) == selftest.CODES[i].replace("S", "5").ljust(4)
        r.press(k)
        if build == "oled":
            assert oled_line(r.frame(1), selftest.NAMES[i], 40)  # what arrived
        r.run(selftest.SHOW_MS)
    got = by_part(tmp_path)
    assert result(tmp_path)["passed"] is True, got
    assert list(got) == ["display.left", "display.right", "buzzer", "lever_left", "lever_right",
                                "start", "minus", "plus", "ok", "battery", "store"]
    assert got["battery"][0] == "pass" and got["battery"][1].startswith("39")
    assert got["store"] == ("pass", "flash written and read back")
    assert not (tmp_path / selftest.PROBE).exists()
    # the levers pressed the test, not a game
    assert not r.app.game.started and [s.moves for s in r.app.game.sides] == [0, 0]
    assert r.app.selftest is not None  # the outcome shows until a key
    r.press(START)
    assert r.app.selftest is None and not r.app.game.started


def test_a_key_on_the_wrong_pin_and_a_dead_one_are_named(tmp_path):
    r = rig(tmp_path, "oled")
    through_the_lamps(r)
    r.run(selftest.LAMP_MS)
    for k in (LEFT, RIGHT, START, PLUS):  # minus asked for, plus arrives
        r.press(k)
        r.run(selftest.SHOW_MS)
    assert oled_line(r.frame(0), "PRESS", 24) and oled_line(r.frame(0), "PLUS", 40)
    r.run(selftest.KEY_WAIT_MS + selftest.SHOW_MS)  # plus pressed no more: its switch is dead
    r.press(OK)
    r.run(selftest.SHOW_MS)
    got = by_part(tmp_path)
    assert got["minus"] == ("fail", "plus arrived instead")
    assert got["plus"] == ("fail", "no press in %d s" % (selftest.KEY_WAIT_MS // 1000))
    assert got["ok"][0] == "pass"
    assert got["battery"] == ("fail", "0 mV: no battery (switched off, or no divider)")
    assert result(tmp_path)["passed"] is False
    assert oled_line(r.frame(0), "TEST FAILED", 24)


@pytest.mark.parametrize("build", ["oled", "segment7"])
def test_an_unplugged_display_fails_its_line(tmp_path, build):
    r = rig(tmp_path, build)
    r.unplug(1)
    through_the_lamps(r)
    r.run(selftest.LAMP_MS)
    for k in KEYS:
        r.press(k)
        r.run(selftest.SHOW_MS)
    got = by_part(tmp_path)
    assert got["display.left"][0] == "pass" and got["display.right"][0] == "fail"
    assert got["display.right"][1].startswith("no answer")


def test_no_test_while_a_game_runs(tmp_path):
    r = rig(tmp_path, "oled")
    r.press(START)
    r.run(1000)
    assert not r.app.act("start_selftest") and r.app.selftest is None
    assert r.app.game.started and not r.app.game.over()


def test_the_arbiters_menu_offers_it_between_games(tmp_path):
    r = rig(tmp_path, "oled")
    r.press(OK, hold_ms=2100)
    assert r.app.arbiter
    for _ in range(5):  # time control, custom, settings, late, start, self-test
        r.press(PLUS)
    r.press(OK)
    assert r.app.selftest is not None and not r.app.menu.active()


def test_power_on_with_ok_held_or_the_hosts_request_starts_it(tmp_path):
    r = rig(tmp_path, "oled", power_on=False)
    machine.Pin(r.buttons["ok"])  # the switch is there before the board is
    r.down(OK)
    r.boot()
    assert r.app.selftest is not None
    r.up(OK)
    r.run(selftest.LAMP_MS * 2)
    assert r.app.selftest.phase == 1 and r.app.selftest.index == 0  # the release pressed nothing
    (tmp_path / "asked").mkdir()
    r2 = rig(tmp_path / "asked", "oled", power_on=False)
    (tmp_path / "asked" / "selftest.req").write_text("")
    r2.boot()
    assert r2.app.selftest is not None and not (tmp_path / "asked" / "selftest.req").exists()
    r3 = rig(tmp_path / "asked", "oled")  # used up: the next power-on plays
    assert r3.app.selftest is None


def test_keys_pressed_early_answer_the_next_questions_in_order(tmp_path):
    r = rig(tmp_path, "oled")
    r.app.act("start_selftest")
    r.press(LEFT)  # while the lamps are lit
    r.run(selftest.LAMP_MS)
    for k in KEYS[1:]:
        r.press(k)  # each while the answer before it still shows
    r.run(6 * selftest.SHOW_MS)
    got = by_part(tmp_path)
    assert [got[k][0] for k in ("lever_left", "lever_right", "start", "minus", "plus", "ok")] == ["pass"] * 6
