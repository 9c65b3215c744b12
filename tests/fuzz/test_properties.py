"""Properties of the clock core under random controls and random events
(CPython, hypothesis). The firmware tests pin numbers by hand; these check
the bookkeeping that must hold whatever happens at the table."""
import copy
import tempfile

from hypothesis import HealthCheck, event, given, settings, strategies as st

import host_tools.firmware_path
from clock import events as ev
from clock import snapshot, timecontrol
from clock.game import BLACK, DRAW, NOBODY, RED, STOPPED, Game
from clock.names import REASONS
from host_tools import scenario
from host_tools.mpy.scripts import playback
from support.tiers import examples

SETTINGS = settings(max_examples=examples(250), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

WIN_REASONS = ("mate", "stalemate", "resign", "flying-general", "illegal", "discipline",
               "repetition", "arbiter", "perpetual-check", "perpetual-chase")
DRAW_REASONS = ("agreed", "move-limit", "no-win", "repetition", "arbiter")


def dur(ms):
    """ms as a duration every parser reads: '12.345s'."""
    return "%d.%03ds" % (ms // 1000, ms % 1000)


# -- controls ------------------------------------------------------------------

ms_main = st.one_of(st.integers(1000, 120000), st.sampled_from([1000, 10000, 60000]))
quota = st.integers(1, 4)


@st.composite
def side_spec(draw):
    shape = draw(st.sampled_from(["sudden", "repeat", "two", "two-repeat"]))
    a = dur(draw(ms_main))
    if shape == "sudden":
        main = a
    elif shape == "repeat":
        main = "%s/%d*" % (a, draw(quota))
    elif shape == "two":
        main = "%s/%d,%s" % (a, draw(quota), dur(draw(ms_main)))
    else:
        main = "%s/%d,%s/%d*" % (a, draw(quota), dur(draw(ms_main)), draw(quota))
    at_start = False
    inc = 0
    if draw(st.booleans()):
        inc = draw(st.integers(0, 5000))
        main += "+" + dur(inc)
        at_start = inc > 0 and draw(st.booleans())
    # a Fischer increment and a Bronstein delay together are refused (both give time per move)
    # overtime after a stage repeated for ever is refused (it would never start)
    overtime = [] if shape in ("repeat", "two-repeat") else ["byoyomi", "canadian", "ing", "upcount"]
    mod = draw(st.sampled_from(["", "", "delay", "permove"] + overtime + ([] if inc else ["bronstein"])))
    d = dur(draw(st.integers(1, 8000)))
    if mod in ("delay", "bronstein", "permove"):
        if mod == "permove":
            d = dur(draw(st.integers(1000, 30000)))
        main += ";%s %s" % (mod, d)
    elif mod == "byoyomi":
        main += ";byoyomi %dx%s" % (draw(st.integers(1, 3)), d)
    elif mod == "canadian":
        main += ";canadian %d/%s" % (draw(st.integers(1, 3)), d)
    elif mod == "ing":
        main += ";ing %dx%s %dpt" % (draw(st.integers(1, 3)), d, draw(st.integers(1, 3)))
    elif mod == "upcount":
        main += ";upcount"
    if at_start:
        main += ";increment-at-start"  # FIDE's convention
    return main


@st.composite
def hourglass_spec(draw):
    return dur(draw(ms_main)) + ";hourglass" + draw(st.sampled_from(["", ";permove %s" % dur(draw(
        st.integers(1000, 30000)))]))


@st.composite
def game_settings(draw):
    kind = draw(st.sampled_from(["same", "same", "handicap", "preset", "hourglass", "upcount"]))
    if kind == "same":
        return {"clock": draw(side_spec())}
    if kind == "hourglass":
        return {"red": draw(hourglass_spec()), "black": draw(hourglass_spec())}
    if kind == "upcount":
        return {"clock": "upcount"}
    if kind == "handicap":
        return {"red": draw(side_spec()), "black": draw(side_spec())}
    return {"clock": draw(st.sampled_from(["xq-armageddon", "fide-blitz", "fide-rapid", "cxa1999-6.4",
                                           "go-byoyomi", "cxa1999-6.5:10s", "go-ing"]))}


def new_game(setup):
    if "clock" in setup:
        return Game(timecontrol.parse(setup["clock"]))
    return Game(timecontrol.handicap(setup["red"], setup["black"]))


# -- events ------------------------------------------------------------------
# A step says how far time moves and what happens then. "deadline" steps land
# on (or 1 ms around) the running side's flag or per-move deadline, so exact
# boundaries are hit often, not by luck.

gap = st.one_of(st.integers(0, 3000), st.integers(0, 90000), st.just(0))
step = st.tuples(
    st.sampled_from(["gap"] * 3 + ["deadline"]),
    gap,
    st.sampled_from([-1, 0, 0, 1]),
    st.sampled_from(["press-turn"] * 8 + ["press-other", "pause", "resume", "bonus",
                                           "penalty", "moves", "result", "start"]),
    st.integers(1, 400000),
    st.integers(0, 999),
)


def event_time(game, t, step_):
    how, g, off = step_[0], step_[1], step_[2]
    if how == "deadline":
        s = game.running()
        if s != STOPPED and not game.over():
            return max(t, game.due(s) + off)
    return t + g


def make_event(game, t, step_):
    what, amount, n = step_[3], step_[4], step_[5]
    if what == "start":
        return [t, ev.START, 0, 0]
    if what == "press-turn":
        return [t, ev.PRESS, game.turn, 0]
    if what == "press-other":
        return [t, ev.PRESS, 1 - game.turn, 0]
    if what == "pause":
        return [t, ev.PAUSE, 0, 0]
    if what == "resume":
        return [t, ev.RESUME, 0, 0]
    side = n % 2
    if what == "bonus":
        return [t, ev.ADJUST, side, amount // 4]
    if what == "penalty":
        return [t, ev.ADJUST, side, -amount]
    if what == "moves":
        return [t, ev.MOVES, side, n % 45]
    winner = n % 3
    reasons = DRAW_REASONS if winner == DRAW else WIN_REASONS
    return [t, ev.RESULT, winner, REASONS.index(reasons[n % len(reasons)])]


def side_state(c):
    return (c.remaining, c.used, c.granted, c.moves, c.period, c.overtime, c.periods_left,
            c.block_moves, c.flag_at, c.since, c.delay_left, c.move_used, c.counted)


def frozen(game):
    return (side_state(game.sides[0]), side_state(game.sides[1]), game.winner,
            game.reason, game.result_at, game.paused, game.turn)


def check_invariants(game):
    flags = [s for s in (RED, BLACK) if game.sides[s].flag_at != STOPPED]
    for s in (RED, BLACK):
        c = game.sides[s]
        assert c.used + c.remaining == c.granted, (s, c.used, c.remaining, c.granted)
        assert c.remaining >= 0
        assert c.used >= 0
        tc = c.tc
        if tc.upcount and not c.next_quota:
            assert c.flag_at == STOPPED or game.reason == REASONS.index("move-time")  # no flag on time
        if tc.upcount and c.overtime:
            assert c.remaining == 0 and 0 <= c.counted <= c.used
        if tc.ing_periods:  # the points of the periods begun
            begun = tc.ing_periods - c.periods_left + 1 if c.overtime else 0
            assert c.ing_points() == begun * tc.ing_points and 0 <= begun <= tc.ing_periods
    if not game.over():
        assert flags == []
        return
    assert game.running() == STOPPED
    assert not game.paused
    assert game.result_at <= game.now  # a result is never in the future
    if REASONS[game.reason] in ("time", "move-time"):
        # the loser's flag decides; both flags in one millisecond: both lose
        assert flags == ([RED, BLACK] if game.winner == NOBODY else [1 - game.winner])
        for s in flags:
            assert game.sides[s].flag_at == game.result_at
    elif REASONS[game.reason] != "forfeit":
        assert len(flags) <= 1  # an arbiter's result over a flag keeps it (§22.5)


@st.composite
def games(draw):
    setup = draw(game_settings())
    pre = draw(st.lists(step, max_size=2))  # things that happen before the start
    steps = draw(st.lists(step, min_size=1, max_size=30))
    start_gap = draw(st.integers(0, 5000))
    tail = draw(st.integers(0, 200000))
    return setup, pre, start_gap, steps, tail


def play_direct(setup, pre, start_gap, steps, tail, check=True):
    """Plays the steps on a Game, checking as it goes; returns (game, events, end)."""
    game = new_game(setup)
    t = 0
    events = []
    used = [0, 0]
    over_state = None
    for i, st_ in enumerate(list(pre) + [None] + list(steps)):
        if st_ is None:
            t += start_gap
            e = [t, ev.START, 0, 0]
        else:
            t = event_time(game, t, st_)
            e = make_event(game, t, st_)
        if check:
            # looking in between does not change what happens
            probe = copy.deepcopy(game)
            for k in (1, 2, 3):
                probe.advance(game.now + (t - game.now) * k // 3)
            ev.apply(probe, *e)
            waiting = [s for s in (RED, BLACK) if game.sides[s].since == STOPPED]
            before = [side_state(game.sides[s]) for s in waiting]
        ev.apply(game, *e)
        events.append(e)
        if check:
            assert snapshot.to_json(probe) == snapshot.to_json(game)
            check_invariants(game)
            for s in (RED, BLACK):
                assert game.sides[s].used >= used[s]  # used time never goes back
                used[s] = game.sides[s].used
            if e[1] in (ev.START, ev.PAUSE, ev.RESUME) and not game.control.sides[0].hourglass:
                # a clock that was stopped kept its time (only presses, the
                # arbiter and the result may change a waiting side; in an
                # hourglass it gains what the other ran, see below)
                after = [side_state(game.sides[s]) for s in waiting]
                for b, a in zip(before, after):
                    assert b[:9] == a[:9]
            if over_state is not None and e[1] != ev.RESULT:
                assert frozen(game) == over_state  # once over, nothing changes
            if game.over():
                over_state = frozen(game)
    end = t + tail
    game.advance(end)
    if check:
        check_invariants(game)
        if over_state is not None:
            assert frozen(game) == over_state
    return game, events, end


@SETTINGS
@given(games())
def test_bookkeeping_holds_at_every_step(g):
    game = play_direct(*g)[0]
    event("result: %s" % (REASONS[game.reason] if game.over() else "none"))
    event("overtime: %s" % any(c.overtime for c in game.sides))


@SETTINGS
@given(games())
def test_the_scenario_runner_plays_the_same_game(g):
    setup, pre, start_gap, steps, tail = g
    game, events, end = play_direct(setup, pre, start_gap, steps, tail, check=False)
    direct = snapshot.to_json(game)
    # through playback (the same Table, events and journal as the board)
    settings_ = dict(setup, forfeit=-1, fouls=3, absent=[0, 0])
    with tempfile.TemporaryDirectory() as tmp:
        out = playback.play({"settings": settings_, "events": events, "end": end,
                             "journal": tmp})
    assert out == direct
    # and through the scenario text, when the specs can be written on a 'clock' line
    specs = [setup.get("clock"), setup.get("red"), setup.get("black")]
    if any(s and " " in s for s in specs):
        return
    lines = ["clock " + setup["clock"] if "clock" in setup
             else "clock red=%s black=%s" % (setup["red"], setup["black"])]
    started = False
    for t, kind, side, value in events:
        who = ("red", "black", "draw")[side]
        if kind in scenario.IN_PLAY_ONLY and not started:
            continue  # a scenario refuses these before the start; the clock ignored them
        started = started or kind == ev.START
        if kind == ev.START:
            act = "start"
        elif kind == ev.PRESS:
            act = "press " + who
        elif kind == ev.PAUSE:
            act = "pause"
        elif kind == ev.RESUME:
            act = "resume"
        elif kind == ev.ADJUST:
            act = ("bonus %s %s" if value >= 0 else "penalty %s %s") % (who, dur(abs(value)))
        elif kind == ev.MOVES:
            act = "moves %s %d" % (who, value)
        else:
            act = "result %s %s" % (who, REASONS[value])
        lines.append("at %s %s" % (dur(t), act))
    lines.append("end " + dur(end))
    sc = scenario.parse("\n".join(lines) + "\n")
    assert scenario.play(sc, "cpython") == direct


@SETTINGS
@given(games(), st.integers(0, 10 ** 6))
def test_a_flag_found_late_is_the_same_flag(g, late):
    """Looking at the clock late finds the flag at the same instant."""
    setup, pre, start_gap, steps, tail = g
    game, events, end = play_direct(setup, pre, start_gap, steps, tail, check=False)
    again = new_game(setup)
    for e in events:
        ev.apply(again, *e)
    again.advance(end + late)
    if game.over():
        assert frozen(again) == frozen(game)
    elif again.over():
        assert again.result_at > end  # it had not fallen by `end`
        assert REASONS[again.reason] in ("time", "move-time")


@SETTINGS
@given(games())
def test_the_flag_falls_at_the_first_instant_the_time_is_gone(g):
    """1 ms before the recorded flag, the same events leave the game going on."""
    setup, pre, start_gap, steps, tail = g
    game, events, end = play_direct(setup, pre, start_gap, steps, tail, check=False)
    flags = [c.flag_at for c in game.sides if c.flag_at != STOPPED]
    if not flags or flags[0] == 0:
        return
    at = flags[0]
    before = new_game(setup)
    for e in events:
        if e[0] < at:
            ev.apply(before, *e)
    before.advance(at - 1)
    assert not before.over()
    assert [c.flag_at for c in before.sides] == [STOPPED, STOPPED]


@SETTINGS
@given(st.tuples(ms_main, ms_main), st.sampled_from(["", ";permove 10s"]), st.integers(0, 5000),
       st.lists(step, min_size=1, max_size=30))
def test_an_hourglass_keeps_the_sum_of_both_clocks(mains, permove, start_gap, steps):
    """Whatever the players and the arbiter do, save the arbiter's time changes,
    the two clocks add up to what they started with; whoever runs out loses."""
    setup = {"red": dur(mains[0]) + ";hourglass" + permove, "black": dur(mains[1]) + ";hourglass" + permove}
    steps = [st_ for st_ in steps if st_[3] not in ("bonus", "penalty")]
    game, events, end = play_direct(setup, [], start_gap, steps, 0)
    total = mains[0] + mains[1]
    again = new_game(setup)
    for e in events:
        ev.apply(again, *e)
        assert again.sides[RED].remaining + again.sides[BLACK].remaining == total
        for s in (RED, BLACK):  # what one used went to the other
            assert again.sides[s].granted == mains[s] + again.sides[1 - s].used
    if game.over() and REASONS[game.reason] == "time":
        assert game.sides[1 - game.winner].remaining == 0 and game.sides[game.winner].remaining == total


@st.composite
def fischer_games(draw):
    """A Fischer control (stages + increment, nothing else) and events for it."""
    stages = draw(st.sampled_from(["%s", "%s/%d*", "%s/%d,%s", "%s/%d,%s/%d*"]))
    values = []
    for part in stages.split("%")[1:]:
        values.append(dur(draw(ms_main)) if part[0] == "s" else draw(quota))
    spec = stages % tuple(values) + "+" + dur(draw(st.integers(1, 5000)))
    steps = draw(st.lists(step, min_size=1, max_size=30))
    return spec, draw(st.integers(0, 5000)), steps


@SETTINGS
@given(fischer_games())
def test_increment_at_start_is_one_increment_more_and_nothing_else(g):
    """The same game under FIDE's convention has exactly one increment more on
    the clock at every moment (so its flag never falls earlier); it uses the
    same time and counts the same moves."""
    spec, start_gap, steps = g
    inc = timecontrol.parse(spec).sides[0].increment_ms
    fide = Game(timecontrol.parse(spec + ";increment-at-start"))
    assert fide.sides[RED].remaining == timecontrol.parse(spec).sides[0].stages[0][0] + inc
    game, events, end = play_direct({"clock": spec}, [], start_gap, steps, 0, check=False)
    plain = Game(timecontrol.parse(spec))
    for e in events:
        ev.apply(plain, *e)
        ev.apply(fide, *e)
        if plain.over():
            break
        for s in (RED, BLACK):
            a, b = plain.sides[s], fide.sides[s]
            assert b.remaining - a.remaining == inc and b.granted - a.granted == inc
            assert (b.used, b.moves, b.period) == (a.used, a.moves, a.period)
        check_invariants(fide)
    if fide.over() and REASONS[fide.reason] == "time":
        assert plain.over() and plain.result_at <= fide.result_at


def test_a_zero_bonus_in_byoyomi_changes_nothing():
    # found by the property above: clock 1s;byoyomi 2x1ms, a 0 ms bonus in
    # the second period, then a press; the Table and the bare Game disagreed
    events = [[0, ev.START, 0, 0], [1001, ev.ADJUST, RED, 0], [1002, ev.PRESS, RED, 0]]
    game = new_game({"clock": "1.000s;byoyomi 2x0.001s"})
    for e in events:
        ev.apply(game, *e)
    game.advance(1002)
    settings_ = {"clock": "1.000s;byoyomi 2x0.001s", "forfeit": -1, "fouls": 3, "absent": [0, 0]}
    with tempfile.TemporaryDirectory() as tmp:
        out = playback.play({"settings": settings_, "events": events, "end": 1002, "journal": tmp})
    assert out == snapshot.to_json(game)


side_event = st.tuples(st.sampled_from([ev.ARRIVE, ev.FOUL, ev.WARN, ev.FALSE_CLAIM, ev.OFFER, ev.PRESS]),
                       st.sampled_from([RED, BLACK]), st.integers(0, 120000))


@SETTINGS
@given(games(), st.sampled_from([-1, 0, 30000, 600000]), st.sampled_from([[0, 0], [1, 0], [0, 1], [1, 1]]),
       st.lists(side_event, max_size=8))
def test_whatever_changes_the_game_reaches_the_journal(g, forfeit, absent, extra):
    """Issue 15.1's rule: the journal replays to the game the clock had,
    whatever the events, absent players and late limit."""
    from clock.journalread import Loaded
    from clock import tablestart
    from clock.tablestart import build_game, replay
    setup, pre, start_gap, steps, tail = g
    settings_ = dict(setup, forfeit=forfeit, fouls=3, absent=absent)
    shadow = build_game(settings_)  # to aim presses at the side to move
    t = 0
    events = []
    for i, st_ in enumerate(list(pre) + [None] + list(steps)):
        if st_ is None:
            t += start_gap
            e = [t, ev.START, 0, 0]
        else:
            t = event_time(shadow, t, st_)
            e = make_event(shadow, t, st_)
        ev.apply(shadow, *e)
        events.append(e)
        if i < len(extra):  # a player's or the arbiter's action in between
            kind, side, later = extra[i]
            t += later
            events.append([t, kind, side, 0])
            ev.apply(shadow, *events[-1])
    end = t + tail
    with tempfile.TemporaryDirectory() as tmp:
        path = tmp + "/game.xqj"
        table = tablestart.new(dict(settings_), path)
        for e in events:
            table.event(*e)
        table.tick(end)
        table.close()
        game, _ = replay(Loaded(path))
        game.advance(end)
        assert snapshot.to_json(game) == snapshot.to_json(table.game)
