# How a Board (device/board.py) is built from its checked profile: the
# displays on their buses, the buttons, the buzzer, the LEDs, the battery;
# then the watchdog started, and a display's bus freed when a chip holds it.
# Read at power-on (and when a display stops answering) only: the board
# forgets this module after (device/app.py's SOMETIMES).

from device.wiring import KEYS, SIDES

FRAME_BYTES = 1026  # the longest display transaction: address, control byte, 1024 bytes of frame
VBUS_GPIO = 24  # the Pico's VBUS sense: high while USB powers the board


def watchdog_bit(machine):
    """Whether the watchdog reset the board (it was not fed). reset_cause()
    alone cannot tell: on rp2 machine.reset() goes through the watchdog and
    reads as WDT_RESET too (micropython#19409); the pico-sdk's mark in the
    watchdog's SCRATCH4 says which (as its watchdog_enable_caused_reboot)."""
    try:
        import sys
        base = 0x400D8000 if "RP2350" in getattr(sys.implementation, "_machine", "") else 0x40058000
        return machine.reset_cause() == machine.WDT_RESET and machine.mem32[base + 0x1C] == 0x6AB73121
    except (AttributeError, ImportError):  # not an rp2
        return False


def i2c_timeout_us(freq):
    """The I2C timeout for a display bus at freq Hz: twice a whole frame's
    time (9 bit times a byte), and never under rp2's 50 ms default. The
    pico-sdk timeout covers a whole transaction, so at 100 kHz (a frame
    takes 92 ms) the default would fail every frame."""
    us = 2 * FRAME_BYTES * 9 * 1000000 // freq
    return us if us > 50000 else 50000


def i2c_users(profile):
    """The profile's I2C devices as (field, object): the OLEDs and the FRAM."""
    users = []
    if profile["display"]["kind"] == "ssd1306":
        users = [("display." + side, profile["display"][side]) for side in SIDES]
    if profile.get("fram"):
        users.append(("fram", profile["fram"]))
    return users


def bus_freq(profile, bus):
    """The speed of I2C controller `bus`: the slowest its devices allow
    (a display slowed for long leads keeps its speed beside a FRAM)."""
    return min(obj.get("freq", 400000) for _, obj in i2c_users(profile) if obj["i2c"] == bus)


def bus_wires(profile, bus):
    """(scl, sda, freq) of I2C controller `bus` of a checked profile: its
    devices' pins, and the slowest speed they allow."""
    d = [obj for _, obj in i2c_users(profile) if obj["i2c"] == bus][0]
    return d["scl"], d["sda"], bus_freq(profile, bus)


def open_i2c(machine, bus, wires):
    """I2C controller `bus` on wires (bus_wires())."""
    scl, sda, freq = wires
    Pin = machine.Pin
    return machine.I2C(bus, scl=Pin(scl), sda=Pin(sda), freq=freq, timeout=i2c_timeout_us(freq))


def open_bus(profile, machine, bus):
    """I2C controller `bus` of a checked profile, on its devices' pins, at
    the slowest speed they allow."""
    return open_i2c(machine, bus, bus_wires(profile, bus))


