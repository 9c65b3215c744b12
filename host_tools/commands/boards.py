"""The commands that talk to boards over their serial ports: flash, pull,
transfer, identify; and what they share with config (the --port/--all/--timeout
options, the parallel run with its progress, the summary of failures)."""
import os
import sys
from pathlib import Path

from host_tools import inputs
from host_tools.wording import plural


def board_options(parser, many=True):
    """--port/--all/--timeout of the commands that talk to boards."""
    parser.add_argument("--port", action="append", metavar="P",
                        help="the board's serial port (/dev/ttyACM0, COM3, a /dev/pts/N of a virtual board)"
                             + ("; repeat for several" if many else "")
                             + "; default: the only board attached")
    if many:
        parser.add_argument("--all", action="store_true", help="every attached board, in parallel")
    parser.add_argument("--timeout", type=inputs.seconds, default=5.0, metavar="S",
                        help="seconds a board may take to answer (default 5)")


def fail(message, status=1):
    from host_tools.inputs import said
    print(f"xqclock: {said(message)}", file=sys.stderr)
    return status


def chosen(args):
    """The boards the command goes to (raises BoardError: none, or not the one asked for)."""
    from host_tools.board.ports import choose
    return choose(args.port or [], args.all)


def run(ports, work):
    """Run work(port, progress) on each port (in parallel); (results, errors)."""
    from host_tools.board import BoardError
    from host_tools.board.progress import Progress, run_parallel
    live = sys.stderr.isatty()
    progress = Progress(ports, live=live, quiet=len(ports) == 1 and not live)
    results = run_parallel(ports, work, progress)
    ok = {p: r for p, r in results.items() if not isinstance(r, BoardError)}
    errors = [str(r) for r in results.values() if isinstance(r, BoardError)]
    return ok, errors


def finish(ports, errors):
    from host_tools.inputs import said
    for e in errors:
        print(f"xqclock: {said(e)}", file=sys.stderr)
    if errors and len(ports) > 1:
        print(f"xqclock: {len(errors)} of {len(ports)} boards failed", file=sys.stderr)
    return 1 if errors else 0


# -- flash -------------------------------------------------------------------------------

def flash_arguments(f):
    f.description = ("Compile firmware/ with mpy-cross for each board's MicroPython, copy the "
                     "files that differ (by sha256) into /next, commit, reset, and check that the "
                     "board boots the new firmware. A board cut off mid-flash boots the old or "
                     "the new firmware, never a mix. Settings and journals are kept.")
    board_options(f)
    f.add_argument("--profile", metavar="NAME",
                   help="write this board profile: oled, segment7 or a .json file (default: keep the board's)")
    f.add_argument("--force", action="store_true", help="install even over a newer xqclock")
    f.add_argument("--firmware", metavar="DIR", help="flash this firmware folder instead of firmware/")


def flash(args):
    from host_tools.board import BoardError
    from host_tools.board.flash import Builds, flash_one, profile_bytes
    from host_tools.board.progress import table
    if args.firmware and not (Path(args.firmware) / "main.py").is_file():
        raise inputs.UsageError(f"--firmware {args.firmware}: not a firmware folder (no main.py in it)")
    try:
        profile = profile_bytes(args.profile) if args.profile else None
    except BoardError as e:
        raise inputs.UsageError(f"--profile: {e}") from None
    try:
        ports = chosen(args)
        builds = Builds(args.firmware)
    except BoardError as e:
        return fail(e)
    ok, errors = run(ports, lambda port, cb: flash_one(port, builds, profile, args.force, args.timeout, cb))
    rows = []
    for port in ports:
        r = ok.get(port)
        if r is None:
            rows.append([port, "-", "FAILED", "-", "-", "-"])
            continue
        sent = f"{plural(r['files'], 'file')}, {r['bytes'] / 1024:.1f} KB" if r["files"] else "nothing"
        rows.append([port, r["board"], r["outcome"], sent, f"{r['seconds']:.1f} s", r["version"]])
        if r.get("note"):
            print(f"xqclock: warning: {port}: {r['note']}", file=sys.stderr)
    if len(ports) > 1 or ok:
        table(rows, ["PORT", "BOARD", "RESULT", "SENT", "TIME", "FIRMWARE"])
    return finish(ports, errors)


