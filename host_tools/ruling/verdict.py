"""The rulings from a record: the natural move limit (§4.2.4, §23.3) and a
repeated position (§23.2, §24, §26, 细则 1, 8)."""
from host_tools.ruling import rules
from host_tools.ruling.board import BLACK, EMPTY, RED

LIMIT = 60          # rounds without a capture (§4.2.4; an event may lower it)
CHECKS_COUNTED = 10  # of the claimant's checks, at most this many count (§23.3)
SIDES = ("red", "black")


class NaturalLimit:
    def __init__(self, rounds, counted, limit, checks, since_ply):
        self.rounds = rounds          # whole rounds since the last capture
        self.counted = counted        # {RED: rounds counted for a claim by Red, BLACK: ...}
        self.limit = limit
        self.checks = checks          # {side: its checking moves since the last capture}
        self.since_ply = since_ply    # moves played before the count starts (the last capture's number)

    def holds(self, side):
        return self.counted[side] >= self.limit

    def as_json(self):
        return {"rounds_without_capture": self.rounds,
                "counted_for": {"red": self.counted[RED], "black": self.counted[BLACK]},
                "limit": self.limit,
                "claim_holds": {"red": self.holds(RED), "black": self.holds(BLACK)},
                "checks": {"red": self.checks[RED], "black": self.checks[BLACK]},
                "since_ply": self.since_ply}


def natural_limit(positions, moves, limit=LIMIT):
    """The count at the end of `moves` (positions[i] is the position before moves[i]).
    A round is a move of each side; the claimant's checks past the tenth are not
    counted, so a claim by a side that checked more needs more rounds."""
    last = 0
    for i, m in enumerate(moves):
        if positions[i].board[m[1]] != EMPTY:
            last = i + 1
    made = {RED: 0, BLACK: 0}
    checks = {RED: 0, BLACK: 0}
    for i in range(last, len(moves)):
        side = positions[i].turn
        made[side] += 1
        if positions[i + 1].in_check(positions[i + 1].turn):
            checks[side] += 1
    rounds = (len(moves) - last) // 2
    counted = {}
    for side in (RED, BLACK):
        own = made[side] - max(0, checks[side] - CHECKS_COUNTED)
        counted[side] = min(own, made[1 - side])
    return NaturalLimit(rounds, counted, limit, checks, last)


class Repetition:
    """The position at the end recurs: `occurrences` times since `first`
    (the number of moves played when it first stood); `cycle` moves between
    its last two occurrences; every move from `first` on classified."""

    def __init__(self, first, occurrences, cycle, rulings, sides):
        self.first, self.occurrences, self.cycle = first, occurrences, cycle
        self.rulings = rulings        # [(ply index, side, Ruling)] from first to the end
        self.sides = sides            # {side: (forbidden, every move a check)}
        self.verdict, self.articles, self.mutual_pawns = None, [], False

    def last_cycle(self):
        return self.rulings[-self.cycle:]


def find_cycle(positions):
    """(first, occurrences, cycle length) of the last position's recurrence
    since the last capture or pawn advance, or None if it stood fewer than 3 times."""
    keys = [p.key() for p in positions]
    end = keys[-1]
    seen = [i for i, k in enumerate(keys) if k == end]
    if len(seen) < 3:
        return None
    return seen[0], len(seen), seen[-1] - seen[-2]


def repetition(positions, moves, cache=None):
    """The Repetition at the end of `moves`, ruled (verdict and articles), or None."""
    found = find_cycle(positions)
    if found is None:
        return None
    first, occurrences, cycle = found
    cache = {} if cache is None else cache
    rulings = []
    for i in range(first, len(moves)):
        key = (positions[i].key(), moves[i])
        if key not in cache:
            cache[key] = rules.classify(positions[i], moves[i])
        rulings.append((i, positions[i].turn, cache[key]))
    rep = Repetition(first, occurrences, cycle, rulings, {})
    _rule(rep)
    return rep


def _attack_only(rulings, side, pawns):
    kinds = [r for i, s, r in rulings if s == side]
    def attack(r):
        return r.kind != rules.IDLE or (pawns and bool(r.pawn_threats))
    return bool(kinds) and all(attack(r) for r in kinds)


def _rule(rep):
    """§24 / §26: the verdict and the articles that decide it."""
    checks = {s: all(r.kind == rules.CHECK for i, side, r in rep.rulings if side == s) for s in (RED, BLACK)}
    plain = {s: _attack_only(rep.rulings, s, False) for s in (RED, BLACK)}
    with_pawns = {s: _attack_only(rep.rulings, s, True) for s in (RED, BLACK)}
    # §27.2 / 细则 11: a pawn's own attacks are 捉 when both sides attack at every move
    mutual = with_pawns[RED] and with_pawns[BLACK] and with_pawns != plain
    forbidden = with_pawns if mutual else plain
    rep.mutual_pawns = mutual
    rep.sides = {s: (forbidden[s], checks[s]) for s in (RED, BLACK)}
    for s in (RED, BLACK):
        if checks[s] and not checks[1 - s]:
            rep.verdict = f"{SIDES[s]}-loses"
            rep.articles = ["24.1", "26.1", "细则1"]
            return
    if forbidden[RED] == forbidden[BLACK]:
        rep.verdict = "draw"
        rep.articles = ["24.2", "26.3", "细则8"] if forbidden[RED] else ["24.2", "26.2"]
        if mutual:
            rep.articles += ["27.2", "细则11"]
        return
    s = RED if forbidden[RED] else BLACK
    rep.verdict = f"{SIDES[s]}-{'loses' if rep.occurrences >= 4 else 'must-change'}"
    rep.articles = ["24.3", "26.4"] + (["4.1.7"] if rep.occurrences >= 4 else [])


def clock_result(rep):
    """(winner, reason) to enter on the clock (clock.names.REASONS), or None
    while the forbidden side may still change."""
    who, _, what = rep.verdict.partition("-")
    if who == "draw":
        return "draw", "repetition"
    if what != "loses":
        return None
    loser = RED if who == "red" else BLACK
    winner = SIDES[1 - loser]
    return winner, "perpetual-check" if rep.sides[loser][1] else "perpetual-chase"


def move_kinds(rep, side):
    """The kinds of a side's moves in the last cycle, as the JSON names them."""
    out = []
    for i, s, r in rep.last_cycle():
        if s == side:
            kind = r.kind
            if rep.mutual_pawns and kind == rules.IDLE and r.pawn_threats:
                kind = rules.CHASE
            out.append(kind)
    return out


