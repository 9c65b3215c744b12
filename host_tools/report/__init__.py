"""`xqclock report`: the game record of §10.1, read from a clock's journal.

record (the journal replayed through the firmware's clock core) <- sheet
(text, JSON, CSV), chart (`--chart`, a PNG), round (`--round`, a round's
results table); verify (`--verify`, is the journal the one the clock wrote).
"""
import sys
from pathlib import Path

from host_tools.report.record import GameRecord, ReportError
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
            stem = "%s-%s" % (stem, gid or i + 1)
        names.append(stem)
    return names


def _check_outputs(args, count):
    """--out, --chart and --boards, checked before any journal is read."""
    from host_tools.inputs import out_dir, out_file, read_text
    if args.out:
        out_dir(args.out, "--out")
    if args.chart:
        if count == 1 and not Path(args.chart).is_dir():
            out_file(args.chart, "--chart")
        else:
            out_dir(args.chart, "--chart")
    if args.boards:
        read_text(args.boards, "--boards")


def _event(args):
    from host_tools.report import event
    rounds = [journal_paths([item]) for item in args.journals]
    _check_outputs(args, 0)
    table = event.build(rounds)
    if args.out:
        out = Path(args.out)
        (out / "event.txt").write_text(event.text_table(table), encoding="utf-8")
        (out / "event.csv").write_text(event.csv_table(table), encoding="utf-8")
        print("%s\n%s" % (out / "event.txt", out / "event.csv"), file=sys.stderr)
    sys.stdout.write(event.render(table, args.format))
    return 0


def main(args):
    try:
        if args.boards and not args.round:
            raise ReportError("--boards goes with --round")
        if args.chart and (args.verify or args.round or args.event):
            raise ReportError("--chart goes with a game report, not --verify, --round or --event")
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
        print("xqclock: %s" % e, file=sys.stderr)
        return 2
    if args.chart:
        from host_tools.report import chart
        try:
            targets = chart.targets(args.chart, out_names(paths, records))
            for rec, target in zip(records, targets):
                chart.chart(rec, target)
        except chart.ChartError as e:
            print("xqclock: %s" % e, file=sys.stderr)
            return 2
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        for rec, stem in zip(records, out_names(paths, records)):
            target = out / ("%s.%s" % (stem, EXT[args.format]))
            target.write_text(render([rec], args.format), encoding="utf-8")
            print(target)
    else:
        sys.stdout.write(render(records, args.format))
    for rec in records:
        if rec.problem or rec.dropped:
            print("xqclock: %s: the journal is damaged (%s); the report stops after record %d"
                  % (rec.path, rec.problem, rec.records), file=sys.stderr)
    return 0
