"""An event's standings, for the arbiter to sign: each player's rounds
(opponent, colour, result), points, tie-breaks and rank.

Players are their start numbers when the pairings have them (a TRF or a CSV
with numbers: report --event --pairings), so a name spelt otherwise in a
later round is the same player; else their names as the clocks had them.
A round's games are the pairings' boards, each with the result of the
journal pulled from that board (its header's board number), unless the
pairings already have one (a forfeit known in advance) or the arbiter
corrected it after an appeal (--correct BOARD:ROUND=RESULT, --corrections
FILE). A game found twice (the same game id: a round folder given twice, a
game moved to a spare clock) counts once, with a warning. Points per §14.1
and §21.4; a bye as the pairing program gave it (TRF U or F: 1, H: 0.5, Z: 0;
a CSV's bye: 1).

Tie-breaks, in the order of the CXA's Chinese Xiangqi Competition Rules
(中国象棋竞赛规则, 1999), §15 名次确定 and §18.4 (docs/standings.md):
  Swiss (积分编排制, §15.2): warnings (§18.4: among equal points, players
  punished come last), opponents' score (对手分), wins (胜局), fouls (犯规, fewer
  first), then progressive score (累进分), which the 1999 text does not list
  and later CXA events use, before a shared place;
  round robin (循环制, §15.1): warnings, Sonneborn-Berger (小分), wins, direct
  encounter (直胜), fouls.
"""
from host_tools.pairings.model import BYES, PairingsError
from host_tools.report.record import POINTS

SWISS = ("warnings", "opp", "wins", "fouls", "prog")
ROUND_ROBIN = ("warnings", "sb", "wins", "direct", "fouls")


class Tiebreak:
    def __init__(self, code, en, zh, higher_first=True, rule="", rule_zh=None):
        self.code = code
        self.en = en
        self.zh = zh
        self.higher_first = higher_first
        self.rule = rule  # where the rules have it
        self.rule_zh = rule_zh or rule

    def words(self, language):
        return "%s (%s)" % (self.en, self.rule) if language == "en" else "%s（%s）" % (self.zh, self.rule_zh)

    def shown(self, value):
        return "" if value is None else "%g" % value


TIEBREAKS = {t.code: t for t in (
    Tiebreak("warnings", "Warnings", "警告", False, "§18.4"),
    Tiebreak("opp", "Opp", "对手分", True, "§15.2"),
    Tiebreak("sb", "SB", "小分", True, "§15.1"),
    Tiebreak("wins", "Wins", "胜局", True, "§15.1/§15.2"),
    Tiebreak("direct", "Direct", "直胜", True, "§15.1"),
    Tiebreak("fouls", "Fouls", "犯规", False, "§15.1/§15.2"),
    Tiebreak("prog", "Prog", "累进分", True, "not in the 1999 rules; CXA events use it", "1999年版未列，赛事常用"),
)}


def tiebreak_list(text):
    """--tiebreaks a,b,c -> codes; PairingsError naming an unknown one."""
    codes = [c.strip().lower() for c in str(text).split(",") if c.strip()]
    for c in codes:
        if c not in TIEBREAKS:
            raise PairingsError(f"--tiebreaks: {c!r} is no tie-break (give some of {', '.join(TIEBREAKS)})")
    return codes


class Cell:
    """A player's round: kind game (played, or a forfeit), bye, pending (no
    result yet), or None in the row for a round the player was not in."""

    def __init__(self, kind, opponent=None, opponent_label="", colour=None, result=None, board=None,
                 code="", corrected=False):
        self.kind = kind
        self.opponent = opponent
        self.opponent_label = opponent_label
        self.colour = colour  # "red" | "black" | None
        self.result = result  # the game's score from Red's side (1-0 ...), None while pending
        self.board = board
        self.code = code  # a bye's TRF code
        self.corrected = corrected
        self.points = None
        if kind == "bye":
            self.points = BYES[code]
        elif result is not None:
            self.points = POINTS[result][0 if colour == "red" else 1]

    @property
    def outcome(self):
        """win, draw, loss (over the board or by forfeit), or None."""
        if self.result is None or self.kind != "game":
            return None
        mine, theirs = POINTS[self.result][0 if self.colour == "red" else 1], \
            POINTS[self.result][1 if self.colour == "red" else 0]
        return "win" if mine > theirs else "loss" if mine < theirs else ("draw" if mine else "loss")

    @property
    def forfeit(self):
        return self.result in ("+/-", "-/+", "-/-")

    def mark(self):
        """The result in a cross-table's cell: 1, =, 0 (a game), + or - (a forfeit), ... pending, bye."""
        if self.kind == "bye":
            return "bye"
        if self.result is None:
            return "..."
        if self.forfeit:
            return "+" if self.points else "-"
        return {1.0: "1", 0.5: "=", 0.0: "0"}[self.points or 0.0]


