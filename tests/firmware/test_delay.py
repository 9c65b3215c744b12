# Simple (US) delay and Bronstein delay.
from support.firmware import S, new_game, raises, remaining
from clock.game import RED, BLACK


def test_simple_delay_the_clock_does_not_run_for_the_first_d():
    g = new_game("1m;delay 5s")
    g.start(0)
    assert remaining(g, RED, 5000) == 60000  # the whole delay, main time untouched
    assert remaining(g, RED, 7000) == 58000  # then it runs
    g.press(RED, 7000)
    assert g.sides[RED].remaining == 58000  # no give-back, no increment
    # Black gets its own 5 s delay at its first move
    assert remaining(g, BLACK, 7000 + 4000) == 60000
    g.press(BLACK, 7000 + 4000)
    assert g.sides[BLACK].remaining == 60000


def test_simple_delay_unused_delay_is_not_banked():
    g = new_game("1m;delay 5s")
    g.start(0)
    g.press(RED, 1000)  # used 1 s of the 5 s delay
    g.press(BLACK, 2000)
    g.press(RED, 2000 + 20000)  # a 20 s move: 5 s delay, 15 s from the clock
    assert g.sides[RED].remaining == 60000 - 15000  # not 60000 - 11000


def test_simple_delay_flag_falls_at_delay_plus_main_time():
    g = new_game("1m;delay 5s")
    g.start(0)
    g.advance(64999)
    assert not g.over()
    g.advance(65000)
    assert g.over()
    assert g.sides[RED].flag_at == 65000
    assert g.sides[RED].remaining == 0


def test_simple_delay_a_pause_keeps_the_unused_delay_of_the_current_move():
    g = new_game("1m;delay 5s")
    g.start(0)
    g.pause(2000)  # 3 s of delay left
    g.resume(10000)
    assert remaining(g, RED, 13000) == 60000  # the 3 s left of the delay
    assert remaining(g, RED, 14000) == 59000
    g.press(RED, 14000)  # move time 2 + 4 = 6 s, 5 s delay: 1 s from the clock
    assert g.sides[RED].remaining == 59000


def test_bronstein_runs_down_then_gives_back_the_move_time_up_to_d():
    g = new_game("1m;bronstein 5s")
    g.start(0)
    assert remaining(g, RED, 3000) == 57000  # it runs from the first ms
    g.press(RED, 3000)  # gives back min(3 s, 5 s)
    assert g.sides[RED].remaining == 60000
    g.press(BLACK, 3000 + 8000)  # gives back min(8 s, 5 s)
    assert g.sides[BLACK].remaining == 60000 - 8000 + 5000
    g.press(RED, 11000 + 5000)  # exactly D: all back
    assert g.sides[RED].remaining == 60000


def test_bronstein_never_banks_more_than_the_start_of_the_move():
    g = new_game("1m;bronstein 5s")
    g.start(0)
    for i in range(10):
        g.press(RED, i * 2000 + 1000)
        g.press(BLACK, i * 2000 + 2000)
    assert g.sides[RED].remaining == 60000
    assert g.sides[BLACK].remaining == 60000


def test_bronstein_a_pause_keeps_the_move_time():
    g = new_game("1m;bronstein 5s")
    g.start(0)
    g.pause(3000)
    g.resume(13000)
    g.press(RED, 16000)  # move time 3 + 3 = 6 s; back min(6 s, 5 s) = 5 s
    assert g.sides[RED].remaining == 60000 - 6000 + 5000


def test_bronstein_a_short_move_split_by_a_pause_gets_all_back():
    g = new_game("1m;bronstein 5s")
    g.start(0)
    g.press(RED, 1000)
    g.pause(3000)  # Black 2 s into its move
    g.resume(30000)
    g.press(BLACK, 32000)  # move time 2 + 2 = 4 s, all given back
    assert g.sides[BLACK].remaining == 60000


def test_bronstein_cannot_save_a_move_longer_than_the_time_left():
    g = new_game("10s;bronstein 5s")
    g.start(0)
    assert not g.press(RED, 10000)
    assert g.over()
    assert g.sides[RED].flag_at == 10000
    assert g.winner == BLACK


def test_bronstein_with_an_increment_is_refused():
    # both give time per move: contradictory, so a control names one (issue 12.15)
    e = raises(ValueError, new_game, "1m+2s;bronstein 5s")
    assert "Fischer increment" in str(e) and "Bronstein" in str(e)
