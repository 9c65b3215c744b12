"""The display's promise (FIDE's standard for electronic clocks: the display
"at all times should show the time available to complete a player's next
move"), read back from the decoded pixels and segments, mode by mode, on
both builds; and the marks for a period reached and for the flag that fell."""
import pytest

from clock import events as ev
from support.rigs import LEFT, RIGHT, START, at, bar, read_time, rig, seg_rig, segments, shows

# The rig's START press goes down at 0 and is released by 90 ms; times below
# are game times (from START's down edge).
STARTED = 90


def marked(rows):
    """Whether the header's period label is drawn inverted (the period mark)."""
    x = 128 - 8 * len("P2 2/3")
    return all(rows[5][xx] for xx in range(x - 2, x + 16)) and rows[15][x - 2]


# -- before the start -------------------------------------------------------------

@pytest.mark.parametrize("spec,shown", [("fide-rapid", "15:10"), ("15m+10s;increment-at-start", "15:10"),
                                        ("15m+10s", "15:00"), ("xq-15+10", "15:00")])
def test_before_the_start_the_first_increment_shows_only_under_fide_convention(tmp_path, spec, shown):
    r = rig(tmp_path, clock=spec)
    assert read_time(r.frame(0)) == shown and read_time(r.frame(1)) == shown
    s = seg_rig(tmp_path, spec)
    assert segments(s, 0) == shown.replace(":", "") and segments(s, 1) == shown.replace(":", "")


def test_fide_rapid_after_a_10_second_first_move_is_back_at_15_10(tmp_path):
    r = rig(tmp_path, clock="fide-rapid")
    r.press(START)
    at(r, 10000)
    r.press(LEFT)
    assert read_time(r.frame(0)) == "15:10"  # Red: 15:10 - 0:10 + 0:10
    assert read_time(r.frame(1)) == "15:10"  # Black, running since 10 s: 15:09.91 rounds up


# -- simple delay: the delay counts down, then the main time ------------------------------

def test_a_simple_delay_counts_down_before_the_main_time_oled(tmp_path):
    r = rig(tmp_path, clock="5m;delay 5s")
    assert read_time(r.frame(0)) == "5:00"  # before the start: the main time
    r.press(START)
    at(r, 2000)
    left, right = r.frame(0), r.frame(1)
    assert read_time(left) == "3.0"  # 3 s of the delay left
    assert shows(left, "DELAY 5:00", 48, 2)  # and the main time it protects
    assert read_time(right) == "5:00" and not shows(right, "DELAY", 48, 2)  # Black waits
    at(r, 6000)  # the delay ran out at 5 s; 1 s of main time used
    assert read_time(r.frame(0)) == "4:59"
    assert not shows(r.frame(0), "DELAY", 48, 2)
    r.press(LEFT)  # down at 6 s: Black's delay starts
    assert read_time(r.frame(1)) == "5.0"  # 4.91 s rounded up
    assert read_time(r.frame(0)) == "4:59"


def test_a_simple_delay_counts_down_before_the_main_time_segments(tmp_path):
    r = rig(tmp_path, profile="segment7", clock="5m;delay 5s")
    r.press(START)
    at(r, 2000)
    assert segments(r, 0) == "d003" and segments(r, 1) == " 500"
    at(r, 6000)
    assert segments(r, 0) == " 459"


# -- a per-move limit: the time left for this move, beside the main time ------------------------

def test_a_per_move_limit_shows_the_time_left_for_this_move(tmp_path):
    r = rig(tmp_path, clock="10m;permove 30s")
    r.press(START)
    at(r, 5000)
    assert read_time(r.frame(0)) == "9:55" and shows(r.frame(0), "MOVE 0:25", 48, 2)
    assert not shows(r.frame(1), "MOVE", 48, 2)  # Black waits: nothing runs down
    r.press(LEFT)  # down at 5 s: Black's move begins
    at(r, 7000)
    assert shows(r.frame(1), "MOVE 0:28", 48, 2) and not shows(r.frame(0), "MOVE", 48, 2)
    s = seg_rig(tmp_path, "10m;permove 30s")
    s.press(START)
    at(s, 19000)
    assert segments(s, 0) == " 941"  # the main time while the move has over 10 s
    at(s, 21000)
    assert segments(s, 0) == "t009"  # then the move's last 10 s count down


# -- byo-yomi: every period left, as the DGT 3000 shows it -----------------------------------

def test_in_byoyomi_the_display_shows_all_the_periods_left(tmp_path):
    r = rig(tmp_path, clock="5s;byoyomi 3x10s")
    r.press(START)
    at(r, 10000)  # 5 s of the first period left, and two more periods
    assert read_time(r.frame(0)) == "0:25"
    assert shows(r.frame(0), "BYO3", 48, 2)
    at(r, 20000)  # the first period is gone: 5 s of the second, and the third
    assert read_time(r.frame(0)) == "15.0"
    assert shows(r.frame(0), "BYO2", 48, 2)
    r.press(LEFT)  # a move inside the second period keeps it, afresh
    assert read_time(r.frame(0)) == "0:20"  # two periods of 10 s
    s = seg_rig(tmp_path, "5s;byoyomi 3x10s")
    s.press(START)
    at(s, 10000)
    assert segments(s, 0) == " 025"