class Line:
    """A player's line of the cross-table."""

    def __init__(self, key, start, name, rounds):
        self.key = key
        self.start = start
        self.name = name
        self.rounds: list[Cell | None] = [None] * rounds
        self.fouls = 0
        self.warnings = 0
        self.total = 0.0
        self.tiebreak = {}
        self.rank = 0


class Standings:
    def __init__(self, players, rounds, tiebreaks, round_robin, notes):
        self.players = players
        self.rounds = rounds
        self.tiebreaks = tiebreaks
        self.round_robin = round_robin
        self.notes = notes


def build(rounds, event=None, corrections=None, system=None, tiebreaks=None, warn=None):
    """rounds: [(the round's rows from the clocks: report.round.rows, the pairings' Round or None)],
    in round order. event: the pairings' Event (players by start number) or None.
    corrections: {(round, board): result}. system: "swiss", "round-robin" or None (from the games)."""
    warn = warn or (lambda text: None)
    corrections = dict(corrections or {})
    lines = {}
    notes = []

    def say(text, zh):
        notes.append({"en": text, "zh": zh})

    def line(key, name):
        if key not in lines:
            start = key if isinstance(key, int) else None
            lines[key] = Line(key, start, name, len(rounds))
        elif name and isinstance(key, int) and event is None:
            lines[key].name = name
        return lines[key]

    def label(key):
        return str(key) if isinstance(key, int) else key

    def name_of(key, fallback=""):
        if isinstance(key, int):
            return event.name_of(key) if event is not None else (fallback or f"#{key}")
        return key

    seen_games: dict[str, int] = {}
    for i, (rows, pairing) in enumerate(rounds, 1):
        by_board: dict[int, dict] = {}
        for row in rows:
            gid = row.get("id")
            if gid and gid in seen_games:
                say(f"round {i}: game {gid} ({row['journal']}) was counted in round {seen_games[gid]} "
                    "already: counted once",
                    f"第{i}轮：对局 {gid}（{row['journal']}）已在第{seen_games[gid]}轮计入，只计一次")
                continue
            if gid:
                seen_games[gid] = i
            if row["board"] is not None:
                if row["board"] in by_board:
                    say(f"round {i}: board {row['board']} twice ({by_board[row['board']]['journal']} and "
                        f"{row['journal']}): the first is counted",
                        f"第{i}轮：第{row['board']}台出现两次（{by_board[row['board']]['journal']} 和 "
                        f"{row['journal']}），计第一个")
                    continue
                by_board[row["board"]] = row
        games = []  # (board, red key, black key, result, corrected, row)
        if pairing is not None:
            for g in pairing.games:
                row = by_board.pop(g.board, None)
                result = g.result
                if row is not None:
                    clock = (row["red"], row["black"])
                    paired = (name_of(g.red), name_of(g.black))
                    if any(clock) and clock != paired:
                        say(f"round {i} board {g.board}: the clock had {clock[0] or '-'} v {clock[1] or '-'}, "
                            f"the pairings {paired[0]} v {paired[1]}: the pairings' players are counted",
                            f"第{i}轮第{g.board}台：棋钟上为 {clock[0] or '-'} 对 {clock[1] or '-'}，"
                            f"编排为 {paired[0]} 对 {paired[1]}：按编排计")
                    if result is None and row["red_points"] is not None:
                        result = row["result"]
                games.append((g.board, g.red, g.black, result, row))
            for board, row in sorted(by_board.items()):
                if row["status"] not in ("not started", "no journal", "unreadable"):
                    say(f"round {i}: board {board} played a game the pairings do not have ({row['journal']}): "
                        "left out", f"第{i}轮：第{board}台下了一局编排中没有的对局（{row['journal']}），不计")
            for key, code in pairing.byes.items():
                line(key, name_of(key)).rounds[i - 1] = Cell("bye", code=code)
        else:
            for row in rows:
                if row["status"] in ("no journal", "unreadable") or row.get("id") and seen_games.get(
                        row["id"]) != i:
                    continue
                red = row["red"] or "board %s Red" % ("-" if row["board"] is None else row["board"])
                black = row["black"] or "board %s Black" % ("-" if row["board"] is None else row["board"])
                games.append((row["board"], red, black, row["result"] if row["red_points"] is not None else None,
                              row))
        for board, red, black, result, row in games:
            corrected = (i, board) in corrections
            if corrected:
                result = corrections.pop((i, board))
            for key, other, colour, side in ((red, black, "red", 0), (black, red, "black", 1)):
                ln = line(key, name_of(key, row and row[colour]))
                if ln.rounds[i - 1] is not None:
                    say(f"round {i}: {label(key)} is paired twice: board {board} left out for them",
                        f"第{i}轮：{label(key)} 被编排两次，第{board}台对其不计")
                    continue
                ln.rounds[i - 1] = Cell("game", other, label(other), colour, result, board, corrected=corrected)
                if row is not None:
                    ln.fouls += row["fouls"][side]
                    ln.warnings += row["warnings"][side]
    for (r, board), result in corrections.items():
        raise PairingsError(f"--correct {board}:{r}={result}: round {r} has no board {board}")
    players = list(lines.values())
    for p in players:
        p.total = sum(c.points for c in p.rounds if c is not None and c.points is not None)
    round_robin = system == "round-robin" if system else _everyone_met(players)
    codes = list(tiebreaks) if tiebreaks else list(ROUND_ROBIN if round_robin else SWISS)
    totals = {p.key: p.total for p in players}
    for p in players:
        met = [c for c in p.rounds if c is not None and c.kind == "game" and c.result is not None]
        cumulative = running = 0.0
        for c in p.rounds:
            running += (c.points or 0.0) if c is not None else 0.0
            cumulative += running
        p.tiebreak = {"warnings": p.warnings, "fouls": p.fouls, "prog": cumulative,
                      "opp": sum(totals[c.opponent] for c in met),
                      "sb": sum(totals[c.opponent] * {"win": 1, "draw": 0.5}.get(c.outcome, 0) for c in met),
                      "wins": sum(1 for c in met if c.outcome == "win"), "direct": None}
    ranked = _rank(players, [TIEBREAKS[c] for c in codes])
    for note in notes:  # once all is checked: a bad correction is the one line said
        warn(note["en"])
    return Standings(ranked, len(rounds), [TIEBREAKS[c] for c in codes], round_robin, notes)


