# Runs at boot: the clock, restored from its journal if a game was going on.


def _start():
    # The power-on in a call of its own: once it returns, no word left on
    # this frame's stack points at its code, so the collector frees what only
    # the boot read (a stale pointer held device/poweron.py and its modules,
    # 2.8 KB, on the emulated Pico while the clock ran).
    from device.poweron import start
    return start()


clock = _start()
del _start
clock.run()
