# Not imported: machine.py here is the bare `machine` for the MicroPython unix
# port (host_tools.unixport.SIM_PATH puts this folder on MICROPYPATH). This
# file only makes the folder a package, so an installed host_tools ships it.