def _everyone_met(players):
    if len(players) < 3:
        return False
    for p in players:
        met = [c.opponent for c in p.rounds if c is not None and c.kind == "game"]
        if len(set(met)) != len(players) - 1 or len(met) != len(set(met)):
            return False
    return True


def _direct(group):
    """Points each of a tied group scored against the others, if all of them met (else None)."""
    keys = {p.key for p in group}
    scores = {}
    for p in group:
        against = [c for c in p.rounds if c is not None and c.kind == "game" and c.opponent in keys]
        if {c.opponent for c in against} != keys - {p.key} or any(c.result is None for c in against):
            return None
        scores[p.key] = sum(c.points for c in against)
    return scores


def _rank(players, tiebreaks):
    """Sorted by points, then each tie-break in turn within the players still
    level; players level on all of them share the place."""
    groups = [sorted(players, key=lambda p: -p.total)]
    groups = _split(groups, lambda g: {p.key: p.total for p in g}, True)
    for t in tiebreaks:
        groups = _split(groups, _direct_values if t.code == "direct" else _values_of(t.code), t.higher_first)
    out: list[Line] = []
    for g in groups:
        rank = len(out) + 1
        for p in sorted(g, key=lambda p: (p.start is None, p.start or 0, str(p.key))):
            p.rank = rank
            out.append(p)
    return out


def _direct_values(group):
    scores = _direct(group)
    for p in group:
        p.tiebreak["direct"] = None if scores is None else scores[p.key]
    return scores or {p.key: 0 for p in group}


def _values_of(code):
    return lambda group: {p.key: p.tiebreak[code] for p in group}


def _split(groups, values, higher_first):
    out = []
    for g in groups:
        if len(g) == 1:
            out.append(g)
            continue
        v = values(g)
        order = sorted({v[p.key] for p in g}, reverse=higher_first)
        for value in order:
            out.append([p for p in g if v[p.key] == value])
    return out
