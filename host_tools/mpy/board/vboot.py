# Power-on of a virtual board, run by the MicroPython unix port as
#   micropython -i vboot.py FLASH HARDWARE MODE UID [STEPS]
# with host_tools/mpy/shim, .frozen and the folder holding host_tools on
# MICROPYPATH (host_tools.unixport.env(SIM_PATH)). It runs
# on the host's VM only, never on a real board (host_tools/board/virtual.py
# starts it behind a pseudo-terminal).
#
# 1. The simulated hardware: `machine` becomes the stand-in (host_tools.mpy.sim),
#    with the chip models wired as the HARDWARE profile (a JSON file) says;
#    machine.reset()/soft_reset() end this VM with exit status 3/4 so the
#    supervisor restarts it, as a board reboots; unique_id() is UID; idle() and
#    lightsleep() sleep in real time, as main.py's clock runs; VBUS (GP24) is
#    high: the board is on the host's USB.
#    A profile with a `fram` gets an FRAM chip model on that bus, its bytes
#    kept in the file FLASH + ".fram" beside the flash folder (the chip keeps
#    them through resets and power cuts).
# 2. The flash: the host folder FLASH is mounted at "/" (VfsPosix), so the
#    firmware's absolute paths (/profile.json, /game.xqj, /games/...) and
#    mpremote's file commands land in FLASH, and sys.path is a board's.
#    Every host module the simulation needs is imported before the remount.
# 3. Like rp2's main.c: boot.py runs; main.py runs after it (MODE "boot")
#    unless boot.py failed; MODE "raw" (a soft reset from the raw REPL) runs
#    boot.py only. Then `-i` gives the REPL, whose raw REPL mpremote drives.
#
# 4. A button script (MODE "boot" with a STEPS file, from `xqclock virtual-board
#    --script`): a thread presses the keys (and closes a switch for a glitch's
#    ms) and unplugs or plugs the displays at their times from main.py's start,
#    in real time, as a hand would; the displays unplugged at 0 are absent from
#    power-on.
# 5. A hand the host moves (host_tools/board/virtual.press, for tests): the
#    `time` main.py gets presses the keys named in /.xq-hands at its sleeps.
#
# The supervisor holds the host's keystrokes until it reads READY (so a
# Ctrl-C cannot land in this setup), and reads REPL (raw mode) or EXIT
# (SystemExit in boot.py/main.py, which `-i` would otherwise swallow).
import sys
import os
import time as _time
import vfs

_READY = "\x00xq-ready\x00"
_REPL = "\x00xq-repl\x00"


class _Flash(vfs.VfsPosix):
    """VfsPosix(folder): the unix port builds both of rename's paths in one
    buffer when the mount has a root, so rename("/a", "/b") fails (ENOENT);
    here both go relative to the root instead."""

    def rename(self, a, b):
        if a[:1] == "/" and b[:1] == "/":
            cwd = os.getcwd()
            os.chdir("/")
            try:
                super().rename(a[1:], b[1:])
            finally:
                os.chdir(cwd)
        else:
            super().rename(a, b)

    def ilistdir(self, path="/"):
        """As a board's littlefs lists: (name, type, inode, size). The unix port's
        VfsPosix gives no size, so `mpremote fs ls` showed 0 for every file."""
        top = path.rstrip("/")
        for e in super().ilistdir(path):
            size = 0
            if not e[1] & 0x4000:
                try:
                    size = self.stat(top + "/" + e[0])[6]
                except OSError:
                    pass
            yield (e[0], e[1], e[2], size)


def _player(steps, pins, active_low, plugs):
    """Play (t_ms, action, n) steps from now: a key n goes down or up, a
    display n is unplugged or plugged."""
    import time
    start = time.ticks_ms()
    for t, action, n in steps:
        wait = t - time.ticks_diff(time.ticks_ms(), start)
        if wait > 0:
            time.sleep_ms(wait)
        if action in ("unplug", "plug"):
            plugs[n][action == "plug"]()
        else:
            pins[n].drive((0 if active_low else 1) if action == "down" else None)


def _i2c_plugs(bus, addr, model):
    """(unplug, plug) of an I2C display: off the bus; back in its power-on state."""
    def plug():
        model.power_on()
        bus.attach(addr, model)
    return (lambda: bus.devices.pop(addr, None)), plug


