"""The clock in a terminal (`xqclock simulate` without a display): exact time
against the host's monotonic clock, the keys as the README gives them, and a
drawing that fits the terminal. The host's clock is a fake advanced by the
test, with frames of uneven length as a loaded machine gives them."""
import random

import pytest

from host_tools.desktop import terminal
from host_tools.desktop.realtime import RealTime
from support import rigs


class Host:
    """A monotonic clock the test moves (seconds, as time.monotonic)."""

    def __init__(self, start=1234.5678):
        self.t = start

    def __call__(self):
        return self.t


def make(tmp_path, profile="oled"):
    rig = rigs.rig(tmp_path, profile)
    host = Host()
    pace = RealTime(rig, host)
    return rig, host, pace, terminal.Keys(rig, pace)


def frames(host, keys, seconds, rng):
    """The loop's frames over `seconds` of host time: 40-60 ms each, uneven."""
    end = host.t + seconds
    while host.t < end:
        host.t = min(end, host.t + rng.uniform(0.040, 0.060))
        keys.run_to(keys.pace.now())


def test_the_simulated_clock_keeps_the_hosts_time(tmp_path):
    """100 s of host time in uneven frames: the firmware's clock is 100 s on, to the
    millisecond (rounding each frame down lost 0.5-0.9 s per 100 s)."""
    rig, host, pace, keys = make(tmp_path)
    start = rig.clock.now
    frames(host, keys, 100.0, random.Random(1))
    assert abs(rig.clock.now - start - 100000) <= 1


@pytest.mark.parametrize("seed", range(12))
def test_m_opens_the_menu_every_time(tmp_path, seed):
    rig, host, pace, keys = make(tmp_path)
    rng = random.Random(seed)
    frames(host, keys, rng.uniform(0.1, 1.0), rng)
    assert keys.press("m", pace.now())
    frames(host, keys, 3.0, rng)
    assert rig.app.menu.active()


def test_uppercase_keys_work_and_esc_quits(tmp_path):
    rig, host, pace, keys = make(tmp_path)
    assert keys.press(" ", pace.now())  # start: Red's clock runs
    frames(host, keys, 1.0, random.Random(2))
    assert keys.press("A", pace.now())  # Shift held or Caps Lock: still the left lever
    frames(host, keys, 1.0, random.Random(3))
    assert rig.app.game.sides[0].moves == 1
    assert terminal.keys(b"\x1b") == ["\x1b"]
    assert terminal.keys(b"\x1b[A\x1bOBq") == ["\x1b[A", "\x1b[B", "q"]
    for quit_key in ("\x1b", "q", "Q", "\x03"):
        assert keys.press(quit_key, pace.now()) is False


@pytest.mark.parametrize("profile", ["oled", "oled242", "segment7"])
@pytest.mark.parametrize("size", [(80, 24), (100, 40), (140, 30), (70, 12)])
def test_the_drawing_fits_the_terminal(tmp_path, profile, size):
    rig, host, pace, keys = make(tmp_path, profile)
    keys.press(" ", pace.now())
    frames(host, keys, 1.0, random.Random(4))
    columns, lines = size
    body = terminal.layout(rig, columns, lines)
    assert len(body) <= lines
    assert all(len(s) <= columns for s in body)
    assert any("left display" in s for s in body)  # a drawing, not the "too small" note


def test_a_terminal_too_small_is_told_the_size_needed(tmp_path):
    rig, host, pace, keys = make(tmp_path)
    body = terminal.layout(rig, 40, 10)
    assert " ".join(body).startswith("The terminal is 40x10; the clock needs at least 70x")
    assert all(len(s) <= 40 for s in body)


def test_the_running_side_leds_are_drawn(tmp_path):
    rig, host, pace, keys = make(tmp_path)
    body = terminal.layout(rig, 140, 30)
    assert "%s left display" % terminal.LED_OFF in body[0] and "%s right display" % terminal.LED_OFF in body[0]
    keys.press(" ", pace.now())  # start: Red's clock (the left) runs
    frames(host, keys, 1.0, random.Random(5))
    body = terminal.layout(rig, 140, 30)
    assert "%s left display" % terminal.LED_ON in body[0] and "%s right display" % terminal.LED_OFF in body[0]
