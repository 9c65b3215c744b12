# Per-move limit (步时): each move within D, or the mover loses (move-time).
from support.firmware import new_game
from clock.game import RED, BLACK
from clock.names import REASONS, score


def test_the_mover_loses_at_exactly_the_limit():
    g = new_game("10m;permove 30s")
    g.start(0)
    g.advance(29999)
    assert not g.over()
    g.advance(30000)
    assert g.over()
    assert REASONS[g.reason] == "move-time"
    assert g.winner == BLACK and score(g) == "0-1"
    assert g.sides[RED].flag_at == 30000
    assert g.result_at == 30000
    assert g.sides[RED].remaining == 600000 - 30000  # main time was not the problem
    assert g.sides[BLACK].flag_at == -1


def test_a_press_at_the_limit_is_too_late_and_1_ms_before_is_in_time():
    g = new_game("10m;permove 30s")
    g.start(0)
    assert g.press(RED, 29999)
    assert not g.over()
    assert not g.press(BLACK, 29999 + 30000)
    assert g.over() and REASONS[g.reason] == "move-time" and g.winner == RED
    assert g.sides[BLACK].flag_at == 59999
    assert g.sides[BLACK].moves == 0


def test_the_limit_starts_afresh_each_move():
    g = new_game("10m;permove 30s")
    g.start(0)
    g.press(RED, 20000)
    g.press(BLACK, 25000)
    g.advance(25000 + 29999)  # Red's second move began at 25 s: limit at 55 s
    assert not g.over()
    g.advance(55000)
    assert g.over() and g.sides[RED].flag_at == 55000


def test_pause_time_does_not_count():
    g = new_game("10m;permove 30s")
    g.start(0)
    g.pause(10000)
    g.advance(500000)
    assert not g.over()
    g.resume(100000 + 400000)
    g.advance(500000 + 19999)  # 10 s before the pause + 19.999 s after
    assert not g.over()
    g.advance(520000)
    assert g.over() and g.sides[RED].flag_at == 520000
    assert REASONS[g.reason] == "move-time"


def test_main_time_still_flags_first_when_it_is_shorter():
    g = new_game("20s;permove 30s")
    g.start(0)
    g.advance(40000)
    assert g.over()
    assert REASONS[g.reason] == "time"
    assert g.sides[RED].flag_at == 20000


def test_only_the_mover_is_timed():
    g = new_game("10m;permove 30s")
    g.start(0)
    g.press(RED, 1000)
    g.advance(1000 + 29999)
    assert not g.over()
    g.advance(31000)
    assert g.over() and g.winner == RED and g.sides[BLACK].flag_at == 31000


def test_the_waiting_sides_move_time_does_not_run():
    g = new_game("10m;permove 30s")
    g.start(0)
    g.press(RED, 1000)
    g.press(BLACK, 1000 + 29999)  # Red waited 29.999 s
    g.advance(30999 + 29999)  # Red's own move: 29.999 s
    assert not g.over()
    g.advance(30999 + 30000)
    assert g.over() and g.sides[RED].flag_at == 60999


def test_the_earlier_of_move_limit_and_flag_decides_to_the_ms():
    g = new_game("10s;permove 9.999s")
    g.start(0)
    g.advance(20000)
    assert REASONS[g.reason] == "move-time"
    assert g.sides[RED].flag_at == 9999
    assert g.sides[RED].remaining == 1
    g = new_game("9.999s;permove 10s")
    g.start(0)
    g.advance(20000)
    assert REASONS[g.reason] == "time"
    assert g.sides[RED].flag_at == 9999
