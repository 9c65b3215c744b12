"""Board profiles, Wokwi circuits, README tables and wiring drawings agree.

CPython + pytest, standard library only. Every check compares two places that
name the same pin, so changing a pin in one place only makes a test fail:

  hardware/profiles/<build>.json      the source of truth, read by the firmware at boot
  hardware/wokwi/<build>/diagram.json  the simulator circuit (parsed as a netlist)
  hardware/README.md                   the pin map table and the wiring tables
  hardware/wiring-<build>.svg          generated from the profile by hardware/tools/wiring_svg.py
"""
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HW = ROOT / "hardware"
BUILDS = ("oled", "segment7")  # the builds with a Wokwi circuit
ALL_BUILDS = BUILDS + ("lcd",)  # Wokwi has no HT1621 part: the LCD build is checked without one

# Raspberry Pi Pico pinout: physical pin -> name (datasheet, same on Pico W / Pico 2).
PICO_PINOUT = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15", 21: "GP16", 22: "GP17",
    23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21", 28: "GND", 29: "GP22",
    30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND", 34: "GP28", 35: "ADC_VREF",
    36: "3V3", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}
GP_TO_PHYS = {int(n[2:]): p for p, n in PICO_PINOUT.items() if n.startswith("GP")}
HEADER_GPIOS = set(range(23)) | {26, 27, 28}   # on the Pico's header
RESERVED = {23, 24, 25, 29}                        # SMPS mode, VBUS sense, LED, VSYS/3
ADC_GPIOS = {26, 27, 28}
BOARDS = {"rpi-pico", "rpi-pico-w", "rpi-pico2", "rpi-pico2-w"}
BUTTON_KEYS = ("lever_left", "lever_right", "start", "minus", "plus", "ok")
DISPLAY_SIGNALS = {"ssd1306": ("scl", "sda"), "tm1637": ("clk", "dio"), "ht1621": ("cs", "wr", "data")}
WOKWI_DISPLAY = {"ssd1306": "board-ssd1306", "tm1637": "wokwi-tm1637-7segment"}
WOKWI_DISPLAY_PIN = {"scl": "SCL", "sda": "SDA", "clk": "CLK", "dio": "DIO"}


def load_profile(build):
    return json.loads((HW / "profiles" / ("%s.json" % build)).read_text())


def load_diagram(build):
    return json.loads((HW / "wokwi" / build / "diagram.json").read_text())


def profile_pins(p):
    """Every GPIO a profile uses, as {dotted key: gpio}."""
    out = {}
    kind = p["display"]["kind"]
    for side in ("left", "right"):
        for sig in DISPLAY_SIGNALS[kind]:
            out["display.%s.%s" % (side, sig)] = p["display"][side][sig]
    for k in BUTTON_KEYS:
        out["buttons.%s" % k] = p["buttons"][k]
    out["buzzer.pin"] = p["buzzer"]["pin"]
    for side in ("left", "right") if "leds" in p else ():
        out["leds.%s" % side] = p["leds"][side]
    out["battery.adc"] = p["battery"]["adc"]
    return out


def resolve(p, dotted):
    node = p
    for part in dotted.split("."):
        node = node[part]
    return node


def i2c_pin_errors(bus, scl, sda):
    """RP2040 rule (MicroPython rp2 machine_i2c): SCL odd, SDA even, (pin>>1)&1 == bus."""
    errs = []
    if scl % 2 != 1:
        errs.append("SCL GP%d is not odd" % scl)
    if sda % 2 != 0:
        errs.append("SDA GP%d is not even" % sda)
    for name, pin in (("SCL", scl), ("SDA", sda)):
        if (pin >> 1) & 1 != bus:
            errs.append("%s GP%d is not an I2C%d pin" % (name, pin, bus))
    return errs


