"""`xqclock ruling`: the arbiter's rulings from a game record, the natural
move limit (§4.2.4, §23.3) and a repeated position (§24-§29, 第七章 细则).

record.py reads the game (notation.py: the notations; engine.py: Fairy-Stockfish
confirms every move), rules.py says what each move is, verdict.py counts and
rules, report.py writes it out, picture.py draws it."""
import json
import re
import sys

from host_tools import inputs


def rule(record, upto=None, limit=60, cache=None):
    """The rulings at the end of the record's first `upto` moves (all by default)."""
    from host_tools.ruling import verdict
    from host_tools.ruling.board import START_FEN, Position
    moves = record.moves[:upto] if upto is not None else record.moves
    positions = record.positions()[:len(moves) + 1]
    plain = [m.move for m in moves]
    return {"moves": len(moves), "positions": positions,
            "set_position": record.start.key() != Position.from_fen(START_FEN).key(),
            "limit": verdict.natural_limit(positions, plain, limit),
            "repetition": verdict.repetition(positions, plain, cache), "claim": None}


AT = re.compile(r"(\d+)\s*(r|red|b|black)?", re.IGNORECASE)


def _upto(record, at):
    """How many moves `--at N[r|b]` keeps: up to and with that side's move N (Black's by default)."""
    m = AT.fullmatch(at.strip())
    if not m:
        raise inputs.UsageError(f"--at {at}: not a move number (e.g. 41, 41r for Red's 41st, 41b)")
    number, side = int(m[1]), (m[2] or "b").lower()[0]
    for i, mv in enumerate(record.moves):
        if mv.number == number and (mv.side == 0) == (side == "r"):
            return i + 1
    raise inputs.UsageError(f"--at {at}: the record has no move {number} for {'Red' if side == 'r' else 'Black'}")


def main(args):
    from host_tools.ruling import record as records
    from host_tools.ruling import report
    if args.limit < 1:
        raise inputs.UsageError(f"--limit {args.limit}: a number of rounds, at least 1")
    for given, what in ((args.png, "--png"), (args.svg, "--svg")):
        if given:
            inputs.out_file(given, what)
    try:
        record = records.read_path(args.file)
    except records.RecordError as e:
        print(e, file=sys.stderr)
        return 2
    upto = _upto(record, args.at) if args.at else None
    result = rule(record, upto, args.limit)
    result["claim"] = {"red": 0, "black": 1}.get(args.claim)
    if args.json:
        print(json.dumps(report.as_json(record, result), ensure_ascii=False, indent=1))
    else:
        sys.stdout.write(report.text(record, result, args.language))
    if args.png or args.svg:
        from host_tools.ruling import picture
        if args.svg:
            picture.write_svg(args.svg, record, result, args.language)
        if args.png:
            picture.write_png(args.png, record, result, args.language)
    return 0


def add_parser(sub):
    """The `ruling` subcommand's arguments."""
    r = sub.add_parser("ruling", help="rule on a repetition (长将, 长捉 ...) or the natural move limit, from the moves",
                       description="Read a game record (Chinese, WXF or ICCS moves; a 'fen' line for a set "
                                   "position; PGN or XQF files), check every move, and rule as the 1999 CXA "
                                   "rules do: the natural move limit (§4.2.4, §23.3) and a position repeated "
                                   "three times (§24-§29, 棋例细则), each move named 将/杀/捉/闲 with why, "
                                   "the verdict and its articles. A bad record prints 'FILE:LINE: move N "
                                   "(side) ...: why' and exits 2. See docs/RULES.md.")
    r.add_argument("file", metavar="FILE", help="the game record, or - for standard input")
    r.add_argument("--language", choices=("en", "zh"), default="en", help="the text's language (default en)")
    r.add_argument("--json", action="store_true", help="print JSON for programs instead of text")
    r.add_argument("--png", metavar="FILE", help="draw the position with the attacking moves marked (PNG)")
    r.add_argument("--svg", metavar="FILE", help="the same picture as SVG")
    r.add_argument("--limit", type=int, default=60, metavar="N",
                   help="rounds without a capture for the natural limit (default 60; an event may lower it)")
    r.add_argument("--at", metavar="MOVE", help="rule as after this move (41 = Black's 41st, 41r = Red's)")
    r.add_argument("--claim", choices=("red", "black"), help="the side claiming the natural limit (default: both shown)")
    r.set_defaults(func=main)
    return r
