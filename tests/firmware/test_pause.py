# Pause / resume, and which presses count.
from support.firmware import MIN, S, new_game, remaining
from clock.game import RED, BLACK


def test_no_time_passes_while_paused():
    g = new_game("5m")
    g.start(0)
    assert g.pause(10000)
    assert g.paused
    assert g.running() == -1
    assert remaining(g, RED, 70000) == 290000
    assert g.resume(70000)
    assert g.running() == RED
    assert remaining(g, RED, 80000) == 280000  # 10 s before + 10 s after
    assert g.sides[BLACK].remaining == 300000


def test_presses_are_ignored_while_paused():
    g = new_game("5m")
    g.start(0)
    g.pause(10000)
    assert not g.press(RED, 20000)
    assert not g.press(BLACK, 20000)
    assert g.sides[RED].moves == 0 and g.sides[BLACK].moves == 0
    assert g.turn == RED
    g.resume(30000)
    assert g.running() == RED  # still Red's move
    assert g.press(RED, 31000)
    assert g.sides[RED].remaining == 300000 - 11000


def test_pause_while_black_runs_resumes_black():
    g = new_game("5m")
    g.start(0)
    g.press(RED, 5000)
    g.pause(8000)
    g.resume(60000)
    assert g.running() == BLACK
    assert remaining(g, BLACK, 62000) == 300000 - 5000
    assert g.sides[RED].remaining == 295000


def test_pause_before_start_does_nothing():
    g = new_game("5m")
    assert not g.pause(0)
    assert not g.paused
    assert not g.resume(1000)
    assert g.start(5000)
    assert remaining(g, RED, 6000) == 299000


def test_pause_twice_and_resume_without_pause_are_ignored():
    g = new_game("5m")
    g.start(0)
    assert not g.resume(1000)
    assert g.pause(2000)
    assert not g.pause(3000)
    assert g.resume(4000)
    assert not g.resume(5000)
    assert remaining(g, RED, 6000) == 300000 - 2000 - 2000


def test_a_paused_clock_does_not_flag():
    g = new_game("10s")
    g.start(0)
    g.pause(5000)
    g.advance(100000)
    assert not g.over()
    g.resume(100000)
    g.advance(104999)
    assert not g.over()
    g.advance(105000)
    assert g.over() and g.sides[RED].flag_at == 105000


def test_the_stopped_sides_press_is_ignored_and_not_a_move():
    g = new_game("5m")
    g.start(0)
    assert not g.press(BLACK, 5000)
    assert g.sides[BLACK].moves == 0
    assert g.running() == RED
    assert remaining(g, RED, 10000) == 290000
    assert g.press(RED, 10000)
    assert not g.press(RED, 11000)  # pressing again: Red's clock is stopped
    assert g.sides[RED].moves == 1
    assert g.running() == BLACK
    assert remaining(g, BLACK, 12000) == 298000


def test_presses_before_the_start_are_ignored():
    g = new_game("5m")
    assert not g.press(RED, 0)
    assert not g.press(BLACK, 1000)
    assert g.sides[RED].moves == 0 and g.sides[BLACK].moves == 0
    assert g.running() == -1
    assert remaining(g, RED, 60000) == 300000
    g.start(60000)
    assert g.running() == RED
    assert remaining(g, RED, 61000) == 299000


def test_a_second_start_changes_nothing():
    g = new_game("5m")
    assert g.start(0)
    g.press(RED, 1000)
    assert not g.start(2000)
    assert g.running() == BLACK
    assert remaining(g, BLACK, 3000) == 298000
