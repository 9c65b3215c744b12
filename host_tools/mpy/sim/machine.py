# A stand-in for MicroPython's `machine` module on the host, shaped like the
# rp2 port (Raspberry Pi Pico), so the firmware runs unchanged in the
# simulation: Pin (levels, pulls, open drain, edge IRQs), I2C (routed to device
# models, with the RP2040 pin rule), PWM (a log of tones), ADC (settable
# readings), and the module functions the firmware may call.
#
# The simulation side: `Pin.drive(level)` is the world outside the chip (a
# button to GND drives 0, `drive(None)` lets go); `PINS` finds the Pin the
# firmware made; `Pin.listeners` see level changes (an LED, a TM1637 model
# through `TwoWireLink`); `I2C_BUSES[id]` holds the device models per bus;
# `TONES` logs (ms, freq, duty) per PWM change; `ADC_VALUES[gpio]` sets what
# read_u16() returns. Virtual time is `CLOCK` (a vclock.VirtualClock, replaced
# with use_clock()); `sim_reset()` forgets everything between runs.
#
# Installed as `machine`: on CPython, simulate.install() makes
# sys.modules["machine"] this module; on the MicroPython unix port,
# host_tools/mpy/shim/ on MICROPYPATH holds a machine.py that does the same and
# forwards reads from its own first-imported module object to this one.
# Either way, change settings through functions or by mutating the containers
# (PINS, I2C_BUSES, ADC_VALUES, SCHEDULER...), never by assigning module
# globals from outside: the unix-port shim forwards reads only.
#
# MicroPython-compatible (the unix port imports it too): no f-strings, no
# dataclasses or typing.
#
# Behaviour taken from MicroPython's own sources (github.com/micropython/micropython,
# v1.28): ports/rp2/machine_pin.c, machine_i2c.c, machine_pwm.c, machine_adc.c,
# and shared/runtime/mpirq.c.

from .vclock import VirtualClock
from .bus import I2CBus
from . import world

CLOCK = VirtualClock()
PINS = {}  # type: dict  # GPIO number -> Pin, one object per GPIO as on rp2
I2C_BUSES = {}  # type: dict  # bus id -> I2CBus-like (scan/writeto/writevto, devices {addr: model})
TONES = []  # type: list  # (CLOCK.now ms, freq Hz, duty_u16) at every PWM tone change
ADC_VALUES = {}  # type: dict  # GPIO 26..29 (or 4: the temperature sensor) -> u16, or fn(now_ms) -> u16
SLICE_FREQ = {}  # type: dict  # PWM slice -> freq: both channels of a slice share it
_SLICE_PWMS = {}  # type: dict  # PWM slice -> the PWM objects on it
RESETS = []  # type: list  # CLOCK.now of each reset()/soft_reset()/bootloader() and watchdog reset
_PENDING = []  # type: list  # pins whose interrupt came while disable_irq() masked it
_UNSET = object()
_STATE = {"freq": 125000000, "irq_disabled": 0, "cause": 1, "interrupts": 0, "bus_time": False,
          "bus_us": 0, "wakes": 0}  # type: dict
_STATE["wait"] = "delay"  # how the CPU waits while virtual time runs (see waiting())
DEFAULT_FREQ = 125000000  # rp2 on the RP2040: what boot and every lightsleep's wake set clk_sys to
_WDT = {"on": False, "timeout": 0, "fed": 0, "scratch4": 0}
# pico-sdk's marks in the watchdog's SCRATCH4: watchdog_enable() (machine.WDT)
# leaves the first, watchdog_reboot() (machine.reset()) the second; both
# resets then read as WDT_RESET (micropython#19409), the mark tells them apart.
WDT_ENABLE_MAGIC = 0x6AB73121
WDT_REBOOT_MAGIC = 0xB007C0D3

EIO = 5
ETIMEDOUT = 110
NUM_GPIOS = 30
_NAMES = {"LED": 25}

PWRON_RESET = 1
WDT_RESET = 3


class Scheduler:
    """micropython.schedule as rp2 has it: soft IRQ handlers wait in a queue
    of 8 and run when the VM gets round to it (here: run(), called after every
    advance of the virtual clock, as sleep_ms runs them on the board). A full
    queue drops the event silently, like mpirq.c; `dropped` counts them."""

    def __init__(self, depth=8):
        self.depth = depth
        self.queue = []
        self.dropped = 0
        self.ran = 0

    def schedule(self, fn, arg):
        if len(self.queue) >= self.depth:
            self.dropped += 1
            return False
        self.queue.append((fn, arg))
        return True

    def run(self):
        while self.queue:
            fn, arg = self.queue.pop(0)
            self.ran += 1
            fn(arg)


