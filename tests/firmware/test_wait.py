# The loop's one wait (device/wait.py): it ends at a key's edge, not at the
# end of its time; a key's IRQ sets its flag (device/buttons.py); the loop
# wakes when a held-back press is to be confirmed or a display changes; and
# on MicroPython nothing of it allocates.
from support.firmware import PicoClock, needs_heap_lock, without_allocating
from clock import timecontrol
from clock.game import Game
from device.buttons import Buttons
from device.wait import Wait, display_due_ms

LEFT, RIGHT = 0, 1


class Pin:
    """A pulled-up switch: set() changes the level and runs the hard IRQ handler."""

    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        self.level = 1
        self.handler = None

    def value(self):
        return self.level

    def irq(self, handler=None, trigger=0, hard=False):
        self.handler = handler

    def set(self, level):
        if level != self.level:
            self.level = level
            if self.handler is not None:
                if MASKED[0]:
                    PENDING.append(self)  # runs at enable_irq
                else:
                    self.handler(self)


MASKED = [0]  # machine.disable_irq()'s mask
PENDING = []  # pins whose IRQ came while masked


class Machine:
    """machine.idle() on a tick clock: 1 ms a nap (rp2's WFE timeout), and at
    the tick in `edges` the pin goes down, its IRQ runs and the nap ends."""

    def __init__(self, clock):
        self.clock = clock
        self.naps = 0
        self.edges = {}  # tick -> pin
        self.before_sleep = None  # a pin that goes down as lightsleep is called

    def idle(self):
        self.naps += 1
        self.clock.advance(1)
        pin = self.edges.pop(self.clock.ticks_ms(), None)
        if pin is not None:
            pin.set(0)
        return pin is not None

    def lightsleep(self, ms):
        # as rp2's on cells: the timer's alarm after ms, or the pin's IRQ
        # sooner; a pending IRQ, masked or not, ends its WFI at once
        pin = self.before_sleep
        if pin is not None:  # an edge in the instant before the sleep begins
            self.before_sleep = None
            pin.set(0)
        for _ in range(ms):
            if PENDING or self.idle():
                return

    def disable_irq(self):
        state = MASKED[0]
        MASKED[0] = 1
        return state

    def enable_irq(self, state):
        MASKED[0] = state
        while not state and PENDING:
            pin = PENDING.pop(0)
            pin.handler(pin)


def loop(t=1000, confirm_ms=0):
    clock = PicoClock(t)
    machine = Machine(clock)
    wait = Wait(clock, machine)
    pins = [Pin(), Pin()]
    buttons = Buttons(pins, clock, 20, confirm_ms=confirm_ms, wake=wait.flag)
    return wait, buttons, pins, clock, machine


def test_with_no_edge_the_wait_lasts_its_time():
    wait, buttons, pins, clock, machine = loop()
    wait.sleep(10)
    assert clock.ticks_ms() == 1010 and machine.naps == 10


def test_an_edge_ends_the_wait_at_once_and_is_stamped_then():
    wait, buttons, pins, clock, machine = loop()
    machine.edges[1003] = pins[RIGHT]
    wait.sleep(10)
    assert clock.ticks_ms() == 1003  # not 1010: the loop steps at the edge
    assert buttons.next() == RIGHT and buttons.tick == 1003
    assert not wait.flag[0]  # cleared: the next wait lasts its time again
    wait.sleep(10)
    assert clock.ticks_ms() == 1013


def test_an_edge_just_before_a_lightsleep_begins_ends_it_at_once():
    """After the wait has seen no flag and before the sleep's WFI: unmasked,
    its IRQ would set the flag and the sleep last its whole time (up to
    REST_MS on cells), the press waiting on the clock's face."""
    wait, buttons, pins, clock, machine = loop()
    machine.before_sleep = pins[RIGHT]
    wait.sleep(500)
    assert clock.ticks_ms() == 1000 and machine.naps == 0
    assert buttons.next() == RIGHT and buttons.tick == 1000 and not MASKED[0]


def test_an_edge_during_the_step_ends_the_next_wait_before_it_sleeps():
    wait, buttons, pins, clock, machine = loop()
    pins[LEFT].set(0)  # while the loop stepped: no wait was running
    wait.sleep(10)
    assert clock.ticks_ms() == 1000 and machine.naps == 0


def test_a_bounce_inside_the_debounce_window_does_not_wake_the_loop():
    wait, buttons, pins, clock, machine = loop()
    pins[LEFT].set(0)
    wait.sleep(10)
    clock.advance(2)
    pins[LEFT].set(1)  # a bounce: ignored by the IRQ, so no wake either
    pins[LEFT].set(0)
    assert not wait.flag[0]


def test_the_wait_is_across_the_tick_wrap():
    wait, buttons, pins, clock, machine = loop(t=(1 << 30) - 4)
    wait.sleep(10)
    assert clock.ticks_ms() == 6 and machine.naps == 10


def test_a_held_back_press_wakes_the_loop_when_it_is_confirmed():
    wait, buttons, pins, clock, machine = loop(confirm_ms=5)
    pins[LEFT].set(0)
    wait.sleep(10)  # ends at once: the loop steps at the edge
    assert buttons.next() == -1  # not held 5 ms yet
    now = clock.ticks_ms()
    assert buttons.due_ms(now, 10) == 5
    clock.advance(2)
    assert buttons.due_ms(clock.ticks_ms(), 10) == 3
    wait.sleep(buttons.due_ms(clock.ticks_ms(), 10))
    assert clock.ticks_ms() == 1005 and buttons.next() == LEFT and buttons.tick == 1000
    assert buttons.due_ms(clock.ticks_ms(), 10) == 10  # nothing held back: the longest wait


def test_a_released_glitch_is_decided_at_once():
    wait, buttons, pins, clock, machine = loop(confirm_ms=5)
    pins[LEFT].set(0)
    clock.advance(2)
    pins[LEFT].level = 1  # released inside the debounce window: no IRQ accepted it
    assert buttons.due_ms(clock.ticks_ms(), 10) == 0
    assert buttons.next() == -1 and buttons.due_ms(clock.ticks_ms(), 10) == 10


def test_the_loop_wakes_when_the_shown_time_changes():
    game = Game(timecontrol.parse("5m"))
    assert display_due_ms(game, 1230, 1000) == 70  # not started: the blink's 100 ms
    game.start(0)
    game.press(0, 40)  # Black's clock runs from 40 ms
    game.advance(130)
    assert game.sides[1].remaining == 299910
    assert display_due_ms(game, 130, 1000) == 10  # its tenth of a second, before now's (70 ms)
    assert display_due_ms(game, 130, 5) == 5  # never longer than the loop allows


def test_waiting_and_waking_allocate_nothing():
    needs_heap_lock()
    wait, buttons, pins, clock, machine = loop(confirm_ms=5)
    game = Game(timecontrol.parse("5m"))
    game.start(0)
    machine.edges[1004] = pins[LEFT]
    out = [0, 0]

    def work():
        wait.sleep(display_due_ms(game, 1000, 10))
        wait.sleep(buttons.due_ms(clock.ticks_ms(), 10))
        out[0] = clock.ticks_ms()
        out[1] = buttons.next()

    assert without_allocating(work) == 1
    assert out == [1009, LEFT]
