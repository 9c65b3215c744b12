# A running game with the loop's heap locked (micropython.heap_lock(); the
# simulated world lifts the lock for its own work, host_tools/mpy/sim/world.py),
# on the stand-in board of one build with the ring journal on the flash model
# (issue 31): time advancing, presses, a period change, a penalty, a flag,
# then a new game, a power cut and the restored game resumed and played; the
# clock reports to the hall all along (device/hall.py, through a stand-in for
# umqtt.simple whose socket counts what it is given), a stage of its own too.
# Setting up (boot, a new game, the arbiter's menus, connecting to the
# broker) may allocate: only the loop runs locked, and the events the
# arbiter's actions record.
#
# Arguments: profile path, scratch folder. Prints one JSON object: each
# stage's name and whether it ran without allocating ("ok") or where it did.
import json
import sys

import micropython

from host_tools.mpy.sim import rig as rigmod
from host_tools.mpy.sim.umqtt_standin import Mqtt, Socket
from clock import events as ev
from device import hall
from device.clockstate import of
from device import settings as cfg
from device.app import LOOP_MS
from device.board import load_profile

LEFT, RIGHT, START = 0, 1, 2
profile_path, folder = sys.argv[1], sys.argv[2]
values = cfg.check(dict(cfg.DEFAULTS, clock="1m/2,1m"))  # a period change after two moves each
r = rigmod.Rig(load_profile(profile_path), values, folder, flash_free=512 * 1024, timed=True)
stages = {}


SOCKET = Socket()  # beneath the hall's MQTT client: a PUBLISH packet a write, counted
NET = hall.check({"broker": "10.0.0.2", "event": "open", "key": "00112233445566778899aabbccddeeff" * 2})


def report():
    """The hall's reporter on the clock (as the power-on makes it from /network.json), connected."""
    r.app.hall = hall.Reporter(NET, "e661a4d41b2d3c2f", r.clock, None, Mqtt(SOCKET), 4242)
    of(r.app)  # the state it reads
    r.run(100)


def loop(ms):
    """App.run's loop for ms of virtual time (step, then its wait), unguarded:
    an allocation raises here instead of being marked as a fault."""
    app = r.app
    end = r.clock.now + ms
    while r.clock.now < end:
        app.step()
        app.feed_watchdog()
        left = end - r.clock.now
        if left > 0:
            app.rest(left if left < LOOP_MS else LOOP_MS)


def press(lever):
    r.down(lever)
    loop(80)
    r.up(lever)
    loop(300)


def forget():
    """The TM1637 models' logs of every frame would fill the VM's heap."""
    for model in r.models:
        if hasattr(model, "frames"):
            del model.frames[:]


def locked(name, fn):
    forget()
    if stages.get(name, "ok") != "ok":
        return
    micropython.heap_lock()
    try:
        fn()
    except MemoryError as e:
        micropython.heap_unlock()
        sys.print_exception(e)
        stages[name] = "allocates"
        return
    micropython.heap_unlock()
    stages[name] = "ok"


def moves():
    for i in range(4):
        press(LEFT if i % 2 == 0 else RIGHT)
        loop(700)
    r.clock.advance(0)


report()
r.press(START)
locked("time advancing", lambda: loop(3000))
locked("presses and a period change", moves)
game = r.app.game
stages["period"] = game.sides[0].period
def penalty():
    r.app.record(ev.ADJUST, 0, -5000)  # what the arbiter's menu records: 5 s off Red's clock
    loop(1000)


def resumed():
    r.app.record(ev.RESUME)  # the arbiter has checked the times
    loop(1000)
    press(RIGHT)
    loop(2000)


def new_game():
    press(LEFT)
    loop(2000)


def reporting():
    sent = SOCKET.packets
    moves()
    loop(hall.RUNNING_EVERY_MS)
    stages["hall_packets"] = SOCKET.packets - sent  # 4 presses, then while a clock runs


locked("a penalty", penalty)
stages["hall_packets"] = 0  # (a new key, set while locked, would grow the dict)
locked("the hall reporting", reporting)
for _ in range(130):  # Red's clock runs out (a second a stage: the models' logs are emptied between)
    locked("a flag", lambda: loop(1000))
stages["over"] = game.over()
r.app.act("new_game")
r.press(START)
locked("the new game", new_game)
r.power_cut()
r.clock.advance(3000)
r.power_on()
report()
stages["restored"] = r.app.game.paused and r.app.table.notice is not None
locked("the restored game resumed", resumed)
stages["moves"] = [r.app.game.sides[0].moves, r.app.game.sides[1].moves]
stages["hall_failures"] = r.app.hall.failures
r.close()
print(json.dumps(stages))
