"""Moves in the notations players write, read against a position and written
from one: Chinese (炮二平五, 马８进７, 前车进一, 中兵平四), WXF (C2.5, H8+7,
+R+1, 15+1) and ICCS coordinates (h2e2, H2-E2).

Files are counted from each player's right: Red's 一..九 run from i to a,
Black's 1..9 from a to i. 进/+ is towards the opponent, 退/- back, 平/. or =
along the rank. For the chariot, cannon, pawn and king the number after 进 or
退 counts ranks; for the horse, elephant and advisor it is the file landed on.

Two pieces of a kind on one file are told apart by 前/后 (+/-), three pawns by
前/中/后, four or five by 一..五 counted from the front (WXF: the pawn's place
and its file, 15+1 = the first pawn on file 5). When two files each hold
several pawns, the file is written too: 前兵三进一. A move that fits more than
one piece is refused as ambiguous, never guessed.
"""
import re
import unicodedata

from host_tools.ruling.board import ADVISOR, BLACK, ELEPHANT, FILES, HORSE_TO, KING, PAWN, RED, square

PIECE_ZH = {"车": "R", "車": "R", "俥": "R", "伡": "R", "马": "N", "馬": "N", "傌": "N", "相": "B", "象": "B",
            "仕": "A", "士": "A", "帅": "K", "帥": "K", "将": "K", "將": "K", "炮": "C", "砲": "C", "包": "C",
            "兵": "P", "卒": "P"}
WRITE_ZH = {RED: {"R": "车", "N": "马", "B": "相", "A": "仕", "K": "帅", "C": "炮", "P": "兵"},
            BLACK: {"R": "车", "N": "马", "B": "象", "A": "士", "K": "将", "C": "炮", "P": "卒"}}
NUM_ZH = "一二三四五六七八九"
NUM_FULL = "１２３４５６７８９"
ACTION_ZH = {"进": "+", "進": "+", "退": "-", "平": "."}
WRITE_ACTION_ZH = {"+": "进", "-": "退", ".": "平"}
PLACE_ZH = {"前": "front", "后": "back", "後": "back", "中": "middle",
            "一": 1, "二": 2, "三": 3, "四": 4, "五": 5}
PIECE_WXF = {"K": "K", "A": "A", "E": "B", "B": "B", "H": "N", "N": "N", "R": "R", "C": "C", "P": "P"}
WRITE_WXF = {"K": "K", "A": "A", "B": "E", "N": "H", "R": "R", "C": "C", "P": "P"}

_D = "一二三四五六七八九1-9"
CHINESE = re.compile(
    rf"(?P<p1>[{''.join(PIECE_ZH)}])(?P<f1>[{_D}])|"
    rf"(?P<pl>[前后後中一二三四五])(?P<p2>[{''.join(PIECE_ZH)}])(?P<f2>[{_D}])?|"
    rf"(?P<p3>[{''.join(PIECE_ZH)}])(?P<pl3>[前后後中])")
CHINESE_MOVE = re.compile(rf"(?:{CHINESE.pattern})(?P<act>[进進退平])(?P<num>[{_D}])")
WXF_MOVE = re.compile(r"(?:(?P<sign>[+-])(?P<p2>[KAEBHNRCP])(?P<f2>[1-9])?|(?P<p1>[KAEBHNRCP])(?P<f1>[1-9])|"
                      r"(?P<p3>[KAEBHNRCP])(?P<sign3>[+-])|(?P<idx>[1-5])(?P<f4>[1-9]))"
                      r"(?P<act>[+\-.=])(?P<num>[1-9])", re.IGNORECASE)
ICCS_MOVE = re.compile(r"(?P<ff>[a-i])(?P<fr>[0-9])-?(?P<tf>[a-i])(?P<tr>[0-9])", re.IGNORECASE)


class NotationError(ValueError):
    """Not a move here; the message says why in plain words."""


def normalize(text):
    """Full-width digits and letters to half-width (NFKC), 後 to 后."""
    return unicodedata.normalize("NFKC", text).replace("後", "后")


def _digit(ch):
    if ch in NUM_ZH:
        return NUM_ZH.index(ch) + 1
    return int(ch)


def file_index(side, n):
    """The board file (0 = a) of a player's file number n (1..9)."""
    return 9 - n if side == RED else n - 1


def file_number(side, f):
    return 9 - f if side == RED else f + 1


def _ahead(side):
    return 1 if side == RED else -1


