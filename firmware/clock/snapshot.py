# The game's state as the JSON object of SCENARIOS.md, written key by key so
# that CPython and MicroPython (whose dicts do not keep insertion order) give
# byte-identical text. write() puts it in a preallocated buffer (clock/outbuf.py)
# without allocating: the hall's reporter sends it while a game runs.

import json

from clock.game import FORFEIT_SCORES, REASONS, SCORES, UNSET
from clock.outbuf import Out

_SIDES = (b'"red"', b'"black"')
_REASONS = tuple(('"%s"' % r).encode() for r in REASONS)
_SCORES = {s: ('"%s"' % s).encode() for s in SCORES + FORFEIT_SCORES}  # game.score()'s str -> its JSON
# The longest state without its notice: every number with 11 characters
# ("-1073741824": any small int of a Pico), every field at its longest
# (tests/firmware/test_hall_reports.py checks it).
BYTES = 1141


def _ms(out, v):
    if v == UNSET:
        out.put(b"null")
    else:
        out.num(v)


def _bool(out, v):
    out.put(b"true" if v else b"false")


def _side(out, game, s):
    c = game.sides[s]
    tc = c.tc
    out.put(b'{"remaining_ms": ')
    out.num(c.remaining)
    out.put(b', "moves": ')
    out.num(c.moves)
    out.put(b', "flag": ')
    _bool(out, c.flag_at != UNSET)
    out.put(b', "flag_at_ms": ')
    _ms(out, c.flag_at)
    out.put(b', "fouls": ')
    out.num(game.fouls[s])
    out.put(b', "warnings": ')
    out.num(game.warnings[s])
    out.put(b', "present": ')
    _bool(out, game.present[s])
    out.put(b', "arrived_at_ms": ')
    _ms(out, game.arrived_at[s])
    out.put(b', "exempt": ')
    _bool(out, game.exempt(s))
    out.put(b', "offers": ')
    out.num(game.offers[s])
    out.put(b', "repeat_offers": ')
    out.num(game.repeat_offers[s])
    out.put(b', "used_ms": ')
    out.num(c.used)
    out.put(b', "period": ')
    out.num(c.period + 1)
    out.put(b', "overtime": ')
    _bool(out, c.overtime)
    out.put(b', "byoyomi_periods": ')
    _ms(out, c.periods_left if c.overtime and tc.byoyomi_periods else UNSET)
    out.put(b', "block_moves": ')
    _ms(out, c.block_moves if c.overtime and tc.canadian_moves else UNSET)
    out.put(b', "upcount_ms": ')
    _ms(out, c.counted if tc.upcount else UNSET)
    out.put(b', "ing_period": ')
    _ms(out, tc.ing_periods - c.periods_left + 1 if c.overtime and tc.ing_periods else UNSET)
    out.put(b', "ing_points": ')
    _ms(out, c.ing_points() if tc.ing_periods else UNSET)
    out.put(b"}")


def _result(out, game):
    if not game.over():
        out.put(b"null")
        return
    out.put(b'{"winner": ')
    out.put(b"null" if game.winner > 1 else _SIDES[game.winner])
    out.put(b', "reason": ')
    out.put(_REASONS[game.reason])
    out.put(b', "score": ')
    out.put(_SCORES[game.score()])
    out.put(b', "at_ms": ')
    out.num(game.result_at)
    out.put(b"}")


def notice_json(notice):
    """The notice (a str, or None) as write() takes it: its JSON, UTF-8."""
    return b"null" if notice is None else json.dumps(notice).encode()


def write(out, game, notice=b"null"):
    """The state into out (clock.outbuf.Out); notice is notice_json()'s."""
    running = game.running()
    out.put(b'{"time_ms": ')
    out.num(game.now)
    out.put(b', "running": ')
    out.put(b"null" if running == UNSET else _SIDES[running])
    out.put(b', "paused": ')
    _bool(out, game.paused)
    out.put(b', "red": ')
    _side(out, game, 0)
    out.put(b', "black": ')
    _side(out, game, 1)
    out.put(b', "result": ')
    _result(out, game)
    out.put(b', "hourglass": ')
    _bool(out, game.control.sides[0].hourglass)
    out.put(b', "notice": ')
    out.put(notice)
    out.put(b"}")


def to_json(game, notice=None):
    text = notice_json(notice)
    out = Out(BYTES + len(text))
    write(out, game, text)
    return out.text()
