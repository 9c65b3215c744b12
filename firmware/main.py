# Runs at boot: the clock, restored from its journal if a game was going on.
from device.poweron import start

clock = start()
del start  # the power-on's code is not held while the clock runs
clock.run()
