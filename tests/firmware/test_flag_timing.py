# The flag falls at the exact millisecond the time reaches zero, whenever we look.
from support.firmware import MIN, new_game
from clock import snapshot
from clock.game import RED, BLACK
from clock.names import REASONS


def test_a_press_exactly_at_the_deadline_is_too_late():
    g = new_game("1m")
    g.start(0)
    assert not g.press(RED, MIN)  # remaining reached zero: the flag has fallen
    assert g.over()
    assert g.sides[RED].flag_at == MIN
    assert g.sides[RED].moves == 0
    assert g.winner == BLACK and REASONS[g.reason] == "time" and g.result_at == MIN
    assert g.running() == -1


def test_a_press_1_ms_before_the_deadline_is_in_time():
    g = new_game("1m")
    g.start(0)
    assert g.press(RED, MIN - 1)
    assert not g.over()
    assert g.sides[RED].remaining == 1
    assert g.running() == BLACK


def test_1_ms_before_the_deadline_the_game_goes_on():
    g = new_game("1m")
    g.start(0)
    g.advance(MIN - 1)
    assert not g.over()
    assert g.sides[RED].remaining == 1
    assert g.sides[RED].flag_at == -1
    assert '"result": null' in snapshot.to_json(g)
    g.advance(MIN)
    assert g.over() and g.result_at == MIN and g.now == MIN


def test_the_flag_time_does_not_depend_on_when_we_look():
    for look in (MIN, MIN + 1, MIN + 999, 10 * MIN, 1000 * MIN):
        g = new_game("1m")
        g.start(0)
        g.advance(look)
        assert g.sides[RED].flag_at == MIN
        assert g.result_at == MIN
        assert g.now == look
        assert g.sides[RED].remaining == 0
        assert g.sides[BLACK].remaining == MIN


def test_blacks_flag():
    g = new_game("1m")
    g.start(0)
    g.press(RED, 1000)
    g.advance(61000)
    assert g.over() and g.winner == RED and g.sides[BLACK].flag_at == 61000
    assert g.sides[RED].remaining == 59000
    assert g.sides[RED].flag_at == -1


def test_flag_in_the_second_period():
    g = new_game("cxa1999-6.4")  # 5 min for every 30 moves
    g.start(0)
    t = 0
    for i in range(30):
        t += 5000
        g.press(RED, t)  # 5 s a move
        g.press(BLACK, t)  # instant replies
    assert g.sides[RED].remaining == 300000 - 150000 + 300000
    # Red now has 450 s: the flag falls 450 s after its clock restarted
    g.advance(t + 450000)
    assert g.over()
    assert g.sides[RED].flag_at == t + 450000
    assert g.sides[RED].moves == 30


def test_equal_time_events_run_in_order():
    g = new_game("5m")
    g.start(0)
    assert g.press(RED, 10000)
    assert g.press(BLACK, 10000)  # a 0 ms move
    assert g.sides[BLACK].remaining == 300000
    assert g.sides[BLACK].moves == 1
    assert g.running() == RED
    # the other way round at one instant: Black's press comes first and does not count
    g = new_game("5m")
    g.start(0)
    assert not g.press(BLACK, 10000)
    assert g.press(RED, 10000)
    assert g.running() == BLACK and g.sides[BLACK].moves == 0


def test_start_and_press_at_the_same_instant():
    g = new_game("5m")
    g.start(0)
    assert g.press(RED, 0)
    assert g.sides[RED].remaining == 300000 and g.sides[RED].moves == 1


def test_snapshot_at_the_flag():
    g = new_game("1m")
    g.start(0)
    g.advance(90000)
    text = snapshot.to_json(g)
    assert text.startswith('{"time_ms": 90000, "running": null, "paused": false, "red": '
                           '{"remaining_ms": 0, "moves": 0, "flag": true, "flag_at_ms": 60000,')
    assert '"result": {"winner": "black", "reason": "time", "score": "0-1", "at_ms": 60000}' in text
