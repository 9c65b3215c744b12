# Events: the one path by which anything changes a game. The buttons, the
# arbiter menus, scenario files and the journal replay all come through
# `apply`, so a game is exactly what its events make of its settings.
# An event is (t_ms, kind, side, value), four integers.

START = 0
PRESS = 1
PAUSE = 2  # value: 0 by the arbiter, 1 by a player (itself a foul ground, §9.1.2)
RESUME = 3
MOVES = 4  # value: the corrected completed-move count
ADJUST = 5  # value: ms added (> 0) or taken (< 0)
RESULT = 6  # side: winner (RED, BLACK, DRAW); value: the reason (clock/game.py's R_*)
ARRIVE = 7
FOUL = 8
WARN = 9
FALSE_CLAIM = 10
OFFER = 11
CHECKPOINT = 12  # the clocks at time t (running time, or a flag that fell)
POWER_ON = 13  # the board restarted from its journal: the game waits, paused
CODE_LOCKOUT = 14  # wrong arbiter codes locked the menu; value: for how many ms. Recorded only
MOVED = 15  # the game went on on another clock (§22.4): this one's copy is closed
LOW_BATTERY = 16  # the cells have about 10 hours of play left; value: their mV. Recorded only

KIND_COUNT = 17  # the kinds above (their names: clock/names.py's EVENTS)
BY_PLAYER = 1


def apply(game, t, kind, side, value):
    """Apply one event to the game; returns whether it changed anything."""
    if kind == PRESS:
        return game.press(side, t)
    if kind == CHECKPOINT or kind == CODE_LOCKOUT or kind == LOW_BATTERY:
        game.advance(t)
        return True
    if kind == START:
        return game.start(t)
    if kind == PAUSE or kind == POWER_ON:
        return game.pause(t)
    if kind == RESUME:
        return game.resume(t)
    if kind == MOVES:
        return game.set_moves(side, value, t)
    if kind == ADJUST:
        return game.adjust(side, value, t)
    if kind == RESULT:
        return game.declare(side, value, t)
    if kind == ARRIVE:
        return game.arrive(side, t)
    if kind == FOUL:
        return game.foul(side, t)
    if kind == WARN:
        return game.warn(side, t)
    if kind == FALSE_CLAIM:
        return game.false_claim(side, t)
    if kind == OFFER:
        return game.offer(side, t)
    if kind == MOVED:
        return game.move_away(t)
    raise ValueError("unknown event kind %d" % kind)
