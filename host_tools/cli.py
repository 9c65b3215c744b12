"""The `xqclock` command."""
import argparse
import os
import sys

from host_tools import inputs, scenario
from host_tools.wording import plural


def cmd_scenario(args):
    text = inputs.read_text(args.file, "scenario")
    if args.journal:
        inputs.out_dir(args.journal, "--journal")
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
    path = args.file or demo.EXAMPLE
    try:
        demo.run(path)
    except scenario.ScenarioError as e:
        print(f"{path}:{e}", file=sys.stderr)
        return 2
    return 0


def _simulate_checks(args):
    """Options that only mean something together are refused apart, before anything runs."""
    from host_tools import simulate
    simulate.profile_path(args.profile)
    if args.headless:
        if not args.script:
            raise inputs.UsageError("--headless needs --script FILE (the button actions to play)")
        if not args.png:
            raise inputs.UsageError("--headless needs --png DIR (where the script's snapshots go)")
        if args.terminal:
            raise inputs.UsageError("--terminal draws the clock live; it does not go with --headless")
    else:
        for given, name in ((args.script, "--script"), (args.png, "--png"),
                            (args.vm != "cpython", "--vm")):
            if given:
                raise inputs.UsageError(f"{name} goes with --headless")
    if args.dir:
        inputs.out_dir(args.dir, "--dir")


def cmd_simulate(args):
    import tempfile
    from host_tools import simulate
    from host_tools.firmware_path import FIRMWARE  # noqa: F401  (firmware importable)
    from clock import timecontrol
    from device import settings as cfg
    _simulate_checks(args)
    if args.headless:
        text = inputs.read_text(args.script, "--script")
        inputs.out_dir(args.png, "--png")
        try:
            frames = simulate.headless(args.profile, text, args.vm, args.dir)
        except ValueError as e:
            print(f"{args.script}:{e}", file=sys.stderr)
            return 2
        for path in simulate.write_pngs(args.profile, frames, args.png):
            print(path)
        return 0
    try:
        timecontrol.parse(args.clock)
    except ValueError as e:
        raise inputs.UsageError(f"--clock {args.clock}: {e}") from None
    values = cfg.check(dict(cfg.DEFAULTS, clock=args.clock, language=1 if args.language == "zh" else 0,
                            sound=args.sound))
    if args.dir:
        simulate.interactive(args.profile, values, args.dir, args.terminal, args.seconds)
    else:
        with tempfile.TemporaryDirectory(prefix="xqclock-board-") as tmp:
            simulate.interactive(args.profile, values, tmp, args.terminal, args.seconds)
    return 0


def cmd_report(args):
    from host_tools import report
    return report.main(args)


def cmd_virtual_board(args):
    from host_tools.board import commands
    return commands.virtual_board(args)


def cmd_flash(args):
    from host_tools.board import commands
    return commands.flash(args)


def cmd_config(args):
    from host_tools.board import commands
    return commands.config(args)


def cmd_pull(args):
    from host_tools.board import commands
    return commands.pull(args)


def cmd_transfer(args):
    from host_tools.board import BoardError
    from host_tools.board.transfer import transfer
    if args.journal and args.from_port:
        raise inputs.UsageError("give the game once: a JOURNAL file or --from-port P, not both")
    if not args.journal and not args.from_port:
        raise inputs.UsageError("give the game: a JOURNAL file or --from-port P (the failed clock)")
    if args.from_port and os.path.realpath(args.from_port) == os.path.realpath(args.port):
        raise inputs.UsageError(f"--from-port and --port are the same clock ({args.port}): "
                                "the game goes onto another one")
    if args.journal:
        inputs.read_bytes(args.journal, "JOURNAL")
    try:
        settings, shown = transfer(args.port, args.journal, args.from_port, args.timeout)
    except (BoardError, OSError) as e:
        print(f"xqclock: {e}", file=sys.stderr)
        return 1
    red, black = shown["red"], shown["black"]
    print(f"{args.port}: the game is on this clock, paused; the arbiter resumes it")
    if args.from_port:
        print(f"{args.from_port}: its copy of the game is closed (it shows MOVED and cannot be resumed)")
    for name, side in (("Red", red), ("Black", black)):
        ms = side["remaining_ms"]
        print(f"  {name:5} {ms // 3600000}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d} left, "
              f"{plural(side['moves'], 'move')}, period {side['period']}, {plural(side['fouls'], 'foul')}")
    return 0


