"""The simulated clock: simulate (on the desktop, or headless) and
virtual-board (one that mpremote and xqclock talk to)."""
import argparse
import sys

from host_tools import inputs

VMS = ("cpython", "micropython")


def simulate_arguments(m):
    m.formatter_class = argparse.RawDescriptionHelpFormatter
    m.description = ("Run the unmodified firmware on a simulated Pico: the displays show "
                     "what the real chips would show from the same bytes.")
    m.epilog = ("keys: A left lever, L right lever, Space start/pause, - minus, + plus,\n"
                "      Enter ok (hold 2 s for the menu; in the terminal: M), Esc/q quit.\n"
                "Levers and keys can also be clicked in the window.\n\n"
                "script lines (--script): settings (clock SPEC, language en|zh, sound on|off,\n"
                "red-side left|right, code NNNN, forfeit D, fouls N), then\n"
                "'at TIME press|hold|down|up KEY [DURATION]', 'at TIME snapshot NAME', 'end TIME'.\n"
                "KEY: left-lever right-lever start minus plus ok.")
    m.add_argument("--profile", default="oled", help="board profile: oled (default), segment7 or lcd")
    m.add_argument("--clock", metavar="SPEC",
                   help="time control (default xq-60+30, or what --dir's board or the script sets; given, it wins)")
    import host_tools.firmware_path
    from device.settings import WORDS  # the firmware's words for its settings
    m.add_argument("--language", choices=WORDS["language"], help="screen language (default en; given, it wins)")
    m.add_argument("--sound", action="store_true", help="turn the buzzer on (off by default, as FIDE expects)")
    m.add_argument("--dir", metavar="DIR", help="keep the simulated board's flash (journal, settings) in DIR")
    m.add_argument("--terminal", action="store_true", help="draw in the terminal even if there is a display")
    m.add_argument("--headless", action="store_true", help="no window: play --script and write --png snapshots")
    m.add_argument("--script", metavar="FILE", help="button script to play (with --headless)")
    m.add_argument("--png", metavar="DIR", help="write the script's snapshots as PNG files into DIR")
    m.add_argument("--vm", choices=VMS, default="cpython", help="run the firmware on this VM (headless only)")
    m.add_argument("--seconds", type=float, help=argparse.SUPPRESS)


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
    if args.dir is not None:  # "" too: refused, not taken for the working folder
        inputs.out_dir(args.dir, "--dir")
    if args.clock is not None:
        from clock import timecontrol
        try:
            timecontrol.parse(args.clock)
        except ValueError as e:
            from clock.limits import clip
            raise inputs.UsageError(f"--clock {clip(args.clock)}: {e}") from None


def _given(args):
    """The settings given on the command line (not given: the script's or the folder's stay)."""
    from device import settings as cfg
    given = {"clock": args.clock, "sound": True if args.sound else None,
             "language": None if args.language is None else cfg.WORDS["language"].index(args.language)}
    return {k: v for k, v in given.items() if v is not None}


def simulate(args):
    import tempfile
    from pathlib import Path
    from host_tools import simulate as sim  # also puts the firmware on sys.path
    from device import settings as cfg
    _simulate_checks(args)
    if args.headless:
        text = inputs.read_text(args.script, "--script")
        inputs.out_dir(args.png, "--png")
        try:
            frames = sim.headless(args.profile, text, args.vm, args.dir, _given(args))
        except ValueError as e:
            print(inputs.said(f"{args.script}:{e}"), file=sys.stderr)
            return 2
        except RuntimeError as e:  # no MicroPython VM, or it failed
            print(f"xqclock: {e}", file=sys.stderr)
            return 1
        for path in sim.write_pngs(args.profile, frames, args.png):
            print(path)
        return 0
    base = dict(cfg.DEFAULTS)
    held = Path(args.dir or "") / "settings.json"
    if args.dir and held.is_file():
        base, problem = cfg.load(str(held))  # the folder's board keeps its settings, the bad fields as defaults
        if problem:
            print(f"xqclock: warning: {held}: {problem.replace('settings: ', 'field ')}", file=sys.stderr)
    values = cfg.check(dict(base, **_given(args)))
    if args.dir:
        sim.interactive(args.profile, values, args.dir, args.terminal, args.seconds)
    else:
        with tempfile.TemporaryDirectory(prefix="xqclock-board-") as tmp:
            sim.interactive(args.profile, values, tmp, args.terminal, args.seconds)
    return 0


def virtual_board_arguments(v):
    v.description = ("Start a virtual board: the MicroPython unix port behind a pseudo-terminal, "
                     "with a folder as its flash, running main.py at boot on the simulated "
                     "hardware. It prints its port (/dev/pts/N) and answers mpremote, flash, "
                     "config and pull like a Pico, until Ctrl-C.")
    v.add_argument("--dir", metavar="DIR", help="the board's flash (default: a temporary folder, deleted after)")
    v.add_argument("--profile", default="oled", help="its hardware: oled (default), segment7, lcd or a profile file")
    v.add_argument("--count", type=inputs.count, default=1, metavar="N", help="start N boards (flash in DIR/board-K)")
    v.add_argument("--uid", metavar="HEX", help="its machine.unique_id() (default: from the folder's path)")
    v.add_argument("--heapsize", metavar="SIZE", help="the VM's heap, e.g. 256K (default: the port's)")
    v.add_argument("--verbose", action="store_true", help="say when the board resets")
    v.add_argument("--script", metavar="FILE",
                   help="a button script (as for simulate --script) that the board plays in real time from "
                        "each power-on; its settings become the board's if it has none")


def virtual_board(args):
    from host_tools.board import virtual
    from host_tools import firmware_path
    checks = (("--profile", firmware_path.checked_profile, args.profile),
              ("--uid", virtual.check_uid, args.uid), ("--heapsize", virtual.check_heapsize, args.heapsize))
    for name, check, value in checks:
        try:
            if value is not None:
                check(value)
        except ValueError as e:
            raise inputs.UsageError(f"{name}: {e}") from None
    if args.uid and args.count > 1:
        raise inputs.UsageError("--uid names one board; it does not go with --count")
    script = None
    if args.script is not None:
        script = inputs.read_text(args.script, "--script")
        try:
            virtual.key_script(script)
        except ValueError as e:
            print(f"xqclock: {inputs.said(f'{args.script}:{e}')}", file=sys.stderr)
            return 2
    from host_tools import unixport
    try:
        unixport.binary()  # a virtual board is the unix port: say so now, not from each board's thread
    except RuntimeError as e:
        print(f"xqclock: {e}", file=sys.stderr)
        return 1
    if args.dir is not None:
        inputs.out_dir(args.dir, "--dir")
    return virtual.run(args.dir, args.profile, args.count, args.uid, args.heapsize, args.verbose, script=script)
