"""FIDE's Tournament Report File (TRF16; TRF-2026 keeps these columns), read
and written from its published specification (FIDE Handbook C.04 Annex 2,
"Format of Tournament Report File", by Christian Krause, approved 2015; the
2026 revision): a line per record, its kind in columns 1-3.

    012 name of the event   022 city   032 federation   042/052 start/end date
    102 chief arbiter       122 time control            XXR number of rounds
    001 a player, in fixed columns (1-based, inclusive):
        5-8 start number, 10 sex, 11-13 title, 15-47 name, 49-52 rating,
        54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points,
        86-89 rank; then each round in 10 columns from 92: 92-95 the
        opponent's start number (0000 or blank: none), 97 colour (w, b;
        - or blank: none), 99 the result: 1 = 0 (a game), + - (a forfeit),
        W D L (a game of under one move), H F U Z (a half-point, full-point,
        pairing-allocated or zero-point bye; blank: Z).

A round whose results are still blank but whose opponents and colours are
given is a round paired and not yet played: its games are the boards to push
(in the order the pairing programs show them: by the higher score before the
round, then the lower start number). The PyPI package `trf` (1.1.1) reads
this too, but it is GPL-3.0 (this project is MIT), was last released in 2021
and knows neither TRF-2026 nor boards: so it is written here. Names are read
and written in characters (a Chinese name is 2-4 of the 33), UTF-8 on disk.
"""
from host_tools.pairings.model import BYES, Event, Game, PairingsError, Player, Round

ROUND_AT = 91  # 0-based column of round 1's opponent
ROUND_WIDTH = 10
RESULT_OF = {"1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+/-", "-": "-/+", "W": "1-0", "L": "0-1", "D": "1/2-1/2"}
CODE_OF = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "0-0": ("0", "0"), "+/-": ("+", "-"),
           "-/+": ("-", "+"), "-/-": ("-", "-")}  # a result -> (Red's code, Black's code)


def looks_like(text):
    return any(line[:4] in ("001 ", "012 ") for line in text.splitlines())


def _field(line, first, last):
    """Columns first..last (1-based, inclusive) of a line, stripped."""
    return line[first - 1:last].strip()


def _number(text, what, where):
    try:
        return int(text) if text else None
    except ValueError:
        raise PairingsError(f"{where}: {what} {text!r} is not a number") from None


def read(text, source="TRF"):
    """An Event from a TRF's text; PairingsError naming the line at fault."""
    event = Event(source=source)
    entries = {}  # start number -> [(round, opponent, colour, code)]
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r\n")
        where = f"{source}: line {n}"
        kind = line[:3]
        if kind == "012":
            event.name = line[4:].strip()
        elif kind == "022":
            event.city = line[4:].strip()
        elif kind == "032":
            event.federation = line[4:].strip()
        elif kind == "102":
            event.arbiter = line[4:].strip()
        elif kind == "042":
            event.dates = (line[4:].strip(), event.dates[1])
        elif kind == "052":
            event.dates = (event.dates[0], line[4:].strip())
        elif kind == "XXR":
            event.total_rounds = _number(line[4:].strip(), "the number of rounds", where)
        elif kind == "001":
            start = _number(_field(line, 5, 8), "the start number", where)
            if not start:
                raise PairingsError(f"{where}: a player without a start number (columns 5-8)")
            if start in event.players:
                raise PairingsError(f"{where}: start number {start} twice")
            event.players[start] = Player(start, " ".join(_field(line, 15, 47).split()),
                                          _number(_field(line, 49, 52), "the rating", where),
                                          _field(line, 54, 56), _field(line, 58, 68), _field(line, 10, 10),
                                          _field(line, 11, 13), _field(line, 70, 79))
            rounds = []
            at, r = ROUND_AT, 1
            while at < len(line):
                cell = line[at:at + ROUND_WIDTH].ljust(8)
                opponent = _number(cell[0:4].strip(), f"round {r}'s opponent", where) or 0
                colour = cell[5].strip().lower() or "-"
                code = cell[7].strip().upper()
                if colour not in ("w", "b", "-"):
                    raise PairingsError(f"{where}: round {r}'s colour {cell[5]!r} is not w, b or -")
                if code and code not in RESULT_OF and code not in BYES:
                    raise PairingsError(f"{where}: round {r}'s result {cell[7]!r} is no TRF result code")
                rounds.append((r, opponent, colour, code))
                at += ROUND_WIDTH
                r += 1
            entries[start] = (n, rounds)
    if not event.players:
        raise PairingsError(f"{source}: no players in it (no 001 lines): not a pairing program's TRF?")
    _rounds(event, entries, source)
    return event