def schema_errors(p, build):
    errs = []

    def keys(obj, want, where):
        if not isinstance(obj, dict):
            errs.append("%s: not an object" % where)
            return False
        if set(obj) != set(want):
            errs.append("%s: keys %s, expected %s" % (where, sorted(obj), sorted(want)))
            return False
        return True

    def is_int(v):
        return isinstance(v, int) and not isinstance(v, bool)

    def gpio(v, where):
        if not is_int(v) or v not in HEADER_GPIOS:
            errs.append("%s: %r is not a GPIO on the Pico header" % (where, v))
        elif v in RESERVED:
            errs.append("%s: GP%d is used by the Pico itself" % (where, v))

    top = ["profile", "name", "board", "display", "buttons", "buzzer", "battery"]
    if not keys(p, top + ["leds"] if "leds" in p else top, "top"):  # the LCD build has no LEDs
        return errs
    if p["profile"] != 1 or not is_int(p["profile"]):
        errs.append("profile: schema version must be 1")
    if p["name"] != build:
        errs.append("name: %r, expected the file stem %r" % (p["name"], build))
    if p["board"] not in BOARDS:
        errs.append("board: %r not in %s" % (p["board"], sorted(BOARDS)))

    d = p["display"]
    kind = d.get("kind") if isinstance(d, dict) else None
    if kind == "ssd1306":
        if keys(d, ["kind", "width", "height", "left", "right"], "display"):
            if d["width"] != 128 or d["height"] not in (32, 64):
                errs.append("display: size %rx%r" % (d["width"], d["height"]))
            for side in ("left", "right"):
                s = d[side]
                if keys(s, ["i2c", "scl", "sda", "addr", "freq"], "display." + side):
                    if s["i2c"] not in (0, 1):
                        errs.append("display.%s.i2c: %r" % (side, s["i2c"]))
                    gpio(s["scl"], "display.%s.scl" % side)
                    gpio(s["sda"], "display.%s.sda" % side)
                    if s["addr"] not in (0x3C, 0x3D):
                        errs.append("display.%s.addr: %r (60 or 61)" % (side, s["addr"]))
                    if not is_int(s["freq"]) or not 100_000 <= s["freq"] <= 1_000_000:
                        errs.append("display.%s.freq: %r" % (side, s["freq"]))
    elif kind == "tm1637":
        if keys(d, ["kind", "left", "right", "brightness"], "display"):
            for side in ("left", "right"):
                if keys(d[side], ["clk", "dio"], "display." + side):
                    gpio(d[side]["clk"], "display.%s.clk" % side)
                    gpio(d[side]["dio"], "display.%s.dio" % side)
            if not is_int(d["brightness"]) or not 0 <= d["brightness"] <= 7:
                errs.append("display.brightness: %r (0..7)" % d["brightness"])
    elif kind == "ht1621":
        if keys(d, ["kind", "left", "right"], "display"):
            for side in ("left", "right"):
                if keys(d[side], ["cs", "wr", "data"], "display." + side):
                    for line in ("cs", "wr", "data"):
                        gpio(d[side][line], "display.%s.%s" % (side, line))
    else:
        errs.append("display.kind: %r" % kind)

    b = p["buttons"]
    if keys(b, list(BUTTON_KEYS) + ["active_low", "debounce_ms"], "buttons"):
        for k in BUTTON_KEYS:
            gpio(b[k], "buttons." + k)
        if b["active_low"] is not True:
            errs.append("buttons.active_low: buttons switch to GND with pull-ups, must be true")
        if not is_int(b["debounce_ms"]) or not 5 <= b["debounce_ms"] <= 100:
            errs.append("buttons.debounce_ms: %r (5..100)" % b["debounce_ms"])

    if keys(p["buzzer"], ["pin"], "buzzer"):
        gpio(p["buzzer"]["pin"], "buzzer.pin")

    if "leds" in p and keys(p["leds"], ["left", "right"], "leds"):
        for side in ("left", "right"):
            gpio(p["leds"][side], "leds." + side)

    bat = p["battery"]
    if keys(bat, ["adc", "divider", "chemistry"] + [k for k in ("capacity_mah", "drain_ma") if k in bat], "battery"):
        from device.cells import battery_limits
        empty_mv, full_mv = battery_limits(bat)
        if bat["adc"] not in ADC_GPIOS:
            errs.append("battery.adc: %r is not GP26..28" % bat["adc"])
        if not isinstance(bat["divider"], (int, float)) or not 1.0 <= bat["divider"] <= 10.0:
            errs.append("battery.divider: %r" % bat["divider"])
        elif not (is_int(empty_mv) and is_int(full_mv) and 0 < empty_mv < full_mv):
            errs.append("battery: need 0 < empty_mv < full_mv (integers)")
        elif full_mv / bat["divider"] > 3300:
            errs.append("battery: full_mv/divider exceeds the 3.3 V ADC range")
    return errs


