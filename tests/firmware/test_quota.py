# Move-quota periods with carry-over (CXA 1999 §6.1-6.4).
from support.firmware import MIN, S, new_game, alternate, remaining
from clock.game import RED, BLACK
from clock.names import score


def test_period_time_is_added_at_the_press_that_completes_the_quota():
    g = new_game("cxa1999-6.1")
    g.start(0)
    # 39 moves each, 1 min per move
    t = alternate(g, 0, [MIN] * 78)
    assert g.sides[RED].remaining == 90 * MIN - 39 * MIN
    t += MIN
    g.press(RED, t)  # Red's 40th move: the next 15 minutes come now, unused time carries over
    assert g.sides[RED].moves == 40
    assert g.sides[RED].remaining == 90 * MIN - 40 * MIN + 15 * MIN
    assert g.sides[RED].period == 1
    assert g.sides[BLACK].remaining == 90 * MIN - 39 * MIN + 1 * MIN - MIN


def test_the_last_period_repeats_forever():
    g = new_game("5m/30*")
    g.start(0)
    t = alternate(g, 0, [S] * 180)  # 90 moves each, 1 s per move
    assert g.sides[RED].moves == 90
    assert g.sides[RED].period == 3
    assert remaining(g, RED, t) == 4 * 5 * MIN - 90 * S


def test_flag_before_the_quota_loses_at_the_exact_millisecond():
    g = new_game("cxa1999-6.4")
    g.start(0)
    g.advance(5 * MIN + 1234)
    assert g.over()
    assert g.sides[RED].flag_at == 5 * MIN
    assert g.winner == BLACK and score(g) == "0-1"
    assert g.sides[RED].remaining == 0


def test_cxa_6_2_grants_10_minutes_at_move_30_then_every_10():
    g = new_game("cxa1999-6.2")
    g.start(0)
    alternate(g, 0, [S] * 59)  # Red 30 moves, Black 29, 1 s each
    assert g.sides[RED].moves == 30
    assert g.sides[RED].remaining == 60 * MIN - 30 * S + 10 * MIN
    assert g.sides[BLACK].remaining == 60 * MIN - 29 * S
    alternate(g, 59 * S, [S] * 20)  # up to Red 40, Black 39
    assert g.sides[RED].moves == 40
    assert g.sides[RED].remaining == 60 * MIN - 40 * S + 20 * MIN
    assert g.sides[RED].period == 2


def test_cxa_6_3_grants_5_minutes_at_move_40_then_at_70():
    g = new_game("cxa1999-6.3")
    g.set_moves(RED, 39, 0)
    g.start(0)
    g.press(RED, 2 * MIN)
    assert g.sides[RED].remaining == 10 * MIN - 2 * MIN + 5 * MIN
    g.press(BLACK, 2 * MIN)
    g.set_moves(RED, 69, 2 * MIN)  # no grant at 69
    assert g.sides[RED].remaining == 13 * MIN
    g.press(RED, 3 * MIN)  # the 70th: the next 5 minutes (not 10, the first stage's)
    assert g.sides[RED].remaining == 12 * MIN + 5 * MIN
    assert g.sides[RED].period == 2


def test_a_non_repeating_last_period_gives_nothing_more():
    g = new_game("90m/40,30m")
    g.set_moves(RED, 39, 0)
    g.start(0)
    g.press(RED, MIN)
    assert g.sides[RED].remaining == 89 * MIN + 30 * MIN
    g.press(BLACK, MIN)
    g.set_moves(RED, 79, MIN)
    g.press(RED, 2 * MIN)  # the 80th move: the last period has no quota
    assert g.sides[RED].remaining == 118 * MIN


def test_unused_time_carries_into_the_next_period():
    g = new_game("cxa1999-6.4")
    g.start(0)
    alternate(g, 0, [100] * 59)  # 30 Red moves of 0.1 s
    assert g.sides[RED].remaining == 300000 - 3000 + 300000


def test_flag_one_move_short_of_the_quota():
    g = new_game("cxa1999-6.4")
    g.start(0)
    t = alternate(g, 0, [10 * S] * 58)  # 29 moves each, 10 s a move: 290 s used
    assert g.sides[RED].remaining == 10 * S
    t += 10 * S
    assert not g.press(RED, t)  # the 30th move exactly at the flag: too late
    assert g.over() and g.sides[RED].flag_at == t and g.sides[RED].moves == 29
    assert g.sides[RED].period == 0
