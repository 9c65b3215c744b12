"""The clock's current and battery life, priced from what the stand-in board
counted (host_tools/mpy/sim/energy.py) with the currents of hardware/power.json.

Board currents (CPU busy, waiting in a mode) are measured at VSYS and priced
as power there; the displays, LEDs and buzzer draw from 3V3 through the
regulator. The cells give that power through the Schottky diode, and feed the
battery divider besides. docs/power.md explains the model and its sources.
"""
import json
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "hardware" / "power.json"
OLED_UNITS = 8192 * 255  # level() of an SSD1306 with every pixel lit at contrast 255


def table(path=TABLE):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def board_ma(totals, kind, t):
    """The board's own average current at VSYS (mA): busy time counted per
    loop step, per frame drawn, per bus and bit-banged bit, per lightsleep
    wake; the rest of the time waiting in the mode the stand-in recorded."""
    b = t["board"]
    busy = (totals["steps"] * b["step_us"] + totals["draws"] * b["draw_us"][kind] + totals["bus_us"]
            + totals["bitbang_bits"] * b["bitbang_bit_us"] + totals.get("wakes", 0) * b["wake_us"])
    waits = {key: us for key, us in totals["t"].items() if not key.startswith("busy@")}
    waited = sum(waits.values())  # the rest ("busy@"): buses that took virtual time (Rig(timed=True))
    busy = min(busy, waited)
    charge = (busy + totals["us"] - waited) * b["busy_ma"]
    for key, us in waits.items():
        charge += us * (1 - busy / waited) * b["wait_ma"][key.split("@")[0]]
    return charge / totals["us"]


def display_ma(totals, kind, t, count=2):
    """Both displays' average current from 3V3 (mA)."""
    d = t["displays"][kind]
    us = totals["us"]
    on = totals["display_on_us"]
    off = count * us - on
    if kind == "ssd1306":
        lit = totals["display_level_us"] / OLED_UNITS * d["full_ma"]
    elif kind == "tm1637":
        lit = totals["display_level_us"] * d["ma_per_segment_16th"]
    else:
        lit = totals["display_level_us"] * d["ma_per_segment"]
    return (on * d["on_ma"] + off * d["off_ma"] + lit) / us


def currents(totals, kind, t, led_ma=None):
    """mA by part (board at VSYS; display, leds, buzzer at 3V3) and `battery`:
    the cells' current for all of it (3 alkaline AA)."""
    us = totals["us"]
    parts = {"board": board_ma(totals, kind, t), "display": display_ma(totals, kind, t),
             "leds": totals["led_us"] * (t["leds"]["ma"] if led_ma is None else led_ma) / us,
             "buzzer": totals["buzzer_us"] * t["buzzer"]["ma"] / us}
    parts["battery"] = battery_ma(parts, t)
    return parts


def battery_ma(parts, t, chemistry="alkaline"):
    rail, bat = t["rail"], t["battery"]
    cells = bat["cells"][chemistry]
    mw = t["board"]["vsys_v"] * parts["board"]
    mw += rail["v"] / rail["efficiency"] * (parts["display"] + parts["leds"] + parts["buzzer"])
    volts = cells["count"] * cells["mean_v"]
    return mw / (volts - bat["diode_v"]) + volts / bat["divider_ohm"] * 1000


def capacity_mah(ma, t, chemistry="alkaline"):
    """The cells' capacity at a constant drain of ma, from the maker's table (linear between its points)."""
    points = t["battery"]["cells"][chemistry]["capacity_mah"]
    if ma <= points[0][0]:
        return points[0][1]
    for (a, ca), (b, cb) in zip(points, points[1:]):
        if ma <= b:
            return ca + (cb - ca) * (ma - a) / (b - a)
    return points[-1][1]


def hours(ma, t, chemistry="alkaline"):
    return capacity_mah(ma, t, chemistry) / ma


def mixed(phases, weights):
    """The battery current of a day made of phases (name -> mA) in the given proportions (name -> hours)."""
    total = sum(weights.values())
    return sum(phases[name] * h for name, h in weights.items()) / total