def _order_front(side, squares):
    """Squares of one file, frontmost (nearest the opponent) first."""
    return sorted(squares, key=lambda s: -s // 9 if side == RED else s // 9)


def _stacks(pos, side, kind):
    """{file: [squares front first]} of side's pieces of a kind."""
    piece = kind if side == RED else kind.lower()
    files: dict[int, list[int]] = {}
    for s, p in enumerate(pos.board):
        if p == piece:
            files.setdefault(s % 9, []).append(s)
    return {f: _order_front(side, sq) for f, sq in files.items()}


def _destination(side, kind, frm, act, num):
    """Where a piece of `kind` on frm lands for action act (+ - .) and number num, or None."""
    f, r = frm % 9, frm // 9
    if act == ".":
        if kind in "NBA":
            return None
        return square(file_index(side, num), r)
    sign = _ahead(side) * (1 if act == "+" else -1)
    if kind in "RCPK":
        nr = r + sign * num
        return square(f, nr) if 0 <= nr < 10 else None
    nf = file_index(side, num)
    df = abs(nf - f)
    step = {"N": {1: 2, 2: 1}, "B": {2: 2}, "A": {1: 1}}[kind].get(df)
    if step is None:
        return None
    nr = r + sign * step
    return square(nf, nr) if 0 <= nr < 10 else None


def _shape(side, kind, frm, to):
    """The piece's way of moving could take it from frm to to (blocking aside:
    a hobbled horse or a blocked path is an illegal move, not another piece)."""
    if kind in "RC":
        return frm != to and (frm % 9 == to % 9 or frm // 9 == to // 9)
    if kind == "N":
        return any(s == to for s, _ in HORSE_TO[frm])
    if kind == "B":
        return any(s == to for s, _ in ELEPHANT[frm][side])
    table = {"A": ADVISOR, "K": KING, "P": PAWN}[kind]
    return to in table[frm][side]


def _pick(pos, side, kind, file_no, place, act, num):
    stacks = _stacks(pos, side, kind)
    piece_en = {"K": "king", "A": "advisor", "B": "elephant", "N": "horse", "R": "chariot", "C": "cannon",
                "P": "pawn"}[kind]
    if place is None:
        f = file_index(side, file_no)
        candidates = stacks.get(f, [])
        if not candidates:
            raise NotationError(f"no {piece_en} on file {file_no}")
    else:
        if file_no is not None:
            tall = {f: sq for f, sq in stacks.items() if f == file_index(side, file_no)}
            if not tall:
                raise NotationError(f"no {piece_en} on file {file_no}")
        else:
            tall = {f: sq for f, sq in stacks.items() if len(sq) > 1}
        if not tall:
            raise NotationError(f"no file holds two {piece_en}s")
        if len(tall) > 1:
            raise NotationError(f"ambiguous: files {' and '.join(str(file_number(side, f)) for f in sorted(tall))} "
                                f"each hold several {piece_en}s (write the file too, e.g. 前兵三进一 or 15+1)")
        (stack,) = tall.values()
        n = len(stack)
        if place == "front":
            index = 0
        elif place == "back":
            index = n - 1
        elif place == "middle":
            if n != 3:
                raise NotationError(f"中 is for three {piece_en}s on a file; this file has {n}")
            index = 1
        else:
            index = place - 1
        if n < 2 or index >= n:
            raise NotationError(f"the file holds {n} {piece_en}{'s' if n > 1 else ''}")
        candidates = [stack[index]]
    moves = []
    for frm in candidates:
        to = _destination(side, kind, frm, act, num)
        if to is not None and _shape(side, kind, frm, to):
            moves.append((frm, to))
    if not moves:
        raise NotationError(f"no {piece_en} there can make that move")
    if len(moves) > 1:
        raise NotationError(f"ambiguous: {len(moves)} {piece_en}s on file {file_no} could make it "
                            f"(write 前/后, or +/- in WXF)")
    return moves[0]


def parse(pos, text):
    """The move (from, to) that `text` names for the side to move in pos.
    NotationError if it is not one of the notations or names no single piece;
    whether the move is legal is asked separately (Position.why_illegal)."""
    t = normalize(text.strip())
    side = pos.turn
    m = ICCS_MOVE.fullmatch(t)
    if m:
        frm = square(FILES.index(m["ff"].lower()), int(m["fr"]))
        to = square(FILES.index(m["tf"].lower()), int(m["tr"]))
        return frm, to
    m = CHINESE_MOVE.fullmatch(t)
    if m:
        kind = PIECE_ZH[m["p1"] or m["p2"] or m["p3"]]
        place = PLACE_ZH[m["pl"] or m["pl3"]] if (m["pl"] or m["pl3"]) else None
        file_ch = m["f1"] or m["f2"]
        file_no = _digit(file_ch) if file_ch else None
        return _pick(pos, side, kind, file_no, place, ACTION_ZH[m["act"]], _digit(m["num"]))
    m = WXF_MOVE.fullmatch(t)
    if m:
        act = "." if m["act"] == "=" else m["act"]
        num = int(m["num"])
        if m["idx"]:
            return _pick(pos, side, "P", int(m["f4"]), int(m["idx"]), act, num)
        kind = PIECE_WXF[(m["p1"] or m["p2"] or m["p3"]).upper()]
        sign = m["sign"] or m["sign3"]
        place = None if not sign else ("front" if sign == "+" else "back")
        file_ch = m["f1"] or m["f2"]
        return _pick(pos, side, kind, int(file_ch) if file_ch else None, place, act, num)
    raise NotationError("not a move in Chinese, WXF or ICCS notation")


def looks_like_move(text):
    t = normalize(text)
    return bool(ICCS_MOVE.fullmatch(t) or CHINESE_MOVE.fullmatch(t) or WXF_MOVE.fullmatch(t))


# -- writing ---------------------------------------------------------------

def _parts(pos, move):
    """(side, kind, place, file number or None, action, number) of a move, the
    place (front/back/middle/1..5) only where the file holds more than one."""
    frm, to = move
    p = pos.board[frm]
    side = RED if p.isupper() else BLACK
    kind = p.upper()
    stacks = _stacks(pos, side, kind)
    stack = stacks[frm % 9]
    place, with_file = None, True
    if len(stack) > 1 and kind not in "AB":
        n, i = len(stack), stack.index(frm)
        if n == 2:
            place = "front" if i == 0 else "back"
        elif n == 3:
            place = ("front", "middle", "back")[i]
        else:
            place = i + 1
        # the file is needed only if another file also has several of the kind
        with_file = sum(len(s) > 1 for s in stacks.values()) > 1
    fr, tr = frm // 9, to // 9
    if fr == tr:
        act, num = ".", file_number(side, to % 9)
    else:
        act = "+" if (tr - fr) * _ahead(side) > 0 else "-"
        num = abs(tr - fr) if kind in "RCPK" else file_number(side, to % 9)
    return side, kind, place, (file_number(side, frm % 9) if with_file else None), act, num


def chinese(pos, move):
    side, kind, place, file_no, act, num = _parts(pos, move)
    digits = NUM_ZH if side == RED else NUM_FULL
    name = WRITE_ZH[side][kind]
    tail = WRITE_ACTION_ZH[act] + digits[num - 1]
    if place is None:
        return name + digits[file_no - 1] + tail
    mark = {"front": "前", "back": "后", "middle": "中"}.get(place) or NUM_ZH[place - 1]
    return mark + name + (digits[file_no - 1] if file_no is not None else "") + tail


def wxf(pos, move):
    side, kind, place, file_no, act, num = _parts(pos, move)
    letter = WRITE_WXF[kind]
    tail = act + str(num)
    if place is None:
        return f"{letter}{file_no}{tail}"
    if place in ("front", "back") and file_no is None:
        return ("+" if place == "front" else "-") + letter + tail
    # several pawns on a file, or on two files: the place from the front and the file
    frm = move[0]
    stack = _stacks(pos, side, kind)[frm % 9]
    return f"{stack.index(frm) + 1}{file_number(side, frm % 9)}{tail}"


def iccs(move):
    frm, to = move
    return f"{FILES[frm % 9]}{frm // 9}{FILES[to % 9]}{to // 9}"


WRITERS = {"chinese": chinese, "wxf": wxf, "iccs": lambda pos, move: iccs(move)}


def piece_name(piece, language):
    """A piece's name: 车, 马 ... (zh), chariot, horse ... (en), by side."""
    if language == "zh":
        return WRITE_ZH[RED if piece.isupper() else BLACK][piece.upper()]
    return {"K": "king", "A": "advisor", "B": "elephant", "N": "horse", "R": "chariot", "C": "cannon",
            "P": "pawn"}[piece.upper()]

