"""Hardware faults on the simulated board (issue 11): what the arbiter sees
when a display, a lever or the loop misbehaves."""
from test_simulation import rig, shows, read_time, LEFT, RIGHT, START, OK, PLUS  # noqa: F401

from device import faults


def at_phase(r, mark):
    """Run until the second in four that belongs to the marks (mark=True) or not."""
    while (r.app.gt.ms % 4000 >= 3000) != mark:
        r.run(10)


# -- the fault mark (item 8) -------------------------------------------------------------


def test_a_reported_fault_stays_marked_on_both_oled_screens_until_a_new_game(tmp_path):
    r = rig(tmp_path)
    r.press(START)
    r.press(LEFT)
    r.app.report_fault(faults.STORAGE, "journal: flash full")
    r.run(100)
    for i in range(2):  # the bottom line had nothing to say: the mark stays there
        assert shows(r.frame(i), "ERR FLASH", 48, 2)
    r.run(60000)  # latched: the cause may be long gone
    assert shows(r.frame(0), "ERR FLASH", 48, 2)
    r.press(START)  # paused: the pause has the line, the mark one second in four
    at_phase(r, False)
    assert shows(r.frame(1), "PAUSED", 48, 2)
    at_phase(r, True)
    assert shows(r.frame(1), "ERR FLASH", 48, 2)
    r.press(OK, hold_ms=2100)
    for key in [PLUS] * 7 + [OK, OK, OK]:  # RESULT, winner RED, reason MATE
        r.press(key)
    assert r.app.game.over()
    r.press(OK, hold_ms=2100)  # after the game: time control, custom, settings, start
    for key in (PLUS, PLUS, PLUS, OK):
        r.press(key)
    assert not r.app.game.started
    r.run(4000)
    assert r.app.fault_kinds == 0 and not shows(r.frame(0), "ERR FLASH", 48, 2)


def test_a_fault_and_a_paused_clock_share_the_bottom_line(tmp_path):
    r = rig(tmp_path)
    r.press(START)
    r.press(START)  # paused
    r.app.report_fault(faults.DISPLAY, "right display: OSError 5")
    r.app.report_fault(faults.PROGRAM, "loop step failed")
    at_phase(r, False)
    assert shows(r.frame(0), "PAUSED", 48, 2)
    at_phase(r, True)
    assert shows(r.frame(0), "ERR DISPLAY PROGRAM", 48, 2)


def test_the_seven_segment_build_shows_E_and_the_letter_one_second_in_four(tmp_path):
    r = rig(tmp_path, profile="segment7", clock="5m")
    r.press(START)
    r.app.report_fault(faults.STORAGE, "journal: flash full")
    at_phase(r, True)
    assert r.frame(0) == "EF  " and r.frame(1) == "EF  "
    r.run(1000)
    assert r.frame(0).replace(" ", "")[:1] == "4"  # the time again for three seconds


def test_a_failing_loop_step_is_marked_and_printed_once_per_quiet_period(tmp_path, capsys):
    r = rig(tmp_path)
    r.press(START)

    def broken(now):
        raise RuntimeError("broken sound")
    r.app.sound = broken  # fails at every step from now on
    r.run(5000)
    assert shows(r.frame(0), "ERR PROGRAM", 48, 2)
    printed = [line for line in capsys.readouterr().out.splitlines() if "broken sound" in line]
    assert len(printed) == 1 and r.app.faults >= 400
