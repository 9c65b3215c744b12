"""Issue 29 on the screens of both builds, read back from the decoded pixels
and segments: tenths under a threshold that is a setting ("SS.t" on the
7-segment build), the up-count's time counted up, Ing overtime's period and
points, the hourglass's waiting side gaining; and each method on the device's
custom-control menu."""
import pytest

from support.rigs import (LEFT, MINUS, OK, PLUS, RIGHT, START, at, board_profile, played_as_scenario, read_time, rig,
                          seg_rig, segments, shows)

# -- tenths under a threshold, a setting -------------------------------------------------------


@pytest.mark.parametrize("tenths,shown", [(20000, "19.0"), (30000, "19.0"), (10000, "0:19"), (0, "0:19")])
def test_tenths_show_under_the_threshold_set_oled(tmp_path, tenths, shown):
    r = rig(tmp_path, clock="30s", tenths=tenths)
    r.press(START)
    at(r, 5300)  # 24.7 s left: tenths only under 30 s
    assert read_time(r.frame(0)) == ("24.7" if tenths == 30000 else "0:25")
    at(r, 11000)  # 19.0 s left
    assert read_time(r.frame(0)) == shown


def test_the_seven_segment_build_shows_seconds_and_tenths(tmp_path):
    s = seg_rig(tmp_path, "30s")
    s.press(START)
    at(s, 9000)  # 21 s left: M:SS
    assert segments(s, 0) == " 021"
    at(s, 10100)  # 19.9 s left
    assert segments(s, 0) == "199 " and s.models[0].colon
    at(s, 10600)  # the point is steady (a running clock's colon blinks, this is no colon)
    assert segments(s, 0) == "194 " and s.models[0].colon
    at(s, 25000)  # 5.0 s: no leading zero
    assert segments(s, 0) == " 50 "


def test_the_tenths_threshold_is_a_setting_on_the_seven_segment_build_too(tmp_path):
    d = tmp_path / "s"
    d.mkdir()
    s = rig(d, profile="segment7", clock="1m", tenths=60000)
    assert segments(s, 0) == " 100"  # 1:00 exactly is not under 60 s
    s.press(START)
    at(s, 1000)
    assert segments(s, 0) == "590 "  # 59.0


def test_the_settings_menu_sets_the_tenths_threshold(tmp_path):
    r = rig(tmp_path)
    r.press(OK, hold_ms=2100)  # before the round: time control, custom, settings, ...
    for key in [PLUS, PLUS, OK]:  # SETTINGS
        r.press(key)
    for key in [PLUS, PLUS, OK]:  # late limit, foul limit, TENTHS
        r.press(key)
    for key in [PLUS, PLUS, OK]:  # 20 s -> 30 s -> 60 s
        r.press(key)
    assert r.app.values["tenths"] == 60000
    assert all(scr.tenths == 60000 for scr in r.app.displays.screens)


# -- up-count ------------------------------------------------------------------------------


def test_an_upcount_counts_up_past_the_main_time_on_both_builds(tmp_path):
    r = rig(tmp_path, clock="10s;upcount")
    r.press(START)
    at(r, 9500)
    assert read_time(r.frame(0)) == "0.5"  # the main time counts down as usual
    at(r, 10000 + 65400)  # 65.4 s counted: whole seconds, as a stopwatch shows them
    assert read_time(r.frame(0)) == "1:05" and shows(r.frame(0), "UP", 48, 2)
    assert r.app.game.over() is False
    s = seg_rig(tmp_path, "upcount")
    s.press(START)
    at(s, 12900)
    assert segments(s, 0) == " 012"  # no tenths in a count
    s.press(LEFT)
    assert segments(s, 0) == " 012" and segments(s, 1) == " 000"


# -- Ing overtime --------------------------------------------------------------------------


