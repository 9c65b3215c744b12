# Fischer increment: added after each completed move, from move 1, in every
# stage; never before the first move and never on a flag.
from support import MIN, S, new_game, alternate, remaining
from clock.game import RED, BLACK


def test_added_after_each_move_from_move_1():
    g = new_game("5m+3s")
    g.start(0)
    assert g.sides[RED].remaining == 300000  # nothing before the first move
    assert g.sides[BLACK].remaining == 300000
    g.press(RED, 10 * S)
    assert g.sides[RED].remaining == 300000 - 10000 + 3000  # 293000
    assert g.sides[BLACK].remaining == 300000  # Black has not moved yet
    g.press(BLACK, 30 * S)
    assert g.sides[BLACK].remaining == 300000 - 20000 + 3000  # 283000
    g.press(RED, 31 * S)  # a 1 s move gains 2 s
    assert g.sides[RED].remaining == 293000 - 1000 + 3000  # 295000
    assert g.sides[RED].moves == 2


def test_a_move_longer_than_the_time_left_flags_even_if_the_increment_would_save_it():
    g = new_game("1m+5s")
    g.start(0)
    assert not g.press(RED, MIN)  # time reached zero at 60000: the flag has fallen
    assert g.over()
    assert g.sides[RED].flag_at == MIN
    assert g.sides[RED].remaining == 0  # no increment on a flag
    assert g.sides[RED].moves == 0
    assert g.winner == BLACK


def test_a_move_1_ms_before_the_flag_gets_the_increment():
    g = new_game("1m+5s")
    g.start(0)
    assert g.press(RED, MIN - 1)
    assert g.sides[RED].remaining == 1 + 5000
    assert not g.over()


def test_increment_in_every_stage_and_with_the_period_time():
    g = new_game("fide-classical")  # 90m/40, 30m, +30s from move 1
    g.start(0)
    alternate(g, 0, [MIN] * 79)  # Red 40 moves, Black 39, 1 min each
    # Red: 90m - 40 x 1m + 40 x 30s + 30m = 5400000 - 2400000 + 1200000 + 1800000
    assert g.sides[RED].moves == 40
    assert g.sides[RED].remaining == 6000000
    assert g.sides[RED].period == 1
    # Black: 90m - 39 x 1m + 39 x 30s (still in stage 1) = 5400000 - 2340000 + 1170000
    assert g.sides[BLACK].remaining == 4230000
    t = 79 * MIN
    g.press(BLACK, t + MIN)  # Black's 40th move
    assert g.sides[BLACK].remaining == 4230000 - 60000 + 30000 + 1800000
    g.press(RED, t + 2 * MIN)  # Red's 41st move, in stage 2: still +30 s
    assert g.sides[RED].remaining == 6000000 - 60000 + 30000


def test_increment_in_a_repeating_stage():
    g = new_game("5m/30*+2s")
    g.start(0)
    t = alternate(g, 0, [S] * 60)  # 30 moves each, 1 s each
    # Red: 5m - 30 x 1s + 30 x 2s + 5m (quota of 30 reached)
    assert g.sides[RED].remaining == 300000 - 30000 + 60000 + 300000
    assert g.sides[BLACK].remaining == 630000
    assert remaining(g, RED, t + 10 * S) == 620000


def test_increment_is_not_given_to_an_ignored_press():
    g = new_game("5m+3s")
    g.start(0)
    assert not g.press(BLACK, 1000)  # not Black's turn
    assert g.sides[BLACK].remaining == 300000
    assert g.sides[BLACK].moves == 0