# ---------------------------------------------------------------- profiles


@pytest.mark.parametrize("build", ALL_BUILDS)
def test_profile_loads_and_follows_schema(build):
    p = load_profile(build)
    assert schema_errors(p, build) == []


def test_schema_checker_rejects_bad_profiles():
    good = load_profile("oled")
    assert schema_errors(good, "oled") == []
    bad = json.loads(json.dumps(good))
    bad["buttons"]["ok"] = 25                 # the Pico's LED
    bad["battery"]["adc"] = 22                # not an ADC pin
    bad["display"]["left"]["addr"] = 0x78     # silkscreen address, not 7-bit
    del bad["buzzer"]["pin"]
    errs = schema_errors(bad, "oled")
    assert any("buttons.ok" in e for e in errs)
    assert any("battery.adc" in e for e in errs)
    assert any("display.left.addr" in e for e in errs)
    assert any(e.startswith("buzzer") for e in errs)


@pytest.mark.parametrize("build", ALL_BUILDS)
def test_display_kind_matches_build(build):
    assert load_profile(build)["display"]["kind"] == {"oled": "ssd1306", "segment7": "tm1637", "lcd": "ht1621"}[build]


def test_i2c_rule_checker_against_micropython_defaults():
    # MicroPython rp2 defaults: I2C(0) SCL=GP5 SDA=GP4, I2C(1) SCL=GP7 SDA=GP6.
    assert i2c_pin_errors(0, 5, 4) == []
    assert i2c_pin_errors(1, 7, 6) == []
    assert i2c_pin_errors(1, 27, 26) == []
    assert i2c_pin_errors(0, 4, 5)            # swapped
    assert i2c_pin_errors(0, 7, 6)            # I2C1 pins on I2C0
    assert i2c_pin_errors(1, 9, 8)            # GP8/9 belong to I2C0


@pytest.mark.parametrize("build", ["oled"])   # the build with I2C displays (kind checked above)
def test_i2c_pins_obey_rp2040_rule(build):
    d = load_profile(build)["display"]
    for side in ("left", "right"):
        s = d[side]
        assert i2c_pin_errors(s["i2c"], s["scl"], s["sda"]) == [], side
    # one display per controller, so both may keep address 0x3C
    assert {d["left"]["i2c"], d["right"]["i2c"]} == {0, 1}


@pytest.mark.parametrize("build", ALL_BUILDS)
def test_no_pin_used_twice(build):
    pins = profile_pins(load_profile(build))
    seen = {}
    for key, gp in pins.items():
        assert gp not in seen, "GP%d used by %s and %s" % (gp, seen[gp], key)
        seen[gp] = key


@pytest.mark.parametrize("build", ALL_BUILDS)
def test_buzzer_has_a_pwm_slice_to_itself(build):
    # RP2040: slice = (gpio >> 1) & 7; channels of one slice share one frequency.
    pins = profile_pins(load_profile(build))

    def slice_of(gp):
        return (gp >> 1) & 7
    buzzer = pins.pop("buzzer.pin")
    shared = [k for k, gp in pins.items() if slice_of(gp) == slice_of(buzzer)]
    assert shared == [], "PWM slice %d shared with %s" % (slice_of(buzzer), shared)