SCHEDULER = Scheduler()


def run_scheduled(_clock=None):
    """Run the soft IRQ handlers waiting in SCHEDULER (also an on_advance
    hook of CLOCK); not while interrupts are off (the VM is stalled then)."""
    if not _STATE["irq_disabled"]:
        SCHEDULER.run()


def stall_us(us):
    """The board's CPU waits us with interrupts off, as rp2 does while it
    erases or programs its flash (rp2_flash.c): virtual time goes on, and a
    pin edge meanwhile is handled, and stamped, when it ends."""
    state = disable_irq()
    CLOCK.advance_us(us)
    enable_irq(state)


def timed_buses(on=True):
    """Whether an I2C transfer takes its bus time (9 bit times a byte at the
    bus's freq) of virtual time, as the board's CPU waits for it; off, it
    takes none (sim_reset() turns it off)."""
    _STATE["bus_time"] = bool(on)


def use_clock(clock):
    """Make clock (a VirtualClock) the virtual time of this module: PWM tone
    log, ADC functions, scheduled soft IRQs. Returns it."""
    global CLOCK
    old = CLOCK
    CLOCK = clock
    for hook in (run_scheduled, _watchdog):
        if old is not None and hook in old.on_advance:
            old.on_advance.remove(hook)
        if hook not in clock.on_advance:
            clock.on_advance.append(hook)
    return clock


def sim_reset(clock=None):
    """Forget every pin, bus, tone, ADC value and queued IRQ; start a new
    virtual clock (or use the one given). Returns the clock."""
    PINS.clear()
    I2C_BUSES.clear()
    TONES.clear()
    ADC_VALUES.clear()
    SLICE_FREQ.clear()
    _SLICE_PWMS.clear()
    RESETS.clear()
    SCHEDULER.queue.clear()
    SCHEDULER.dropped = 0
    SCHEDULER.ran = 0
    _STATE["freq"] = DEFAULT_FREQ
    _STATE["bus_us"] = 0
    _STATE["wait"] = "delay"
    _STATE["wakes"] = 0
    _STATE["irq_disabled"] = 0
    _STATE["cause"] = PWRON_RESET
    _STATE["bus_time"] = False
    _PENDING.clear()
    _WDT["on"] = False
    _WDT["scratch4"] = 0
    return use_clock(clock if clock is not None else VirtualClock())


def power_on(cause=None):
    """The board restarts (power cycle, or `cause` WDT_RESET after the
    watchdog): the watchdog stops, masked interrupts are forgotten, and
    reset_cause() says why. Pins, buses and chips stay as they are wired."""
    _STATE["irq_disabled"] = 0
    _STATE["cause"] = PWRON_RESET if cause is None else cause
    _PENDING.clear()
    _WDT["on"] = False
    if cause is None:
        _WDT["scratch4"] = 0  # a power cycle clears the watchdog's scratch registers
    SCHEDULER.queue.clear()
    for pin in PINS.values():
        pin.irq(handler=None)



def _gpio(pin):
    """GPIO number of a Pin, an int or a name ("GP10", "LED")."""
    if isinstance(pin, Pin):
        return pin.id
    if isinstance(pin, str):
        if pin in _NAMES:
            return _NAMES[pin]
        if pin[:2] == "GP" and pin[2:].isdigit() and int(pin[2:]) < NUM_GPIOS:
            return int(pin[2:])
        raise ValueError('unknown named pin "%s"' % pin)
    if isinstance(pin, int) and 0 <= pin < NUM_GPIOS:
        return pin
    raise ValueError("invalid pin")


