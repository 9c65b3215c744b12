"""The commands of `xqclock`, one module per family: games (scenario, report,
ruling, demo), simulation (simulate, virtual-board), boards (flash, pull, transfer,
identify), config, hall (hall, broker-config). Each command is two functions: NAME_arguments(parser) gives it
its options, description and help, NAME(args) runs it and returns the exit
status. host_tools/cli.py lists them in its table, in the order --help shows.

Bad input raises host_tools.inputs.UsageError (one line, exit 2); these
modules import only the standard library and host_tools.inputs at the top,
the work itself inside the command, so `xqclock --help` starts fast."""
