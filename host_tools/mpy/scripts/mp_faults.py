# Hardware faults on the simulated board, run the same on both VMs (CPython
# imports run(); the MicroPython unix port runs this file): each scenario
# prints one line of JSON, compared by tests/device/test_hardware_faults.py.
import json
import sys

import machine  # the stand-in
from device.board import load_profile
from host_tools.mpy.sim.rig import Rig
from device import settings as cfg

LEFT, RIGHT, START = 0, 1, 2


def _rig(profiles, name, directory, **values):
    return Rig(load_profile(profiles + "/" + name + ".json"), cfg.check(dict(cfg.DEFAULTS, **values)),
               directory)


def ctrl_c(profiles, directory):
    """The loop ends by a KeyboardInterrupt while a tone sounds."""
    from device import buzzer as tones
    r = _rig(profiles, "segment7", directory, clock="5m")
    r.press(START)
    r.press(LEFT)
    r.board.buzzer.enabled = True
    r.board.buzzer.play(tones.FLAG)
    count = [0]

    def sleep_ms(ms):
        count[0] += 1
        if count[0] == 30:
            raise KeyboardInterrupt
        r.clock.advance(ms)
    r.board.wait.sleep = sleep_ms  # the loop's one wait (device/wait.py)
    try:
        r.app.run()
    except KeyboardInterrupt:
        pass
    return {"paused": r.app.game.paused, "sounding": r.board.buzzer._pwm.sounding(),
            "left": r.frame(0), "right": r.frame(1)}


def watchdog(profiles, directory):
    """A step hangs for 10 s."""
    r = _rig(profiles, "oled", directory, clock="60m")
    r.press(START)
    r.press(LEFT)
    tick = r.app.table.tick
    hang = [1]

    def hung(now):
        if hang[0]:
            hang[0] = 0
            r.clock.advance(10000)
        tick(now)
    r.app.table.tick = hung
    r.run(200)
    return {"resets": len(machine.RESETS), "paused": r.app.game.paused, "moves": r.app.game.sides[0].moves,
            "kinds": r.app.fault_kinds}


def stuck_bus(profiles, directory):
    """A chip holds the right display's SDA low."""
    r = _rig(profiles, "oled", directory, clock="60m")
    r.press(START)
    machine.hold_sda(1)
    r.press(LEFT)
    r.run(3000)
    return {"sda": machine.PINS[6].value(), "kinds": r.app.fault_kinds,
            "same": r.models[1].shown_vlsb() == bytes(r.board.displays[1].held)}


def slow_bus(profiles, directory):
    """Both displays on a 100 kHz bus."""
    profile = load_profile(profiles + "/oled.json")
    for side in ("left", "right"):
        profile["display"][side]["freq"] = 100000
    r = Rig(profile, cfg.check(dict(cfg.DEFAULTS)), directory)
    r.press(START)
    r.run(1000)
    return {"kinds": r.app.fault_kinds, "lit": r.models[0].lit(),
            "same": r.models[0].shown_vlsb() == bytes(r.board.displays[0].held)}


def idle_step(profiles, directory):
    """The loop's step while a clock runs, with the hardware checks in it
    (displays, battery, refresh), allocates nothing (MicroPython's heap lock;
    CPython has none: 0)."""
    r = _rig(profiles, "oled", directory)
    r.press(START)
    r.run(1000)
    try:
        import micropython
        lock = micropython.heap_lock
    except (ImportError, AttributeError):
        return {"allocated": 0}
    app = r.app
    lock()
    try:
        for _ in range(1000):
            app.step()  # the same instant: nothing to draw
        allocated = 0
    except MemoryError:
        allocated = 1
    micropython.heap_unlock()
    return {"allocated": allocated}


def reporting_step(profiles, directory):
    """The same step with the clock reporting to the hall (device/hall.py),
    connected, with nothing due to publish: it allocates nothing either."""
    from device.clockstate import of
    from device.hall import Reporter, check
    sent = []

    class Socket:  # beneath umqtt's client: the Reporter writes each state to it, a packet at once
        def write(self, buf, off, n):
            sent.append(n)
            return n

        def close(self):
            pass

    class Client:  # umqtt.simple's client, recording
        sock = Socket()

        def set_last_will(self, *args):
            pass

        def connect(self):
            pass

        def publish(self, topic, msg, retain=False):
            sent.append(topic)

    class Mqtt:
        socket = None

        def MQTTClient(self, *args):
            return Client()

    r = _rig(profiles, "oled", directory)
    r.press(START)
    r.run(1000)
    app = r.app
    app.hall = Reporter(check({"broker": "10.0.0.2"}), "e661a4d41b2d3c2f", r.clock, None, Mqtt())
    of(app)  # the state it reads, as the power-on makes it
    app.step()  # connects and publishes
    app.step()  # the screens lose the offline mark (a redraw may allocate)
    try:
        import micropython
        lock = micropython.heap_lock
    except (ImportError, AttributeError):
        return {"allocated": 0, "sent": len(sent), "down": app.hall.down}
    lock()
    try:
        for _ in range(1000):
            app.step()  # the same instant: nothing to draw or publish
        allocated = 0
    except MemoryError:
        allocated = 1
    micropython.heap_unlock()
    return {"allocated": allocated, "sent": len(sent), "down": app.hall.down}


SCENARIOS = {"ctrl_c": ctrl_c, "watchdog": watchdog, "stuck_bus": stuck_bus, "slow_bus": slow_bus,
             "idle_step": idle_step, "reporting_step": reporting_step}


def run(name, profiles, directory):
    return SCENARIOS[name](profiles, directory)


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1], sys.argv[2], sys.argv[3])))