class _PinIRQ:
    """What Pin.irq() returns: flags() is the trigger that fired last."""

    def __init__(self, pin):
        self._pin = pin

    def flags(self):
        return self._pin._irq_flags

    def trigger(self, trigger=None):
        if trigger is not None:
            self._pin._irq_trigger = trigger
            self._pin._irq_flags = 0
        return self._pin._irq_trigger


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4  # GPIO_IRQ_EDGE_FALL
    IRQ_RISING = 8  # GPIO_IRQ_EDGE_RISE
    ALT_SPI = 1
    ALT_UART = 2
    ALT_I2C = 3
    ALT_PWM = 4
    ALT_SIO = 5

    def __new__(cls, id, *args, **kw):
        n = _gpio(id)
        pin = PINS.get(n)
        if pin is None:
            pin = object.__new__(cls)
            pin._setup(n)
            PINS[n] = pin
        return pin

    def __init__(self, id, mode=-1, pull=-1, value=None, alt=-1):
        # Pin(n) alone leaves the GPIO as it is; any other argument configures it.
        if mode != -1 or pull != -1 or value is not None or alt != -1:
            self.init(mode, None if pull == -1 else pull, value=value, alt=alt)

    def _setup(self, n):
        self.id = n
        self.mode = Pin.IN
        self.pull = 0  # PULL_UP | PULL_DOWN bits
        self.alt = Pin.ALT_SIO
        self._out = 0  # the output register (for open drain: 1 = released)
        self._ext = None  # the level something outside drives, or None
        self.external_pull = None  # a resistor on the board: 1 up, 0 down, None
        self._level = 0
        self.listeners = []  # f(pin) after every level change
        self.contention = 0  # firmware pin operations that left it driving against the outside
        self._irq_handler = None
        self._irq_trigger = 0
        self._irq_hard = False
        self._irq_flags = 0
        self._irq_obj = _PinIRQ(self)
        self.edges = 0  # level changes seen
        self._level = self._resolve()

    def __repr__(self):
        names = ("IN", "OUT", "OPEN_DRAIN", "ALT")
        mode = names[self.mode] if 0 <= self.mode < 4 else self.mode
        return "Pin(GPIO%d, mode=%s)" % (self.id, mode)

    # -- the firmware's side ------------------------------------------------------------

    def init(self, mode=-1, pull=None, value=None, alt=-1):
        """As rp2: a value is set before the mode; open drain without a value
        starts released; the pull is always configured (None = no pull)."""
        if value is not None:
            self._out = 1 if value else 0
        if mode is not None and mode != -1:
            if mode == Pin.OPEN_DRAIN and value is None:
                self._out = 1
            if mode == Pin.ALT and alt != -1:
                self.alt = alt
            elif mode != Pin.ALT:
                self.alt = Pin.ALT_SIO
            self.mode = mode
        if pull != -1:
            self.pull = pull if pull else 0
        self._update()

    def value(self, v=None):
        if v is None:
            return self._level
        self._out = 1 if v else 0
        self._update()
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off

    def toggle(self):
        self.value(0 if self._out else 1)

    def irq(self, handler=_UNSET, trigger=None, hard=None):
        # As rp2: irq() with no argument only returns the IRQ object; any
        # argument reconfigures it (handler None disables; trigger defaults
        # to both edges, hard to False).
        if handler is _UNSET and trigger is None and hard is None:
            return self._irq_obj
        if handler is _UNSET:
            handler = None
        if trigger is None:
            trigger = Pin.IRQ_FALLING | Pin.IRQ_RISING
        self._irq_handler = handler
        self._irq_trigger = trigger if handler is not None else 0
        self._irq_hard = bool(hard)
        self._irq_flags = 0
        return self._irq_obj

    # -- the world's side ----------------------------------------------------------------

    def drive(self, level):
        """Drive the pin from outside: 0 or 1, or None to let go (the pulls,
        internal or external_pull, then decide). Fires the IRQ handler now if
        the level changes and the trigger matches (a soft handler is queued
        in SCHEDULER)."""
        self._ext = None if level is None else (1 if level else 0)
        self._update(False)

    def release(self):
        self.drive(None)

    def driven(self):
        """The level the chip drives the pin to, or None if it doesn't drive."""
        if self.mode == Pin.OUT:
            return self._out
        if self.mode == Pin.OPEN_DRAIN and not self._out:
            return 0
        return None

    def _resolve(self):
        ext = self._ext
        mode = self.mode
        if mode == Pin.OUT:
            if ext is not None and ext != self._out:
                return 0  # a short: the low side wins, as in bus.TwoWire
            return self._out
        if mode == Pin.OPEN_DRAIN and not self._out:
            return 0
        if ext is not None:
            return ext
        if self.external_pull is not None:
            return self.external_pull
        pull = self.pull & 3
        if pull == Pin.PULL_UP:
            return 1
        if pull == Pin.PULL_DOWN:
            return 0
        if pull == 3:
            return self._level  # both pulls: a bus keeper holds the last level
        return 0  # floating reads low here (random on a real board)

    def _update(self, chip=True):
        # chip: the firmware moved the pin (not the outside world); only then
        # is driving against the outside counted, as bus.TwoWire does.
        if chip and self.mode == Pin.OUT and self._ext is not None and self._ext != self._out:
            self.contention += 1
        level = self._resolve()
        if level == self._level:
            return
        self._level = level
        self.edges += 1
        cause = Pin.IRQ_RISING if level else Pin.IRQ_FALLING
        if self._irq_handler is not None and self._irq_trigger & cause:
            self._irq_flags = cause
            _STATE["interrupts"] += 1  # raised, masked or not: it ends idle() and lightsleep() (WFI/WFE)
            if _STATE["irq_disabled"]:
                # Masked (disable_irq): the GPIO interrupt stays pending and
                # its handler runs when enable_irq unmasks it, once per pin.
                if self not in _PENDING:
                    _PENDING.append(self)
            else:
                self._fire()
        for fn in self.listeners:
            fn(self)

    def _fire(self):
        handler = self._irq_handler
        if handler is None:
            return
        if self._irq_hard:
            world.locked(handler, self)  # as rp2 runs a hard handler: with the heap locked
        else:
            SCHEDULER.schedule(handler, self)


