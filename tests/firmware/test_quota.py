# Move-quota periods with carry-over (CXA 1999 §6.1-6.4).
from support import MIN, S, new_game, alternate, remaining
from clock.game import RED, BLACK


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
    assert g.winner == BLACK and g.score() == "0-1"
    assert g.sides[RED].remaining == 0
