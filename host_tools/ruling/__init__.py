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
        if given is not None:
            inputs.out_file(given, what)
    try:
        record = records.read_path(args.file)
    except records.RecordError as e:
        print(inputs.said(e), file=sys.stderr)
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