def bounce(pin, level, transitions=21, span_us=1000):
    """Script a bouncing contact on CLOCK: `transitions` level changes spread
    over span_us from now, ending at level (0 pressed to GND, None released).
    The first change fires at once; the others from CLOCK's timers as virtual
    time advances. An even count is made odd so the last change lands on level."""
    pin = pin if isinstance(pin, Pin) else Pin(pin)
    if transitions % 2 == 0:
        transitions += 1
    other = None if level is not None else 0
    for i in range(transitions):
        lvl = level if (transitions - 1 - i) % 2 == 0 else other
        at = CLOCK.now_us + (span_us * i) // max(1, transitions - 1)
        if i == 0:
            pin.drive(lvl)
        else:
            CLOCK.call_at_us(at, _driver(pin, lvl))


def _driver(pin, level):
    def go():
        pin.drive(level)
    return go


class Signal:
    def __init__(self, pin, *args, invert=False, **kw):
        self._pin = pin if isinstance(pin, Pin) else Pin(pin, *args, **kw)
        self._invert = invert

    def value(self, v=None):
        if v is None:
            return self._pin.value() ^ (1 if self._invert else 0)
        self._pin.value((1 if v else 0) ^ (1 if self._invert else 0))
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class TwoWireLink:
    """Wires two Pins to a TM1637Model (host_tools/mpy/sim/tm1637_model.py) as a
    module with pull-ups would: the model gets (clk, dio) after each change and
    pulls DIO low while its `ack` is set. `contention` counts pin updates that
    drove DIO high against that ACK (a push-pull driver fighting the chip)."""

    def __init__(self, clk, dio, model):
        self.clk = clk if isinstance(clk, Pin) else Pin(clk)
        self.dio = dio if isinstance(dio, Pin) else Pin(dio)
        self.model = model
        self.clk.external_pull = 1  # the module's pull-up resistors
        self.dio.external_pull = 1
        self._levels = (1, 1)  # what the model last saw (its power-on idle)
        self._busy = False
        self.connected = True
        self.clk.listeners.append(self._changed)
        self.dio.listeners.append(self._changed)
        self.clk._update()
        self.dio._update()
        self._changed(None)

    @property
    def contention(self):
        return self.dio.contention

    def unplug(self):
        """The module is pulled off its wires: no chip, no pull-ups, no ACK."""
        self.connected = False
        self.model.ack = False
        self.clk.external_pull = None
        self.dio.external_pull = None
        self.dio.drive(None)

    def plug(self):
        """The module is plugged back: the chip starts in its power-on state,
        seeing the wires as they are now."""
        self.model.power_on()
        self.clk.external_pull = 1
        self.dio.external_pull = 1
        self.clk._update(False)
        self.dio._update(False)
        self._levels = (self.clk.value(), self.dio.value())
        self.model._clk, self.model._dio = self._levels
        self.connected = True

    def _changed(self, _pin):
        if self._busy or not self.connected:
            return
        self._busy = True
        try:
            for _ in range(4):  # the model's ACK moves DIO: settle
                levels = (self.clk.value(), self.dio.value())
                if levels == self._levels:
                    break
                self._levels = levels
                self.model.pins(levels[0], levels[1])
                self.dio.drive(0 if self.model.ack else None)
        finally:
            self._busy = False


# -- I2C ---------------------------------------------------------------------------------


def i2c_bus(id):
    """The device registry of bus id (created empty on first use)."""
    bus = I2C_BUSES.get(id)
    if bus is None:
        bus = I2C_BUSES[id] = I2CBus()
    return bus


