# Not imported on CPython: machine.py here is the `machine` shim for the
# MicroPython unix port (put this folder on MICROPYPATH). This file only makes
# the folder a package, so an installed host_tools ships the shim too.