def test_ing_overtime_shows_the_period_and_the_points_charged(tmp_path):
    r = rig(tmp_path, clock="10s;ing 3x1m 2pt")
    r.press(START)
    at(r, 10000 + 60000 + 5000)  # 5 s into the second period
    assert read_time(r.frame(0)) == "0:55"  # the current period's time (each costs points)
    assert shows(r.frame(0), "ING2/3 -4PT", 48, 2)
    r.press(LEFT)  # a move does not restart an Ing period
    assert read_time(r.frame(0)) == "0:55"
    s = seg_rig(tmp_path, "10s;ing 3x1m 2pt")
    s.press(START)
    at(s, 10000 + 60000 + 5000)
    assert segments(s, 0) == " 055"
    s.press(MINUS)  # fouls and the Ing period
    assert segments(s, 0) == "F0P2"


def test_ing_in_chinese(tmp_path):
    r = rig(tmp_path, clock="10s;ing 3x1m 2pt", language=1)
    r.press(START)
    at(r, 10000 + 1000)
    assert shows(r.frame(0), "应氏1/3 罚2点", 48, 2)


# -- hourglass -----------------------------------------------------------------------------


def test_an_hourglass_waiting_side_gains_what_the_mover_uses(tmp_path):
    r = rig(tmp_path, clock="1m;hourglass")
    r.press(START)
    at(r, 10000)
    assert read_time(r.frame(0)) == "0:50" and read_time(r.frame(1)) == "1:10"
    r.press(LEFT)
    at(r, 30000)
    assert read_time(r.frame(0)) == "1:10" and read_time(r.frame(1)) == "0:50"


# -- the custom-control menu ---------------------------------------------------------------

CUSTOM = [PLUS, OK]  # CUSTOM
DEFAULT_STAGES = [OK, OK]  # 60 min, no quota


@pytest.mark.parametrize("profile", ["oled", "segment7"])
@pytest.mark.parametrize("keys,spec", [
    ([OK, OK, PLUS, PLUS, OK, OK, PLUS, PLUS, OK, PLUS, OK], "60m;ing 3x20m 2pt"),  # overtime: ING 3 x 20 min, 2 pt
    ([OK, OK, MINUS, OK], "60m;upcount"),  # overtime: UP-COUNT (one back from none)
    ([OK, OK, OK, PLUS, OK], "60m;hourglass"),  # no overtime, then HOURGLASS on
])
def test_each_method_is_on_the_custom_control_menu(tmp_path, profile, keys, spec):
    d = tmp_path / profile
    d.mkdir()
    r = rig(d, profile=profile)
    r.press(OK, hold_ms=2100)
    for key in CUSTOM + DEFAULT_STAGES + keys + [OK, OK]:  # ... no per-move limit, Black as Red
        r.press(key)
    assert not r.app.menu.active()
    assert (r.app.values["clock"], r.app.values["clock_black"]) == (spec, "")


# -- the running-side LEDs -----------------------------------------------------------------

@pytest.mark.parametrize("profile", ["oled", "segment7"])
def test_the_leds_show_the_running_side_a_fallen_flag_and_a_pause(tmp_path, profile):
    d = tmp_path / profile
    d.mkdir()
    r = rig(d, profile=profile, clock="1m")
    assert (r.led(0), r.led(1)) == (0, 0)  # before the start
    r.press(START)
    assert (r.led(0), r.led(1)) == (1, 0)  # Red, at the left, runs
    r.press(LEFT)
    assert (r.led(0), r.led(1)) == (0, 1)
    r.press(START)  # a player's pause: nothing runs
    assert r.app.game.paused and (r.led(0), r.led(1)) == (0, 0)
    r.press(OK, hold_ms=2100)
    r.press(OK)  # the arbiter resumes
    assert (r.led(0), r.led(1)) == (0, 1)
    at(r, 60000 + 3000 + 200)  # Black's minute ran out at about 1:03; its LED blinks
    assert r.app.game.over() and r.app.game.sides[1].flag_at > 0
    seen = set()
    for _ in range(8):
        r.run(250)
        seen.add((r.led(0), r.led(1)))
    assert seen == {(0, 0), (0, 1)}
    r.power_cut()
    assert (r.led(0), r.led(1)) == (0, 0)


