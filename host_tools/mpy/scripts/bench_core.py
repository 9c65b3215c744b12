# Benchmarks of the clock core, run on the MicroPython VM by `python3 tasks.py
# bench` (host_tools/bench.py). MicroPython-compatible; prints "name value unit".
import gc
import time
from array import array

from clock import timecontrol
from clock.game import Game
from device.gametime import GameTime
from host_tools.mpy.sim.vclock import VirtualClock  # ticks that wrap at 2**30, like the Pico's

class Rng:
    # xorshift32: the same sequence on every VM
    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x % n


def press_us(n=10000):
    """Median microseconds per press event (quota control with increment)."""
    game = Game(timecontrol.parse("90m/40,30m+30s"))
    game.start(0)
    times = array("i", [0] * n)
    t = 0
    for i in range(n):
        t += 100
        t0 = time.ticks_us()
        game.press(game.turn, t)
        times[i] = time.ticks_diff(time.ticks_us(), t0)
    s = sorted(times)
    return s[n // 2]


def query_bytes():
    """Bytes allocated by 1,000 state queries (advance + read) while a clock runs."""
    game = Game(timecontrol.parse("cxa1999-6.1"))
    game.start(0)
    game.press(0, 1000)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for t in range(2000, 3000):
        game.advance(t)
        game.sides[game.running()].remaining
    after = gc.mem_alloc()
    gc.enable()
    return after - before


def eight_hour_error():
    """A simulated 8-hour game of 1,000 presses at random instants, read through
    a tick counter that wraps at 2**30 (an hour in): |clock error| in ms."""
    rng = Rng(2463534242)
    ticks = VirtualClock(-3600000)  # wraps one hour in
    gt = GameTime(ticks.ticks_ms, ticks.ticks_diff)
    game = Game(timecontrol.parse("9h"))
    game.start(gt.now())
    total = 8 * 3600 * 1000
    for i in range(1000):
        ticks.advance(total // 1000 - 5000 + rng.below(10000))
        edge = ticks.ticks_ms()  # the lever's IRQ stores this tick
        ticks.advance(rng.below(30))  # the loop looks a little later
        gt.now()
        game.press(game.turn, gt.at(edge))
    game.advance(gt.now())
    used = game.sides[0].used + game.sides[1].used
    remaining_error = abs((2 * 9 * 3600 * 1000 - game.sides[0].remaining - game.sides[1].remaining) - ticks.now)
    return abs(used - ticks.now) + remaining_error


print("press_event_median_us %d us" % press_us())
print("state_query_alloc %d bytes in 1000 queries" % query_bytes())
print("eight_hour_error %d ms" % eight_hour_error())
