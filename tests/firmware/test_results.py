# Results the arbiter enters; armageddon; §22.5; nothing moves afterwards.
from support.firmware import MIN, new_game, remaining
from clock import snapshot
from clock.game import RED, BLACK, DRAW, Game, may_enter
from clock.names import REASONS, score
from clock import timecontrol


def declared(spec, winner, reason):
    g = new_game(spec)
    g.start(0)
    g.press(RED, 10000)
    g.declare(winner, REASONS.index(reason), 25000)
    return g


def test_scores():
    g = declared("5m", RED, "mate")
    assert g.over() and g.winner == RED and score(g) == "1-0"
    assert REASONS[g.reason] == "mate" and g.result_at == 25000
    g = declared("5m", BLACK, "resign")
    assert g.winner == BLACK and score(g) == "0-1"
    g = declared("5m", DRAW, "agreed")
    assert g.winner == DRAW and score(g) == "1/2-1/2"
    g = declared("5m", RED, "stalemate")  # a loss for the stalemated side in Xiangqi
    assert score(g) == "1-0"


def test_only_results_an_arbiter_may_enter_count():
    # the one rule the device's menu, scenarios and the report all ask
    own = ("time", "move-time", "forfeit", "fouls")  # the clock decides these itself
    draws = ("agreed", "move-limit", "no-win")
    wins = ("mate", "stalemate", "resign", "flying-general", "illegal", "discipline", "perpetual-check",
            "perpetual-chase")
    for r in range(len(REASONS)):
        name = REASONS[r]
        assert may_enter(RED, r) == may_enter(BLACK, r) == (name not in own and name not in draws), name
        assert may_enter(DRAW, r) == (name not in own and name not in wins), name
    assert not may_enter(3, REASONS.index("mate")) and not may_enter(RED, len(REASONS))
    for winner, reason in ((DRAW, "mate"), (RED, "agreed"), (BLACK, "time"), (DRAW, "forfeit")):
        g = declared("5m", winner, reason)  # refused: the game goes on, Black's clock running
        assert not g.over() and g.running() == BLACK, (winner, reason)
    g = declared("5m", DRAW, "repetition")  # §4.2.3: repetition may be a draw, and a loss
    assert score(g) == "1/2-1/2" and score(declared("5m", BLACK, "repetition")) == "0-1"


def test_both_clocks_stop_and_keep_their_times():
    g = declared("5m", RED, "mate")
    assert g.running() == -1
    assert remaining(g, BLACK, 10 * MIN) == 300000 - 15000
    assert g.sides[RED].remaining == 290000
    assert not g.press(BLACK, 10 * MIN)
    assert not g.press(RED, 10 * MIN)
    assert not g.pause(10 * MIN)
    assert not g.resume(10 * MIN)
    assert not g.start(10 * MIN)
    assert g.sides[BLACK].moves == 0 and g.sides[RED].moves == 1
    assert g.sides[BLACK].remaining == 285000
    assert g.sides[BLACK].flag_at == -1 and g.sides[RED].flag_at == -1


def test_armageddon_draw_is_a_black_win():
    g = declared("xq-armageddon", DRAW, "agreed")
    assert g.winner == BLACK
    assert score(g) == "0-1"
    assert REASONS[g.reason] == "agreed"
    g = declared("xq-armageddon", DRAW, "repetition")
    assert g.winner == BLACK and score(g) == "0-1"
    g = declared("xq-armageddon", RED, "mate")
    assert g.winner == RED and score(g) == "1-0"
    g = declared("6m+3s", DRAW, "agreed")  # the same times without the preset: a draw
    assert g.winner == DRAW and score(g) == "1/2-1/2"


def test_armageddon_times():
    g = new_game("xq-armageddon")
    g.start(0)
    g.press(RED, 10000)
    assert g.sides[RED].remaining == 360000 - 10000 + 3000
    g.advance(10000 + 240000)
    assert g.over() and g.winner == RED and g.sides[BLACK].flag_at == 250000


def test_a_result_replaces_a_flag_result():
    # §22.5: the flag fell, but mate had been reached before: the arbiter decides
    g = new_game("1m")
    g.start(0)
    g.advance(61000)
    assert g.winner == BLACK and REASONS[g.reason] == "time"
    g.declare(RED, REASONS.index("mate"), 62000)
    assert g.winner == RED and REASONS[g.reason] == "mate" and score(g) == "1-0"
    assert g.result_at == 62000
    assert g.sides[RED].flag_at == 60000  # the evidence stays
    assert g.sides[RED].remaining == 0


def test_result_json():
    g = declared("5m", RED, "mate")
    text = snapshot.to_json(g)
    assert '"result": {"winner": "red", "reason": "mate", "score": "1-0", "at_ms": 25000}' in text
    assert '"running": null' in text
    g = declared("5m", DRAW, "agreed")
    text = snapshot.to_json(g)
    assert '"result": {"winner": null, "reason": "agreed", "score": "1/2-1/2", "at_ms": 25000}' in text
    g = new_game("5m")
    g.start(0)
    assert '"result": null' in snapshot.to_json(g)


def test_a_result_before_the_start_stands():
    g = new_game("5m")
    g.declare(BLACK, REASONS.index("discipline"), 0)
    assert g.over() and score(g) == "0-1"
    assert not g.start(1000)
    assert g.running() == -1


def test_a_false_claim_that_is_the_limit_foul_still_costs_its_5_minutes():
    g = Game(timecontrol.parse("cxa1999-6.1"), foul_limit=2)
    g.start(0)
    g.press(RED, 1000)
    g.foul(BLACK, 2000)
    g.false_claim(BLACK, 3000)
    assert g.over() and REASONS[g.reason] == "fouls" and g.winner == RED
    assert g.fouls[BLACK] == 2
    assert g.sides[BLACK].used == 2000 + 300000


def test_the_names_of_the_record_are_one_for_each_number_the_clock_keeps():
    """clock/names.py's lists against the counts the rules keep (game.py, events.py): a reason
    or an event kind added in one place needs its name in the other."""
    from clock import events
    from clock.game import R_ENTERED, R_FORFEIT, R_FOULS, R_MOVE_TIME, R_TIME, REASON_COUNT
    from clock.names import EVENTS, FORFEIT_SCORES, REASONS, SCORES, SIDE_NAMES
    assert len(REASONS) == REASON_COUNT and len(EVENTS) == events.KIND_COUNT == events.LOW_BATTERY + 1
    assert [REASONS[r] for r in (R_TIME, R_MOVE_TIME, R_FORFEIT, R_FOULS)] == ["time", "move-time", "forfeit", "fouls"]
    assert REASONS[R_ENTERED] == "mate" and EVENTS[events.RESULT] == "result" and EVENTS[events.MOVED] == "moved"
    assert len(SCORES) == len(FORFEIT_SCORES) == 4 and SIDE_NAMES == ("red", "black")