def _rounds(event, entries, source):
    last = max((len(e[1]) for e in entries.values()), default=0)
    event.rounds = [Round(r + 1) for r in range(last)]
    for start, (n, rounds) in entries.items():
        where = f"{source}: line {n}"
        for r, opponent, colour, code in rounds:
            rnd = event.rounds[r - 1]
            if opponent == 0:
                if code in BYES:
                    rnd.byes[start] = code
                elif code:  # "0000 - +": a forfeit win without an opponent is a full-point bye
                    rnd.byes[start] = "F" if code in ("+", "1", "W") else "H" if code in ("=", "D") else "Z"
                continue
            if opponent not in event.players:
                raise PairingsError(f"{where}: round {r}'s opponent {opponent} is not in the file")
            if colour == "b" or (colour == "-" and start > opponent):
                continue  # each game once, from Red's (White's) line; no colours: the lower number's
            other = {x[0]: x for x in entries[opponent][1]}.get(r)
            if other is None or other[1] != start:
                raise PairingsError(f"{where}: round {r}: player {start} meets {opponent}, "
                                    f"whose line (line {entries[opponent][0]}) does not say so")
            result = RESULT_OF.get(code) if code else None
            if code == "-" and other[3] == "-":
                result = "-/-"
            elif code == "0" and other[3] == "0":  # both lost (both flags in the same millisecond, §22.1)
                result = "0-0"
            rnd.games.append(Game(None, start, opponent, result))
    for rnd in event.rounds:
        _number_boards(event, rnd)


def _number_boards(event, rnd):
    """Boards as pairing programs number them: the higher score before the round
    first, then the higher sum, then the lower start number."""
    before: dict[int, float] = {}
    for earlier in event.rounds[:rnd.number - 1]:
        for g in earlier.games:
            if g.result:
                from host_tools.report.record import POINTS
                red, black = POINTS[g.result]
                before[g.red] = before.get(g.red, 0) + red
                before[g.black] = before.get(g.black, 0) + black
        for start, code in earlier.byes.items():
            before[start] = before.get(start, 0) + BYES[code]
    rnd.games.sort(key=lambda g: (-max(before.get(g.red, 0), before.get(g.black, 0)),
                                  -(before.get(g.red, 0) + before.get(g.black, 0)), min(g.red, g.black)))
    for i, g in enumerate(rnd.games, 1):
        g.board = i


def write(event, standings):
    """The TRF of an event with its results (report.standings.Standings): what a
    pairing program reads back to pair the next round."""
    out = []
    for tag, value in (("012", event.name), ("022", event.city), ("032", event.federation),
                       ("042", event.dates[0]), ("052", event.dates[1]),
                       ("062", str(len(standings.players))),
                       ("092", "Individual: round robin" if standings.round_robin else "Individual: Swiss-System"),
                       ("102", event.arbiter)):
        if value:
            out.append(f"{tag} {value}")
    for p in sorted(standings.players, key=lambda p: p.start):
        player = event.players.get(p.start) or Player(p.start, p.name)
        line = "001 %4d %1s%3s %-33s %4s %3s %11s %10s %4.1f %4d" % (
            p.start, player.sex[:1], player.title[:3], player.name[:33],
            player.rating or "", player.federation[:3], player.fide_id[:11], player.birth[:10],
            p.total, p.rank)
        line = line.ljust(ROUND_AT - 2)
        for cell in p.rounds:
            line += "  " + _cell(cell)
        out.append(line.rstrip())
    rounds = event.total_rounds or standings.rounds
    out.append(f"XXR {rounds}")
    return "\n".join(out) + "\n"


def _cell(cell):
    """One round of a player's line: opponent, colour, result (10 columns with the gap before)."""
    if cell is None or cell.kind == "absent":
        return "0000 - Z"
    if cell.kind == "bye":
        return "0000 - %s" % cell.code
    code = " " if cell.result is None else CODE_OF[cell.result][0 if cell.colour == "red" else 1]
    return "%4d %s %s" % (cell.opponent, "w" if cell.colour == "red" else "b", code)
