"""A game record in: the moves as players write them (any of the notations in
notation.py, with move numbers and comments), PGN, or an XQF file; every move
checked for legality, or one line saying which move is wrong and why.

Text records: `fen FEN` on a line of its own sets a start position; `#` or
`;` starts a comment to the end of the line; {...} and (...) are comments and
variations (skipped); `1.`, `1...`, `1、` are move numbers; 1-0, 0-1,
1/2-1/2 and * end the moves. PGN headers ([Event "..."], [FEN "..."]) are
read; [Format "ICCS"] needs nothing, the notation of each move is recognised.
"""
import contextlib
import io
import re
from pathlib import Path

from host_tools.ruling import engine, notation
from host_tools.ruling.board import BLACK, RED, START_FEN, FenError, Position


class RecordError(ValueError):
    """A bad record: the message is the one line to print."""


class Move:
    """One move of the record: where it was written and what it is."""
    __slots__ = ("move", "text", "line", "number", "side")

    def __init__(self, move, text, line, number, side):
        self.move, self.text, self.line, self.number, self.side = move, text, line, number, side


class Record:
    def __init__(self, start, first_number, moves, headers):
        self.start = start          # Position
        self.first_number = first_number
        self.moves = moves          # [Move]
        self.headers = headers      # {"red": ..., "event": ...}

    def positions(self):
        """The position before each move, and the last one after them (len(moves) + 1)."""
        pos = self.start.copy()
        out = [pos.copy()]
        for m in self.moves:
            pos.do(m.move)
            out.append(pos.copy())
        return out


SIDE = {RED: "red", BLACK: "black"}
RESULTS = {"1-0", "0-1", "1/2-1/2", "½-½", "*", "0-0"}
TOKEN = re.compile(r"\{[^}]*\}?|\([^)]*\)?|\S+")
NUMBER = re.compile(r"(\d+)(?:\.+|、|…+)|第\d+[回合步着]+")
HEADER = re.compile(r'\s*\[(\w+)\s+"([^"]*)"\s*\]\s*$')


def _where(source, line, number, side, text):
    return f"{source}:{line}: move {number} ({SIDE[side]}) '{text}'"


def _tokens(text, source):
    """(line, token) of the moves, comments and variations dropped; the FEN and headers apart."""
    fen, headers = None, {}
    out: list[tuple[int, str]] = []
    depth_brace = depth_paren = 0
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = notation.normalize(raw)
        if depth_brace == 0 and depth_paren == 0:
            m = HEADER.match(line)
            if m:
                key, value = m[1].lower(), m[2]
                if key == "fen":
                    fen = (value, lineno)
                else:
                    headers[key] = value
                continue
            stripped = line.strip()
            if stripped.lower().startswith("fen "):
                if out:
                    raise RecordError(f"{source}:{lineno}: 'fen' must come before the moves")
                fen = (stripped[4:].strip(), lineno)
                continue
        i = 0
        while i < len(line):
            ch = line[i]
            if depth_brace:
                depth_brace -= ch == "}"
                i += 1
                continue
            if depth_paren:
                depth_paren += (ch == "(") - (ch == ")")
                i += 1
                continue
            if ch == "{":
                depth_brace = 1
            elif ch == "(":
                depth_paren = 1
            elif ch in "#;":
                break
            elif not ch.isspace():
                j = i
                while j < len(line) and not line[j].isspace() and line[j] not in "{(#;":
                    j += 1
                out.append((lineno, line[i:j]))
                i = j
                continue
            i += 1
    return fen, headers, out


def _split(token):
    """A token into moves: a move number glued on (1.h2e2), Chinese moves
    written without spaces (炮二平五马８进７), a check mark (+ after ICCS)."""
    if notation.looks_like_move(token):  # before a move number is cut off: WXF's 16.7 is a pawn's move
        return [token]
    m = NUMBER.match(token)
    if m:
        token = token[m.end():]
    if not token.strip(".…"):
        return []
    if notation.looks_like_move(token):
        return [token]
    parts, rest = [], token
    while rest:
        m = notation.CHINESE_MOVE.match(rest)
        if not m:
            break
        parts.append(m.group(0))
        rest = rest[m.end():]
    if parts and not rest:
        return parts
    for mark in ("+", "#", "!", "?"):
        if token.endswith(mark) and notation.ICCS_MOVE.fullmatch(token.rstrip("+#!?")):
            return [token.rstrip("+#!?")]
    return [token]


