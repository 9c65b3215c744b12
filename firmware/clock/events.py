# Events: the one path by which anything changes a game. The buttons, the
# arbiter menus, scenario files and the journal replay all come through
# `apply`, so a game is exactly what its events make of its control.
# An event is (t_ms, kind, side, value), four integers.

START = 0
PRESS = 1
PAUSE = 2
RESUME = 3
MOVES = 4  # value: the corrected completed-move count
ADJUST = 5  # value: ms added (> 0) or taken (< 0)
RESULT = 6  # side: winner (RED, BLACK, DRAW); value: index into game.REASONS

NAMES = ("start", "press", "pause", "resume", "moves", "adjust", "result")


def apply(game, t, kind, side, value):
    """Apply one event to the game; returns whether it changed anything."""
    if kind == PRESS:
        return game.press(side, t)
    if kind == START:
        return game.start(t)
    if kind == PAUSE:
        return game.pause(t)
    if kind == RESUME:
        return game.resume(t)
    if kind == MOVES:
        return game.set_moves(side, value, t)
    if kind == ADJUST:
        return game.adjust(side, value, t)
    if kind == RESULT:
        return game.declare(side, value, t)
    raise ValueError("unknown event kind %d" % kind)
