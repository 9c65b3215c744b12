# The game's state as the JSON object of SCENARIOS.md, written key by key so
# that CPython and MicroPython (whose dicts do not keep insertion order) give
# byte-identical text. write() puts it in a preallocated buffer (clock/outbuf.py)
# without allocating: the hall's reporter sends it while a game runs.

import json

from clock.game import R_FORFEIT, UNSET
from clock.names import FORFEIT_SCORES, REASONS, SCORES
from clock.outbuf import Out

_SIDES = (b'"red"', b'"black"')
_REASONS = tuple(('"%s"' % r).encode() for r in REASONS)
_SCORES = tuple(('"%s"' % s).encode() for s in SCORES)  # clock.names.score()'s, as JSON
_FORFEIT_SCORES = tuple(('"%s"' % s).encode() for s in FORFEIT_SCORES)
# The longest state without its notice: every number with 11 characters
# ("-1073741824": any small int of a Pico), every field at its longest
# (tests/firmware/test_hall_reports.py checks it).
BYTES = 1138

_TOP = b'{"time_ms": %d, "running": %s, "paused": %b, "red": '
_SIDE = (b'{"remaining_ms": %d, "moves": %d, "flag": %b, "flag_at_ms": %n, '
         b'"fouls": %d, "warnings": %d, "present": %b, '
         b'"arrived_at_ms": %n, "exempt": %b, "offers": %d, "repeat_offers": %d, '
         b'"used_ms": %d, "period": %d, "overtime": %b, "byoyomi_periods": %n, '
         b'"block_moves": %n, "upcount_ms": %n, "ing_period": %n, "ing_points": %n}')
_RESULT = b'{"winner": %s, "reason": %s, "score": %s, "at_ms": %d}'
_END = b', "hourglass": %b, "notice": %s}'
_NUMS = [0] * 19  # a template's numbers, filled in place
_TEXTS = [b""] * 3


def _side(out, game, s):
    c = game.sides[s]
    tc = c.tc
    v = _NUMS
    v[0] = c.remaining
    v[1] = c.moves
    v[2] = c.flag_at != UNSET
    v[3] = c.flag_at
    v[4] = game.fouls[s]
    v[5] = game.warnings[s]
    v[6] = game.present[s]
    v[7] = game.arrived_at[s]
    v[8] = game.exempt(s)
    v[9] = game.offers[s]
    v[10] = game.repeat_offers[s]
    v[11] = c.used
    v[12] = c.period + 1
    v[13] = c.overtime
    v[14] = c.periods_left if c.overtime and tc.byoyomi_periods else UNSET
    v[15] = c.block_moves if c.overtime and tc.canadian_moves else UNSET
    v[16] = c.counted if tc.upcount else UNSET
    v[17] = tc.ing_periods - c.periods_left + 1 if c.overtime and tc.ing_periods else UNSET
    v[18] = c.ing_points() if tc.ing_periods else UNSET
    out.form(_SIDE, v)


def notice_json(notice):
    """The notice (a str, or None) as write() takes it: its JSON, UTF-8."""
    return b"null" if notice is None else json.dumps(notice).encode()


def write(out, game, notice=b"null"):
    """The state into out (clock.outbuf.Out); notice is notice_json()'s."""
    running = game.running()
    v = _NUMS
    t = _TEXTS
    v[0] = game.now
    v[1] = game.paused
    t[0] = b"null" if running == UNSET else _SIDES[running]
    out.form(_TOP, v, t)
    _side(out, game, 0)
    out.put(b', "black": ')
    _side(out, game, 1)
    out.put(b', "result": ')
    if game.over():
        t[0] = b"null" if game.winner > 1 else _SIDES[game.winner]
        t[1] = _REASONS[game.reason]
        t[2] = (_FORFEIT_SCORES if game.reason == R_FORFEIT else _SCORES)[game.winner]
        v[0] = game.result_at
        out.form(_RESULT, v, t)
    else:
        out.put(b"null")
    v[0] = game.control.sides[0].hourglass
    t[0] = notice
    out.form(_END, v, t)


def to_json(game, notice=None):
    text = notice_json(notice)
    out = Out(BYTES + len(text))
    write(out, game, text)
    return out.text()
