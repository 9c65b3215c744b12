# The words a game's record gives what happened, each list in the order of
# the numbers the clock keeps (clock/game.py, clock/events.py): the sides, the
# results' reasons, the scores, the events' kinds. They are the record's and
# the reports' (the host's tools, the hall's messages, the arbiter's menus),
# not the rules': a clock that only plays never reads them (on a Pico their
# 44 strs are 1.5 KB).

SIDE_NAMES = ("red", "black")
# game.REASON_COUNT of them; the first four the clock's own decisions (clock/game.py)
REASONS = ("time", "move-time", "forfeit", "fouls", "mate", "stalemate", "resign",
           "flying-general", "illegal", "repetition", "discipline", "agreed",
           "move-limit", "no-win", "arbiter", "perpetual-check", "perpetual-chase")
FORFEIT_SCORES = ("+/-", "-/+", "", "-/-")  # §21.4: won / lost without play
SCORES = ("1-0", "0-1", "1/2-1/2", "0-0")
# events.KIND_COUNT of them (clock/events.py)
EVENTS = ("start", "press", "pause", "resume", "moves", "adjust", "result", "arrive",
          "foul", "warn", "false-claim", "offer", "checkpoint", "power-on", "code-lockout", "moved",
          "low-battery")


def score(game):
    """A finished game's score: "1-0", "0-1", "1/2-1/2", "0-0", or for a
    game won or lost without play (a forfeit) "+/-", "-/+", "-/-"."""
    from clock.game import R_FORFEIT
    return (FORFEIT_SCORES if game.reason == R_FORFEIT else SCORES)[game.winner]
