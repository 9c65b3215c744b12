# The one wait of the loop. Between two steps the board waits here, and only
# here: until the step asked for (the longest wait, or sooner when a display
# changes or a press is to be confirmed), or until the IRQ of any lever or key
# sets `flag`, whichever comes first. So a press is handled at its edge, not
# at the end of a fixed sleep, and the time the board sleeps is the time it
# has nothing to do (the sleep that saves power is this same wait).
#
# The IRQ (device/buttons.py, hard, heap locked) writes flag[0] = 1; sleep()
# clears it when it returns. An edge that comes while the loop steps leaves
# the flag set: the next wait ends at once. Nothing here allocates.
#
# On rp2 (MicroPython v1.28, ports/rp2/modmachine.c) machine.idle() is a WFE
# with a 1 ms timeout: it returns at the next interrupt (a GPIO edge, the
# USB, a timer), after 1 ms at the latest. machine.lightsleep(ms) stops the
# clocks but the timer and returns at ms or at a GPIO IRQ whose handler is
# registered; lightsleep() with no argument is DORMANT and never returns
# here: never use it. An interrupt between the flag's test and the WFE sets
# the event register, so the WFE returns at once: no edge is slept through.
# lightsleep has no such register: nap() masks interrupts from its own test
# of the flag into the sleep (whose WFI a pending interrupt ends).
#
# Which sleep (docs/power.md): on cells, machine.lightsleep(ms) -- about 1 mA
# for the whole Pico instead of about 21 mA awake -- and the loop waits up
# to REST_MS (what the displays show still decides when it wakes). It keeps
# ticks_ms and ticks_us exact (the system timer keeps its clock); an edge
# during the sleep is stamped by its hard IRQ once the clocks are back (rp2
# sleeps in an atomic section), and its step follows at once. Two cases idle instead
# (WFE, every 1 ms at the latest) and keep the loop's LOOP_MS: while the
# buzzer sounds (lightsleep stops the PWM's clock, and the tone with it),
# and on USB power (VBUS high: lightsleep would stop the USB clock and the
# console the host tools talk to). The system clock stays at 125 MHz: each
# lightsleep's wake brings back the default clocks anyway (a lower
# machine.freq() would be lost every time, and the I2C baud rates were set
# for the clock they started at), and the awake time is mostly the
# displays' buses, which a slower CPU would not shorten.

from clock.game import UNSET
from device.screens import available_ms, counting_up, in_delay

REST_MS = 1000  # on cells, with nothing to beep: the longest wait between two steps


class Wait:
    """The loop's wait on `clock` (ticks_ms, ticks_diff, ticks_add: the time
    module, or a virtual clock), napping with `machine`'s sleep."""

    def __init__(self, clock, machine, vbus=None):
        self.clock = clock
        self.flag = bytearray(1)  # set by a key's IRQ: the wait ends at once
        self._machine = machine
        self.vbus = vbus  # a Pin that reads 1 on USB power (the Pico's GP24), or None
        self.buzzer = None  # device.buzzer.Buzzer, once the board has made it

    def awake(self):
        """Whether the CPU must stay clocked while it waits: on USB power, or while the buzzer sounds."""
        vbus = self.vbus
        if vbus is not None and vbus.value():
            return True
        return self.buzzer is not None and self.buzzer.playing()

    def longest(self, loop_ms):
        """The longest wait between two steps: loop_ms while awake(), else REST_MS."""
        return loop_ms if self.awake() else REST_MS

    def sleep(self, ms):
        """Wait up to ms, less if an edge comes (or came since the last wait)."""
        clock = self.clock
        self.until(clock.ticks_add(clock.ticks_ms(), ms))

    def until(self, tick):
        """Wait until the tick counter reaches tick, or an edge."""
        clock = self.clock
        flag = self.flag
        while not flag[0]:
            left = clock.ticks_diff(tick, clock.ticks_ms())
            if left <= 0:
                break
            self.nap(left)
        flag[0] = 0

    def nap(self, ms):
        """The sleep primitive: sleep at most ms (> 0), returning sooner at an
        interrupt. Which sleep (lightsleep on cells, idle on USB or while the
        buzzer sounds) is chosen here and only here."""
        machine = self._machine
        if ms > 1 and not self.awake():
            # Masked from the flag's test into the sleep: an edge in between
            # stays pending and ends the sleep's WFI at once, its handler
            # running at enable_irq (unmasked, it would set the flag just
            # before a sleep of up to REST_MS).
            state = machine.disable_irq()
            if not self.flag[0]:
                machine.lightsleep(ms)
            machine.enable_irq(state)
        else:
            machine.idle()


def display_due_ms(game, now, most):
    """How long, at most `most`, until what the displays show may next
    change at game time now: every shown time changes on a multiple of 100 ms
    of the running side's clock, and the blink and marks on a multiple of
    100 ms of now."""
    due = 100 - now % 100
    running = game.running()
    if running >= 0:
        left = game.sides[running].remaining % 100
        if 0 < left < due:
            due = left
    return due if due < most else most


def seconds_due_ms(game, now, most, tenths):
    """As display_due_ms, on a coarser grid when nothing shown needs a finer
    one, for fewer wakes on cells: the blink and the marks change on 500 ms
    of now, and the running clock's reading when its whole second turns.
    None when a finer grid is needed: a reading in tenths (under `tenths`
    ms, the setting), a simple delay or a per-move limit counting, a late
    player's countdown (display_due_ms's 100 ms then)."""
    if game.forfeit_at != UNSET and not (game.present[0] and game.present[1]):
        return None
    due = 500 - now % 500
    running = game.running()
    if running >= 0:
        c = game.sides[running]
        if c.tc.permove_ms or in_delay(c):
            return None
        if counting_up(c):
            left = 1000 - c.counted % 1000
        else:
            shown = available_ms(c)
            if shown < tenths + 1000:
                return None
            left = shown % 1000 or 1000
        if left < due:
            due = left
    return due if due < most else most