def _setup(flash, hardware, uid, steps_file=None):
    import json
    import binascii
    __import__("machine")  # host_tools/mpy/shim/machine.py, which installs the stand-in
    machine = sys.modules["machine"]  # host_tools.mpy.sim.machine itself, not the forwarding shim
    with open(hardware) as f:
        profile = json.loads(f.read())
    display = profile["display"]
    plugs = []  # per display: (unplug, plug), as host_tools/mpy/sim/rig.py wires them
    if display["kind"] == "ssd1306":
        from host_tools.mpy.sim.ssd1306_model import SSD1306Model
        for side in ("left", "right"):
            d = display[side]
            bus, addr, model = machine.i2c_bus(d["i2c"]), d.get("addr", 0x3C), SSD1306Model()
            bus.attach(addr, model)
            plugs.append(_i2c_plugs(bus, addr, model))
    elif display["kind"] == "ht1621":
        from host_tools.mpy.sim.ht1621_model import HT1621Model, ThreeWireLink
        for side in ("left", "right"):
            d = display[side]
            link = ThreeWireLink(machine, d["cs"], d["wr"], d["data"], HT1621Model())
            plugs.append((link.unplug, link.plug))
    else:
        from host_tools.mpy.sim.tm1637_model import TM1637Model
        for side in ("left", "right"):
            d = display[side]
            link = machine.TwoWireLink(d["clk"], d["dio"], TM1637Model())
            plugs.append((link.unplug, link.plug))
    fram = profile.get("fram")
    if fram:
        from host_tools.mpy.sim.fram_model import FRAMModel
        chip = FRAMModel(fram.get("size", 32768), image=flash + ".fram")  # opened before "/" is the flash
        machine.i2c_bus(fram["i2c"]).attach(fram.get("addr", 0x50), chip)
    bat = profile.get("battery")
    if bat:
        machine.set_adc_mv(bat["adc"], 2000)  # a charged cell behind the divider
    ident = binascii.unhexlify(uid)

    def reset():
        sys.exit(3)

    def soft_reset():
        sys.exit(4)

    player = None
    if steps_file:
        with open(steps_file) as f:
            steps = [(int(t), action, int(n)) for t, action, n in (line.split() for line in f if line.strip())]
        buttons = profile["buttons"]
        keys = ("lever_left", "lever_right", "start", "minus", "plus", "ok")  # device.wiring.KEYS
        for t, action, n in steps:  # at 0: off its wires (or back) before the firmware starts
            if t == 0 and action in ("unplug", "plug"):
                plugs[n][action == "plug"]()
        steps = [s for s in steps if s[0] > 0 or s[1] not in ("unplug", "plug")]
        player = (steps, [machine.Pin(buttons[k]) for k in keys], buttons.get("active_low", True), plugs)
    def idle():  # real time here: the stand-in's idle() would run its virtual clock
        sys.modules["time"].sleep_ms(1)

    def lightsleep(ms):
        sys.modules["time"].sleep_ms(ms)

    machine.idle = idle
    machine.lightsleep = lightsleep
    # a host talks to this board over its USB: it is on USB power (VBUS, GP24,
    # high), so the loop idles at LOOP_MS and answers the host's reads, as a
    # plugged-in Pico does (on cells it would lightsleep up to a second)
    machine.Pin(24).drive(1)
    machine.reset = reset
    machine.soft_reset = soft_reset
    machine.unique_id = lambda: ident
    vfs.umount("/")
    vfs.mount(_Flash(flash), "/")
    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]
    return player


def _run(name):
    """pyexec_file_if_exists: True when the file is absent or ran to its end."""
    try:
        os.stat(name)
    except OSError:
        return True
    try:
        with open(name) as f:
            code = compile(f.read(), name, "exec")
        exec(code, globals())
        return True
    except SystemExit as e:
        code = e.args[0] if e.args and isinstance(e.args[0], int) else 0
        sys.stdout.write("\x00xq-exit %d\x00" % code)
        import time
        while True:  # the supervisor ends this VM
            time.sleep_ms(100)
    except BaseException as e:  # KeyboardInterrupt too: back to the REPL, as on a board
        sys.print_exception(e)
        return False


class _HandTime:
    """The `time` module as main.py gets it on a virtual board, with a hand at
    the keys, for tests of the whole tournament flow: the host
    (VirtualBoard.press) drops lines "press KEY MS" into /.xq-hands, and the
    clock's own loop, at its sleeps, presses each key of the profile for MS ms
    as a finger would, whenever the host asks."""

    def __init__(self, real, buttons):
        self._real = real
        self._buttons = buttons
        self._level = 0 if buttons.get("active_low", True) else 1
        self._queue = []
        self._pin = None  # the key held down now, until _up (a tick)
        self._up = 0
        self._sleeps = 0

    def __getattr__(self, name):
        return getattr(self._real, name)

    def sleep_ms(self, ms):
        self._real.sleep_ms(ms)
        self._sleeps += 1
        if self._sleeps % 3 == 0:
            self._hand()

    def _hand(self):
        t = self._real
        if self._pin is not None:
            if t.ticks_diff(t.ticks_ms(), self._up) >= 0:
                self._pin.drive(None)
                self._pin = None
            return
        if not self._queue:
            try:
                with open("/.xq-hands") as f:
                    self._queue = f.read().split("\n")
                os.remove("/.xq-hands")
            except OSError:
                return
        while self._queue:
            words = self._queue.pop(0).split()
            if len(words) == 3 and words[0] == "press" and words[1] in self._buttons:
                pin = sys.modules["machine"].PINS.get(self._buttons[words[1]])
                if pin is not None:
                    pin.drive(self._level)
                    self._pin = pin
                    self._up = t.ticks_add(t.ticks_ms(), int(words[2]))
                    return


def _buttons(hardware):
    import json
    with open(hardware) as f:
        return json.loads(f.read())["buttons"]


_keys = _buttons(sys.argv[2])  # read before the flash takes the host's "/"
_script = _setup(sys.argv[1], sys.argv[2], sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else None)
_mode = sys.argv[3]
del _setup
if _script and _mode == "boot":
    import _thread
    _thread.start_new_thread(_player, _script)
sys.modules["time"] = _HandTime(_time, _keys)
try:  # from READY on, a Ctrl-C may come: it stops the boot, as on a board
    sys.stdout.write(_READY)
    if _run("boot.py") and _mode == "boot":
        _run("main.py")
except KeyboardInterrupt as _e:
    sys.print_exception(_e)
if _mode == "raw":
    sys.stdout.write(_REPL)
