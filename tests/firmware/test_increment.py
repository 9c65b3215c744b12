# Fischer increment: added after each completed move, from move 1, in every
# stage; never on a flag. Before the first move only under FIDE's convention
# (`;increment-at-start`, the fide-* presets): the first move's increment is
# on the clock at the start.
from support.firmware import MIN, S, new_game, alternate, remaining
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
    g = new_game("90m/40,30m+30s")  # +30s from move 1, each after its move
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


def test_fide_convention_starts_with_the_first_increment_on_the_clock():
    g = new_game("fide-rapid")  # 15m+10s;increment-at-start
    assert g.sides[RED].remaining == 15 * MIN + 10 * S  # 15:10 before the start, both sides
    assert g.sides[BLACK].remaining == 15 * MIN + 10 * S
    assert g.sides[RED].granted == 15 * MIN + 10 * S and g.sides[RED].used == 0
    g.start(0)
    g.press(RED, 10 * S)  # a 10 s move: back to 15:10
    assert g.sides[RED].remaining == 15 * MIN + 10 * S
    g.press(BLACK, 14 * S)
    assert g.sides[BLACK].remaining == 15 * MIN + 10 * S - 4000 + 10 * S


def test_the_first_increment_saves_a_long_first_move_only_under_fide_convention():
    # 15:05 on move 1: US-style clocks flag at 15:00, FIDE's still show 0:05
    us = new_game("15m+10s")
    us.start(0)
    assert not us.press(RED, 15 * MIN + 5 * S)
    assert us.over() and us.sides[RED].flag_at == 15 * MIN
    fide = new_game("15m+10s;increment-at-start")
    fide.start(0)
    assert fide.press(RED, 15 * MIN + 5 * S)
    assert fide.sides[RED].remaining == 5 * S + 10 * S and not fide.over()
    fide.advance(15 * MIN + 5 * S + 15 * MIN + 10 * S)  # Black uses all of 15:10
    assert fide.sides[BLACK].flag_at == 15 * MIN + 5 * S + 15 * MIN + 10 * S


def test_fide_classical_carries_one_increment_more_through_the_stages():
    g = new_game("fide-classical")  # 90m/40, 30m, +30s from move 1, the first at the start
    assert g.sides[RED].remaining == 90 * MIN + 30 * S
    g.start(0)
    alternate(g, 0, [MIN] * 79)  # Red 40 moves, Black 39, 1 min each
    # Red: 90m + 30s - 40 x 1m + 40 x 30s + 30m
    assert g.sides[RED].remaining == 6000000 + 30000
    assert g.sides[RED].period == 1
    assert g.sides[BLACK].remaining == 4230000 + 30000
    assert g.sides[RED].used + g.sides[RED].remaining == g.sides[RED].granted
