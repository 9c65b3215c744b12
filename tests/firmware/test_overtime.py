# Japanese byo-yomi and Canadian overtime.
from support.firmware import MIN, S, new_game, remaining
from clock.game import RED, BLACK


def test_byoyomi_flag_falls_at_main_plus_all_periods():
    g = new_game("1m;byoyomi 3x10s")
    g.start(0)
    g.advance(89999)  # flag at 60 s main + 3 x 10 s = 90 s
    assert not g.over()
    g.advance(90000)
    assert g.over()
    assert g.sides[RED].flag_at == 90000
    assert g.winner == BLACK
    assert g.sides[RED].remaining == 0


def test_byoyomi_remaining_is_the_time_left_in_the_current_period():
    g = new_game("1m;byoyomi 3x10s")
    g.start(0)
    assert remaining(g, RED, 59999) == 1
    assert not g.sides[RED].overtime
    assert remaining(g, RED, 65000) == 5000
    assert g.sides[RED].overtime
    assert g.sides[RED].periods_left == 3
    assert remaining(g, RED, 72000) == 8000  # first period ran out at 70 s
    assert g.sides[RED].periods_left == 2
    assert remaining(g, RED, 80000) == 10000  # the second ran out at exactly 80 s
    assert g.sides[RED].periods_left == 1


def test_byoyomi_a_move_within_the_period_keeps_it():
    g = new_game("1m;byoyomi 3x10s")
    g.start(0)
    g.press(RED, 65000)
    assert g.sides[RED].remaining == 10000  # the period starts afresh
    assert g.sides[RED].periods_left == 3
    g.press(BLACK, 66000)
    g.press(RED, 66000 + 9999)
    assert g.sides[RED].periods_left == 3
    assert g.sides[RED].remaining == 10000


def test_byoyomi_exceeding_a_period_uses_one_up():
    g = new_game("1m;byoyomi 3x10s")
    g.start(0)
    g.press(RED, 65000)
    g.press(BLACK, 66000)
    g.press(RED, 66000 + 15000)  # 15 s: the first period is gone
    assert g.sides[RED].periods_left == 2
    assert g.sides[RED].remaining == 10000
    g.press(BLACK, 82000)
    g.press(RED, 82000 + 10000)  # exactly 10 s: the period's time reached zero
    assert g.sides[RED].periods_left == 1
    g.press(BLACK, 93000)
    g.advance(93000 + 9999)
    assert not g.over()
    g.advance(93000 + 10000)
    assert g.over() and g.sides[RED].flag_at == 103000


def test_byoyomi_main_time_carries_until_it_runs_out():
    g = new_game("1m;byoyomi 3x10s")
    g.start(0)
    g.press(RED, 50000)
    assert g.sides[RED].remaining == 10000
    assert not g.sides[RED].overtime  # still main time, not a period
    g.press(BLACK, 51000)
    g.press(RED, 51000 + 25000)  # 10 s main, then 15 s: one period gone
    assert g.sides[RED].overtime
    assert g.sides[RED].periods_left == 2
    assert g.sides[RED].remaining == 10000


def test_canadian_flag_when_the_first_block_runs_out():
    g = new_game("1m;canadian 3/20s")
    g.start(0)
    g.advance(79999)
    assert not g.over()
    assert g.sides[RED].remaining == 1
    g.advance(80000)
    assert g.over() and g.sides[RED].flag_at == 80000 and g.winner == BLACK


def test_canadian_block_finished_gives_a_fresh_period_unused_time_lapses():
    g = new_game("1m;canadian 3/20s")
    g.start(0)
    g.press(RED, 65000)  # main time ran out at 60 s: this move is the block's first
    assert g.sides[RED].overtime
    assert g.sides[RED].remaining == 15000
    assert g.sides[RED].block_moves == 2
    g.press(BLACK, 66000)
    g.press(RED, 70000)
    assert g.sides[RED].remaining == 11000
    assert g.sides[RED].block_moves == 1
    g.press(BLACK, 71000)
    g.press(RED, 72000)  # third move of the block: a fresh 20 s, 10 s unused lapse
    assert g.sides[RED].remaining == 20000
    assert g.sides[RED].block_moves == 3


def test_canadian_flag_inside_a_block():
    g = new_game("1m;canadian 3/20s")
    g.start(0)
    g.press(RED, 65000)  # 15 s left for 2 more moves
    g.press(BLACK, 66000)
    g.advance(66000 + 14999)
    assert not g.over()
    assert not g.press(RED, 66000 + 15000)
    assert g.over()
    assert g.sides[RED].flag_at == 81000
    assert g.sides[RED].moves == 1


