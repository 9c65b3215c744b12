"""The `xqclock` command."""
import argparse
import sys

from host_tools import scenario


def cmd_scenario(args):
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except OSError as e:
        print(f"xqclock: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        sc = scenario.parse(text)
    except scenario.ScenarioError as e:
        print(e, file=sys.stderr)
        return 2
    try:
        print(scenario.play(sc, args.vm, args.journal))
    except RuntimeError as e:
        print(f"xqclock: {e}", file=sys.stderr)
        return 1
    return 0


def cmd_demo(args):
    from host_tools import demo
    demo.run(args.file or demo.EXAMPLE)
    return 0


def cmd_simulate(args):
    import tempfile
    from host_tools import simulate
    from host_tools.firmware_path import FIRMWARE  # noqa: F401  (firmware importable)
    from device import settings as cfg
    if args.headless:
        if not args.script:
            print("xqclock: --headless needs --script FILE", file=sys.stderr)
            return 2
        text = open(args.script, encoding="utf-8").read()
        try:
            frames = simulate.headless(args.profile, text, args.vm)
        except ValueError as e:
            print(f"{args.script}:{e}", file=sys.stderr)
            return 2
        if args.png:
            for path in simulate.write_pngs(args.profile, frames, args.png):
                print(path)
        return 0
    values = dict(cfg.DEFAULTS, clock=args.clock, language=1 if args.language == "zh" else 0,
                  sound=args.sound)
    try:
        values = cfg.check(values)
    except ValueError as e:
        print(f"xqclock: {e}", file=sys.stderr)
        return 2
    if args.dir:
        simulate.interactive(args.profile, values, args.dir, args.terminal, args.seconds)
    else:
        with tempfile.TemporaryDirectory(prefix="xqclock-board-") as tmp:
            simulate.interactive(args.profile, values, tmp, args.terminal, args.seconds)
    return 0


def cmd_report(args):
    from host_tools import report
    return report.main(args)


def build_parser():
    p = argparse.ArgumentParser(prog="xqclock", description=(
        "Tournament clock and arbiter for Xiangqi (CXA rules), chess and Go: "
        "play scenarios through the firmware, on CPython or the MicroPython VM."))
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("scenario", help="play a scenario file and print the clock's state as JSON",
                       description="Play a scenario file (format: SCENARIOS.md) through the firmware's "
                                   "clock core and print the state at its 'end' as one JSON object. "
                                   "A malformed scenario prints 'LINE: message' and exits with status 2.")
    s.add_argument("file", metavar="FILE", help="scenario file, or - for standard input")
    s.add_argument("--vm", choices=("cpython", "micropython"), default="cpython",
                   help="run the firmware on this VM (micropython = the unix port, in a subprocess)")
    s.add_argument("--journal", metavar="DIR",
                   help="keep the game's journal in DIR (game.xqj); by default it is thrown away")
    s.set_defaults(func=cmd_scenario)

    m = sub.add_parser("simulate", help="the whole clock on the desktop (window, terminal or headless)",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Run the unmodified firmware on a simulated Pico: the displays show "
                                   "what the real chips would show from the same bytes.",
                       epilog="keys: A left lever, L right lever, Space start/pause, - minus, + plus,\n"
                              "      Enter ok (hold 2 s for the menu; in the terminal: M), Esc/q quit.\n"
                              "Levers and keys can also be clicked in the window.\n\n"
                              "script lines (--script): settings (clock SPEC, language en|zh, sound on|off,\n"
                              "red-side left|right, code NNNN, forfeit D, fouls N), then\n"
                              "'at TIME press|hold|down|up KEY [DURATION]', 'at TIME snapshot NAME', 'end TIME'.\n"
                              "KEY: left-lever right-lever start minus plus ok.")
    m.add_argument("--profile", default="oled", help="board profile: oled (default) or segment7")
    m.add_argument("--clock", default="xq-60+30", metavar="SPEC", help="time control (default xq-60+30)")
    m.add_argument("--language", choices=("en", "zh"), default="en", help="screen language")
    m.add_argument("--sound", action="store_true", help="turn the buzzer on (off by default, as FIDE expects)")
    m.add_argument("--dir", metavar="DIR", help="keep the simulated board's flash (journal, settings) in DIR")
    m.add_argument("--terminal", action="store_true", help="draw in the terminal even if there is a display")
    m.add_argument("--headless", action="store_true", help="no window: play --script and write --png snapshots")
    m.add_argument("--script", metavar="FILE", help="button script to play (with --headless)")
    m.add_argument("--png", metavar="DIR", help="write the script's snapshots as PNG files into DIR")
    m.add_argument("--vm", choices=("cpython", "micropython"), default="cpython",
                   help="run the firmware on this VM (headless only)")
    m.add_argument("--seconds", type=float, help=argparse.SUPPRESS)
    m.set_defaults(func=cmd_simulate)

    r = sub.add_parser("report", help="game records from journals: sheets, charts, --verify, --round",
                       description="The §10.1 record of each game, replayed from its journal through the "
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
    r.add_argument("--format", choices=("text", "json", "csv"), default="text",
                   help="text (a sheet to sign; default), json, or csv (one row per event)")
    r.add_argument("--chart", metavar="PNG",
                   help="also draw the time per move as a PNG (with several journals: a directory)")
    r.add_argument("--out", metavar="DIR",
                   help="write each sheet to DIR/NAME.txt|json|csv (--round: DIR/round.txt and round.csv)")
    r.add_argument("--boards", metavar="CSV",
                   help="with --round: board numbers from a CSV of board,journal[,red,black] "
                        "(default: from names like board-07.xqj, else the order given)")
    r.set_defaults(func=cmd_report)

    d = sub.add_parser("demo", help="play an example game and show the clock as it goes")
    d.add_argument("file", nargs="?", help="a scenario file to show instead of the bundled example")
    d.set_defaults(func=cmd_demo)
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
