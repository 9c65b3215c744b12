# What changes a game is reported as a change (so Table journals it), and
# actions of a game in play change nothing before the start (issue 15.1, 15.8).
from support.firmware import MIN, new_game, scratch
from clock import events as ev
from clock import timecontrol
from clock.game import Game, RED, BLACK, STOPPED
from clock import tablestart
from clock.tablestart import replay
from clock.journalread import Loaded


def test_a_press_that_is_no_move_still_reports_an_arrival():
    g = Game(timecontrol.parse("20m"), 10 * MIN, 3, (BLACK,))
    g.start(0)
    assert g.press(BLACK, MIN)  # not Black's turn, but Black is here now
    assert g.present[BLACK] and g.arrived_at[BLACK] == MIN
    assert g.turn == RED and g.sides[BLACK].moves == 0
    assert not g.press(BLACK, 2 * MIN)  # a second press changes nothing


def test_the_arrival_by_a_press_is_in_the_journal():
    path = scratch("arrival.xqj")
    table = tablestart.new({"clock": "20m", "forfeit": 10 * MIN, "absent": [0, 1]}, path)
    table.event(0, ev.START, 0, 0)
    table.event(MIN, ev.PRESS, BLACK, 0)
    table.close()
    game, last = replay(Loaded(path))
    game.advance(12 * MIN)
    assert game.present[BLACK] and not game.over()


def test_in_play_actions_change_nothing_before_the_start():
    for kind, value in ((ev.FALSE_CLAIM, 0), (ev.FOUL, 0), (ev.ADJUST, -MIN), (ev.ADJUST, MIN),
                        (ev.OFFER, 0), (ev.PAUSE, 0), (ev.RESUME, 0)):
        g = new_game("5m")
        assert not ev.apply(g, 0, kind, RED, value)
        assert not g.over() and g.fouls == [0, 0] and g.offers == [0, 0]
        assert g.sides[RED].remaining == 5 * MIN
        assert g.start(MIN) and g.result_at == STOPPED
