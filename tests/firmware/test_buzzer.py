# Buzzer: non-blocking patterns on a PWM, driven by update(now) in virtual
# time; silent unless enabled; priorities; tick wrap; no allocation in update().
from support.firmware import PERIOD, PicoClock as Clock, needs_heap_lock, without_allocating
from device import buzzer
from device.buzzer import Buzzer

class PWM:
    """Logs (tick, "freq"|"duty", value) with the clock's current tick."""

    def __init__(self, clock):
        self.clock = clock
        self.log = []
        self.f = 0
        self.d = -1
        self.changes = 0

    def freq(self, f):
        self.f = f
        self.changes += 1
        if self.log is not None:
            self.log.append((self.clock.t, "freq", f))

    def duty_u16(self, d):
        self.d = d
        self.changes += 1
        if self.log is not None:
            self.log.append((self.clock.t, "duty", d))


def setup(t=0, enabled=True):
    clock = Clock(t)
    pwm = PWM(clock)
    bz = Buzzer(pwm, clock)
    bz.enabled = enabled
    del pwm.log[:]
    return bz, pwm, clock


def run(bz, clock, start, end, step=1):
    t = start
    while t <= end:
        clock.at(t)
        bz.update(clock.t)
        t += step


def test_silent_until_enabled():
    clock = Clock(0)
    pwm = PWM(clock)
    bz = Buzzer(pwm, clock)
    assert pwm.log == [(0, "duty", 0)]  # quiet from the start
    assert bz.enabled is False
    assert bz.play(buzzer.FLAG, 0) is False and not bz.playing()
    run(bz, clock, 0, 2000, 10)
    assert pwm.log == [(0, "duty", 0)]


def test_flag_is_one_long_tone():
    bz, pwm, clock = setup()
    assert bz.play(buzzer.FLAG, 0)
    run(bz, clock, 0, 1500)
    assert pwm.log == [(0, "freq", 2000), (0, "duty", 32768), (1000, "duty", 0)]
    assert not bz.playing()


def test_period_is_two_short_beeps():
    bz, pwm, clock = setup(t=500)
    bz.play(buzzer.PERIOD, 500)
    run(bz, clock, 500, 1500)
    assert pwm.log == [(500, "freq", 2500), (500, "duty", 32768), (620, "duty", 0),
                       (720, "duty", 32768), (840, "duty", 0)]


def test_tick_and_key_lengths():
    bz, pwm, clock = setup()
    bz.play(buzzer.TICK, 0)
    run(bz, clock, 0, 200)
    assert pwm.log == [(0, "freq", 3000), (0, "duty", 32768), (60, "duty", 0)]
    del pwm.log[:]
    clock.t = 300
    bz.play(buzzer.KEY)  # now defaults to clock.ticks_ms()
    run(bz, clock, 300, 400)
    assert pwm.log == [(300, "freq", 4000), (300, "duty", 32768), (320, "duty", 0)]


def test_each_tick_second_of_a_countdown():
    bz, pwm, clock = setup()
    for s in range(10):  # the app calls play(TICK) each second of the last 10
        clock.t = 1000 * s
        bz.play(buzzer.TICK, clock.t)
        run(bz, clock, 1000 * s, 1000 * s + 999, 10)
    on = [e[0] for e in pwm.log if e[1] == "duty" and e[2]]
    off = [e[0] for e in pwm.log if e[1] == "duty" and not e[2]]
    assert on == [1000 * s for s in range(10)]
    assert off == [1000 * s + 60 for s in range(10)]
    assert [e for e in pwm.log if e[1] == "freq"] == [(0, "freq", 3000)]  # set once


def test_coarse_updates_end_beeps_at_the_next_update_without_drift():
    bz, pwm, clock = setup()
    bz.play(buzzer.PERIOD, 0)
    run(bz, clock, 0, 1000, 25)  # a main loop busy 25 ms at a time
    assert [e for e in pwm.log if e[1] == "duty"] == [
        (0, "duty", 32768), (125, "duty", 0), (225, "duty", 32768), (350, "duty", 0)]


def test_a_key_click_does_not_cut_the_flag_but_the_flag_cuts_a_click():
    bz, pwm, clock = setup()
    bz.play(buzzer.FLAG, 0)
    clock.t = 100
    assert bz.play(buzzer.KEY, 100) is False
    assert bz.play(buzzer.TICK, 100) is False
    run(bz, clock, 100, 1100)
    assert pwm.log[-1] == (1000, "duty", 0)
    del pwm.log[:]
    clock.t = 2000
    bz.play(buzzer.KEY, 2000)
    clock.t = 2010
    assert bz.play(buzzer.FLAG, 2010)
    run(bz, clock, 2010, 3100)
    assert pwm.log == [(2000, "freq", 4000), (2000, "duty", 32768),
                       (2010, "freq", 2000), (2010, "duty", 32768), (3010, "duty", 0)]


def test_stop_and_disable_while_playing():
    bz, pwm, clock = setup()
    bz.play(buzzer.FLAG, 0)
    clock.t = 300
    bz.stop()
    assert not bz.playing() and pwm.d == 0
    bz.play(buzzer.FLAG, 400)
    bz.enabled = False
    clock.t = 410
    bz.update(410)
    assert not bz.playing() and pwm.d == 0


def test_patterns_across_the_tick_wrap():
    bz, pwm, clock = setup(t=PERIOD - 50)
    bz.play(buzzer.PERIOD, clock.t)
    run(bz, clock, PERIOD - 50, PERIOD + 400)
    assert [(e[0], e[2]) for e in pwm.log if e[1] == "duty"] == [
        (PERIOD - 50, 32768), (70, 0), (170, 32768), (290, 0)]


def test_patterns_are_built_once_as_tuples():
    for p in (buzzer.FLAG, buzzer.PERIOD, buzzer.TICK, buzzer.KEY):
        assert type(p) is tuple and len(p) % 3 == 1
    assert buzzer.FLAG[0] > buzzer.PERIOD[0] > buzzer.TICK[0] > buzzer.KEY[0]


def test_play_and_update_allocate_nothing_on_micropython():
    needs_heap_lock()
    bz, pwm, clock = setup()
    pwm.log = None  # count only

    def work():
        t = 0
        for _ in range(20):
            bz.play(buzzer.PERIOD, t)
            for _ in range(60):
                t += 7
                bz.update(t)
            bz.play(buzzer.KEY, t)
            bz.update(t + 30)
        return 1

    ok = without_allocating(work)
    assert ok == 1, "allocated with the heap locked"
    assert pwm.changes > 100 and pwm.d == 0
