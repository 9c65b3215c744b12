# Runs at boot: the clock, restored from its journal if a game was going on.
from device.app import main

main()
