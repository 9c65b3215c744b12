# The loop as the Pico runs it (issue 31), on the MicroPython VM: a game of
# PRESSES presses on the stand-in board of one build, its displays' buses
# taking their bus time (Rig(timed=True): an I2C byte 9 bit times at the
# profile's frequency, a TM1637 write its waits), the journal a ring on the
# flash model with the Pico's flash timing. The presses come at random
# instants (a think time of 0.3 to 1.5 s), so they land anywhere in the
# loop: in its wait, in a redraw, in a journal write.
#
# Measured, in virtual time:
# - press_to_display: from a lever's edge to the first byte of the pressed
#   side's redraw (the first transfer to its display in the loop step that
#   counts the press; a press that changes nothing there, the 7-segment
#   colon already lit, is left out: `redrawn` counts the others);
# - press_to_both: from the edge to the end of that step's last transfer to
#   either display (both show the press);
# - the bytes the firmware allocates, over the whole game (press_alloc) and
#   over a minute of a running clock without presses (running_alloc). MODE
#   "locked": the loop runs with the heap locked (micropython.heap_lock(); the
#   simulated world lifts the lock for its own work, host_tools/mpy/sim/world.py),
#   so a game that ends proves 0 bytes, and one that allocates stops with a
#   MemoryError (printed as "allocates": true). MODE "count": gc.mem_alloc()
#   over the loop, less what the world allocated on its calls (slow).
# CPU time is not simulated: a step takes its bus and flash time only.
#
# Arguments: profile path, scratch folder, presses, mode. Prints one JSON
# object. MicroPython only (littlefs, heap lock).
import gc
import json
import sys

import machine
from host_tools.mpy.sim import rig as rigmod
from host_tools.mpy.sim import world
from device import settings as cfg
from device.app import LOOP_MS
from device.board import load_profile
from prng import rand_from

LEFT, RIGHT, START = 0, 1, 2
import micropython

profile_path, folder, presses, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
locked = mode == "locked"
profile = load_profile(profile_path)
values = cfg.check(dict(cfg.DEFAULTS, clock="90m/40,15m/10*"))
r = rigmod.Rig(profile, values, folder, flash_free=512 * 1024, timed=True)
clock = r.clock
oled = profile["display"]["kind"] == "ssd1306"
freqs = [profile["display"][side].get("freq", 400000) if oled else 0 for side in ("left", "right")]

# Per display, the first transfer's start and the last one's end (us) since
# the bench last cleared them: the models see each transfer as it ends.
first = [-1, -1]
last = [-1, -1]


def _seen(d, start, end):
    if first[d] < 0:
        first[d] = start
    last[d] = end


def _i2c_hook(d, model):
    write = model.write

    def hooked(data):
        end = clock.now_us
        _seen(d, end - (len(data) + 1) * 9 * 1000000 // freqs[d], end)
        write(data)
    model.write = hooked


def _pins_hook(d, model):
    pins = model.pins

    def hooked(clk, dio):
        _seen(d, clock.now_us, clock.now_us)
        pins(clk, dio)
    model.pins = hooked


for d in range(2):
    (_i2c_hook if oled else _pins_hook)(d, r.models[d])

app = r.app
firmware = [0]  # bytes the firmware allocated in the loop measured
got = [0, 0, 0]  # the step that counted the press: 1, its display and both-displays us after the edge


def loop_until(end_us, lever=-1):
    """The loop (as App.run) until virtual time end_us, its allocations
    added to firmware[0]; the step that counts lever's press (its side's
    moves go up) fills got. The loop itself allocates nothing here."""
    side = lever ^ app.red_side if lever >= 0 else 0
    moves = app.game.sides[side].moves
    got[0] = 0
    if locked:
        micropython.heap_lock()
        try:
            _loop(end_us, lever, side, moves)
        finally:
            micropython.heap_unlock()
        return
    if gc.mem_free() < 200000:
        gc.collect()
    a = gc.mem_alloc()
    w = world.ALLOCATED[0]
    _loop(end_us, lever, side, moves)
    firmware[0] += gc.mem_alloc() - a - (world.ALLOCATED[0] - w)


def _loop(end_us, lever, side, moves):
    while clock.now_us < end_us:
        first[0] = first[1] = last[0] = last[1] = -1
        start = clock.now_us
        app.safe_step()
        if not got[0] and lever >= 0 and app.game.sides[side].moves > moves:
            got[0] = 1
            got[1] = first[lever] - edge[0] if first[lever] >= start else -1
            both = last[0] if last[0] > last[1] else last[1]
            got[2] = both - edge[0] if both >= start else -1
        left = (end_us - clock.now_us) // 1000
        if left > 0:
            app.rest(left if left < LOOP_MS else LOOP_MS)
        elif clock.now_us < end_us:
            clock.advance_us(end_us - clock.now_us)


edge = [0]


def _down(lever):
    def down():
        edge[0] = clock.now_us
        r.down(lever)
    return down


def _up(lever):
    def up():
        r.up(lever)
    return up


gc.collect()
if not locked:
    gc.disable()
    world.count()
rand = rand_from(31)
display = []
both = []


def game():
    t0 = clock.now_us
    for i in range(presses):
        lever = app.game.turn ^ app.red_side
        at = clock.now_us + 300000 + rand(1200000)
        clock.call_at_us(at, _down(lever))
        clock.call_at_us(at + 80000, _up(lever))
        loop_until(at + 120000, lever)
        if not got[0]:
            raise SystemExit("press %d was not counted" % (i + 1))
        if got[1] >= 0:  # else the press changed nothing on its side's display (the 7-segment colon)
            display.append(got[1] / 1000)
        if got[2] >= 0:
            both.append(got[2] / 1000)
        forget()
    return (clock.now_us - t0) / 1000000


def forget():
    """The chip models' logs of every frame would fill the VM's heap."""
    if not oled:
        for model in r.models:
            del model.frames[:]


def running():
    for _ in range(60):  # a second a measure: the world's garbage is collected between
        loop_until(clock.now_us + 1000000)
        forget()


r.press(START)  # the game starts (a new game allocates: not measured)
out = {"build": profile["name"], "presses": presses, "mode": mode, "allocates": False}
try:
    out["game_s"] = game()
    out["press_alloc_bytes"] = firmware[0]
    firmware[0] = 0
    running()
    out["running_alloc_bytes_per_s"] = firmware[0] // 60
except MemoryError as e:  # locked: the firmware allocated
    out["allocates"] = True
    out["problem"] = repr(e)
world.count(False)
gc.enable()
r.close()


def spread(values):
    s = sorted(values)
    return [s[0], s[len(s) // 2], s[-1]] if s else []


out["press_to_display_ms"] = spread(display)
out["press_to_both_displays_ms"] = spread(both)
out["redrawn"] = len(display)  # presses that changed their side's display
out["moves"] = [app.game.sides[0].moves, app.game.sides[1].moves]
print(json.dumps(out))
