# The game's state as the JSON object of SCENARIOS.md, written key by key so
# that CPython and MicroPython (whose dicts do not keep insertion order) give
# byte-identical text.

import json

from clock.game import SIDE_NAMES, REASONS, UNSET


def _ms(v):
    return "null" if v == UNSET else "%d" % v


def _bool(v):
    return "true" if v else "false"


def _side(game, s):
    c = game.sides[s]
    tc = c.tc
    return ('{"remaining_ms": %d, "moves": %d, "flag": %s, "flag_at_ms": %s, '
            '"fouls": %d, "warnings": %d, "present": %s, '
            '"arrived_at_ms": %s, "exempt": %s, "offers": %d, "repeat_offers": %d, '
            '"used_ms": %d, "period": %d, "overtime": %s, "byoyomi_periods": %s, '
            '"block_moves": %s, "upcount_ms": %s, "ing_period": %s, "ing_points": %s}') % (
        c.remaining, c.moves, _bool(c.flag_at != UNSET), _ms(c.flag_at),
        game.fouls[s], game.warnings[s], _bool(game.present[s]),
        _ms(game.arrived_at[s]), _bool(game.exempt(s)), game.offers[s], game.repeat_offers[s],
        c.used, c.period + 1, _bool(c.overtime),
        _ms(c.periods_left if c.overtime and tc.byoyomi_periods else UNSET),
        _ms(c.block_moves if c.overtime and tc.canadian_moves else UNSET),
        _ms(c.counted if tc.upcount else UNSET),
        _ms(tc.ing_periods - c.periods_left + 1 if c.overtime and tc.ing_periods else UNSET),
        _ms(c.ing_points() if tc.ing_periods else UNSET))


def _result(game):
    if not game.over():
        return "null"
    winner = "null" if game.winner > 1 else '"%s"' % SIDE_NAMES[game.winner]
    return '{"winner": %s, "reason": "%s", "score": "%s", "at_ms": %d}' % (
        winner, REASONS[game.reason], game.score(), game.result_at)


def _text(s):
    return "null" if s is None else json.dumps(s)


def to_json(game, notice=None):
    running = game.running()
    return ('{"time_ms": %d, "running": %s, "paused": %s, "red": %s, "black": %s, '
            '"result": %s, "hourglass": %s, "notice": %s}') % (
        game.now, "null" if running == UNSET else '"%s"' % SIDE_NAMES[running],
        _bool(game.paused), _side(game, 0), _side(game, 1), _result(game),
        _bool(game.control.sides[0].hourglass), _text(notice))