def test_byoyomi_without_main_time_shows_the_periods_before_the_start(tmp_path):
    r = rig(tmp_path, clock="0;byoyomi 3x10s")
    assert read_time(r.frame(0)) == "0:30" and read_time(r.frame(1)) == "0:30"  # not 0:00
    assert shows(r.frame(0), "BYO3", 48, 2)


# -- Canadian overtime: the block's time, and the moves made in it ------------------------------

def test_in_a_canadian_block_the_display_shows_its_time_and_moves(tmp_path):
    r = rig(tmp_path, clock="5s;canadian 2/20s")
    r.press(START)
    at(r, 10000)  # 15 s of the block's 20 s left, no move made in it
    assert read_time(r.frame(0)) == "15.0"
    assert shows(r.frame(0), "OT 0/2", 48, 2)  # not "BYO0": there are no byo-yomi periods
    r.press(LEFT)
    assert read_time(r.frame(0)) == "15.0"  # the block's time goes on (14.91 s)
    assert shows(r.frame(0), "OT 1/2", 48, 2)
    s = seg_rig(tmp_path, "5s;canadian 2/20s")
    s.press(START)
    at(s, 10000)
    assert segments(s, 0) == "150 " and s.models[0].colon  # 15.0 s: "15:0", the colon for the point


# -- a period reached: the new time, and a mark for a while ------------------------------------

@pytest.mark.slow  # five minutes of the loop, drawn
def test_a_period_reached_adds_its_time_and_stays_marked_for_five_minutes(tmp_path):
    r = rig(tmp_path, clock="10m/2,5m/1*")
    r.press(START)
    for lever in (LEFT, RIGHT, LEFT):  # Red's 2nd move (at 870 ms) reaches the quota
        r.run(200)  # a reply within the levers' lockout would be taken for a rebound
        r.press(lever)
    red = r.frame(0)
    assert read_time(red) == "15:00"  # the first period's time left (rounded up) + 5 min
    assert shows(red, "NEW PERIOD", 48, 2)  # announced in words for 3 s
    assert marked(red) and not marked(r.frame(1))
    r.run(4000)
    assert not shows(r.frame(0), "NEW PERIOD", 48, 2)
    assert marked(r.frame(0))  # the mark stays after the words
    r.press(RIGHT)  # Black's 2nd move: Black's period mark; Red's clock runs
    assert marked(r.frame(1))
    at(r, 299000)
    assert marked(r.frame(0))
    at(r, 301000)  # five minutes after Red's period began
    assert not marked(r.frame(0)) and read_time(r.frame(0)) == "10:04"  # running since 4.4 s


def test_the_seven_segment_build_marks_a_period_reached(tmp_path):
    r = rig(tmp_path, profile="segment7", clock="2m/2,1m/1*")
    r.press(START)
    for lever in (LEFT, RIGHT, LEFT):
        r.run(200)  # outside the levers' lockout
        r.press(lever)
    seen = set()
    for _ in range(8):  # two seconds: both blink phases
        r.run(250)
        seen.add(segments(r, 0))
    assert "Pr 2" in seen  # Red waits: the mark alternates with the time
    assert any(t.strip().isdigit() for t in seen)
    r.press(RIGHT)  # Red's clock runs: its time only, the promise comes first
    for _ in range(8):
        r.run(250)
        assert segments(r, 0) != "Pr 2"


# -- the flag: who flagged first stays marked ------------------------------------------------

def test_the_flag_mark_stays_through_a_result_and_a_power_cut(tmp_path):
    r = rig(tmp_path, clock="5s")
    r.press(START)
    at(r, 6000)  # Red's flag fell at 5 s

    def flag_box(rows):
        return all(rows[48][x] for x in range(0, 128, 7))
    assert flag_box(r.frame(0)) and not flag_box(r.frame(1))
    # §22.5: the arbiter enters a result over the clock's; the flag still shows whose fell
    r.app.table.event(r.app.game.now, ev.RESULT, 2, 11)  # a draw agreed before the flag
    r.run(100)
    assert shows(r.frame(0), "DRAW AGREED", 48, 2)
    assert flag_box(r.frame(0)) and not flag_box(r.frame(1))
    r.boot()  # the power comes back: the journal restores the flag
    r.run(100)
    assert flag_box(r.frame(0)) and not flag_box(r.frame(1))
    s = seg_rig(tmp_path, "5s")
    s.press(START)
    at(s, 6000)
    s.app.table.event(s.app.game.now, ev.RESULT, 2, 11)
    s.run(100)
    assert segments(s, 0) == "FL--" and segments(s, 1) != "FL--"


def test_a_restored_game_does_not_announce_a_period_reached_before_the_cut(tmp_path):
    r = rig(tmp_path, clock="2m/1,1m/1*")
    r.press(START)
    r.press(LEFT)  # Red reaches period 2
    assert marked(r.frame(0))
    r.boot()
    r.run(100)
    assert not shows(r.frame(0), "NEW PERIOD", 48, 2)
    assert not bar(r.frame(0))  # restored paused


# -- no allocation in the loop's step, in every mode above -----------------------------------------

def test_the_loop_step_allocates_nothing_in_these_modes_on_micropython(tmp_path):
    import json
    from host_tools import unixport
    from host_tools.firmware_path import FIRMWARE, PROFILES
    proc = unixport.run(unixport.SCRIPTS / "display_steps.py", PROFILES, tmp_path,
                        path=(*unixport.SIM_PATH, FIRMWARE), timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out == {"oled": [False] * 9, "segment7": [False] * 9}, out
