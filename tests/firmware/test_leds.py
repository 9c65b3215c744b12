# The running-side LEDs (device/leds.py), on both VMs: lit for the side whose
# clock runs, blinking for a fallen flag, off when paused or over.
from support.firmware import S, needs_heap_lock, new_game, without_allocating
from clock.game import RED, BLACK
from device.leds import Leds


class Pin:
    def __init__(self):
        self.level = -1
        self.writes = 0

    def value(self, v):
        self.level = v
        self.writes += 1


def rig(spec="5m", red_side=0):
    left, right = Pin(), Pin()
    return Leds(left, right), left, right, new_game(spec), red_side


def test_the_running_side_is_lit_and_a_pause_turns_both_off():
    leds, left, right, game, _ = rig()
    leds.update(game, 0, 0)
    assert (left.level, right.level) == (0, 0)  # before the start
    game.start(0)
    leds.update(game, 0, 10)
    assert (left.level, right.level) == (1, 0)  # Red at the left runs
    game.press(RED, 5 * S)
    leds.update(game, 0, 5 * S)
    assert (left.level, right.level) == (0, 1)
    game.pause(6 * S)
    leds.update(game, 0, 6 * S)
    assert (left.level, right.level) == (0, 0)
    writes = left.writes + right.writes
    leds.update(game, 0, 7 * S)
    assert left.writes + right.writes == writes  # a pin is written only when its LED changes


def test_red_at_the_right_lights_the_right_led():
    leds, left, right, game, _ = rig()
    game.start(0)
    leds.update(game, 1, 10)
    assert (left.level, right.level) == (0, 1)


def test_a_fallen_flag_blinks_and_the_other_stays_off():
    leds, left, right, game, _ = rig("1m")
    game.start(0)
    seen = []
    for t in range(60 * S, 62 * S, 250):
        game.advance(t)
        leds.update(game, 0, t)
        seen.append((left.level, right.level))
    assert game.over() and game.sides[RED].flag_at == 60 * S
    assert seen == [(1, 0), (1, 0), (0, 0), (0, 0), (1, 0), (1, 0), (0, 0), (0, 0)]


def test_both_absent_both_run_and_both_are_lit():
    from clock import timecontrol
    from clock.game import Game
    left, right = Pin(), Pin()
    leds = Leds(left, right)
    game = Game(timecontrol.parse("5m"), 15 * 60 * S, 3, (RED, BLACK))
    game.start(0)
    leds.update(game, 0, 1 * S)
    assert (left.level, right.level) == (1, 1)
    leds.off()
    assert (left.level, right.level) == (0, 0)


def test_setting_the_leds_allocates_nothing():
    needs_heap_lock()
    leds, left, right, game, _ = rig("1m")
    game.start(0)
    game.advance(61 * S)  # the flag fell: the LED blinks

    def work():
        for t in range(61 * S, 71 * S, 125):
            leds.update(game, 0, t)
    assert without_allocating(work) == 1
    assert left.writes > 10
