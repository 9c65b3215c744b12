# The whole clock on the host: the unmodified firmware (device.app.App on a
# device.board.Board) running on the `machine` stand-in, with the chip models
# behind its buses and virtual time. MicroPython-compatible, so the same rig
# runs on CPython and on the unix port; frames are the models' decoded pixels.
#
# Before importing this, `machine` must be the stand-in: host_tools.simulate.
# install() on CPython; host_tools/mpy/shim on MICROPYPATH on the unix port.

import machine
from .bus import I2CBus
from .ssd1306_model import SSD1306Model
from .tm1637_model import TM1637Model
from .ht1621_model import HT1621Model, ThreeWireLink


FLASH_MOUNT = "/xq-flash"  # where a flash of limited size is mounted (MicroPython)


class Rig:
    """One simulated clock. `profile` is a board profile (dict); `values` the
    organiser's settings; the journal and settings live in `directory`, or,
    given `flash_free` (bytes), on a littlefs flash that starts with only that
    much room (the MicroPython VM only: CPython has no littlefs). `timed`:
    the displays' buses take virtual time, as on the board (an I2C transfer
    its bit times, a TM1637 write its waits), so a loop step lasts what its
    drawing costs; by default they take none."""

    def __init__(self, profile, values, directory, start_tick=0, power_on=True, flash_free=None, timed=False,
                 store=None):
        # the firmware's modules are imported here, not at the top: the bench counts the
        # heap the firmware takes apart from the rig's (host_tools/mpy/scripts/bench_device.py)
        from device.app import LOOP_MS
        from device.wiring import KEYS
        from device.storage import Store
        self.keys = KEYS
        self.loop_ms = LOOP_MS
        self.make_store = store or Store  # Store(directory, flash=...): the journal's store
        self.clock = machine.sim_reset(machine.VirtualClock(start_tick))
        self.timed = timed
        machine.timed_buses(timed)
        self.profile = profile
        display = profile["display"]
        self.models = []  # type: list  # per display: its SSD1306Model or TM1637Model
        self._plugs = []  # per display: (unplug, plug) as the wiring does it
        if display["kind"] == "ssd1306":
            for side in ("left", "right"):
                d = display[side]
                oled = SSD1306Model()
                bus = machine.I2C_BUSES[d["i2c"]] = I2CBus()
                addr = d.get("addr", 0x3C)
                bus.attach(addr, oled)
                self.models.append(oled)
                self._plugs.append((_i2c_unplug(bus, addr), _i2c_plug(bus, addr, oled)))
        elif display["kind"] == "ht1621":
            for side in ("left", "right"):
                d = display[side]
                lcd = HT1621Model()
                link = ThreeWireLink(machine, d["cs"], d["wr"], d["data"], lcd)
                self.models.append(lcd)
                self._plugs.append((link.unplug, link.plug))
        else:
            for side in ("left", "right"):
                d = display[side]
                digits = TM1637Model()
                link = machine.TwoWireLink(d["clk"], d["dio"], digits)
                self.models.append(digits)
                self._plugs.append((link.unplug, link.plug))
        self.buttons = profile["buttons"]
        self.flash = None
        self.powered = False  # until boot()
        self.steps = 0  # loop steps run (the power bench prices each)
        from device import settings as cfg  # here, not at the top: the app forgets it after boot, as on the board
        if flash_free is None:
            self.directory = directory
            cfg.save(values, directory + "/settings.json")
        else:
            try:
                from .flash_model import limited_flash
                self.flash = limited_flash(flash_free, FLASH_MOUNT,
                                           lambda top: cfg.save(values, top + "/settings.json"),
                                           machine.stall_us)
            except (ImportError, AttributeError):  # no vfs.VfsLfs2
                raise ValueError("flash-free needs littlefs: play the script on the MicroPython VM")
            self.directory = FLASH_MOUNT
        if power_on:
            self.boot()

    def close(self):
        """Unmount the limited flash, if there is one."""
        if self.flash is not None:
            import vfs
            if self.powered:
                self.app.table.close()
            vfs.umount(FLASH_MOUNT)
            self.flash = None

    def power_cut(self):
        """The power goes: the loop stops where it is, the displays go dark, what
        the journal had flushed stays (the file is closed as a power cut leaves
        it: nothing more is written)."""
        if not self.powered:
            return
        self.powered = False
        self.app.table.close()
        for model in self.models:
            model.power_on()  # what the chip holds when the power is back: dark, its RAM noise

    def power_on(self):
        """The power comes back: the board restarts and the firmware boots."""
        if not self.powered:
            machine.power_on()
            self.boot()

    def boot(self):
        """Power on: the firmware builds its board and restores its journal."""
        from device import settings as cfg, staging
        staging.commit(self.directory + "/settings.json", self.directory + "/network.json")
        values, problem = cfg.load(self.directory + "/settings.json")
        from device.app import App
        from device.board import Board
        self.board = Board(self.profile, self.clock, machine)
        if self.timed and self.board.kind in ("tm1637", "ht1621"):
            for tm in self.board.displays:
                tm._sleep = self.clock.sleep_us  # its bit waits in virtual time (time.sleep_us on the board)
        self.app = App(self.board, self.clock, values, self.make_store(self.directory, flash=self.flash),
                       self.directory + "/settings.json", settings_problem=problem,
                       network_path=self.directory + "/network.json")
        from device import forget
        from device.poweron import selftest_if_asked
        selftest_if_asked(self.app)  # as the power-on does
        forget("device.poweron")
        self.app.step()
        self.powered = True

    # -- the world outside the chip ---------------------------------------------

    def pin(self, key):
        return machine.PINS[self.buttons[self.keys[key]]]

    def down(self, key):
        self.pin(key).drive(0 if self.buttons.get("active_low", True) else 1)

    def up(self, key):
        self.pin(key).drive(None)

    def glitch(self, key, ms):
        """The switch closes for ms milliseconds (a bounce, interference on a
        long lead), at the exact instants, whatever the loop is doing."""
        self.down(key)
        self.clock.call_later(ms, lambda: self.up(key))

    def unplug(self, display):
        """Pull display 0 (left) or 1 (right) off its wires."""
        self._plugs[display][0]()

    def plug(self, display):
        """Plug it back: the chip starts in its power-on state."""
        self._plugs[display][1]()

    def run(self, ms):
        """Let the firmware's loop run for ms of virtual time. A watchdog
        reset restarts the firmware, as it restarts the board."""
        end = self.clock.now + ms
        while self.clock.now < end:
            try:
                if self.powered:
                    self.steps += 1
                    self.app.safe_step()  # may take time of its own (a flash write)
                if end > self.clock.now:
                    self._rest(end - self.clock.now)
            except machine.WatchdogReset:
                self.boot()
        if self.powered:
            self.steps += 1
            self.app.safe_step()

    def _rest(self, most):
        # the loop's own wait (App.rest), ended by an edge; with the power off, time just passes
        if self.powered:
            self.app.rest(most)
        else:
            self.clock.advance(most)

    def press(self, key, hold_ms=80):
        """A press as a hand makes it: down, held, up."""
        self.down(key)
        self.run(hold_ms)
        self.up(key)
        self.run(self.loop_ms)

    # -- what it shows ------------------------------------------------------------

    def led(self, i):
        """The running-side LED beside display i (0 left, 1 right): 1 lit, 0
        unlit (or dark with the power off, or none on this board)."""
        leds = self.profile.get("leds")
        if not leds or not self.powered:
            return 0
        pin = machine.PINS.get(leds[("left", "right")[i]])
        return 1 if pin is not None and pin.mode == machine.Pin.OUT and pin.value() else 0

    def frame(self, i):
        """Display i (0 left, 1 right): rows of 0/1 pixels, or the TM1637's or HT1621's text."""
        model = self.models[i]
        kind = self.profile["display"]["kind"]
        if kind == "ssd1306":
            return model.pixels()
        if kind == "ht1621":
            return model.text() if model.on else "      "
        return model.text() if model.on else "    "


def _i2c_unplug(bus, addr):
    def unplug():
        bus.detach(addr)
    return unplug


def _i2c_plug(bus, addr, model):
    def plug():
        model.power_on()
        bus.attach(addr, model)
    return plug

