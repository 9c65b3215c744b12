# What the hall report costs a clock, run on the MicroPython VM by `python3
# tasks.py bench` (host_tools/bench.py): the HMAC-SHA256 tag of a state
# (device/hall.py, by device/sha256_viper.py), the time of a publishing step,
# and the bytes a publishing step allocates with and without the tag.
# MicroPython-compatible; prints "name value unit".
import gc
import time
from array import array

from clock import events as ev
from clock.table import Table
from clock import tablestart
from device import hall
from device import settings as cfg
from host_tools.mpy.sim.vclock import VirtualClock  # ticks that wrap at 2**30, like the Pico's
from host_tools.mpy.sim.umqtt_standin import Mqtt

KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"


class App:
    """What the Reporter reads of the clock (a device.clockstate.ClockState)."""
    battery = None

    def __init__(self):
        self.values = cfg.check({"clock": "90m/40,30m+30s", "board": 17, "red_name": "许银川",
                                 "black_name": "𠮷川"})
        self.table = tablestart.unrecorded(cfg.game_settings(self.values), None)  # no journal: not what is measured
        self.fault_kinds = 0


def reporter(key, app):
    clock = VirtualClock(0)
    rep = hall.Reporter(hall.check({"broker": "10.0.0.2", "event": "open", "key": key}), "e661a4d41b2d3c2f",
                        clock, None, Mqtt(), 4242)
    rep.step(app, clock.ticks_ms())  # connects and publishes
    return rep, clock


def publishing(key, app):
    """(bytes, us) of one publishing step (a press's: medians of 20)."""
    rep, clock = reporter(key, app)
    got = array("i", [0] * 20)
    took = array("i", [0] * 20)
    for i in range(20):
        app.table.event(app.table.game.now + 1000, ev.PRESS, app.table.game.turn, 0)
        gc.collect()
        a0 = gc.mem_alloc()
        t0 = time.ticks_us()
        rep.step(app, clock.ticks_ms())
        took[i] = time.ticks_diff(time.ticks_us(), t0)
        got[i] = gc.mem_alloc() - a0
    assert rep.sent == 21 and rep.failures == 0
    return sorted(got)[10], sorted(took)[10]


def main():
    app = App()
    app.table.event(0, ev.START, 0, 0)
    for i in range(40):
        app.table.event(1000 * (i + 1), ev.PRESS, app.table.game.turn, 0)
    rep, clock = reporter(KEY, app)
    rep._message(app, 123456)  # the state it publishes, tagged, in its buffer
    start, end = rep.at, rep.out.n - hall.TAGGED + 1  # the state the tag signs (its "}" written over)
    state = bytes(rep.out.buf[start:end - 1]) + b"}"
    hmac = rep.hmac
    n = 200
    times = array("i", [0] * n)
    for i in range(n):
        t0 = time.ticks_us()
        hmac.start()
        hmac.update(rep.topic, 0, len(rep.topic))
        hmac.update(b"\n", 0, 1)
        hmac.update(state, 0, len(state))
        hmac.hex_into(rep.out.buf, end)
        times[i] = time.ticks_diff(time.ticks_us(), t0)
    gc.collect()
    a0 = gc.mem_alloc()
    hmac.start()
    hmac.update(state, 0, len(state))
    hmac.hex_into(rep.out.buf, end)
    tag_alloc = gc.mem_alloc() - a0
    print("hall_tag_us %d us median per tag (a %d-byte state; host CPU: scale for a Pico)"
          % (sorted(times)[n // 2], len(state)))
    (with_tag, us_tag), (without, us) = publishing(KEY, app), publishing("", app)
    print("hall_tag_alloc %d bytes (the tag alone; a publishing step: %d bytes with the tag, %d without)"
          % (tag_alloc, with_tag, without))
    print("hall_publish_us %d us median per publishing step with the tag, %d without (host CPU)" % (us_tag, us))


main()