def read_text(text, source="-"):
    """A Record from the text of a game (plain or PGN). RecordError on the first fault."""
    fen, headers, tokens = _tokens(text, source)
    if fen is not None:
        fen_text, fen_line = fen
        try:
            start = Position.from_fen(fen_text)
        except FenError as e:
            raise RecordError(f"{source}:{fen_line}: fen: {e}") from None
        if not engine.fen_ok(start.fen()):
            raise RecordError(f"{source}:{fen_line}: fen: Fairy-Stockfish refuses the position")
        fields = fen_text.split()
        first = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() and int(fields[5]) > 0 else 1
    else:
        start, first = Position.from_fen(START_FEN), 1
    pos = start.copy()
    moves = []
    # FEN counts whole moves: with Black to move at move N, Red has made its Nth
    counts = {RED: first - 1 + (start.turn == BLACK), BLACK: first - 1}
    for line, token in tokens:
        if token in RESULTS:
            break
        for text_move in _split(token):
            side = pos.turn
            number = counts[side] + 1
            where = _where(source, line, number, side, text_move)
            try:
                move = notation.parse(pos, text_move)
            except notation.NotationError as e:
                raise RecordError(f"{where}: {e}") from None
            why = pos.why_illegal(move)
            if why:
                raise RecordError(f"{where}: illegal: {why}")
            moves.append(Move(move, text_move, line, number, side))
            counts[side] = number
            pos.do(move)
    return _confirmed(Record(start, first, moves, headers), source)


def _confirmed(record, source):
    """The record, once Fairy-Stockfish has played every move too."""
    bad = engine.first_refused(record.start.fen(), [m.move for m in record.moves])
    if bad is not None:
        m = record.moves[bad]
        raise RecordError(f"{_where(source, m.line, m.number, m.side, m.text)}: illegal: "
                          "Fairy-Stockfish refuses it")
    return record


def read_xqf(data, source):
    """A Record from an XQF file's bytes (read by the cchess package; its main line)."""
    import tempfile

    import cchess

    with tempfile.NamedTemporaryFile(suffix=".xqf") as f:
        f.write(data)
        f.flush()
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                game = cchess.read_from_xqf(f.name)
        except Exception as e:  # cchess raises whatever struct/index errors a damaged file gives
            raise RecordError(f"{source}: not a readable XQF file ({type(e).__name__})") from None
    if game is None:
        raise RecordError(f"{source}: not an XQF file")
    fen = game.init_board.to_fen()
    try:
        start = Position.from_fen(fen)
    except FenError as e:
        raise RecordError(f"{source}: the XQF start position: {e}") from None
    lines = game.dump_iccs_moves()
    names = lines[0] if lines else []
    pos = start.copy()
    counts = {RED: 0, BLACK: 0}
    moves = []
    for i, name in enumerate(names):
        side = pos.turn
        number = counts[side] + 1
        where = _where(source, i + 1, number, side, name)
        try:
            move = notation.parse(pos, name)
        except notation.NotationError as e:
            raise RecordError(f"{where}: {e}") from None
        why = pos.why_illegal(move)
        if why:
            # cchess skips a move it cannot play and goes on with the next, for either side
            raise RecordError(f"{where}: illegal: {why} (a damaged file, or a move the reader skipped)")
        moves.append(Move(move, name, i + 1, number, side))
        counts[side] = number
        pos.do(move)
    headers = {k: v for k, v in game.info.items() if k in ("red", "black", "event", "title", "result")}
    return _confirmed(Record(start, 1, moves, headers), source)


def read_path(path):
    """A Record from a file (XQF by its magic bytes, else UTF-8 text), or '-' for standard input.
    Missing or unreadable files are the caller's (inputs.read_bytes)."""
    from host_tools import inputs
    if str(path) == "-":
        return read_text(inputs.read_text("-", "record"), "(standard input)")
    import host_tools.firmware_path  # clock.* importable
    from clock.limits import TEXT_BYTES
    data = inputs.read_bytes(path, "record", TEXT_BYTES)
    if data[:2] == b"XQ":
        return read_xqf(data, str(path))
    text = inputs.read_text(path, "record")
    return read_text(text, str(Path(path)))


def write(record, style, per_line=2):
    """The record in one notation (chinese, wxf, iccs), numbered, one round a line."""
    writer = notation.WRITERS[style]
    out = []
    if record.start.fen() != Position.from_fen(START_FEN).fen():
        out.append("fen " + record.start.fen())
    pos = record.start.copy()
    line = ""
    for i, m in enumerate(record.moves):
        if pos.turn == RED or i == 0:
            if line:
                out.append(line)
            line = f"{m.number}." + (" ..." if pos.turn == BLACK else "")
        line += " " + writer(pos, m.move)
        pos.do(m.move)
    if line:
        out.append(line)
    return "\n".join(out) + "\n"