def test_builds_share_buttons_buzzer_and_battery():
    a, b = load_profile("oled"), load_profile("segment7")
    for part in ("board", "buttons", "buzzer", "leds"):
        assert a[part] == b[part], part
    # the same cells; each build's own running current (the power bench's figure)
    assert {**a["battery"], "drain_ma": 0} == {**b["battery"], "drain_ma": 0}


# ---------------------------------------------------------------- Wokwi


WOKWI_PICO_PINS = ({"GP%d" % n for n in HEADER_GPIOS} | {"3V3", "VSYS", "VBUS"}
                   | {"GND.%d" % n for n in range(1, 9)})
# Pins of a part that are joined inside the part.
WOKWI_INTERNAL = {"wokwi-pushbutton": [("1.l", "1.r"), ("2.l", "2.r")]}


class Netlist:
    def __init__(self, diagram):
        self.parts = {p["id"]: p for p in diagram["parts"]}
        self.parent = {}
        for conn in diagram["connections"]:
            a, b = conn[0], conn[1]
            if a.startswith("$") or b.startswith("$"):
                continue                        # serial monitor and such
            self.union(a, b)
        for pid, part in self.parts.items():
            for x, y in WOKWI_INTERNAL.get(part["type"], []):
                self.union("%s:%s" % (pid, x), "%s:%s" % (pid, y))

    def find(self, x):
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b):
        self.parent[self.find(a)] = self.find(b)

    def net(self, x):
        root = self.find(x)
        return {n for n in list(self.parent) if self.find(n) == root}

    def pico_pins(self, x):
        return {n.split(":", 1)[1] for n in self.net(x) if n.startswith("pico:")}


@pytest.mark.parametrize("build", BUILDS)
def test_wokwi_diagram_is_well_formed(build):
    d = load_diagram(build)
    assert d["version"] == 1
    ids = [p["id"] for p in d["parts"]]
    assert len(ids) == len(set(ids)), "duplicate part ids"
    assert [p["type"] for p in d["parts"]].count("wokwi-pi-pico") == 1
    assert "pico" in ids
    for conn in d["connections"]:
        assert isinstance(conn, list) and len(conn) == 4, conn
        a, b, colour, route = conn
        assert isinstance(colour, str) and isinstance(route, list), conn
        for end in (a, b):
            pid, _, pin = end.partition(":")
            assert pin, "endpoint without a pin: %r" % end
            assert pid.startswith("$") or pid in ids, "unknown part in %r" % end
            if pid == "pico":
                assert pin in WOKWI_PICO_PINS, "no pin %r on wokwi-pi-pico" % pin


@pytest.mark.parametrize("build", BUILDS)
def test_wokwi_parts_match_profile(build):
    p, d = load_profile(build), load_diagram(build)
    parts = {x["id"]: x for x in d["parts"]}
    kind = p["display"]["kind"]
    for side in ("left", "right"):
        part = parts["display_" + side]
        assert part["type"] == WOKWI_DISPLAY[kind]
        if kind == "ssd1306":
            addr = part["attrs"].get("i2cAddress", "0x3c")
            assert int(addr, 16) == p["display"][side]["addr"]
    keys = []
    for k in BUTTON_KEYS:
        assert parts[k]["type"] == "wokwi-pushbutton"
        assert parts[k]["attrs"].get("bounce", "") != "0", "%s: keep bounce on" % k
        keys.append(parts[k]["attrs"]["key"].lower())
    assert len(set(keys)) == len(keys), "two buttons share a key"
    assert parts["buzzer"]["type"] == "wokwi-buzzer"
    for side in ("left", "right"):
        assert parts["led_%s" % side]["type"] == "wokwi-led"
        assert parts["r_led_%s" % side]["type"] == "wokwi-resistor"
    assert parts["battery"]["type"] in ("wokwi-potentiometer", "wokwi-slide-potentiometer")


