# Arbiter corrections: move count, bonus, penalty.
from support.firmware import MIN, S, new_game, remaining
from clock.game import RED, BLACK
from clock.names import REASONS, score


def test_a_corrected_count_that_reaches_the_quota_grants_the_next_period():
    g = new_game("cxa1999-6.1")
    g.start(0)
    g.press(RED, MIN)  # Red's 1st move
    assert g.set_moves(RED, 40, 90000)  # the arbiter counts 40 moves
    assert g.sides[RED].moves == 40
    assert g.sides[RED].period == 1
    assert g.sides[RED].remaining == 90 * MIN - MIN + 15 * MIN  # 6240000
    assert remaining(g, BLACK, 90000) == 90 * MIN - 30000  # Black keeps running


def test_a_period_is_never_granted_twice():
    g = new_game("cxa1999-6.1")
    g.set_moves(RED, 39, 0)
    g.start(0)
    g.press(RED, MIN)  # 40th: +15 min
    assert g.sides[RED].remaining == 90 * MIN - MIN + 15 * MIN
    g.press(BLACK, 2 * MIN)
    g.set_moves(RED, 39, 2 * MIN)  # corrected down
    assert g.sides[RED].remaining == 6240000
    g.press(RED, 3 * MIN)  # the 40th again: no second grant
    assert g.sides[RED].moves == 40
    assert g.sides[RED].remaining == 6240000 - MIN
    g.set_moves(RED, 40, 3 * MIN)
    assert g.sides[RED].remaining == 6180000
    # the next quota is still move 50
    g.set_moves(RED, 49, 3 * MIN)
    assert g.sides[RED].remaining == 6180000
    g.set_moves(RED, 50, 3 * MIN)
    assert g.sides[RED].remaining == 6180000 + 15 * MIN
    assert g.sides[RED].period == 2


def test_a_correction_below_the_quota_grants_nothing():
    g = new_game("fide-classical")  # 90:30 at the start (the first increment)
    g.start(0)
    g.set_moves(RED, 39, 1000)
    assert remaining(g, RED, 1000) == 90 * MIN + 30 * S - 1000
    g.set_moves(RED, 40, 2000)  # +30 min, no increment (no move was made)
    assert g.sides[RED].remaining == 90 * MIN + 30 * S - 2000 + 30 * MIN
    g.set_moves(RED, 80, 2000)  # the last stage has no quota
    assert g.sides[RED].remaining == 90 * MIN + 30 * S - 2000 + 30 * MIN


def test_bonus_adds_time_to_either_side():
    g = new_game("5m")
    g.start(0)
    assert g.adjust(BLACK, 2 * MIN, 10000)  # the waiting side (FIDE illegal move: +2 min)
    assert g.sides[BLACK].remaining == 7 * MIN
    assert g.adjust(RED, 30000, 20000)  # the running side
    assert remaining(g, RED, 20000) == 300000 - 20000 + 30000
    assert remaining(g, RED, 30000) == 300000 - 30000 + 30000
    assert g.sides[RED].granted == 330000


def test_bonus_while_paused():
    g = new_game("5m")
    g.start(0)
    g.pause(10000)
    g.adjust(RED, 1000, 20000)
    assert remaining(g, RED, 50000) == 291000


def test_penalty_takes_time():
    g = new_game("10m")
    g.start(0)
    g.press(RED, 30000)
    assert g.adjust(RED, -5 * MIN, 40000)  # §23.3: 5 min on the claimant
    assert g.sides[RED].remaining == 10 * MIN - 30000 - 5 * MIN
    assert g.sides[RED].used == 30000 + 5 * MIN
    assert not g.over()


def test_penalty_that_empties_a_waiting_clock_flags_at_that_instant():
    g = new_game("5m")
    g.start(0)
    g.press(RED, 10000)
    g.press(BLACK, 20000)  # Black has 290 s
    assert g.adjust(BLACK, -5 * MIN, 25000)
    assert g.over()
    assert REASONS[g.reason] == "time"
    assert g.winner == RED and score(g) == "1-0"
    assert g.sides[BLACK].flag_at == 25000
    assert g.result_at == 25000
    assert g.sides[BLACK].remaining == 0
    assert g.sides[RED].flag_at == -1
    assert remaining(g, RED, 60000) == 300000 - 10000 - 5000  # Red's clock stopped at 25 s


def test_penalty_that_empties_the_running_clock_flags_at_that_instant():
    g = new_game("5m")
    g.start(0)
    g.adjust(RED, -(300000 - 10000), 10000)  # exactly what is left at 10 s
    assert g.over()
    assert g.sides[RED].flag_at == 10000
    assert g.winner == BLACK


def test_penalty_that_leaves_1_ms_does_not_flag():
    g = new_game("5m")
    g.start(0)
    g.adjust(RED, -(300000 - 10000 - 1), 10000)
    assert not g.over()
    assert g.sides[RED].remaining == 1
    g.press(RED, 10000)
    assert not g.over()
    assert g.running() == BLACK


def test_penalty_larger_than_the_time_left_keeps_the_clock_at_zero():
    g = new_game("1m")
    g.start(0)
    g.adjust(RED, -5 * MIN, 1000)
    assert g.over()
    assert g.sides[RED].remaining == 0
    assert g.sides[RED].used == 60000  # used + remaining == all the time it had
    assert g.sides[RED].flag_at == 1000


def test_after_the_game_nothing_can_be_adjusted():
    g = new_game("1m")
    g.start(0)
    g.advance(2 * MIN)
    assert g.over()
    assert not g.adjust(RED, 5 * MIN, 2 * MIN)
    assert not g.adjust(BLACK, -5 * MIN, 2 * MIN)
    assert not g.set_moves(RED, 40, 2 * MIN)
    assert g.sides[RED].remaining == 0 and g.sides[BLACK].remaining == MIN
    assert g.sides[BLACK].flag_at == -1
    assert g.winner == BLACK
