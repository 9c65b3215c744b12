"""`xqclock report`: the game record of §10.1, read from a clock's journal.

record (the journal replayed through the firmware's clock core) <- sheet
(text, JSON, CSV), chart (`--chart`, a PNG), round (`--round`, a round's
results table); verify (`--verify`, is the journal the one the clock wrote).
"""
import sys
from pathlib import Path

from host_tools.inputs import file_name, said
from host_tools.report.record import GameRecord, ReportError
from host_tools.report.spreadsheet import write_csv
from host_tools.report.sheet import render

EXT = {"text": "txt", "json": "json", "csv": "csv"}


def journal_paths(items):
    """Files as given; a directory stands for its *.xqj files, in name order, or,
    as `xqclock pull` writes a round (a folder per clock), for each clock's current
    game (*/game.xqj; the games a clock archived are left out)."""
    paths = []
    for item in items:
        p = Path(item)
        if p.is_dir():
            found = sorted(p.glob("*.xqj")) or sorted(p.glob("*/game.xqj"))
            if not found:
                raise ReportError("%s: no .xqj journals in this folder (nor a folder per clock, as "
                                  "xqclock pull makes)" % p)
            paths.extend(found)
        elif p.exists():
            paths.append(p)
        else:
            raise ReportError("%s: no such file or directory" % p)
    return paths


def out_names(paths, records=None):
    """A file stem per journal for --out / --chart; stems that clash get the game id."""
    stems = [p.parent.name if p.name == "game.xqj" else p.stem for p in paths]  # pulled: board-07/game.xqj
    names = []
    for i, p in enumerate(paths):
        stem = stems[i]
        if stems.count(stem) > 1:
            gid = records[i].settings.get("id") if records else None
            stem = "%s-%s" % (stem, file_name(gid) if gid else i + 1)  # the id is the journal's: a name, not a path
        names.append(stem)
    return names


def _check_outputs(args, count):
    """--out, --chart and --boards, checked before any journal is read."""
    from host_tools.inputs import out_dir, out_file, read_text
    if args.out is not None:
        out_dir(args.out, "--out")
    if args.chart is not None:
        if count == 1 and not Path(args.chart).is_dir():
            out_file(args.chart, "--chart")
        else:
            out_dir(args.chart, "--chart")
    if args.boards:
        read_text(args.boards, "--boards")


def corrections_from(args):
    """--correct BOARD:ROUND=RESULT (repeatable) and --corrections FILE (round,board,result[,note])
    -> {(round, board): result}; ReportError naming the one at fault."""
    from host_tools.inputs import csv_rows, read_text
    from host_tools.pairings import PairingsError, result_code
    out = {}
    for text in args.correct or []:
        board, _, rest = text.partition(":")
        rnd, _, result = rest.partition("=")
        if not (board.strip().isdigit() and rnd.strip().isdigit() and result.strip()):
            raise ReportError("--correct %s: write BOARD:ROUND=RESULT, e.g. --correct 3:2=0-1" % text)
        try:
            out[(int(rnd), int(board))] = result_code(result, "--correct %s" % text)
        except PairingsError as e:
            raise ReportError(str(e)) from None
    if args.corrections:
        where = "--corrections %s" % args.corrections
        for line, row in csv_rows(read_text(args.corrections, "--corrections"), where):
            cells = [c.strip() for c in row]
            if not any(cells) or cells[0].startswith("#") or not cells[0].isdigit() and line == 1:
                continue  # blank, a comment, or the header
            where = "--corrections %s: line %d" % (args.corrections, line)
            if len(cells) < 3 or not cells[0].isdigit() or not cells[1].isdigit():
                raise ReportError("%s: write round,board,result[,note]" % where)
            try:
                out[(int(cells[0]), int(cells[1]))] = result_code(cells[2], where)
            except PairingsError as e:
                raise ReportError(str(e)) from None
    return out


