"""The printable case (hardware/case/case.scad, issue 30.2): every part of
every build renders with Debian's OpenSCAD without a warning, as a solid that
fits a common printer's bed, and is the committed STL; its windows show the module's whole active area
under the BOM's acrylic; the lever's stop lets it press the microswitch past
its operating point by less than its overtravel."""
import csv
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

HW = Path(__file__).resolve().parents[2] / "hardware"

CASE = HW / "case"
BED = (220, 220, 250)  # a common printer's build volume, mm
ACTIVE = {"oled": (21.74, 10.86), "oled242": (55.01, 27.49), "segment7": (50.4, 19.0)}  # the modules' visible areas

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("openscad") is None,
                                 reason="OpenSCAD is not installed (Debian: apt-get install openscad; .ci/run does)")]


def render(tmp_path, build, part):
    out = tmp_path / f"{build}-{part}.stl"
    proc = subprocess.run(["openscad", "-o", str(out), "-D", f'build="{build}"', "-D", f'part="{part}"',
                           str(CASE / "case.scad")], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and "WARNING" not in proc.stderr and "ERROR" not in proc.stderr, proc.stderr
    return out.read_text(), proc.stderr


def extent(stl):
    vertices = [tuple(map(float, m.groups())) for m in re.finditer(r"vertex\s+(\S+)\s+(\S+)\s+(\S+)", stl)]
    assert len(vertices) >= 12
    return [max(v[i] for v in vertices) - min(v[i] for v in vertices) for i in range(3)]


@pytest.mark.parametrize("build", ["oled", "oled242", "segment7"])
@pytest.mark.parametrize("part", ["base", "top", "door", "lever"])
def test_every_part_renders_and_fits_the_bed(tmp_path, build, part):
    stl, _ = render(tmp_path, build, part)
    committed = (CASE / "stl" / (f"{build}-{part}.stl" if part != "lever" else "lever.stl")).read_bytes()
    facets = struct.unpack_from("<I", committed, 80)[0]
    assert facets == stl.count("facet normal") and len(committed) == 84 + 50 * facets, \
        "hardware/case/stl is not case.scad's: run python3 hardware/case/build.py"
    size = extent(stl)
    assert all(s <= b for s, b in zip(sorted(size), sorted(BED))), size
    if part == "base":  # the box of hardware/README.md; the top's front leans back from it
        assert [round(s) for s in size] == [200, 100, 25]
    if part == "top":
        assert round(size[0]) == 200 and round(size[1]) < 100 and round(size[2]) >= 75 - 25


@pytest.mark.parametrize("build", ["oled", "oled242", "segment7"])
def test_windows_show_the_active_area_under_the_boms_acrylic(tmp_path, build):
    _, said = render(tmp_path, build, "door")
    window, acrylic = [list(map(float, re.findall(r"[\d.]+", m))) for m in
                       re.search(r'ECHO: "window \[(.*?)\] acrylic \[(.*?)\]"', said).groups()]
    assert all(w >= a + 1 for w, a in zip(window, ACTIVE[build]))  # a margin round the pixels
    assert all(c >= w + 2 for c, w in zip(acrylic, window))  # the acrylic overlaps the window's edge
    with (HW / "bom" / f"{build}.csv").open() as f:
        row = next(r for r in csv.DictReader(f) if r["item"] == "window")
    assert row["value"].startswith("%d x %d mm" % tuple(acrylic))


def test_the_levers_stop_protects_the_microswitch(tmp_path):
    _, said = render(tmp_path, "oled", "lever")
    m = re.search(r"lever: tilt ([\d.]+) deg, presses ([\d.]+) mm past .*; stops ([\d.]+) mm high", said)
    tilt, past, stop = map(float, m.groups())
    overtravel = float(re.search(r"^sw_ot = ([\d.]+);", (CASE / "case.scad").read_text(), re.M).group(1))
    assert 0 < past < overtravel and 3 <= tilt <= 12 and stop > 0
