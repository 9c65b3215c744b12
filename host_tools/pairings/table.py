"""Pairings and players as a plain CSV (any program, or a spreadsheet, writes it).

A round's pairings, a row per board (the header names the columns; English
or Chinese):

    board,red_no,red,black_no,black        台次,红方编号,红方,黑方编号,黑方
    1,12,许银川,7,王天一
    2,3,𠮷川,,bye                           a bye: Black empty, or bye / 轮空

or without start numbers, `board,red,black` (the header may be left out):
then a player is their name. A list of players (`no,name[,rating,federation]`,
编号,姓名,等级分,单位) gives the names of start numbers. An optional result
column (1-0, 0-1, 1/2-1/2, +/-, -/+, -/-) holds a result known in advance.
"""
import csv
import io

from host_tools.pairings.model import Event, Game, PairingsError, Player, Round, result_code

COLUMNS = {"board": ("board", "table", "台次", "台号", "桌号"),
           "red_no": ("red_no", "red no", "red start", "red_start", "红方编号", "红方序号"),
           "red": ("red", "red name", "红方", "红方姓名"),
           "black_no": ("black_no", "black no", "black start", "black_start", "黑方编号", "黑方序号"),
           "black": ("black", "black name", "黑方", "黑方姓名"),
           "result": ("result", "结果"),
           "no": ("no", "start", "start_no", "number", "编号", "序号"),
           "name": ("name", "player", "姓名", "棋手"),
           "rating": ("rating", "elo", "等级分"),
           "federation": ("federation", "fed", "club", "单位", "代表队")}
BYE_WORDS = ("", "bye", "轮空", "-")


def _columns(header):
    """{column kind: index} of a header row; None if the row is no header."""
    found = {}
    for i, cell in enumerate(header):
        key = cell.strip().lower()
        for kind, names in COLUMNS.items():
            if key in names:
                found[kind] = i
    return found or None


def _rows(text, source):
    reader = csv.reader(io.StringIO(text))
    try:
        for row in reader:
            if row and any(c.strip() for c in row):
                yield reader.line_num, [c.strip() for c in row]
    except csv.Error as e:  # a field of 128 KB, a NUL: no CSV a pairing program writes
        raise PairingsError(f"{source}: line {reader.line_num + 1}: not CSV ({e})") from None


def _start(text, where, what):
    if not text.isdigit() or not 1 <= int(text) <= 9999:
        raise PairingsError(f"{where}: {what} {text!r} is not a start number (1 to 9999)")
    return int(text)


def _name(text, where):
    from clock.limits import clip
    from device.settings import player_name
    name = " ".join(text.split())
    try:
        return player_name(name)
    except ValueError as e:
        raise PairingsError(f"{where}: the name {clip(name)!r}: {e}") from None


def read(text, source, round_number=1):
    """An Event from a CSV: one round's pairings, or a list of players."""
    rows = list(_rows(text, source))
    if not rows:
        raise PairingsError(f"{source}: no pairings in it")
    header = _columns(rows[0][1])
    if header is None:  # no header: board,red,black
        header, body = {"board": 0, "red": 1, "black": 2}, rows
    elif "board" in header:
        body = rows[1:]
    elif "no" in header and "name" in header:
        return _players(rows[1:], header, source)
    else:
        raise PairingsError(f"{source}: line {rows[0][0]}: a header without a board column "
                            "(board,red,black or board,red_no,red,black_no,black; or no,name for players)")
    event = Event(source=source)
    event.rounds = [Round(r + 1) for r in range(round_number)]
    rnd = event.rounds[-1]
    numbered = "red_no" in header or "black_no" in header
    seen_boards = set()
    for line, row in body:
        where = f"{source}: line {line}"

        def cell(kind):
            i = header.get(kind)
            return row[i] if i is not None and i < len(row) else ""
        board_text = cell("board")
        if numbered:
            red = _start(cell("red_no"), where, "Red's start number")
            black_text = cell("black_no")
            bye = black_text in ("", "0") and cell("black").lower() in BYE_WORDS
            black = None if bye else _start(black_text, where, "Black's start number")
            for start, kind in ((red, "red"), (black, "black")):
                if start is not None:
                    name = _name(cell(kind), where)
                    known = event.players.get(start)
                    if known is None or not known.name:
                        event.players[start] = Player(start, name)
        else:
            red = _name(cell("red"), where)
            bye = cell("black").lower() in BYE_WORDS
            black = None if bye else _name(cell("black"), where)
            if not red:
                raise PairingsError(f"{where}: no Red player (write board,red,black)")
        if bye:
            rnd.byes[red] = "U"
            continue
        if not board_text.isdigit() or not 1 <= int(board_text) <= 999:
            raise PairingsError(f"{where}: board {board_text!r} is not a board number (1 to 999); "
                                "write board,red,black")
        board = int(board_text)
        if board in seen_boards:
            raise PairingsError(f"{where}: board {board} is paired twice")
        seen_boards.add(board)
        result = result_code(cell("result"), where) if cell("result") else None
        rnd.games.append(Game(board, red, black, result))
    if not rnd.games and not rnd.byes:
        raise PairingsError(f"{source}: no pairings in it")
    rnd.games.sort(key=lambda g: g.board)
    in_two = _paired_twice(rnd)
    if in_two:
        raise PairingsError(f"{source}: {in_two} plays twice in this round")
    return event


def _paired_twice(rnd):
    seen = set()
    for g in rnd.games:
        for p in (g.red, g.black):
            if p in seen:
                return f"#{p}" if isinstance(p, int) else p
            seen.add(p)
    for p in rnd.byes:
        if p in seen:
            return f"#{p}" if isinstance(p, int) else p
    return None


def _players(rows, header, source):
    event = Event(source=source)
    for line, row in rows:
        where = f"{source}: line {line}"

        def cell(kind):
            i = header.get(kind)
            return row[i] if i is not None and i < len(row) else ""
        start = _start(cell("no"), where, "the start number")
        if start in event.players:
            raise PairingsError(f"{where}: start number {start} twice")
        rating = cell("rating")
        event.players[start] = Player(start, _name(cell("name"), where), int(rating) if rating.isdigit() else None,
                                      cell("federation"))
    if not event.players:
        raise PairingsError(f"{source}: no players in it")
    return event
