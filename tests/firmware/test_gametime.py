# The tick counter wraps (2**30 ms on the Pico); game time must not notice.
from support.firmware import PERIOD, PicoClock
from device.gametime import GameTime


def test_wrap_is_invisible_to_game_time():
    ticks = PicoClock(PERIOD - 1500)
    clock = GameTime(ticks.ticks_ms, ticks.ticks_diff)
    ticks.advance(1000)
    assert clock.now() == 1000
    ticks.advance(1000)  # crosses the wrap: the raw counter went from 2**30-500 to 500
    assert ticks.t == 500
    assert clock.now() == 2000
    ticks.advance(3 * 24 * 3600 * 1000)  # three days at once (under half a period)
    assert clock.now() == 2000 + 3 * 24 * 3600 * 1000


def test_an_irq_tick_from_before_the_wrap_maps_to_its_own_instant():
    ticks = PicoClock(PERIOD - 10)
    clock = GameTime(ticks.ticks_ms, ticks.ticks_diff)
    pressed = ticks.t + 4  # a lever edge 4 ms in, stored by the IRQ
    ticks.advance(25)  # the main loop looks only after the wrap
    assert clock.now() == 25
    assert clock.at(pressed) == 4


def test_many_wraps_accumulate_exactly():
    ticks = PicoClock(123)
    clock = GameTime(ticks.ticks_ms, ticks.ticks_diff)
    total = 0
    step = (PERIOD // 3) + 7
    for _ in range(10):  # over three full wraps
        ticks.advance(step)
        total += step
        assert clock.now() == total