def _event(args):
    from host_tools import pairings
    from host_tools.report import event, standings
    rounds = [journal_paths([item]) for item in args.journals]
    corrections = corrections_from(args)
    if args.players and not args.pairings:
        raise ReportError("--players names the start numbers of --pairings: give the pairings too")
    tiebreaks = standings.tiebreak_list(args.tiebreaks) if args.tiebreaks else None
    plan = pairings.for_rounds(args.pairings, rounds, args.players) if args.pairings else None
    _check_outputs(args, 0)
    played = event.rounds_of(rounds, plan)
    for item, (rows, _) in zip(args.journals, played):
        if rows and all(r["status"] == "unreadable" for r in rows):  # no round at all, not an empty one
            raise ReportError("%s: no journal of this round can be read (%s)" % (item, rows[0]["reason"]))
    table = standings.build(played, plan[0] if plan else None, corrections, args.system,
                            tiebreaks, lambda text: print("xqclock: %s" % text, file=sys.stderr))
    name = args.title or (plan[0].name if plan else "")
    if args.out:
        out = Path(args.out)
        stem = out / ("event-after-round-%d" % len(rounds))
        (stem.with_suffix(".txt")).write_text(event.text_table(table, name, args.language), encoding="utf-8")
        write_csv(stem.with_suffix(".csv"), event.csv_table(table), args.csv_encoding)
        written = [stem.with_suffix(".txt"), stem.with_suffix(".csv")]
        if plan and all(p.start is not None for p in table.players):
            from host_tools.pairings import trf
            stem.with_suffix(".trf").write_text(trf.write(plan[0], table), encoding="utf-8")
            written.append(stem.with_suffix(".trf"))
        print("\n".join(map(str, written)), file=sys.stderr)
    sys.stdout.write(event.render(table, args.format, name, args.language))
    return 0


def main(args):
    try:
        if args.boards and not args.round:
            raise ReportError("--boards goes with --round")
        if args.chart and (args.verify or args.round or args.event):
            raise ReportError("--chart goes with a game report, not --verify, --round or --event")
        for option, value in (("--pairings", args.pairings), ("--players", args.players),
                              ("--correct", args.correct), ("--corrections", args.corrections),
                              ("--tiebreaks", args.tiebreaks), ("--system", args.system), ("--title", args.title)):
            if value and not args.event:
                raise ReportError("%s goes with --event" % option)
        if args.event:
            return _event(args)
        if args.out and args.verify:
            raise ReportError("--verify prints its verdict; --out is for sheets and round tables")
        paths = journal_paths(args.journals)
        _check_outputs(args, len(paths))
        if args.verify:
            from host_tools.report import verify
            return verify.main(paths, args.format)
        if args.round:
            from host_tools.report import round as round_table
            return round_table.main(paths, args)
        records = [GameRecord(p) for p in paths]
    except ReportError as e:
        print("xqclock: %s" % said(e), file=sys.stderr)
        return 2
    if args.chart:
        from host_tools.report import chart
        try:
            targets = chart.targets(args.chart, out_names(paths, records))
            for rec, target in zip(records, targets):
                chart.chart(rec, target)
        except chart.ChartError as e:
            print("xqclock: %s" % said(e), file=sys.stderr)
            return 2
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        for rec, stem in zip(records, out_names(paths, records)):
            target = out / ("%s.%s" % (stem, EXT[args.format]))
            if args.format == "csv":
                write_csv(target, render([rec], "csv"), args.csv_encoding)
            else:
                target.write_text(render([rec], args.format, args.language), encoding="utf-8")
            print(target)
    else:
        sys.stdout.write(render(records, args.format, args.language))
    for rec in records:
        if rec.problem or rec.dropped:
            print("xqclock: %s: the journal is damaged (%s); the report stops after record %d"
                  % (rec.path, rec.problem, rec.records), file=sys.stderr)
    return 0
