"""Fairy-Stockfish (pyffish) as the referee of the moves played.

One call checks a whole game (a call costs about 2.7 ms whatever it does, so
the game goes in at once, and only a refused game is bisected to the first
move it refuses). Fairy-Stockfish numbers ranks 1..10 where ICCS says 0..9.
"""
import pyffish

from host_tools.ruling.board import FILES

VARIANT = "xiangqi"


def uci(move):
    frm, to = move
    return f"{FILES[frm % 9]}{frm // 9 + 1}{FILES[to % 9]}{to // 9 + 1}"


def fen_ok(fen):
    return pyffish.validate_fen(fen, VARIANT) == pyffish.FEN_OK


def _plays(fen, moves):
    try:
        pyffish.get_fen(VARIANT, fen, moves)
        return True
    except (ValueError, SystemError):
        return False


def first_refused(fen, moves):
    """Index of the first move Fairy-Stockfish refuses to play from fen, or None."""
    names = [uci(m) for m in moves]
    if _plays(fen, names):
        return None
    good, bad = 0, len(names)  # the first `good` moves play; the first `bad` do not
    while bad - good > 1:
        mid = (good + bad) // 2
        if _plays(fen, names[:mid]):
            good = mid
        else:
            bad = mid
    return bad - 1


def checks(fen, moves):
    """For each move, whether it gives check (from Fairy-Stockfish's SAN marks)."""
    if not moves:
        return []
    san = pyffish.get_san_moves(VARIANT, fen, [uci(m) for m in moves], False, pyffish.NOTATION_SAN)
    return [s.endswith(("+", "#")) for s in san]


def gives_check(fen, move):
    return pyffish.gives_check(VARIANT, fen, [uci(move)])


def legal_moves(fen):
    return set(pyffish.legal_moves(VARIANT, fen, []))