def test_the_profile_check_names_a_bad_or_missing_led_pin():
    from device.board import ProfileError, check
    for change, words in ((lambda p: p["leds"].update(left=25), "leds.left = 25 is not a usable GPIO"),
                          (lambda p: p["leds"].pop("right"), "leds.right is missing"),
                          (lambda p: p["leds"].update(right="19"), "leds.right = '19'")):
        profile = board_profile("segment7")
        change(profile)
        with pytest.raises(ProfileError, match=words):
            check(profile)
    profile = board_profile("oled")
    del profile["leds"]  # a board without LEDs is still a board
    assert check(profile) is profile


def test_red_at_the_right_lights_the_right_led(tmp_path):
    r = rig(tmp_path, red_side=1)
    r.press(START)
    assert (r.led(0), r.led(1)) == (0, 1)


def test_a_stopped_clock_turns_its_leds_off(tmp_path):
    r = rig(tmp_path)
    r.press(START)
    assert r.led(0) == 1
    r.app.act("halt")  # the loop ended (Ctrl-C over USB)
    assert (r.led(0), r.led(1)) == (0, 0)


# -- each method from a button script, on both VMs, and as a scenario -----------------------

METHOD_SCRIPT = """\
clock {clock}
at 0 press start
at 4s press left-lever
at 9s press right-lever
at 12s snapshot early
at 30s press left-lever
at 40s snapshot late
end 40s
"""
METHODS = ("5m;upcount", "5m;hourglass", "60m;ing 3x20m 2pt",  # as the issue names them
           "20s;upcount", "upcount", "1m;hourglass", "20s;ing 3x10s 2pt", "30s")  # reaching overtime and tenths


@pytest.mark.parametrize("profile", ["oled", "segment7"])
@pytest.mark.parametrize("clock", METHODS)
def test_each_method_plays_from_a_button_script_alike_on_both_vms(tmp_path, profile, clock):
    from host_tools import simulate
    text = METHOD_SCRIPT.format(clock=clock)
    runs = [simulate.headless(profile, text, vm) for vm in ("cpython", "micropython")]
    assert runs[0] == runs[1]  # the pictures, the LEDs with them
    assert [(name, i) for name, i, _ in runs[0]] == [("early", 0), ("early", 1), ("late", 0), ("late", 1)]
    led = 1024 if profile == "oled" else 6
    early = {i: frame for name, i, frame in runs[0] if name == "early"}
    assert (early[0][led], early[1][led]) == (1, 0)  # Red, at the left, runs
    paths = simulate.write_pngs(profile, runs[0], tmp_path / "png")
    assert len(paths) == 4 and all(p.read_bytes()[:4] == b"\x89PNG" for p in paths)


@pytest.mark.parametrize("clock", METHODS)
def test_each_method_with_the_buttons_is_the_game_its_scenario_plays(tmp_path, clock):
    r = rig(tmp_path, clock=clock)
    presses = [(0, START)] + [(1000 + 6011 * i, LEFT if i % 2 == 0 else RIGHT) for i in range(12)]
    game, played = played_as_scenario(r, clock, presses, 90000)
    assert game == played


def test_the_window_draws_the_leds(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from host_tools.desktop import window
    r = rig(tmp_path)
    w = window.Window(r)
    try:
        def colour(i):
            rect = w.display_rects[i]
            w.draw()
            return tuple(w.screen.get_at((rect.centerx, rect.y - 16)))[:3]
        assert colour(0) == colour(1) == window.LED_OFF
        r.press(START)
        assert colour(0) == window.LED_ON and colour(1) == window.LED_OFF
    finally:
        w.pg.quit()