@pytest.mark.parametrize("build", BUILDS)
def test_wokwi_wiring_matches_profile(build):
    p, d = load_profile(build), load_diagram(build)
    net = Netlist(d)
    kind = p["display"]["kind"]

    def signal(gp, part_pin):
        """pico:GPn is wired to part_pin and to no other Pico pin."""
        assert part_pin in net.net("pico:GP%d" % gp), "GP%d is not wired to %s" % (gp, part_pin)
        assert net.pico_pins(part_pin) == {"GP%d" % gp}, "%s shorted to %s" % (
            part_pin, sorted(net.pico_pins(part_pin)))

    def to_gnd(part_pin):
        assert any(x.startswith("GND") for x in net.pico_pins(part_pin)), part_pin + " not to GND"

    def to_3v3(part_pin):
        assert "3V3" in net.pico_pins(part_pin), part_pin + " not to 3V3"

    for side in ("left", "right"):
        pid = "display_" + side
        for sig in DISPLAY_SIGNALS[kind]:
            signal(p["display"][side][sig], "%s:%s" % (pid, WOKWI_DISPLAY_PIN[sig]))
        to_3v3(pid + ":VCC")
        to_gnd(pid + ":GND")
    for k in BUTTON_KEYS:
        gp = p["buttons"][k]
        gp_net = net.net("pico:GP%d" % gp)
        contact = "1" if "%s:1.l" % k in gp_net else "2"
        signal(gp, "%s:%s.l" % (k, contact))
        to_gnd("%s:%s.l" % (k, "2" if contact == "1" else "1"))
    signal(p["buzzer"]["pin"], "buzzer:2")        # pin 2 is the buzzer's +
    to_gnd("buzzer:1")
    for side in ("left", "right"):  # GPIO, series resistor, LED anode; cathode to GND
        signal(p["leds"][side], "r_led_%s:1" % side)
        assert "led_%s:A" % side in net.net("r_led_%s:2" % side), side
        to_gnd("led_%s:C" % side)
    signal(p["battery"]["adc"], "battery:SIG")
    to_3v3("battery:VCC")
    to_gnd("battery:GND")

    used = {"GP%d" % gp for gp in profile_pins(p).values()}
    wired = {n.split(":", 1)[1] for c in d["connections"] for n in c[:2]
             if n.startswith("pico:GP")}
    assert wired == used, "GPIOs wired but not in the profile: %s" % sorted(wired - used)


# ---------------------------------------------------------------- README tables


def markdown_table(text, heading):
    """Rows (dicts by header) of the first table after the line `heading`."""
    lines = text.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == heading)
    except StopIteration:
        raise AssertionError("no heading %r in hardware/README.md" % heading)
    rows, header = [], None
    for line in lines[start + 1:]:
        s = line.strip()
        if not s.startswith("|"):
            if header is not None:
                break
            if s.startswith("#"):
                break
            continue
        cells = [c.strip() for c in s.strip("|").split("|")]
        if header is None:
            header = cells
        elif set(s) <= set("|-: "):
            continue
        else:
            rows.append(dict(zip(header, cells)))
    assert rows, "empty table under %r" % heading
    return rows


def cell_key(cell):
    """`display.left.scl` -> 'display.left.scl'; '—' or '' -> None."""
    cell = cell.strip().strip("`").strip()
    return None if cell in ("", "—", "-") else cell


def readme():
    return (HW / "README.md").read_text(encoding="utf-8")


