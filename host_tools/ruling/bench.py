"""The ruling's figures for `python3 tasks.py bench` (CPython on the host, as
the organiser's computer runs it): a 300-ply game with a repetition at its
end, read from text and ruled; and what classifying one move costs."""
import random
import time

from host_tools.ruling import record, rules, rule
from host_tools.ruling.board import EMPTY, START_FEN, Position
from host_tools.ruling.notation import chinese

STEADY = "RCNAK"  # pieces that can go back where they came from


def _game(seed, plies=300, cycle=4):
    """(moves, text) of a seeded random game that ends in a position
    played three times: random moves, then a cycle of `cycle` plies twice."""
    rng = random.Random(seed)
    while True:
        pos, moves = Position.from_fen(START_FEN), []
        for _ in range(plies - 2 * cycle):
            legal = pos.legal_moves()
            if not legal:
                break
            m = rng.choice(legal)
            moves.append(m)
            pos.do(m)
        else:
            loop = _cycle(pos, rng)
            if loop:
                moves += loop * 2
                break
        seed += 1
        rng = random.Random(seed)
    start = Position.from_fen(START_FEN)
    text, p = [], start.copy()
    for i, m in enumerate(moves):
        if i % 2 == 0:
            text.append(f"{i // 2 + 1}.")
        text.append(chinese(p, m))
        p.do(m)
    return moves, " ".join(text)


def _cycle(pos, rng):
    """Four moves that bring pos back: a move of each side and each one undone."""
    def steady(p):
        return [m for m in p.legal_moves() if p.board[m[1]] == EMPTY and p.board[m[0]].upper() in STEADY]
    first = steady(pos)
    rng.shuffle(first)
    for a in first:
        ta = pos.do(a)
        for b in steady(pos):
            tb = pos.do(b)
            back_a = (a[1], a[0])
            if back_a in pos.legal_moves():
                pos.do(back_a)
                ok = (b[1], b[0]) in pos.legal_moves()
                pos.undo(back_a, EMPTY)
                if ok:
                    pos.undo(b, tb)
                    pos.undo(a, ta)
                    return [a, b, back_a, (b[1], b[0])]
            pos.undo(b, tb)
        pos.undo(a, ta)
    return None


def figures(quick=False):
    moves, text = _game(2024)
    runs = 1 if quick else 5
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        result = rule(record.read_text(text))
        times.append(time.perf_counter() - t0)
    best = min(times)
    rep = result["repetition"]
    assert rep is not None and result["moves"] == len(moves) == 300
    positions = result["positions"]
    sample = range(0, 300, 30 if quick else 3)
    t0 = time.perf_counter()
    for i in sample:
        rules.classify(positions[i].copy(), moves[i])
    per_move = (time.perf_counter() - t0) / len(sample)
    return ("ruling_300_plies %.3f s to read a 300-ply game in Chinese notation, have Fairy-Stockfish "
            "confirm it, count the natural limit and rule the repetition at its end (%s, best of %d; "
            "CPython on the host)\n"
            "ruling_classify_per_move %.1f ms to say what one move is (将/杀/捉/闲), mean over %d moves "
            "of that game\n" % (best, rep.verdict, runs, per_move * 1000, len(sample)))


if __name__ == "__main__":
    print(figures(), end="")