def test_canadian_moves_in_main_time_do_not_count_for_the_block():
    g = new_game("1m;canadian 3/20s")
    g.start(0)
    for i in range(5):
        g.press(RED, i * 2000 + 1000)
        g.press(BLACK, i * 2000 + 2000)
    assert not g.sides[RED].overtime
    assert g.sides[RED].remaining == 55000
    assert remaining(g, RED, 10000 + 55000) == 20000  # the block starts with all 20 s
    assert g.sides[RED].block_moves == 3


def test_a_bonus_in_byoyomi_becomes_main_time_and_keeps_the_periods():
    g = new_game("1m;byoyomi 3x10s")
    g.start(0)
    g.advance(75 * S)  # 5 s into Red's second period: one period used up
    assert g.sides[RED].periods_left == 2
    g.adjust(RED, 60 * S, 75 * S)
    g.press(RED, 76 * S)
    c = g.sides[RED]
    assert not c.overtime and c.remaining == 59 * S and c.periods_left == 2
    assert c.used + c.remaining == c.granted


def test_after_a_bonus_in_byoyomi_the_flag_falls_when_the_kept_periods_run_out():
    # A hypothesis case: the flag must not depend on whether the clock was
    # looked at in between (the deadline counted all 3 periods, not the 2 kept).
    g = new_game("1m;byoyomi 3x10s")
    g.start(0)
    g.advance(75 * S)  # one period used up, two kept
    g.adjust(RED, 5 * S, 75 * S)  # main time again: 5 s, then the two periods
    assert g.sides[RED].flag_deadline() == 100 * S
    g.advance(99999)
    assert not g.over()
    g.advance(100 * S)
    assert g.over() and g.sides[RED].flag_at == 100 * S


def test_a_move_correction_in_a_canadian_block_counts_for_the_block():
    g = new_game("1m;canadian 3/20s")
    g.start(0)
    g.press(RED, 65 * S)  # block move 1 of 3
    g.press(BLACK, 66 * S)
    g.set_moves(RED, 2, 67 * S)  # a forgotten press: block move 2
    assert g.sides[RED].block_moves == 1
    g.set_moves(RED, 3, 68 * S)  # the block is complete: a fresh one
    c = g.sides[RED]
    assert c.block_moves == 3 and c.remaining == 20 * S


def test_without_main_time_the_first_period_is_on_the_clock_before_the_start():
    # "0;byoyomi 3x10s": before the start each side has a period to move in,
    # not 0:00 (which reads as a fallen flag)
    g = new_game("0;byoyomi 3x10s")
    for s in (RED, BLACK):
        c = g.sides[s]
        assert (c.remaining, c.overtime, c.periods_left, c.granted) == (10 * S, True, 3, 10 * S)
    g.start(0)
    g.press(RED, 4 * S)  # a move inside the period keeps it
    assert g.sides[RED].remaining == 10 * S and g.sides[RED].periods_left == 3
    g.advance(4 * S + 30 * S)  # Black uses all three periods
    assert g.sides[BLACK].flag_at == 34 * S
    g = new_game("0;canadian 5/1m")
    assert (g.sides[RED].remaining, g.sides[RED].overtime, g.sides[RED].block_moves) == (MIN, True, 5)


def test_the_clock_says_when_overtime_began():
    # as with flag_at: the exact ms the main time ran out, however often the
    # clock was brought up to date in between
    g = new_game("1m;delay 5s;byoyomi 3x10s")
    g.start(0)
    g.advance(64999)
    assert not g.sides[RED].overtime and g.sides[RED].overtime_at == -1
    g.advance(72000)  # the 5 s delay first, then the minute: overtime from 65 s
    assert g.sides[RED].overtime and g.sides[RED].overtime_at == 65000
    g.press(RED, 72000)
    for t in range(73000, 150001, 7000):  # Black's clock, looked at every 7 s
        g.advance(t)
    assert g.sides[BLACK].overtime_at == 72000 + 65000
    assert g.sides[RED].overtime_at == 65000  # a fresh period is the same overtime
    h = new_game("0;byoyomi 5x30s")  # no main time: overtime from the start
    assert h.sides[RED].overtime and h.sides[RED].overtime_at == 0


def test_a_penalty_into_overtime_begins_it_then_and_a_bonus_ends_it():
    g = new_game("1m;byoyomi 3x10s")
    g.start(0)
    g.press(RED, 1000)  # Black's clock runs; Red has 59 s
    g.adjust(RED, -70000, 5000)  # 59 s of main time and 11 s of byo-yomi taken
    assert g.sides[RED].overtime and g.sides[RED].overtime_at == 5000
    assert not g.over()
    g.adjust(RED, 30000, 6000)  # a bonus in byo-yomi becomes main time
    assert not g.sides[RED].overtime and g.sides[RED].overtime_at == -1