def cmd_hall(args):
    from host_tools.hall.run import main
    return main(args)


def cmd_identify(args):
    from host_tools.board import commands
    return commands.identify(args)


def cmd_broker_config(args):
    from host_tools.hall import mosquitto
    try:
        return mosquitto.main(args)
    except ValueError as e:
        raise inputs.UsageError(str(e)) from None


def _board_options(parser, many=True):
    """--port/--all/--timeout of the commands that talk to boards."""
    parser.add_argument("--port", action="append", metavar="P",
                        help="the board's serial port (/dev/ttyACM0, COM3, a /dev/pts/N of a virtual board)"
                             + ("; repeat for several" if many else "")
                             + "; default: the only board attached")
    if many:
        parser.add_argument("--all", action="store_true", help="every attached board, in parallel")
    parser.add_argument("--timeout", type=inputs.seconds, default=5.0, metavar="S",
                        help="seconds a board may take to answer (default 5)")


class Parser(argparse.ArgumentParser):
    """argparse, with a mistake in one line (the usage is under --help)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {message} (see: {self.prog} --help)\n")


def build_parser():
    p = Parser(prog="xqclock", description=(
        "Tournament clock and arbiter for Xiangqi (CXA rules), chess and Go: "
        "play scenarios through the firmware, on CPython or the MicroPython VM."))
    from host_tools.board import version
    p.add_argument("--version", action="version", version=f"xqclock {version()}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("scenario", help="play a scenario file and print the clock's state as JSON",
                       description="Play a scenario file (format: docs/SCENARIOS.md; rules: docs/RULES.md) "
                                   "through the firmware's "
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
    mode.add_argument("--event", action="store_true",
                      help="the event's cross-table: each JOURNAL is a round's folder (as pull writes it), "
                           "in round order; players by name (or board), points per round, total")
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

    v = sub.add_parser("virtual-board", help="a board made of the MicroPython unix port, for mpremote and xqclock",
                       description="Start a virtual board: the MicroPython unix port behind a pseudo-terminal, "
                                   "with a folder as its flash, running main.py at boot on the simulated "
                                   "hardware. It prints its port (/dev/pts/N) and answers mpremote, flash, "
                                   "config and pull like a Pico, until Ctrl-C.")
    v.add_argument("--dir", metavar="DIR", help="the board's flash (default: a temporary folder, deleted after)")
    v.add_argument("--profile", default="oled", help="its hardware: oled (default), segment7 or a profile file")
    v.add_argument("--count", type=inputs.count, default=1, metavar="N", help="start N boards (flash in DIR/board-K)")
    v.add_argument("--uid", metavar="HEX", help="its machine.unique_id() (default: from the folder's path)")
    v.add_argument("--heapsize", metavar="SIZE", help="the VM's heap, e.g. 256K (default: the port's)")
    v.add_argument("--verbose", action="store_true", help="say when the board resets")
    v.add_argument("--script", metavar="FILE",
                   help="a button script (as for simulate --script) that the board plays in real time from "
                        "each power-on; its settings become the board's if it has none")
    v.set_defaults(func=cmd_virtual_board)

    f = sub.add_parser("flash", help="install or update the firmware on boards (atomic, only what changed)",
                       description="Compile firmware/ with mpy-cross for each board's MicroPython, copy the "
                                   "files that differ (by sha256) into /next, commit, reset, and check that the "
                                   "board boots the new firmware. A board cut off mid-flash boots the old or "
                                   "the new firmware, never a mix. Settings and journals are kept.")
    _board_options(f)
    f.add_argument("--profile", metavar="NAME",
                   help="write this board profile: oled, segment7 or a .json file (default: keep the board's)")
    f.add_argument("--force", action="store_true", help="install even over a newer xqclock")
    f.add_argument("--firmware", metavar="DIR", help="flash this firmware folder instead of firmware/")
    f.set_defaults(func=cmd_flash)

    c = sub.add_parser("config", help="time-control presets and specs; push settings to boards, read them back",
                       description="presets: list them. explain SPEC: a time control in words. push: write "
                                   "the event's settings to boards (checked first; read back after). show: "
                                   "what boards hold.")
    csub = c.add_subparsers(dest="action", required=True, metavar="ACTION")
    csub.add_parser("presets", help="list the time-control presets")
    ce = csub.add_parser("explain", help="a time control in words; a bad one is named")
    ce.add_argument("spec", metavar="SPEC", help="a preset or spec string, e.g. '90m/40,30m+30s'")
    cp = csub.add_parser("push", help="write settings to boards")
    _board_options(cp)
    cp.add_argument("--clock", metavar="SPEC", help="time control: preset or spec string")
    cp.add_argument("--clock-black", metavar="SPEC|same",
                    help="Black's own time control (handicap), or same (default: as --clock)")
    cp.add_argument("--forfeit", metavar="D", help="late-arrival forfeit: minutes, a duration (15m) or off")
    cp.add_argument("--fouls", metavar="N", help="the foul that loses (1-9)")
    cp.add_argument("--tenths", metavar="S|off", help="tenths of a second show under S seconds left (1-60; "
                    "default 20), or off")
    cp.add_argument("--sound", metavar="on|off", help="buzzer")
    cp.add_argument("--language", metavar="en|zh", help="screen language")
    cp.add_argument("--red-side", metavar="left|right", help="the lever Red sits at")
    cp.add_argument("--code", metavar="NNNN|none", help="arbiter code (four digits) or none")
    cp.add_argument("--broker", metavar="URL|none",
                    help="the hall's MQTT broker the clock reports to: mqtt://[USER:PASSWORD@]HOST[:PORT] "
                         "(mqtts:// for TLS; give an IP address), usb (over the USB cable, to xqclock hall "
                         "--usb), or none to stop reporting")
    cp.add_argument("--event", metavar="NAME", help="the event's name in the clock's topics (default event)")
    cp.add_argument("--wifi", metavar="NAME", help="the Wi-Fi network a Pico W joins to reach the broker")
    cp.add_argument("--wifi-password", metavar="PASSWORD", help="its password")
    cp.add_argument("--ca", metavar="PEM", help="with an mqtts:// broker: the certificate the broker's is checked "
                                                "against (its own, or its CA's); without it the link is encrypted "
                                                "but the broker not checked")
    cp.add_argument("--board", metavar="N", help="this clock's board number (one clock; 0: none)")
    cp.add_argument("--red", metavar="NAME", help="Red's name on this clock (one clock)")
    cp.add_argument("--black", metavar="NAME", help="Black's name on this clock (one clock)")
    cp.add_argument("--pairings", metavar="CSV",
                    help="the round's players from a CSV of board,red,black: each clock takes the row "
                         "of its own board number (with --all)")
    cp.add_argument("--new-game", action="store_true",
                    help="end a game in progress (its journal kept in /games) so the next uses these settings")
    cs = csub.add_parser("show", help="read back what boards hold")
    _board_options(cs)
    cs.add_argument("--json", action="store_true", help="as JSON")
    c.set_defaults(func=cmd_config)

    pl = sub.add_parser("pull", help="copy game journals from boards into a folder",
                        description="Copy each board's journal (game.xqj, on its flash or FRAM) and its "
                                    "archived games (/games/*.xqj) into DIR/<board id>/ (skipping files "
                                    "already there). The clock stops for a moment; a game in progress comes "
                                    "back paused.")
    _board_options(pl)
    pl.add_argument("dir", metavar="DIR", help="where the journals go (one folder per board)")
    pl.add_argument("--clear", action="store_true",
                    help="then delete the archived games from the board (each once it is safely in DIR; "
                         "the current game stays)")
    pl.set_defaults(func=cmd_pull)

    t = sub.add_parser("transfer", help="move a game onto a replacement clock (§22.4)",
                       description="Write a game's journal onto another clock, which replays it and "
                                   "resumes the game paused with the same times, moves, period and fouls. "
                                   "The game comes from a journal file (e.g. one pulled earlier) or straight "
                                   "from the failed clock (--from-port). The new clock's own game is kept "
                                   "under /games on it.")
    t.add_argument("journal", nargs="?", metavar="JOURNAL", help="the game's journal file (.xqj)")
    t.add_argument("--from-port", metavar="P", help="take the game from the clock at this port instead")
    t.add_argument("--port", required=True, metavar="P", help="the replacement clock's port")
    t.add_argument("--timeout", type=inputs.seconds, default=5.0, metavar="S",
                   help="seconds a board may take to answer (default 5)")
    t.set_defaults(func=cmd_transfer)

    h = sub.add_parser("hall", help="every clock of the event live on one page, over MQTT",
                       description="Serve the hall page: one tile per board (times, moves, fouls, flags, "
                                   "result), updated live, with the alerts an arbiter acts on and the "
                                   "round's results, in English and Chinese; /boards.json has every "
                                   "board's latest state. Clocks publish to xqclock/EVENT/BOARD/state. "
                                   "Without --broker an embedded MQTT broker runs here. Read-only.")
    h.add_argument("--broker", metavar="URL",
                   help="the event's broker: mqtt://[USER:PASSWORD@]HOST[:PORT], or mqtts:// for TLS "
                        "(default: an embedded broker)")
    h.add_argument("--event", default="event", metavar="NAME", help="the event's name in the topics (default event)")
    h.add_argument("--http", default="127.0.0.1:8080", metavar="HOST:PORT",
                   help="where the page is served (default 127.0.0.1:8080; 0.0.0.0:8080 for the whole network)")
    h.add_argument("--mqtt", default="127.0.0.1:1883", metavar="HOST:PORT",
                   help="where the embedded broker listens (default 127.0.0.1:1883, this machine only; "
                        "give the address the clocks reach, e.g. 192.168.1.10:1883)")
    h.add_argument("--ca", metavar="PEM", help="with an mqtts:// --broker: the certificate its own is checked "
                                               "against (default: this machine's trusted CAs)")
    h.add_argument("--tls-cert", metavar="PEM", help="the embedded broker's TLS certificate (with --tls-key)")
    h.add_argument("--tls-key", metavar="PEM", help="its private key")
    h.add_argument("--usb", action="store_true",
                   help="also read the clocks on USB that report over their cable (config push --broker usb) "
                        "and publish for them; a game in progress goes on untouched")
    h.set_defaults(func=cmd_hall)

    i = sub.add_parser("identify", help="make a clock beep and show its board number, to find it",
                       description="Ask the clock on a port to beep three times and show its board number "
                                   "on both displays for 5 s (sound on or off), for the arbiter with many "
                                   "clocks on one hub; the hall page's Identify button does the same over the "
                                   "network. A clock whose game is running is not disturbed.")
    _board_options(i)
    i.set_defaults(func=cmd_identify)

    b = sub.add_parser("broker-config", help="write Mosquitto's configuration for the events (accounts, ACL)",
                       description="Write DIR/mosquitto.conf, DIR/passwords and DIR/acl: Mosquitto, the "
                                   "production broker, with no anonymous clients and, for each event, an "
                                   "account for its clocks (they may only publish the event's states) and one "
                                   "for its halls (they may only read them). Run: mosquitto -c "
                                   "DIR/mosquitto.conf. The accounts are the event's secrets on this machine, "
                                   "the same that config push gives the clocks.")
    b.add_argument("dir", metavar="DIR", help="where the files go")
    b.add_argument("--event", action="append", required=True, metavar="NAME", help="an event; repeat for several")
    b.add_argument("--listen", default="127.0.0.1:1883", metavar="HOST:PORT",
                   help="where Mosquitto listens (default 127.0.0.1:1883; the address the clocks reach)")
    b.add_argument("--tls-cert", metavar="PEM", help="TLS certificate (with --tls-key): the listener speaks TLS")
    b.add_argument("--tls-key", metavar="PEM", help="its private key")
    b.set_defaults(func=cmd_broker_config)

    from host_tools import ruling
    ruling.add_parser(sub)

    d = sub.add_parser("demo", help="play an example game and show the clock as it goes")
    d.add_argument("file", nargs="?", help="a scenario file to show instead of the bundled example")
    d.set_defaults(func=cmd_demo)
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except inputs.UsageError as e:
        print(f"xqclock: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nxqclock: stopped (Ctrl-C)", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader left (`xqclock scenario f | head`): stop quietly, as cat does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
