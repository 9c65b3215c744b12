"""A Xiangqi position: the board, FEN, moves, check and attacks.

This is the move generator the rule logic explores with: a chase or a mate
threat is a question about moves that were NOT played (what the mover could
take next, what the opponent could take back), thousands of them per ruling,
and Fairy-Stockfish's binding costs about 2.7 ms a call here. The moves that
WERE played are confirmed by Fairy-Stockfish (engine.py), and the tests hold
this generator to it move for move on random positions.

Squares are 0..89: rank * 9 + file, rank 0 being Red's back rank and file 0
the a-file (ICCS coordinates: a0 is square 0, i9 is 89). Pieces are FEN
letters, Red upper case: K king, A advisor, B elephant, N horse, R chariot,
C cannon, P pawn; EMPTY is ".".
"""
RED, BLACK = 0, 1
EMPTY = "."
FILES = "abcdefghi"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
KINDS = "KABNRCP"
# Other letters some programs write: E elephant, H horse.
FEN_ALIASES = {"E": "B", "H": "N", "e": "b", "h": "n"}


class FenError(ValueError):
    """A FEN that is not a Xiangqi position; the message says why."""


def square(file, rank):
    return rank * 9 + file


def name(sq):
    """ICCS name of a square: a0 .. i9."""
    return FILES[sq % 9] + str(sq // 9)


def side_of(piece):
    return RED if piece.isupper() else BLACK


def crossed(piece, sq):
    """A pawn (or any piece) on the far side of the river for its side."""
    return sq // 9 >= 5 if piece.isupper() else sq // 9 <= 4


def _on(f, r):
    return 0 <= f < 9 and 0 <= r < 10


def _palace(side, f, r):
    return 3 <= f <= 5 and (0 <= r <= 2 if side == RED else 7 <= r <= 9)


def _tables():
    rays, horse_to, horse_from, eleph, adv, king, pawn = [], [], [], [], [], [], []
    for sq in range(90):
        f, r = sq % 9, sq // 9
        rays.append(tuple(tuple(square(f + df * k, r + dr * k) for k in range(1, 10) if _on(f + df * k, r + dr * k))
                          for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))))
        to, frm = [], []
        for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
            if _on(f + df, r + dr):
                leg = square(f, r + dr // 2) if abs(dr) == 2 else square(f + df // 2, r)
                to.append((square(f + df, r + dr), leg))
                # a horse on the far square reaches this one past its own leg
                leg_back = square(f + df, r + dr - dr // 2) if abs(dr) == 2 else square(f + df - df // 2, r + dr)
                frm.append((square(f + df, r + dr), leg_back))
        horse_to.append(tuple(to))
        horse_from.append(tuple(frm))
        per_side_e, per_side_a, per_side_k, per_side_p = [], [], [], []
        for side in (RED, BLACK):
            home = range(0, 5) if side == RED else range(5, 10)
            per_side_e.append(tuple((square(f + df, r + dr), square(f + df // 2, r + dr // 2))
                                    for df, dr in ((2, 2), (2, -2), (-2, 2), (-2, -2))
                                    if _on(f + df, r + dr) and r + dr in home and r in home))
            per_side_a.append(tuple(square(f + df, r + dr) for df, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1))
                                    if _palace(side, f, r) and _palace(side, f + df, r + dr)))
            per_side_k.append(tuple(square(f + df, r + dr) for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
                                    if _palace(side, f, r) and _palace(side, f + df, r + dr)))
            ahead = 1 if side == RED else -1
            steps = [(0, ahead)]
            if (r >= 5) == (side == RED):
                steps += [(1, 0), (-1, 0)]
            per_side_p.append(tuple(square(f + df, r + dr) for df, dr in steps if _on(f + df, r + dr)))
        eleph.append(per_side_e)
        adv.append(per_side_a)
        king.append(per_side_k)
        pawn.append(per_side_p)
    return rays, horse_to, horse_from, eleph, adv, king, pawn


RAYS, HORSE_TO, HORSE_FROM, ELEPHANT, ADVISOR, KING, PAWN = _tables()


class Position:
    """A board and the side to move. Moves are (from, to) pairs of squares.
    do()/undo() change it in place (the searches' way); play() returns a copy."""
    __slots__ = ("board", "turn", "kings")

    def __init__(self, board, turn):
        self.board = list(board)
        self.turn = turn
        self.kings = [self.board.index("K") if "K" in self.board else -1,
                      self.board.index("k") if "k" in self.board else -1]

    @classmethod
    def start(cls):
        return cls.from_fen(START_FEN)

    @classmethod
    def from_fen(cls, text):
        fields = text.split()
        if not fields:
            raise FenError("empty FEN")
        rows = fields[0].split("/")
        if len(rows) != 10:
            raise FenError(f"{len(rows)} ranks, not 10")
        board = [EMPTY] * 90
        for i, row in enumerate(rows):
            rank, f = 9 - i, 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                    continue
                ch = FEN_ALIASES.get(ch, ch)
                if ch.upper() not in KINDS:
                    raise FenError(f"'{ch}' is not a Xiangqi piece (KABNRCP, or E/H)")
                if f >= 9:
                    break
                board[square(f, rank)] = ch
                f += 1
            if f != 9:
                raise FenError(f"rank {rank} has {f} files, not 9")
        turn = fields[1].lower() if len(fields) > 1 else "w"
        if turn not in ("w", "r", "b"):
            raise FenError(f"side to move '{fields[1]}' is not w (or r) or b")
        pos = cls(board, RED if turn in ("w", "r") else BLACK)
        pos._check_setup()
        return pos

    def _check_setup(self):
        counts: dict[str, int] = {}
        for sq, p in enumerate(self.board):
            if p == EMPTY:
                continue
            counts[p] = counts.get(p, 0) + 1
            side, f, r = side_of(p), sq % 9, sq // 9
            kind = p.upper()
            where = f"{'Red' if side == RED else 'Black'} {kind} on {name(sq)}"
            if kind in "KA" and not _palace(side, f, r):
                raise FenError(f"{where} is outside its palace")
            if kind == "A" and (f + r) % 2 != (1 if side == RED else 0):
                raise FenError(f"{where} is not on an advisor's point")
            if kind == "B" and sq not in _ELEPHANT_POINTS[side]:
                raise FenError(f"{where} is not on an elephant's point")
            if kind == "P" and not crossed(p, sq) and (r < 3 if side == RED else r > 6):
                raise FenError(f"{where} is behind its starting rank")
        for p, most in (("K", 1), ("A", 2), ("B", 2), ("N", 2), ("R", 2), ("C", 2), ("P", 5)):
            for q in (p, p.lower()):
                if counts.get(q, 0) > most:
                    raise FenError(f"{counts[q]} {'Red' if q.isupper() else 'Black'} {p} (at most {most})")
        for q in ("K", "k"):
            if counts.get(q, 0) != 1:
                raise FenError(f"no {'Red' if q == 'K' else 'Black'} king")
        if self.in_check(1 - self.turn):
            raise FenError("the side not to move is in check")

    def fen(self):
        rows = []
        for rank in range(9, -1, -1):
            row, gap = "", 0
            for f in range(9):
                p = self.board[square(f, rank)]
                if p == EMPTY:
                    gap += 1
                    continue
                if gap:
                    row += str(gap)
                    gap = 0
                row += p
            rows.append(row + (str(gap) if gap else ""))
        return "/".join(rows) + (" w" if self.turn == RED else " b") + " - - 0 1"

    def key(self):
        """Identity for repetition: the same pieces on the same points, the same side to move."""
        return "".join(self.board) + str(self.turn)

    def copy(self):
        p = Position.__new__(Position)
        p.board, p.turn, p.kings = self.board[:], self.turn, self.kings[:]
        return p

    # -- making moves -------------------------------------------------------

    def do(self, move):
        """Make a move in place; returns what undo() needs (the captured piece)."""
        frm, to = move
        b = self.board
        taken, piece = b[to], b[frm]
        b[to], b[frm] = piece, EMPTY
        if piece in "Kk":
            self.kings[side_of(piece)] = to
        self.turn ^= 1
        return taken

    def undo(self, move, taken):
        frm, to = move
        b = self.board
        piece = b[to]
        b[frm], b[to] = piece, taken
        if piece in "Kk":
            self.kings[side_of(piece)] = frm
        self.turn ^= 1

    def play(self, move):
        p = self.copy()
        p.do(move)
        return p

    # -- attacks ------------------------------------------------------------

    def attacked(self, sq, by):
        """Whether side `by` could capture on sq, were it a piece of the other
        side; a king on the same open file counts (kings may not face), so
        this answers for a king's safety."""
        b = self.board
        rook, cannon, king = ("R", "C", "K") if by == RED else ("r", "c", "k")
        for i, ray in enumerate(RAYS[sq]):
            screen = False
            for s in ray:
                p = b[s]
                if p == EMPTY:
                    continue
                if not screen:
                    if p == rook or (p == king and i >= 2):
                        return True
                    screen = True
                else:
                    if p == cannon:
                        return True
                    break
        horse = "N" if by == RED else "n"
        for s, leg in HORSE_FROM[sq]:
            if b[s] == horse and b[leg] == EMPTY:
                return True
        pawn = "P" if by == RED else "p"
        f, r = sq % 9, sq // 9
        behind = r - 1 if by == RED else r + 1
        if 0 <= behind < 10 and b[square(f, behind)] == pawn:
            return True
        if (r >= 5) == (by == RED):
            for df in (1, -1):
                if 0 <= f + df < 9 and b[square(f + df, r)] == pawn:
                    return True
        for s in KING[sq][by]:
            if b[s] == king:
                return True
        adv = "A" if by == RED else "a"
        for s in ADVISOR[sq][by]:
            if b[s] == adv:
                return True
        eleph = "B" if by == RED else "b"
        for s, eye in ELEPHANT[sq][by]:
            if b[s] == eleph and b[eye] == EMPTY:
                return True
        return False

    def in_check(self, side):
        """Side's king is attacked (or faces the other king)."""
        k = self.kings[side]
        return k >= 0 and self.attacked(k, 1 - side)

    # -- move generation ----------------------------------------------------

    def pseudo_moves(self, side=None, to=None):
        """Moves by the rules of each piece, before asking whether they leave
        the mover's own king attacked; only those landing on `to` if given."""
        side = self.turn if side is None else side
        b = self.board
        out = []
        for frm in range(90):
            p = b[frm]
            if p == EMPTY or side_of(p) != side:
                continue
            for t in self._targets(frm, p, side):
                if to is None or t == to:
                    q = b[t]
                    if q == EMPTY or side_of(q) != side:
                        out.append((frm, t))
        return out

    def _targets(self, frm, p, side):
        b = self.board
        kind = p.upper()
        if kind == "R":
            for ray in RAYS[frm]:
                for s in ray:
                    yield s
                    if b[s] != EMPTY:
                        break
        elif kind == "C":
            for ray in RAYS[frm]:
                screen = False
                for s in ray:
                    if not screen:
                        if b[s] == EMPTY:
                            yield s
                        else:
                            screen = True
                    elif b[s] != EMPTY:
                        yield s
                        break
        elif kind == "N":
            for s, leg in HORSE_TO[frm]:
                if b[leg] == EMPTY:
                    yield s
        elif kind == "B":
            for s, eye in ELEPHANT[frm][side]:
                if b[eye] == EMPTY:
                    yield s
        elif kind == "A":
            yield from ADVISOR[frm][side]
        elif kind == "K":
            yield from KING[frm][side]
        else:
            yield from PAWN[frm][side]

    def attackers(self, sq, side):
        """Squares of side's pieces that could capture on sq (a square holding
        a piece of the other side) by their own rules, legality aside."""
        b = self.board
        out = []
        rook, cannon = ("R", "C") if side == RED else ("r", "c")
        for ray in RAYS[sq]:
            screen = False
            for s in ray:
                p = b[s]
                if p == EMPTY:
                    continue
                if not screen:
                    if p == rook:
                        out.append(s)
                    screen = True
                else:
                    if p == cannon:
                        out.append(s)
                    break
        horse = "N" if side == RED else "n"
        for s, leg in HORSE_FROM[sq]:
            if b[s] == horse and b[leg] == EMPTY:
                out.append(s)
        pawn = "P" if side == RED else "p"
        f, r = sq % 9, sq // 9
        behind = r - 1 if side == RED else r + 1
        if 0 <= behind < 10 and b[square(f, behind)] == pawn:
            out.append(square(f, behind))
        if (r >= 5) == (side == RED):
            for df in (1, -1):
                if 0 <= f + df < 9 and b[square(f + df, r)] == pawn:
                    out.append(square(f + df, r))
        for table, piece in ((KING, "K"), (ADVISOR, "A")):
            piece = piece if side == RED else piece.lower()
            for s in table[sq][side]:
                if b[s] == piece:
                    out.append(s)
        eleph = "B" if side == RED else "b"
        for s, eye in ELEPHANT[sq][side]:
            if b[s] == eleph and b[eye] == EMPTY:
                out.append(s)
        return out

    def captures_on(self, sq):
        """The side to move's legal moves onto sq."""
        return [m for m in ((s, sq) for s in self.attackers(sq, self.turn)) if self.legal(m)]

    def checking_moves(self):
        """The side to move's legal moves that give check."""
        out = []
        side = self.turn
        for m in self.pseudo_moves(side):
            taken = self.do(m)
            if not self.in_check(side) and self.in_check(1 - side):
                out.append(m)
            self.undo(m, taken)
        return out

    def legal(self, move):
        """A pseudo-legal move of the side to move is legal when it leaves its
        king unattacked and the kings not facing."""
        side = self.turn
        taken = self.do(move)
        ok = not self.in_check(side)
        self.undo(move, taken)
        return ok

    def legal_moves(self, to=None):
        return [m for m in self.pseudo_moves(self.turn, to) if self.legal(m)]

    def has_legal_move(self):
        return any(self.legal(m) for m in self.pseudo_moves(self.turn))

    def is_mate(self):
        """The side to move is checkmated (in check, no legal move)."""
        return self.in_check(self.turn) and not self.has_legal_move()

    def gives_check(self, move):
        side = self.turn
        taken = self.do(move)
        check = self.in_check(1 - side)
        self.undo(move, taken)
        return check

    def why_illegal(self, move):
        """None for a legal move, else a short reason in English."""
        frm, to = move
        p = self.board[frm]
        if p == EMPTY:
            return f"no piece on {name(frm)}"
        if side_of(p) != self.turn:
            return f"the piece on {name(frm)} is not the mover's"
        q = self.board[to]
        if q != EMPTY and side_of(q) == self.turn:
            return f"{name(to)} holds the mover's own piece"
        if to not in set(self._targets(frm, p, self.turn)):
            kind = p.upper()
            for s, leg in HORSE_TO[frm] if kind == "N" else ():
                if s == to:
                    return f"the horse is hobbled: {name(leg)} is occupied (蹩马腿)"
            for s, eye in ELEPHANT[frm][self.turn] if kind == "B" else ():
                if s == to:
                    return f"the elephant's eye {name(eye)} is blocked (塞象眼)"
            if kind in "RC" and (frm % 9 == to % 9 or frm // 9 == to // 9):
                if kind == "C" and q != EMPTY:
                    return f"a cannon captures over exactly one piece (炮打隔子)"
                return f"the {PIECE_EN[kind]}'s path to {name(to)} is blocked"
            return f"a {PIECE_EN[kind]} cannot move from {name(frm)} to {name(to)}"
        if not self.legal(move):
            taken = self.do(move)
            facing = _kings_face(self)
            self.undo(move, taken)
            return "the kings would face each other" if facing else "it leaves the mover's king in check"
        return None


def _kings_face(pos):
    r, k = pos.kings
    if r < 0 or k < 0 or r % 9 != k % 9:
        return False
    return all(pos.board[s] == EMPTY for s in range(r + 9, k, 9))


_ELEPHANT_POINTS = (frozenset(square(f, r) for f, r in ((2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4))),
                    frozenset(square(f, 9 - r) for f, r in ((2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4))))

PIECE_EN = {"K": "king", "A": "advisor", "B": "elephant", "N": "horse", "R": "chariot", "C": "cannon", "P": "pawn"}
