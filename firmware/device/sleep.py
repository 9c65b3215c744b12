# How the CPU waits between loop steps, the biggest part of the clock's power
# (docs/power.md). On cells: machine.lightsleep(ms) -- about 1 mA for the
# whole Pico instead of about 21 mA awake. rp2's lightsleep (v1.28,
# ports/rp2/modmachine.c) runs clk_sys from the crystal with only the system
# timer clocked, so ticks_ms/ticks_us go on exactly, and the levers' hard GPIO
# IRQs end it early (WFI wakes on any enabled interrupt). Two cases must not
# lightsleep: while the buzzer sounds (the PWM's clock stops: the tone would
# stop) the CPU idles instead, and on USB power (the USB clock would stop, and
# with it the console the host tools talk to) it sleeps as time.sleep_ms does.
# The system clock stays at its default 125 MHz: every lightsleep's wake
# brings back the default clocks anyway (a lower machine.freq() would be lost
# each time, and the I2C baud rates were set for the clock they started at),
# and awake time is mostly the displays' buses, which a slower CPU would not
# shorten. Nothing here allocates.

LIGHTSLEEP = "lightsleep"
IDLE = "idle"
DELAY = "delay"
VBUS_GPIO = 24  # the Pico's VBUS sense: high while USB powers the board


class Sleep:
    """machine: the port's module; clock: time's ticks API; buzzer:
    device.buzzer.Buzzer; vbus: a Pin that reads 1 on USB power, or None."""

    def __init__(self, machine, clock, buzzer, vbus=None):
        self._machine = machine
        self._clock = clock
        self._buzzer = buzzer
        self._vbus = vbus
        self.usb = False  # what vbus read at the last nap

    def mode(self):
        self.usb = self._vbus is not None and self._vbus.value() == 1
        if self.usb:
            return DELAY
        if self._buzzer.playing():
            return IDLE
        return LIGHTSLEEP

    def nap(self, ms):
        """Wait about ms (less if a key's IRQ comes during a lightsleep or an
        idle: the caller's loop looks at the keys at once)."""
        mode = self.mode()
        if mode == LIGHTSLEEP:
            self._machine.lightsleep(ms)
        elif mode == IDLE:
            clock = self._clock
            end = clock.ticks_add(clock.ticks_ms(), ms)
            while clock.ticks_diff(end, clock.ticks_ms()) > 0:
                self._machine.idle()
        else:
            self._clock.sleep_ms(ms)
