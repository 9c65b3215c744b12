# What the hall report costs a clock, run on the MicroPython VM by `python3
# tasks.py bench` (host_tools/bench.py): the HMAC-SHA256 tag of a state
# (device/hall.py), and the bytes a publishing step allocates with and
# without it. MicroPython-compatible; prints "name value unit".
import gc
import time
from array import array

from clock import events as ev
from clock.table import Table
from device import hall
from device import settings as cfg
from host_tools.mpy.sim.vclock import VirtualClock  # ticks that wrap at 2**30, like the Pico's

KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"


class Client:  # umqtt.simple's client, as the Reporter uses it; what goes out is dropped
    sock = None

    def set_last_will(self, *args):
        pass

    def connect(self):
        pass

    def publish(self, topic, msg, retain=False):
        pass


class Mqtt:
    socket = None

    def MQTTClient(self, *args):
        return Client()


class App:
    """What the Reporter reads of the clock (a device.app.ClockState)."""
    battery = None

    def __init__(self):
        self.values = cfg.check({"clock": "90m/40,30m+30s", "board": 17, "red_name": "许银川",
                                 "black_name": "𠮷川"})
        self.table = Table.unrecorded(cfg.game_settings(self.values), None)  # no journal: not what is measured
        self.fault_kinds = 0


def publish_alloc(key, app):
    """Bytes one publishing step allocates (median of 20)."""
    clock = VirtualClock(0)
    rep = hall.Reporter(hall.check({"broker": "10.0.0.2", "event": "open", "key": key}), "e661a4d41b2d3c2f",
                        clock, None, Mqtt(), 4242)
    rep.step(app, clock.ticks_ms())
    got = array("i", [0] * 20)
    for i in range(20):
        app.table.event(app.table.game.now + 1000, ev.PRESS, app.table.game.turn, 0)
        gc.collect()
        a0 = gc.mem_alloc()
        rep.step(app, clock.ticks_ms())
        got[i] = gc.mem_alloc() - a0
    return sorted(got)[10]


def main():
    app = App()
    app.table.event(0, ev.START, 0, 0)
    for i in range(40):
        app.table.event(1000 * (i + 1), ev.PRESS, app.table.game.turn, 0)
    state = hall.message(app, "e661a4d41b2d3c2f", 123456, 4242).encode()  # the bytes it publishes
    pads = hall.key_pads(KEY)
    topic = b"xqclock/open/17/state"
    n = 200
    times = array("i", [0] * n)
    for i in range(n):
        t0 = time.ticks_us()
        hall.tagged(pads, topic, state)
        times[i] = time.ticks_diff(time.ticks_us(), t0)
    gc.collect()
    a0 = gc.mem_alloc()
    hall.tagged(pads, topic, state)
    tag_alloc = gc.mem_alloc() - a0
    print("hall_tag_us %d us median per tag (a %d-byte state; host CPU: scale for a Pico)"
          % (sorted(times)[n // 2], len(state)))
    with_tag, without = publish_alloc(KEY, app), publish_alloc("", app)
    print("hall_tag_alloc %d bytes (tagged() alone; a publishing step: %d bytes with the tag, %d without)"
          % (tag_alloc, with_tag, without))


main()
