"""`xqclock demo`: play the bundled example game and print the clock as it goes."""
from pathlib import Path

from host_tools import firmware_path
from clock import events as ev
from clock import timecontrol
from clock.reading import shown
from clock.names import EVENTS, SIDE_NAMES, REASONS, score
from clock.tablestart import build_game

EXAMPLE = Path(__file__).parent / "examples" / "demo.scn"


def clock_text(ms):
    """What the clock's display reads (the firmware's own rounding: up, so 4:44.2 reads 4:45)."""
    return shown(ms)


def describe(kind, side, value):
    if kind in (ev.START, ev.PAUSE, ev.RESUME):
        return EVENTS[kind]
    if kind == ev.ADJUST:
        return f"{'bonus' if value > 0 else 'penalty'} {SIDE_NAMES[side]} {abs(value) // 1000} s"
    if kind == ev.MOVES:
        return f"moves {SIDE_NAMES[side]} = {value}"
    if kind == ev.RESULT:
        return f"result: {REASONS[value]}"
    return f"{EVENTS[kind]} {SIDE_NAMES[side]}"


def elapsed(ms):
    return "%d:%02d:%02d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60)


def line(game, what, at=None):
    marks = []
    for s in (0, 1):
        c = game.sides[s]
        arrow = "▶" if game.running() == s else " "
        flag = " FLAG" if c.flag_at >= 0 else ""
        marks.append(f"{arrow} {SIDE_NAMES[s].title():5} {clock_text(c.remaining):>7}  move {c.moves:<3}{flag}")
    return f"{elapsed(game.now if at is None else at)}  {what:<22}" + "   ".join(marks)


def run(path=EXAMPLE, out=print):
    """Play a scenario file, printing each step (UsageError or ScenarioError on a bad one)."""
    from host_tools import scenario
    from host_tools.inputs import read_text
    sc = scenario.parse(read_text(path, "scenario"))
    game = build_game(sc.settings())
    out(f"Time control: {timecontrol.describe(game.control)}")
    for t, kind, side, value in sc.events + [[sc.end, None, 0, 0]]:
        over = game.over()
        game.advance(t)
        if game.over() and not over:  # a flag fell between two events
            out(line(game, "flag falls", game.result_at))
        if kind is None:
            out(line(game, "end"))
            break
        ev.apply(game, t, kind, side, value)
        out(line(game, describe(kind, side, value)))
    if game.over():
        winner = ("draw", "both lose")[game.winner - 2] if game.winner > 1 else SIDE_NAMES[game.winner] + " wins"
        out(f"Result: {winner} ({REASONS[game.reason]}), {score(game)}")
