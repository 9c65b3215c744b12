"""Commands over game files: scenario, report, ruling, demo."""
import sys

from host_tools import inputs

VMS = ("cpython", "micropython")


def scenario_arguments(s):
    s.description = ("Play a scenario file (format: docs/SCENARIOS.md; rules: docs/RULES.md) "
                     "through the firmware's "
                     "clock core and print the state at its 'end' as one JSON object. "
                     "A malformed scenario prints 'LINE: message' and exits with status 2.")
    s.add_argument("file", metavar="FILE", help="scenario file, or - for standard input")
    s.add_argument("--vm", choices=VMS, default="cpython",
                   help="run the firmware on this VM (micropython = the unix port, in a subprocess)")
    s.add_argument("--journal", metavar="DIR",
                   help="keep the game's journal in DIR (game.xqj); by default it is thrown away")


def scenario(args):
    from host_tools import scenario as sc
    text = inputs.read_text(args.file, "scenario")
    if args.journal is not None:
        inputs.out_dir(args.journal, "--journal")
    try:
        parsed = sc.parse(text)
    except sc.ScenarioError as e:
        print(inputs.said(e), file=sys.stderr)  # LINE: message, as docs/SCENARIOS.md's contract has it
        return 2
    try:
        print(sc.play(parsed, args.vm, args.journal))
    except RuntimeError as e:
        print(f"xqclock: {e}", file=sys.stderr)
        return 1
    return 0


def report_arguments(r):
    r.description = ("The §10.1 record of each game, replayed from its journal through the "
                     "firmware's clock core: result and score, time used, moves and their "
                     "times, fouls, warnings, penalties, pauses, offers, arrivals. --verify "
                     "checks the hash chain (exit 1 if not intact); --round makes a round's "
                     "results table. A directory stands for its *.xqj files.")
    r.add_argument("journals", nargs="+", metavar="JOURNAL", help="journal files (.xqj) or directories")
    mode = r.add_mutually_exclusive_group()
    mode.add_argument("--verify", action="store_true",
                      help="check the hash chain: say which record was altered or where it was cut; "
                           "print the chain hash (exit 0 intact, 1 not)")
    mode.add_argument("--round", action="store_true",
                      help="one results table for all the journals (board numbers, scores, points)")
    mode.add_argument("--event", action="store_true",
                      help="the event's cross-table: each JOURNAL is a round's folder (as pull writes it), "
                           "in round order; players by start number with --pairings (else by name), each "
                           "round's opponent, colour and result, points, tie-breaks")
    r.add_argument("--format", choices=("text", "json", "csv"), default="text",
                   help="text (a sheet to sign; default), json, or csv (one row per event)")
    r.add_argument("--chart", metavar="PNG",
                   help="also draw the time per move as a PNG (with several journals: a directory)")
    r.add_argument("--out", metavar="DIR",
                   help="write each sheet to DIR/NAME.txt|json|csv (--round: DIR/FOLDER.txt and .csv; --event: "
                        "DIR/event-after-round-N.txt, .csv and .trf)")
    r.add_argument("--boards", metavar="CSV",
                   help="with --round: board numbers from a CSV of board,journal[,red,black] "
                        "(default: from names like board-07.xqj, else the order given)")
    r.add_argument("--language", choices=("en", "zh"), default="en",
                   help="the sheets and tables in English (default) or Chinese")
    r.add_argument("--csv-encoding", choices=("utf-8", "gbk"), default="utf-8",
                   help="CSV files written with --out: utf-8 (with a byte-order mark: Excel opens it right, "
                        "on a Chinese Windows too; default) or gbk")
    ev = r.add_argument_group("the event's cross-table (--event)")
    ev.add_argument("--pairings", action="append", metavar="FILE",
                    help="the pairing program's pairings: one TRF for every round, or a CSV per round in round "
                         "order (board,red_no,red,black_no,black); players are then their start numbers")
    ev.add_argument("--players", metavar="FILE", help="the start numbers' names (no,name CSV, or a TRF), "
                                                      "over the pairings' spelling")
    ev.add_argument("--correct", action="append", metavar="BOARD:ROUND=RESULT",
                    help="a result the arbiter corrected (after an appeal), e.g. 3:2=0-1; repeatable")
    ev.add_argument("--corrections", metavar="CSV", help="corrected results, a row each: round,board,result[,note]")
    ev.add_argument("--tiebreaks", metavar="LIST",
                    help="tie-break order, e.g. opp,wins,fouls (codes: warnings, opp, sb, wins, direct, fouls, "
                         "prog; default per the CXA rules: see docs/standings.md)")
    ev.add_argument("--system", choices=("swiss", "round-robin"),
                    help="the event's system for the default tie-breaks (default: round robin if everyone met)")
    ev.add_argument("--title", metavar="NAME", help="the event's name on the table (default: the TRF's)")


def report(args):
    from host_tools import report as rp
    return rp.main(args)


def ruling_arguments(r):
    r.description = ("Read a game record (Chinese, WXF or ICCS moves; a 'fen' line for a set "
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
    r.add_argument("--claim", choices=("red", "black"),
                   help="the side claiming the natural limit (default: both shown)")


def ruling(args):
    from host_tools.ruling import main
    return main(args)


def demo_arguments(d):
    d.add_argument("file", nargs="?", help="a scenario file to show instead of the bundled example")


def demo(args):
    from host_tools import demo as dm, scenario as sc
    path = args.file or dm.EXAMPLE
    try:
        dm.run(path)
    except sc.ScenarioError as e:
        print(inputs.said(f"{path}:{e}"), file=sys.stderr)
        return 2
    return 0
