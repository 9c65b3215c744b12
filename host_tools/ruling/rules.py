"""What a move is under 棋例 (§25-§29, 第七章 细则): 将, 杀, 捉 or 闲, and why.

The mover is S, its opponent O. After S's move the question is what S could
do if it were S's turn again (O passes): that is the threat the move makes.

- 将 check (§28.1): the move attacks O's king.
- 杀 mate threat (§28.2): S could then mate by a check, or by checks one after
  another, within MATE_DEPTH of S's moves, and could not before the move.
- 捉 chase (§28.3, §29, 细则 2-7, 9-11): S could then win a valued piece (§25.3)
  it could not win before the move (§29.2, 细则 2, 6): take it and come out
  ahead in the exchange on its point (each side may stop taking; a defender
  that may not legally take back, or whose taking back lets S mate at once, is
  no defender: 假根; the exchange decides 少根; a defender that can take back
  only once the capture has opened its line is a root: 暗根, §28.16), or win it
  after a check (§29.1), unless O mates S at once after the capture (§29.4,
  细则 7). The king's own attacks (§27.1) and a pawn's own (§27.2) are 闲, a
  pawn's only until the cycle is mutual perpetual attack (verdict.py).
- 闲 idle: everything else (兑, 献, 拦, 跟 are 闲, §28.9).
A move that is several of these is the heaviest: 将 > 杀 > 捉 > 闲 (§27.4,
细则 12). Piece values: chariot 4, horse 2, cannon 2, advisor 1, elephant 1,
a crossed pawn 1 counted apart (§25.3: a pawn traded for pieces, or a piece
for pawns, is no gain); the king and an uncrossed pawn are not 子力.
"""
from host_tools.ruling.board import EMPTY, PIECE_EN, crossed, name, side_of

CHECK, MATE_THREAT, CHASE, IDLE = "check", "mate-threat", "chase", "idle"
WEIGHT = {CHECK: 3, MATE_THREAT: 2, CHASE: 1, IDLE: 0}
MATE_DEPTH = 3     # S's checking moves looked at for 杀 (mate in 1, 2 or 3 by checks)
EXCHANGE_DEPTH = 6  # captures read on one point for 有根/无根
VALUE = {"R": 4, "N": 2, "C": 2, "A": 1, "B": 1, "K": 0}


def value(piece, sq):
    """(pieces, pawns) a piece is worth where it stands (§25.3)."""
    kind = piece.upper()
    if kind == "P":
        return (0, 1) if crossed(piece, sq) else (0, 0)
    return (VALUE[kind], 0)


def _worth(v):
    return v[0] + v[1]


class Threat:
    """S could win the piece on `target`: taking it with the piece on `by`
    (after the check `via`, if any) nets `gain`; `root` says why its
    defence fails: none (无根), false (假根: defenders that cannot take back),
    short (少根: the exchange still gains)."""
    __slots__ = ("target", "piece", "by", "capturer", "gain", "root", "defenders", "via")

    def __init__(self, target, piece, by, capturer, gain, root, defenders, via=None):
        self.target, self.piece, self.by, self.capturer = target, piece, by, capturer
        self.gain, self.root, self.defenders, self.via = gain, root, defenders, via

    def as_json(self):
        return {"piece": PIECE_EN[self.piece.upper()], "square": name(self.target),
                "value": _worth(value(self.piece, self.target)), "by": name(self.by),
                "root": self.root, "defenders": [name(d) for d in self.defenders],
                **({"after_check": name(self.via[0]) + name(self.via[1])} if self.via else {})}


class Note:
    """Why an attack on a piece is no chase: kind is one of rooted (protected;
    `defenders` name the roots, `hidden` those that are 暗根), king (§27.1),
    pawn (§27.2), mate (capture answered by mate, 细则 7), standing (the
    threat was there before the move, 细则 6)."""
    __slots__ = ("kind", "target", "piece", "by", "defenders", "hidden")

    def __init__(self, kind, target, piece, by, defenders=(), hidden=()):
        self.kind, self.target, self.piece, self.by = kind, target, piece, by
        self.defenders, self.hidden = list(defenders), list(hidden)

    def as_json(self):
        out = {"why": self.kind, "piece": PIECE_EN[self.piece.upper()], "square": name(self.target),
               "by": name(self.by)}
        if self.defenders:
            out["defenders"] = [name(d) for d in self.defenders]
        if self.hidden:
            out["hidden_roots"] = [name(d) for d in self.hidden]
        return out


class Ruling:
    """What one move is: kind, and the threats (chase) or notes (idle) behind it."""
    __slots__ = ("kind", "threats", "notes", "pawn_threats")

    def __init__(self, kind, threats=(), notes=(), pawn_threats=()):
        self.kind, self.threats, self.notes = kind, list(threats), list(notes)
        self.pawn_threats = list(pawn_threats)  # chases by a pawn's own attack (count in mutual attack)


def _null(pos):
    """The position with the other side to move (O passes)."""
    p = pos.copy()
    p.turn ^= 1
    return p


def mates_in_one(pos):
    """The side to move can mate at once."""
    for m in pos.checking_moves():
        taken = pos.do(m)
        mate = not pos.has_legal_move()
        pos.undo(m, taken)
        if mate:
            return True
    return False


def mate_by_checks(pos, depth=MATE_DEPTH):
    """The side to move mates by checks alone within `depth` of its moves,
    whatever the other side answers."""
    for m in pos.checking_moves():
        taken = pos.do(m)
        replies = pos.legal_moves()
        if not replies:
            pos.undo(m, taken)
            return True
        ok = depth > 1
        if ok:
            for r in replies:
                t2 = pos.do(r)
                ok = mate_by_checks(pos, depth - 1)
                pos.undo(r, t2)
                if not ok:
                    break
        pos.undo(m, taken)
        if ok:
            return True
    return False


