"""The `xqclock` command: its table of commands, and the exit statuses.

Each command is a row: its name, the function that runs it, the one that
gives it its options (host_tools/commands/, one module per family), and the
line --help shows for it. A new command is a new row here, its two
functions in the family's module, and its bad inputs in
tests/fuzz/test_commands.py (which fails for a command without them)."""
import argparse
import os
import sys

from host_tools import inputs
from host_tools.commands import boards, config, games, hall, simulation

# name: (run(args) -> exit status, arguments(parser), help), in the order --help lists them
COMMANDS = {
    "scenario": (games.scenario, games.scenario_arguments,
                 "play a scenario file and print the clock's state as JSON"),
    "simulate": (simulation.simulate, simulation.simulate_arguments,
                 "the whole clock on the desktop (window, terminal or headless)"),
    "report": (games.report, games.report_arguments,
               "game records from journals: sheets, charts, --verify, --round"),
    "virtual-board": (simulation.virtual_board, simulation.virtual_board_arguments,
                      "a board made of the MicroPython unix port, for mpremote and xqclock"),
    "flash": (boards.flash, boards.flash_arguments,
              "install or update the firmware on boards (atomic, only what changed)"),
    "check": (boards.check, boards.check_arguments,
              "run each clock's self-test (lamps, buzzer, every key, battery, store): pass or fail"),
    "config": (config.config, config.config_arguments,
               "time-control presets and specs; push settings to boards, read them back"),
    "pull": (boards.pull, boards.pull_arguments, "copy game journals from boards into a folder"),
    "transfer": (boards.transfer, boards.transfer_arguments, "move a game onto a replacement clock (§22.4)"),
    "hall": (hall.hall, hall.hall_arguments, "every clock of the event live on one page, over MQTT"),
    "identify": (boards.identify, boards.identify_arguments,
                 "make a clock beep and show its board number, to find it"),
    "broker-config": (hall.broker_config, hall.broker_config_arguments,
                      "write Mosquitto's configuration for the events (accounts, ACL)"),
    "ruling": (games.ruling, games.ruling_arguments,
               "rule on a repetition (长将, 长捉 ...) or the natural move limit, from the moves"),
    "demo": (games.demo, games.demo_arguments, "play an example game and show the clock as it goes"),
}


class Parser(argparse.ArgumentParser):
    """argparse, with a mistake in one line (the usage is under --help)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {inputs.said(message)} (see: {self.prog} --help)\n")


def build_parser():
    p = Parser(prog="xqclock", description=(
        "Tournament clock and arbiter for Xiangqi (CXA rules), chess and Go: "
        "play scenarios through the firmware, on CPython or the MicroPython VM."))
    from host_tools.board import version
    p.add_argument("--version", action="version", version=f"xqclock {version()}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (run, arguments, help_line) in COMMANDS.items():
        command = sub.add_parser(name, help=help_line)
        arguments(command)
        command.set_defaults(func=run)
    return p


def _printable_anywhere():
    """What a terminal's encoding cannot show (a name in LANG=C) is printed as an
    escape, never a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        try:
            if reconfigure is not None:
                reconfigure(errors="backslashreplace")
        except ValueError:
            pass  # not a text file of its own (a test's capture): left as it is


def main(argv=None):
    _printable_anywhere()
    stderr, sys.stderr = sys.stderr, inputs.SaidStream(sys.stderr)
    try:
        return _run(argv)
    finally:
        sys.stderr = stderr


def _run(argv):
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except inputs.UsageError as e:
        print(f"xqclock: {inputs.said(e)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nxqclock: stopped (Ctrl-C)", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader left (`xqclock scenario f | head`): stop quietly, as cat does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as e:  # the machine's, not the input's: a full disk, a file gone while written
        where = f"{e.filename}: " if e.filename else ""
        print(f"xqclock: {inputs.said(where)}{e.strerror or e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