# -- pull --------------------------------------------------------------------------------

def pull_arguments(pl):
    pl.description = ("Copy each board's current game (game.xqj, on its flash or FRAM) into "
                      "DIR/board-NN/ (its board number; else its clock id), and with --archived "
                      "its archived games (/games/*.xqj) too, skipping files already there. A "
                      "clock running xqclock's firmware is read while it runs: a game in progress "
                      "goes on. Older firmware, and --clear, stop the clock for a moment (a game "
                      "in progress comes back paused).")
    board_options(pl)
    pl.add_argument("dir", metavar="DIR", help="where the journals go (one folder per board)")
    pl.add_argument("--archived", action="store_true",
                    help="also copy the games the clock archived (DIR/board-NN/games/)")
    pl.add_argument("--clear", action="store_true",
                    help="copy the archived games, then delete them from the board (each once it is safely in "
                         "DIR; the current game stays; the clock stops for a moment)")


def pull(args):
    from host_tools.board import BoardError
    from host_tools.board.progress import table
    from host_tools.board.pull import pull_one
    inputs.out_dir(args.dir, "DIR", make=False)
    try:
        ports = chosen(args)
    except BoardError as e:
        return fail(e)
    ok, errors = run(ports, lambda port, cb: pull_one(port, args.dir, args.timeout, cb, args.clear, args.archived))
    rows = [[p, ok[p]["board"], ok[p]["journals"], ok[p]["fetched"]] + ([ok[p]["cleared"]] if args.clear else [])
            + ["while running" if ok[p]["read"] == "running" else "stopped (a game comes back paused)",
               ok[p]["folder"]] for p in ports if p in ok]
    if rows:
        table(rows, ["PORT", "BOARD", "JOURNALS", "NEW"] + (["CLEARED"] if args.clear else []) + ["READ", "FOLDER"])
    folders: dict[str, list[str]] = {}
    for p in ports:
        if p in ok:
            folders.setdefault(ok[p]["folder"], []).append(p)
    for folder, same in folders.items():
        if len(same) > 1:
            errors.append(f"{' and '.join(same)} share the folder {folder} (the same board number?): "
                          "give each clock its own number (config push --port P --board N) and pull again")
    return finish(ports, errors)


# -- transfer ----------------------------------------------------------------------------

def transfer_arguments(t):
    t.description = ("Write a game's journal onto another clock, which replays it and "
                     "resumes the game paused with the same times, moves, period and fouls. "
                     "The game comes from a journal file (e.g. one pulled earlier) or straight "
                     "from the failed clock (--from-port). The new clock's own game is kept "
                     "under /games on it.")
    t.add_argument("journal", nargs="?", metavar="JOURNAL", help="the game's journal file (.xqj)")
    t.add_argument("--from-port", metavar="P", help="take the game from the clock at this port instead")
    t.add_argument("--port", required=True, metavar="P", help="the replacement clock's port")
    t.add_argument("--intact", action="store_true",
                   help="a journal damaged within (report --verify names where): move the records before the "
                        "damage (a torn last record, what a clock that died mid-write leaves, needs no option)")
    t.add_argument("--timeout", type=inputs.seconds, default=5.0, metavar="S",
                   help="seconds a board may take to answer (default 5)")