def _exchange(pos, sq, depth):
    """(net gain >= 0, line) for the side to move capturing on sq, each side
    free to stop; a capture after which the other side mates at once is no
    option. line: the (capturer, captured) pieces in order."""
    if depth == 0:
        return (0, 0), ()
    best, line = (0, 0), ()
    victim = pos.board[sq]
    got = value(victim, sq)
    for m in pos.captures_on(sq):
        mover = pos.board[m[0]]
        taken = pos.do(m)
        if mates_in_one(pos):
            pos.undo(m, taken)
            continue
        reply, rest = _exchange(pos, sq, depth - 1)
        pos.undo(m, taken)
        gain = (got[0] - reply[0], got[1] - reply[1])
        if _worth(gain) > _worth(best):
            best, line = gain, ((mover, victim),) + rest
    return best, line


def _real_recaptures(pos, sq):
    """Squares of the side to move's pieces that can take back on sq and not
    be mated at once for it: the roots that really protect (§28.16)."""
    out = []
    for m in pos.captures_on(sq):
        taken = pos.do(m)
        if not mates_in_one(pos):
            out.append(m[0])
        pos.undo(m, taken)
    return out


def _gains(gain):
    """§25.3: material is won when the total goes up and pawns are not traded
    against pieces (a pawn for pieces, or a piece for pawns, is no gain)."""
    pieces, pawns = gain
    return pieces + pawns > 0 and pieces >= 0 and pawns >= 0


def threats(pos, pawns=False, notes=None):
    """{target square: Threat} the side to move could win now (direct
    captures), the king's own attacks left out, a pawn's own unless `pawns`.
    `notes`, if a list, collects why other attacks are no threat."""
    side = pos.turn
    b = pos.board
    found: dict[int, Threat] = {}
    for sq in range(90):
        piece = b[sq]
        if piece == EMPTY or side_of(piece) == side or _worth(value(piece, sq)) == 0:
            continue
        captures = pos.captures_on(sq)
        if not captures:
            continue
        got = value(piece, sq)
        for m in captures:
            capturer = b[m[0]]
            kind = capturer.upper()
            if kind == "K" or (kind == "P" and not pawns):
                if notes is not None:
                    notes.append(Note("king" if kind == "K" else "pawn", sq, piece, m[0]))
                continue
            before = set(pos.attackers(sq, 1 - side))
            taken = pos.do(m)
            if mates_in_one(pos):
                pos.undo(m, taken)
                if notes is not None:
                    notes.append(Note("mate", sq, piece, m[0]))
                continue
            pseudo = pos.attackers(sq, pos.turn)
            real = _real_recaptures(pos, sq)
            reply, _ = _exchange(pos, sq, EXCHANGE_DEPTH - 1)
            pos.undo(m, taken)
            gain = (got[0] - reply[0], got[1] - reply[1])
            if _gains(gain):
                root = "none" if not pseudo else ("false" if not real else "short")
                t = Threat(sq, piece, m[0], capturer, gain, root, pseudo)
                if sq not in found or _worth(gain) > _worth(found[sq].gain):
                    found[sq] = t
            elif notes is not None:
                notes.append(Note("rooted", sq, piece, m[0], real, [s for s in real if s not in before]))
    return found


def threats_after_check(pos, pawns=False):
    """{target: Threat} the side to move could win after a check: it checks,
    and whatever the answer, wins the piece (followed if it moved)."""
    side = pos.turn
    found = {}
    for c in pos.checking_moves():
        taken = pos.do(c)
        replies = pos.legal_moves()
        common = None
        for r in replies:
            t2 = pos.do(r)
            won = threats(pos, pawns)
            pos.undo(r, t2)
            # the pieces won, by where they stood before the answer
            here = {(r[0] if t == r[1] else t): th for t, th in won.items()}
            common = here if common is None else {t: th for t, th in common.items() if t in here}
            if not common:
                break
        pos.undo(c, taken)
        for t, th in (common or {}).items():
            if t != c[1] and side_of(pos.board[t]) != side and t not in found:
                th.via = c
                th.target = t
                th.piece = pos.board[t]
                found[t] = th
    return found


def _all_threats(pos, pawns, notes=None):
    found = threats(pos, pawns, notes)
    for t, th in threats_after_check(pos, pawns).items():
        found.setdefault(t, th)
    return found


def classify(pos, move):
    """The Ruling of `move` (legal, by the side to move in pos)."""
    after = pos.play(move)
    if after.in_check(after.turn):
        return Ruling(CHECK)
    again = _null(after)
    if mate_by_checks(again) and not mate_by_checks(pos.copy()):
        return Ruling(MATE_THREAT)
    notes: list[Note] = []
    now = _all_threats(again, False, notes)
    before = _all_threats(pos.copy(), False)
    new = [th for t, th in sorted(now.items()) if t not in before]
    for t, th in sorted(now.items()):
        if t in before:
            notes.append(Note("standing", t, th.piece, th.by))
    pawn_new = []
    if any(n.kind == "pawn" for n in notes):
        now_p = _all_threats(again, True)
        before_p = _all_threats(pos.copy(), True)
        pawn_new = [th for t, th in sorted(now_p.items())
                    if t not in before_p and t not in now and th.capturer.upper() == "P"]
    if new:
        return Ruling(CHASE, new, notes, pawn_new)
    return Ruling(IDLE, (), notes, pawn_new)
