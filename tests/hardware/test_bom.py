"""The BOMs (hardware/bom/<build>.csv) against the pin map (issue 30.3):
every GPIO the build's profile wires has a part at its end and, when that part
is off the carrier board, a connector pin; connectors have the pins for what
they carry; the counts match the profile; bom.py orders N clocks' worth."""
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from device.board import check
from device.wiring import KEYS
from device.profile import pins

ROOT = Path(__file__).resolve().parents[2]
HW = ROOT / "hardware"

spec = importlib.util.spec_from_file_location("bom", HW / "tools" / "bom.py")
bom = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bom)

BUILDS = ("oled", "oled242", "segment7")  # each build with a BOM (the profile of the same name)
OFF_BOARD = ("display.", "buttons.", "leds.", "buzzer.")  # parts in the case, wired to the carrier
AT_THE_END = ("module", "switch", "passive", "power")


def profile(build):
    return check(json.loads((HW / "profiles" / f"{build}.json").read_text()))


def serving(lines, field, kinds):
    return [ln for ln in lines if field in ln["serves"] and ln["kind"] in kinds]


def pin_count(line):
    m = re.search(r"(\d+) pins", line["value"] + " " + line["package"])
    assert m, f"{line['item']}: a connector names its pins ('4 pins')"
    return int(m.group(1))


def test_every_build_has_a_bom():
    assert set(BUILDS) <= set(bom.builds())


@pytest.mark.parametrize("build", BUILDS)
def test_every_connection_has_its_parts(build):
    lines = bom.load(build)
    for field, gpio in pins(profile(build)):
        assert serving(lines, field, AT_THE_END), f"{build}: nothing at the end of {field} (GP{gpio})"
        if field.startswith(OFF_BOARD):
            assert serving(lines, field, ("connector",)), f"{build}: {field} (GP{gpio}) has no connector pin"
    for net in ("3V3", "GND", "VSYS", "battery"):
        assert any(net in ln["serves"] for ln in lines), f"{build}: nothing on {net}"


@pytest.mark.parametrize("build", BUILDS)
def test_connectors_have_the_pins_for_what_they_carry(build):
    for line in bom.load(build):
        if line["kind"] != "connector" or "pico" in line["serves"]:
            continue
        carried = len(line["serves"])
        assert pin_count(line) * line["qty"] >= carried, f"{build}: {line['item']} carries {carried} lines"


@pytest.mark.parametrize("build", BUILDS)
def test_the_counts_follow_the_profile(build):
    p = profile(build)
    lines = bom.load(build)

    def qty(field, kinds):
        return sum(ln["qty"] for ln in serving(lines, field, kinds))
    keys = {ln["item"]: ln["qty"] for ln in lines if ln["kind"] == "switch" and
            any(f"buttons.{k}" in ln["serves"] for k in KEYS)}
    assert sum(keys.values()) == len(KEYS)
    assert sum(ln["qty"] for ln in lines if ln["item"] == "display") == 2
    assert sum(ln["qty"] for ln in lines if ln["item"] == "window") == 2
    leds = [ln for ln in lines if ln["item"] == "led"]
    assert leds[0]["qty"] == len(p["leds"]) == qty("leds.left", ("passive",))  # a resistor each
    dividers = [ln for ln in serving(lines, "battery.adc", ("passive",)) if ln["value"] == "100 kOhm"]
    assert dividers and dividers[0]["qty"] == 2 and p["battery"]["divider"] == 2.0


def test_the_7_segment_build_orders_the_tm1637_pull_ups():
    lines = bom.load("segment7")
    for field in ("display.left.clk", "display.left.dio", "display.right.clk", "display.right.dio"):
        assert any(ln["value"] == "10 kOhm" for ln in serving(lines, field, ("passive",))), field


@pytest.mark.parametrize("clocks", [1, 10, 25])
def test_the_order_holds_n_clocks_and_spares(clocks):
    for line, n in bom.order("oled", clocks):
        assert n >= line["qty"] * clocks
        if line["kind"] == "module":
            assert n == line["qty"] * clocks + -(-clocks // 10)  # one spare module per ten clocks


def test_bom_py_prints_the_order_and_refuses_a_build_it_has_not():
    out = subprocess.run([sys.executable, str(HW / "tools" / "bom.py"), "segment7", "10"], capture_output=True,
                         text=True, cwd=ROOT)
    assert out.returncode == 0 and "segment7: 10 clocks" in out.stdout
    assert re.search(r"^\s+21 pcs\s+TM1637", out.stdout, re.M), out.stdout  # 2 a clock, one spare
    bad = subprocess.run([sys.executable, str(HW / "tools" / "bom.py"), "nixie", "3"], capture_output=True,
                         text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.startswith("bom.py: no BOM for build 'nixie'")
    assert "Traceback" not in bad.stderr


def test_the_readme_gives_each_builds_total():
    text = (HW / "README.md").read_text()
    m = re.search(r"about USD (\d+) \(OLED\), (\d+) \(7-segment\) and (\d+) \(large OLED\)", text)
    assert m, "hardware/README.md: the totals line"
    for build, said in zip(("oled", "segment7", "oled242"), m.groups()):
        per_clock = sum(ln["usd_each"] * ln["qty"] for ln in bom.load(build))
        assert round(per_clock) == int(said), (build, per_clock)
