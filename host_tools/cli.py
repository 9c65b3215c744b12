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

    d = sub.add_parser("demo", help="play an example game and show the clock as it goes")
    d.add_argument("file", nargs="?", help="a scenario file to show instead of the bundled example")
    d.set_defaults(func=cmd_demo)
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