def transfer(args):
    from host_tools.board import BoardError
    from host_tools.board.transfer import transfer as move
    if args.journal and args.from_port:
        raise inputs.UsageError("give the game once: a JOURNAL file or --from-port P, not both")
    if not args.journal and not args.from_port:
        raise inputs.UsageError("give the game: a JOURNAL file or --from-port P (the failed clock)")
    if args.from_port and os.path.realpath(args.from_port) == os.path.realpath(args.port):
        raise inputs.UsageError(f"--from-port and --port are the same clock ({args.port}): "
                                "the game goes onto another one")
    if args.journal:  # a file that is no journal is bad input, refused before any clock is asked
        inputs.read_bytes(args.journal, "JOURNAL")
        import host_tools.firmware_path  # clock.* importable
        from clock.journal import JournalError
        from clock.journalread import Loaded
        try:
            Loaded(args.journal)
        except JournalError as e:
            raise inputs.UsageError(str(e)) from None
    try:
        settings, shown = move(args.port, args.journal, args.from_port, args.timeout, args.intact,
                               lambda note: print(f"xqclock: warning: {note}", file=sys.stderr))
    except (BoardError, OSError) as e:
        return fail(e)
    red, black = shown["red"], shown["black"]
    print(f"{args.port}: the game is on this clock, paused; the arbiter resumes it")
    if args.from_port:
        print(f"{args.from_port}: its copy of the game is closed (it shows MOVED and cannot be resumed)")
    for name, side in (("Red", red), ("Black", black)):
        ms = side["remaining_ms"]
        print(f"  {name:5} {ms // 3600000}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d} left, "
              f"{plural(side['moves'], 'move')}, period {side['period']}, {plural(side['fouls'], 'foul')}")
    return 0


# -- check -------------------------------------------------------------------------------

def check_arguments(c):
    c.description = ("Run the self-test of each clock and print one line per board and part, "
                     "pass or fail. The clock lights every pixel or segment and both LEDs, sounds "
                     "its buzzer, then asks on its displays for each lever and key in turn "
                     "(press them; the console here says which one it waits for), reads the "
                     "battery and writes and reads back its journal store. The result stays on "
                     "the board (/selftest.json). On the clock itself: hold OK while switching "
                     "on, or SELF-TEST in the arbiter's menu. Runs between games only. Exit "
                     "status 1 if a part failed.")
    board_options(c)
    c.add_argument("--last", action="store_true", help="print the result kept from the last self-test; start none")


def check(args):
    from host_tools.board.progress import table
    from host_tools.board.selfcheck import check_one
    from host_tools.board import BoardError
    try:
        ports = chosen(args)
    except BoardError as e:
        return fail(e)
    ok, errors = run(ports, lambda port, cb: check_one(port, args.timeout, cb, args.last))
    rows = []
    failed = 0
    for port in ports:
        got = ok.get(port)
        if got is None:
            rows.append([port, "-", "FAILED", "see below"])
            continue
        failed += not got.get("passed")
        for part, status, detail in got["results"]:
            rows.append([port, part, status.upper(), detail])
    table(rows, ["PORT", "PART", "RESULT", "DETAIL"])
    if failed and len(ports) > 1:
        print(f"xqclock: {failed} of {len(ports)} boards failed their self-test", file=sys.stderr)
    return finish(ports, errors) or (1 if failed else 0)


# -- identify ----------------------------------------------------------------------------

def identify_arguments(i):
    i.description = ("Ask the clock on a port to beep three times and show its board number "
                     "on both displays for 5 s (sound on or off), for the arbiter with many "
                     "clocks on one hub; the hall page's Identify button does the same over the "
                     "network. A clock whose game is running is not disturbed.")
    board_options(i)


def identify(args):
    from host_tools.board import BoardError
    from host_tools.board.live import LiveClock, NotServing
    try:
        ports = chosen(args)
    except BoardError as e:
        return fail(e)
    failed = 0
    for port in ports:
        try:
            with LiveClock(port, args.timeout) as clock:
                board = clock.info()["settings"].get("board")
                done = clock.identify()
        except NotServing as e:
            print(f"xqclock: {e}: flash it (xqclock flash)", file=sys.stderr)
            failed += 1
            continue
        except BoardError as e:
            print(f"xqclock: {e}", file=sys.stderr)
            failed += 1
            continue
        if done:
            print(f"{port}: beeps and shows " + (f"board {board}" if board else "#- (no board number set)"))
        else:
            print(f"{port}: its game's clock is running: not disturbed (pause it first)")
            failed += 1
    return 1 if failed else 0
