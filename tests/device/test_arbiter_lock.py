"""The arbiter's lock on the simulated board (issue 15.2, 15.6, 11.11): arbiter
mode lasts for one action and is plain to see on both builds, a player's
pause stays the player's, wrong codes lock the menu for a while, and without a
code a player still cannot resume."""
import pytest

from clock import events as ev
from clock.journalread import Loaded
from device import app as device_app, codelock, settings as cfg
from support.rigs import LEFT, OK, PLUS, RIGHT, START, rig
CODE_1200 = [PLUS, OK, PLUS, PLUS, OK, OK, OK]  # digit by digit from 0000
WRONG = [OK, OK, OK, OK]  # 0000


def records(tmp_path, kind):
    return [r for r in Loaded(str(tmp_path / "game.xqj")).records() if r[1] == kind]


def enter(r, keys):
    r.press(OK, hold_ms=2100)
    for k in keys:
        r.press(k)


def test_arbiter_mode_ends_when_the_action_is_done(tmp_path):
    r = rig(tmp_path, code="1200")
    r.press(START)
    r.press(LEFT)
    enter(r, CODE_1200 + [PLUS, OK, PLUS, OK, OK])  # add 1 min to Black
    assert r.app.game.sides[1].granted == 3600000 + 60000
    assert not r.app.arbiter and not r.app.menu.active()
    r.press(OK, hold_ms=2100)  # a player holding ok meets the code, not the menu
    assert type(r.app.menu.stack[-1]).__name__ == "Code"  # (the menus' modules are read anew for each menu)
    r.press(START)  # back out
    r.press(START)  # and stop the clock: that is the player's pause (§9.1.2)
    assert r.app.game.paused
    assert [rec[3] for rec in records(tmp_path, ev.PAUSE)] == [ev.BY_PLAYER]
    r.press(START)  # a player cannot resume it
    assert r.app.game.paused


def test_the_arbiters_pause_is_resumed_only_by_the_arbiter(tmp_path):
    r = rig(tmp_path, code="1200")
    r.press(START)
    enter(r, CODE_1200 + [OK])  # PAUSE
    assert r.app.game.paused and not r.app.arbiter
    assert [rec[3] for rec in records(tmp_path, ev.PAUSE)] == [0]  # the arbiter's
    r.press(START)
    assert r.app.game.paused
    enter(r, CODE_1200 + [OK])  # RESUME
    assert not r.app.game.paused


def test_arbiter_mode_ends_after_a_short_idle_time(tmp_path):
    r = rig(tmp_path, code="1200")
    r.press(START)
    enter(r, CODE_1200)
    assert r.app.arbiter
    for _ in range(5):  # the players' levers do not keep it open
        r.run(device_app.ARBITER_IDLE_MS // 6)
        r.press(LEFT if r.app.game.turn == 0 else RIGHT)
    r.run(device_app.ARBITER_IDLE_MS // 6)
    assert not r.app.arbiter and not r.app.menu.active()
    assert r.app.game.sides[0].moves + r.app.game.sides[1].moves == 5


def test_an_arbiter_key_keeps_it_open(tmp_path):
    r = rig(tmp_path, code="1200")
    r.press(START)
    enter(r, CODE_1200)
    r.run(device_app.ARBITER_IDLE_MS - 1000)
    r.press(PLUS)
    r.run(device_app.ARBITER_IDLE_MS - 1000)
    assert r.app.arbiter and r.app.menu.active()


def test_arbiter_mode_is_plain_on_the_oled(tmp_path):
    r = rig(tmp_path, code="1200")
    r.press(START)
    r.press(OK, hold_ms=2100)  # the code prompt: not arbiter mode yet
    prompt = r.frame(0)
    assert not any(prompt[1][x] for x in range(0, 128, 4))
    for k in CODE_1200:
        r.press(k)
    frame = r.frame(0)
    band = sum(frame[y][x] for y in range(16) for x in range(128))
    assert band > 128 * 16 * 2 // 3  # the title band is lit: dark letters on light


def test_arbiter_mode_is_plain_on_the_seven_segment_build(tmp_path):
    r = rig(tmp_path, profile="segment7", code="1200")
    r.press(START)
    r.press(OK, hold_ms=2100)
    assert not any(s & 0x80 for s in r.models[0].segments[:4])  # the code prompt
    for k in CODE_1200:
        r.press(k)
    for model in r.models:
        assert all(s & 0x80 for s in model.segments[:4])  # every point lit: arbiter mode
    r.press(START)  # backing out of the menu ends it
    assert not r.app.arbiter
    r.run(1000)
    assert not all(s & 0x80 for s in r.models[0].segments[:4])


def test_without_a_code_a_player_cannot_resume(tmp_path):
    """Issue 11.11: no code set still means only the arbiter resumes, from the
    menu; a tap of start during play is a player's pause, as with a code."""
    r = rig(tmp_path)
    r.press(START)
    r.press(LEFT)
    r.press(START)
    assert r.app.game.paused and not r.app.arbiter
    assert [rec[3] for rec in records(tmp_path, ev.PAUSE)] == [ev.BY_PLAYER]
    r.press(START)
    assert r.app.game.paused
    enter(r, [OK])  # hold ok: the menu at once (no code), RESUME
    assert not r.app.game.paused and not r.app.arbiter


def test_wrong_codes_lock_the_menu_for_a_while(tmp_path):
    r = rig(tmp_path, code="1200")
    r.press(START)
    for _ in range(codelock.CODE_TRIES):
        enter(r, WRONG)
    assert not r.app.arbiter
    assert len(records(tmp_path, ev.CODE_LOCKOUT)) == 1
    assert records(tmp_path, ev.CODE_LOCKOUT)[0][3] == codelock.LOCKOUT_MS
    r.press(START)  # dismiss the notice
    enter(r, CODE_1200)  # even the right code is refused now
    assert not r.app.arbiter
    r.run(codelock.LOCKOUT_MS)
    enter(r, CODE_1200)
    assert r.app.arbiter


def test_the_lockout_is_shown(tmp_path):
    r = rig(tmp_path, code="1200")
    r.press(START)
    for _ in range(codelock.CODE_TRIES):
        enter(r, WRONG)
    assert "LOCKED" in r.app.menu.stack[-1].value_text(0)
    r.press(START)
    r.press(OK, hold_ms=2100)
    assert "LOCKED" in r.app.menu.stack[-1].value_text(0)


def test_the_lockout_is_on_the_sheet(tmp_path, capsys):
    from host_tools import cli
    r = rig(tmp_path, code="1200")
    r.press(START)
    for _ in range(codelock.CODE_TRIES):
        enter(r, WRONG)
    r.app.table.close()
    assert cli.main(["report", str(tmp_path / "game.xqj")]) == 0
    out = capsys.readouterr().out
    assert "wrong arbiter codes" in " ".join(out.split())


@pytest.mark.parametrize("code", ["0000", " 0000 "])
def test_0000_means_no_code_everywhere(code):
    from host_tools.board import config
    assert cfg.check(dict(cfg.DEFAULTS, code="0000"))["code"] == ""
    assert config.changes_from(code=code)["code"] == ""
