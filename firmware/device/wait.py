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


class Wait:
    """The loop's wait on `clock` (ticks_ms, ticks_diff, ticks_add: the time
    module, or a virtual clock), napping with `machine`'s sleep."""

    def __init__(self, clock, machine):
        self.clock = clock
        self.flag = bytearray(1)  # set by a key's IRQ: the wait ends at once
        self._machine = machine

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
        interrupt. Which sleep (idle on USB, lightsleep on a battery) is
        chosen here and only here."""
        self._machine.idle()


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