def build(board, profile, clock, machine=None):
    """Board.__init__'s work: each field Board declares."""
    if machine is None:
        import machine
    Pin = machine.Pin
    board._machine = machine
    board._clock = clock
    display = profile["display"]
    board.kind = display["kind"]
    board._buses = {}  # i2c id -> its one machine.I2C
    # what recover() sets up again after boot (the profile is not kept: 0.8 KB on a Pico)
    board._wires = {obj["i2c"]: bus_wires(profile, obj["i2c"]) for _, obj in i2c_users(profile)}
    board._display_buses = [display[side].get("i2c") for side in SIDES]
    fram = profile.get("fram")
    board._fram_bus = fram["i2c"] if fram else -1
    board.watchdog_ms = profile.get("watchdog_ms", 8000)
    board.displays = []
    for side in SIDES:
        d = display[side]
        if board.kind == "ssd1306":
            from device.ssd1306 import SSD1306
            board.displays.append(SSD1306(_bus(board, d["i2c"]), d.get("addr", 0x3C),  # 128 x 64: the profile's check
                                         contrast=display.get("contrast", 0xCF)))
        elif board.kind == "ht1621":
            from device.ht1621 import HT1621
            board.displays.append(HT1621(Pin(d["cs"]), Pin(d["wr"]), Pin(d["data"])))
        else:
            from device.tm1637 import TM1637
            board.displays.append(TM1637(Pin(d["clk"]), Pin(d["dio"]), display.get("brightness", 4)))
    buttons = profile["buttons"]
    from device.wait import Wait
    # the loop's one wait, ended by any key's edge; on a Pico, GP24 senses USB power
    board.wait = Wait(clock, machine, Pin(VBUS_GPIO, Pin.IN) if profile.get("board") == "rpi-pico" else None)
    from device.buttons import Buttons
    pull = Pin.PULL_UP if buttons.get("active_low", True) else Pin.PULL_DOWN
    board.buttons = Buttons([Pin(buttons[k], Pin.IN, pull) for k in KEYS], clock,
                           buttons.get("debounce_ms", 20), buttons.get("active_low", True),
                           confirm_ms=buttons.get("confirm_ms", 5), irq=machine, wake=board.wait.flag)
    board.lockout_ms = buttons.get("lockout_ms", 120)
    from device.buzzer import Buzzer
    board.buzzer = Buzzer(machine.PWM(Pin(profile["buzzer"]["pin"])), clock)
    board.wait.buzzer = board.buzzer  # while it sounds the wait idles: lightsleep would stop the tone
    board.fram = None
    if fram:
        from device.storage import open_fram
        board.fram = open_fram(profile, _bus(board, fram["i2c"]))
    board.battery = None
    bat = profile.get("battery")
    if bat:
        from device.battery import Battery
        from device.cells import battery_limits
        empty, full = battery_limits(bat)
        board.battery = Battery(machine.ADC(Pin(bat["adc"])), bat.get("divider", 2.0), empty, full,
                               chemistry=bat.get("chemistry"), cells=bat.get("cells"),
                               capacity_mah=bat.get("capacity_mah"), drain_ma=bat.get("drain_ma"))
    board.leds = None
    leds = profile.get("leds")
    if leds:
        from device.leds import Leds
        board.leds = Leds(Pin(leds["left"], Pin.OUT, value=0), Pin(leds["right"], Pin.OUT, value=0))
    board.restarted = watchdog_bit(machine)
    board.watchdog = None


def start_watchdog(board):
    """From now on a loop that stops feeding it for watchdog_ms resets
    the board. Started once the game is restored (a long journal takes
    a while to read) and then never stopped."""
    if board.watchdog_ms:
        board.watchdog = board._machine.WDT(timeout=board.watchdog_ms)


def _bus(board, bus, again=False):
    """I2C controller `bus`, set up once for all its devices (again:
    after recover() freed its lines)."""
    i2c = board._buses.get(bus)
    if i2c is None or again:
        i2c = board._buses[bus] = open_i2c(board._machine, bus, board._wires[bus])
    return i2c


def recover(board, i):
    """Free display i's bus if a device holds SDA low (a transfer cut off
    by a loose wire leaves a chip waiting for clocks): clock SCL by hand
    until SDA is released (at most 9 pulses), send a stop, and set the
    I2C controller up again. About 0.1 ms; harmless on a free bus."""
    if board.kind != "ssd1306":
        return
    bus = board._display_buses[i]
    pin_scl, pin_sda, _ = board._wires[bus]
    Pin = board._machine.Pin
    wait = board._clock.sleep_us
    scl = Pin(pin_scl, Pin.OPEN_DRAIN, Pin.PULL_UP, value=1)
    sda = Pin(pin_sda, Pin.IN, Pin.PULL_UP)
    for _ in range(9):
        if sda.value():
            break
        scl.value(0)
        wait(5)
        scl.value(1)
        wait(5)
    sda.init(Pin.OPEN_DRAIN, Pin.PULL_UP, value=0)  # a stop: SDA rises while SCL is high
    wait(5)
    sda.value(1)
    wait(5)
    i2c = board.displays[i].i2c = _bus(board, bus, again=True)
    if board.fram is not None and board._fram_bus == bus:
        board.fram.i2c = i2c