def test_readme_pin_map_matches_profiles():
    rows = markdown_table(readme(), "## Pin map")
    profiles = {b: load_profile(b) for b in BUILDS}
    covered = {b: set() for b in BUILDS}
    for row in rows:
        m = re.fullmatch(r"GP(\d+)", row["GPIO"])
        assert m, "GPIO cell %r" % row["GPIO"]
        gp = int(m.group(1))
        assert int(row["Pico pin"]) == GP_TO_PHYS[gp], "GP%d is pin %d, table says %s" % (
            gp, GP_TO_PHYS[gp], row["Pico pin"])
        for build in BUILDS:
            key = cell_key(row["%s.json" % build])
            if key is None:
                continue
            assert resolve(profiles[build], key) == gp, "%s %s is GP%d in the profile, GP%d here" % (
                build, key, resolve(profiles[build], key), gp)
            covered[build].add(key)
    for build in BUILDS:
        missing = set(profile_pins(profiles[build])) - covered[build]
        assert not missing, "%s pins missing from the pin map: %s" % (build, sorted(missing))


def wiring_svg_module():
    """hardware/tools/wiring_svg.py, imported without leaving a __pycache__ there."""
    spec = importlib.util.spec_from_file_location("wiring_svg", HW / "tools" / "wiring_svg.py")
    mod = importlib.util.module_from_spec(spec)
    saved, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.dont_write_bytecode = saved
    return mod


def colour_key(profile_key):
    last = profile_key.split(".")[-1]
    if profile_key.startswith("display."):
        return {"scl": "scl", "clk": "scl", "sda": "sda", "dio": "sda"}[last]
    if profile_key.startswith("buttons."):
        return last
    return {"buzzer.pin": "buzzer", "battery.adc": "battery", "leds.left": "led_left",
            "leds.right": "led_right"}[profile_key]


@pytest.mark.parametrize("build,heading", [("oled", "### Wiring: OLED build"),
                                           ("segment7", "### Wiring: 7-segment build")],
                         ids=BUILDS)
def test_readme_wiring_tables_match_profiles(build, heading):
    text = readme()
    rows = markdown_table(text, heading) + markdown_table(text, "### Wiring: both builds")
    p = load_profile(build)
    wire = wiring_svg_module().WIRE
    seen = {}
    for row in rows:
        phys = int(row["Pico pin"])
        name = row["Pico name"].split()[0]
        assert PICO_PINOUT[phys].startswith(name.replace("(OUT)", "")), "pin %d is %s, not %s" % (
            phys, PICO_PINOUT[phys], name)
        key = cell_key(row["Profile key"])
        if key is None:
            assert not name.startswith("GP"), "GPIO row without a profile key: %r" % row
            continue
        gp = resolve(p, key)
        assert name == "GP%d" % gp, "%s is GP%d in %s.json, table says %s" % (key, gp, build, name)
        assert row["Wire colour"] == wire[colour_key(key)][0], row
        seen[key] = gp
    assert seen == profile_pins(p)


def test_readme_lcd_wiring_table_matches_its_profile():
    """The LCD build: its own table, and the shared rows but the LEDs' (it has none)."""
    text = readme()
    rows = markdown_table(text, "### Wiring: LCD build") + markdown_table(text, "### Wiring: both builds")
    p = load_profile("lcd")
    seen = {}
    for row in rows:
        key = cell_key(row["Profile key"])
        if key is None or key.startswith("leds."):
            continue
        gp = resolve(p, key)
        assert row["Pico name"].split()[0] == "GP%d" % gp, row
        seen[key] = gp
    assert seen == profile_pins(p)


# ---------------------------------------------------------------- drawings


@pytest.mark.parametrize("build", ALL_BUILDS)
def test_wiring_svg_is_current(build):
    mod = wiring_svg_module()
    svg = (HW / ("wiring-%s.svg" % build)).read_text(encoding="utf-8")
    # The drawing takes every pin from the profile: a stale file means a pin changed
    # in the profile (or the drawing was edited by hand) without re-running the script.
    assert svg == mod.draw(build), "stale: run python3 hardware/tools/wiring_svg.py"