def hold_sda(id, clocks=9):
    """Simulation: a device on bus id was cut off mid-byte (a loose wire, a
    reset of the controller) and holds SDA low until it has seen `clocks`
    more SCL pulses. Every transaction then times out; the cure is the
    standard recovery: drive SCL as a GPIO until SDA is released (at most 9
    pulses), send a stop, and set the I2C controller up again."""
    scl, sda = i2c_bus(id).pins
    left = [clocks]

    def clocked(pin):
        if pin.mode != Pin.ALT and pin.value() == 1:  # a rising edge made by software
            left[0] -= 1
            if left[0] <= 0:
                scl.listeners.remove(clocked)
                sda.drive(None)
    scl.listeners.append(clocked)
    sda.drive(0)


class I2C:
    """rp2's hardware I2C: two controllers, pins checked like the real port
    (SCL odd, SDA even, (gpio >> 1) & 1 == id, else ValueError "bad SCL pin" /
    "bad SDA pin"). Transactions go to I2C_BUSES[id]. The pico-sdk timeout
    covers a whole transaction: one that would take longer than `timeout` us
    at `freq` (9 bit times a byte, plus the address byte) raises
    OSError(ETIMEDOUT) as the board would, after waiting that long; so does
    any transaction while a line is held low (hold_sda). An address no
    device answers is NACKed: OSError(EIO). `bus_us` adds up the bus time."""

    _DEFAULT = {0: (5, 4), 1: (7, 6)}  # id -> (scl, sda) when not given

    def __init__(self, id, scl=None, sda=None, freq=400000, timeout=50000):
        if not isinstance(id, int) or not 0 <= id <= 1:
            raise ValueError("I2C(%s) doesn't exist" % (id,))
        d_scl, d_sda = I2C._DEFAULT[id]
        scl_n = d_scl if scl is None else _gpio(scl)
        sda_n = d_sda if sda is None else _gpio(sda)
        if scl_n & 1 != 1 or (scl_n >> 1) & 1 != id:
            raise ValueError("bad SCL pin")
        if sda_n & 1 != 0 or (sda_n >> 1) & 1 != id:
            raise ValueError("bad SDA pin")
        if freq <= 0:
            raise ValueError("freq")
        self.id = id
        self.scl = Pin(scl_n)
        self.sda = Pin(sda_n)
        self.freq = freq
        self.timeout = timeout
        self.bus_us = 0
        self.transactions = 0
        for p in (self.scl, self.sda):
            p.init(Pin.ALT, Pin.PULL_UP, alt=Pin.ALT_I2C)
        i2c_bus(id).pins = (self.scl, self.sda)

    def __repr__(self):
        return "I2C(%d, freq=%d, scl=%d, sda=%d, timeout=%d)" % (
            self.id, self.freq, self.scl.id, self.sda.id, self.timeout)

    def _time(self, nbytes, addr):
        bus = i2c_bus(self.id)
        self.transactions += 1
        if not (self.sda.value() and self.scl.value()):
            # A device holds a line low (see hold_sda): the controller never
            # gets its start condition out and waits for the whole timeout.
            self._take(self.timeout)
            raise OSError(ETIMEDOUT)
        if addr not in bus.devices and not hasattr(bus, "readfrom_into"):
            self._take(9 * 1000000 // self.freq)  # the address byte, NACKed
            raise OSError(EIO)
        us = (nbytes + 1) * 9 * 1000000 // self.freq
        if us > self.timeout:
            self._take(self.timeout)
            raise OSError(ETIMEDOUT)
        self._take(us)

    def _take(self, us):
        # rp2's writeto/readfrom block the VM for the transfer, interrupts on:
        # with timed_buses() on, virtual time goes on meanwhile (an edge then
        # is handled, and stamped, at its own instant)
        self.bus_us += us
        if _STATE["bus_time"]:
            _wait("busy", us, False)  # the energy meter sees it as busy time
        else:
            _STATE["bus_us"] += us  # taking no virtual time: the energy meter adds it as busy time

    def scan(self):
        return list(i2c_bus(self.id).scan())

    def writeto(self, addr, buf, stop=True):
        self._time(len(buf), addr)
        i2c_bus(self.id).writeto(addr, buf, stop)
        return len(buf)  # rp2 returns the number of bytes ACKed

    def writevto(self, addr, vector, stop=True):
        n = 0
        for b in vector:
            n += len(b)
        self._time(n, addr)
        i2c_bus(self.id).writevto(addr, vector, stop)
        return n

    def readfrom_into(self, addr, buf, stop=True):
        self._time(len(buf), addr)
        bus = i2c_bus(self.id)
        if hasattr(bus, "readfrom_into"):
            bus.readfrom_into(addr, buf, stop)
            return None
        model = bus.devices.get(addr)
        if model is None:
            raise OSError(EIO)
        data = model.read(len(buf))
        for i in range(len(buf)):
            buf[i] = data[i]
        return None

    def readfrom(self, addr, nbytes, stop=True):
        buf = bytearray(nbytes)
        self.readfrom_into(addr, buf, stop)
        return bytes(buf)

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        head = bytes((memaddr,)) if addrsize == 8 else bytes((memaddr >> 8, memaddr & 0xFF))
        return self.writeto(addr, head + bytes(buf))

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        head = bytes((memaddr,)) if addrsize == 8 else bytes((memaddr >> 8, memaddr & 0xFF))
        self.writeto(addr, head, False)
        self.readfrom_into(addr, buf)

    def readfrom_mem(self, addr, memaddr, nbytes, addrsize=8):
        buf = bytearray(nbytes)
        self.readfrom_mem_into(addr, memaddr, buf, addrsize)
        return bytes(buf)


# -- PWM ---------------------------------------------------------------------------------


class PWM:
    """rp2 PWM on one GPIO: slice (gpio >> 1) & 7, channel gpio & 1. Both
    channels of a slice share the frequency (SLICE_FREQ). Every change of what
    this output sounds like -- (freq, duty) -- is appended to TONES as
    (CLOCK.now, freq, duty_u16) and to self.log."""

    def __init__(self, dest, freq=None, duty_u16=None, duty_ns=None, invert=False):
        self.pin = dest if isinstance(dest, Pin) else Pin(dest)
        self.slice = (self.pin.id >> 1) & 7
        self.channel = self.pin.id & 1
        self.invert = invert
        self.log = []
        self._duty = 0
        self._last = 0  # type: object  # (freq, duty) heard, or 0: silent
        self.active = True
        self.pin.init(Pin.ALT, alt=Pin.ALT_PWM)
        SLICE_FREQ.setdefault(self.slice, 1907)  # 125 MHz / 65536: the reset wrap
        _SLICE_PWMS.setdefault(self.slice, []).append(self)
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)
        elif duty_ns is not None:
            self.duty_ns(duty_ns)
        self._record()

    def __repr__(self):
        return "<PWM slice=%d channel=%d freq=%d duty_u16=%d>" % (
            self.slice, self.channel, SLICE_FREQ.get(self.slice, 0), self._duty)

    def freq(self, value=None):
        if value is None:
            return SLICE_FREQ[self.slice]
        value = int(value)
        if value < 8:
            raise ValueError("freq too small")
        if value > _STATE["freq"] // 2:
            raise ValueError("freq too large")
        SLICE_FREQ[self.slice] = value
        self.active = True
        for pwm in _SLICE_PWMS.get(self.slice, (self,)):
            pwm._record()  # the other channel's tone changes too
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        value = int(value)
        if not 0 <= value <= 65535:
            raise ValueError("duty_u16 must be 0..65535")
        self._duty = value
        self.active = True
        self._record()
        return None

    def duty_ns(self, value=None):
        period_ns = 1000000000 // SLICE_FREQ[self.slice]
        if value is None:
            return self._duty * period_ns // 65535
        return self.duty_u16(min(65535, int(value) * 65535 // period_ns))

    def deinit(self):
        self.active = False
        self._record()

    def sounding(self):
        return self.active and self._duty > 0

    def _record(self):
        # Silence is one state whatever the frequency: log what is heard.
        f = SLICE_FREQ.get(self.slice, 0)
        state = (f, self._duty) if self.active and self._duty else 0
        if state == self._last:
            return
        self._last = state
        entry = (CLOCK.now, f, self._duty if state else 0)
        TONES.append(entry)
        self.log.append(entry)


# -- ADC ---------------------------------------------------------------------------------


class ADC:
    """rp2 ADC: GPIO 26..29 or channel 0..4 (4 = the temperature sensor).
    read_u16() returns ADC_VALUES[gpio] (4 for the sensor) as the RP2040 would:
    a 12-bit conversion scaled to 16 bits (raw << 4 | raw >> 8). A value may
    be a function of CLOCK.now (ms)."""

    CORE_TEMP = 4

    def __init__(self, pin):
        if isinstance(pin, Pin):
            n = pin.id
        elif isinstance(pin, int) and 0 <= pin <= 4:
            n = 26 + pin if pin < 4 else 4
        else:
            n = _gpio(pin)
        if n != 4 and not 26 <= n <= 29:
            raise ValueError("Pin doesn't have ADC capabilities")
        self.key = n
        if n != 4:
            Pin(n).init(Pin.IN, None)  # rp2 turns the pad's digital side off

    def read_u16(self):
        v = ADC_VALUES.get(self.key, 0)
        if callable(v):
            v = v(CLOCK.now)
        v = int(v)
        if v < 0:
            v = 0
        elif v > 65535:
            v = 65535
        raw = v >> 4
        return (raw << 4) | (raw >> 8)


def set_adc_mv(pin, mv):
    """Set the voltage at an ADC pin (mV, 0..3300 full scale)."""
    n = pin if isinstance(pin, int) else _gpio(pin)
    ADC_VALUES[n] = max(0, min(65535, (mv * 65535 + 1650) // 3300))


# -- module functions --------------------------------------------------------------------


def freq(hz=None):
    if hz is None:
        return _STATE["freq"]
    _STATE["freq"] = int(hz)
    return None


def reset():
    """rp2 resets through the watchdog: afterwards reset_cause() says
    WDT_RESET, SCRATCH4 says it was asked for."""
    RESETS.append(CLOCK.now)
    _STATE["cause"] = WDT_RESET
    _WDT["scratch4"] = WDT_REBOOT_MAGIC
    raise SystemExit("machine.reset()")


def soft_reset():
    RESETS.append(CLOCK.now)
    raise SystemExit("machine.soft_reset()")


def bootloader(*args):
    RESETS.append(CLOCK.now)
    raise SystemExit("machine.bootloader()")


def reset_cause():
    return _STATE["cause"]


def unique_id():
    return b"\xe6\x61\x41\x04\x03\x5a\x2b\x2c"  # a fixed Pico flash id


def bus_us():
    """Simulation: us of I2C transfers so far, on every bus (the CPU blocks on them)."""
    return _STATE["bus_us"]


def wakes():
    """Simulation: how many lightsleeps have ended (each wake brings the clocks back up)."""
    return _STATE["wakes"]


def waiting():
    """Simulation: how the CPU waits while virtual time passes: "delay"
    (time.sleep_ms: WFE at full clock, as the loop's sleep did), "idle"
    (machine.idle) or "lightsleep"."""
    return _STATE["wait"]


def sounding():
    """Simulation: whether a PWM output sounds (the buzzer draws current)."""
    for pwms in _SLICE_PWMS.values():
        for pwm in pwms:
            if pwm.sounding():
                return True
    return False


def idle():
    """rp2: a WFE with a 1 ms timeout (MICROPY_INTERNAL_WFE(1)): returns at
    the next interrupt, after 1 ms of virtual time at the latest."""
    _wait("idle", 1000)


def lightsleep(ms=None):
    """rp2 (v1.28 ports/rp2/modmachine.c): clk_sys and clk_ref run from the
    crystal, the PLLs and ROSC stop, only the system timer keeps its clock
    (sleep_en1 = CLK_SYS_TIMER), so ticks_ms and ticks_us go on exactly; the
    timer alarm ends it after ms, and so does a GPIO IRQ whose handler is
    registered (or a Timer's alarm), sooner. It sleeps with interrupts masked
    (MICROPY_BEGIN_ATOMIC_SECTION around the WFI): an interrupt pending ends
    the WFI at once, even one raised before the sleep began while the caller
    had them masked, and a GPIO handler runs when the mask is lifted after
    the wake. On waking, runtime_init_clocks()
    brings back the default clocks: a machine.freq() set before is lost
    (125 MHz again). 1 ms or less is a plain delay. Without ms it is DORMANT,
    which only a GPIO's dormant wake ends (never set up here): it would never
    return."""
    if ms is None:
        raise ValueError("lightsleep() without ms is DORMANT: the board would never wake")
    if ms <= 1:
        _wait("delay", max(0, ms) * 1000, False)
        return
    _STATE["wakes"] += 1
    state = disable_irq()  # rp2 sleeps inside an atomic section: an edge's handler runs after the wake
    if not _PENDING:  # else the WFI returns at once
        _wait("lightsleep", ms * 1000)
    _STATE["freq"] = DEFAULT_FREQ
    enable_irq(state)
    run_scheduled()  # the soft handlers that came meanwhile, as the VM runs them on its return


def _wait(mode, us, interruptible=True):
    # the CPU waits in `mode` (what the energy meter prices) while virtual time runs
    before = _STATE["wait"]
    _STATE["wait"] = mode
    try:
        if interruptible:
            _sleep_until_interrupt(us)
        else:
            CLOCK.advance_us(us)
    finally:
        _STATE["wait"] = before


deepsleep = lightsleep


def _sleep_until_interrupt(us):
    """Let virtual time run up to us, ending at the first interrupt on the
    way (an edge a timer of CLOCK scripts, a machine.Timer's alarm)."""
    end = CLOCK.now_us + us
    seen = _STATE["interrupts"]
    while CLOCK.now_us < end and _STATE["interrupts"] == seen:
        at = CLOCK.next_us()
        if at is None or at >= end:
            CLOCK.advance_us(end - CLOCK.now_us)
        else:
            CLOCK.advance_us(max(0, at - CLOCK.now_us))  # fires the timers due then


def disable_irq():
    state = _STATE["irq_disabled"]
    _STATE["irq_disabled"] = 1
    return state


def enable_irq(state=0):
    _STATE["irq_disabled"] = state
    while not state and _PENDING:
        _PENDING.pop(0)._fire()


# -- watchdog ----------------------------------------------------------------------------

WDT_MAX_MS = 8388  # rp2: the RP2040 counter (24 bits, counting twice a us, erratum RP2040-E1)


class WatchdogReset(SystemExit):
    """The watchdog was not fed in time: the board resets (raised from the
    virtual clock's advance, so the firmware's code stops where it was)."""


class WDT:
    """rp2's machine.WDT: started by its constructor, fed by feed(), never
    stopped (a new WDT only sets a new timeout and feeds). If CLOCK runs
    past the timeout without a feed, the board resets: RESETS records it,
    reset_cause() becomes WDT_RESET and WatchdogReset is raised."""

    def __init__(self, id=0, timeout=5000):
        if id != 0:
            raise ValueError("WDT(%d) doesn't exist" % id)
        if not 1 <= timeout <= WDT_MAX_MS:
            raise ValueError("timeout")
        _WDT["on"] = True
        _WDT["timeout"] = timeout
        _WDT["fed"] = CLOCK.now_us
        _WDT["scratch4"] = WDT_ENABLE_MAGIC

    def feed(self):
        _WDT["fed"] = CLOCK.now_us


class _Mem32:
    """machine.mem32, for the registers the firmware and tools read: the
    watchdog's CTRL (RP2040 0x40058000, RP2350 0x400D8000), whose bit 30
    (ENABLE) is set once a WDT runs, and its SCRATCH4 (+0x1C). Other
    addresses read 0."""

    def __getitem__(self, addr):
        if addr in (0x40058000, 0x400D8000):
            return (1 << 30) if _WDT["on"] else 0
        if addr in (0x4005801C, 0x400D801C):
            return _WDT["scratch4"]
        return 0


mem32 = _Mem32()


class Timer:
    """rp2's soft machine.Timer on CLOCK: the callback goes through
    SCHEDULER (as micropython.schedule) every period ms, or once."""

    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, mode=PERIODIC, period=-1, callback=None, freq=-1):
        self._entry = None
        if callback is not None:
            self.init(mode=mode, period=period, callback=callback, freq=freq)

    def init(self, mode=PERIODIC, period=-1, callback=None, freq=-1):
        self.deinit()
        if freq > 0:
            period = 1000 // freq
        if period < 0:
            raise ValueError("period")
        self._mode = mode
        self._period = period
        self._callback = callback
        self._entry = CLOCK.call_later(period, self._fire)

    def _fire(self):
        _STATE["interrupts"] += 1
        SCHEDULER.schedule(self._callback, self)
        self._entry = CLOCK.call_later(self._period, self._fire) if self._mode == Timer.PERIODIC else None

    def deinit(self):
        if self._entry is not None:
            CLOCK.cancel(self._entry)
            self._entry = None


def _watchdog(clock):
    if _WDT["on"] and clock.now_us - _WDT["fed"] > _WDT["timeout"] * 1000:
        RESETS.append(clock.now)
        power_on(WDT_RESET)
        raise WatchdogReset("watchdog reset")


def time_pulse_us(pin, pulse_level, timeout_us=1000000):
    return -2  # no pulse measurement in the simulation: "timed out waiting"


# What the firmware calls runs "in the world" (host_tools/mpy/sim/world.py): its
# allocations are the simulation's, not the firmware's (on the board these
# calls allocate nothing). writevto and readfrom stay the firmware's: rp2's
# allocate too.
world.wrap(Pin, ("value", "__call__"), True)  # on(), off(), toggle() go through value()
world.wrap(I2C, ("writeto", "readfrom_into", "writeto_mem", "readfrom_mem_into", "scan"))
world.wrap(PWM, ("freq", "duty_u16", "duty_ns", "deinit"))
world.wrap(ADC, ("read_u16",))
world.wrap(WDT, ("feed",), counted=False)
world.wrap(VirtualClock, ("sleep_ms", "sleep_us"), counted=False)
idle = world.call(idle, counted=False)
lightsleep = world.call(lightsleep, counted=False)
deepsleep = lightsleep

use_clock(CLOCK)  # last: its hooks are defined above
