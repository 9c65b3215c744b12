"""hardware/README.md's reading distances follow from the digits the screens
draw and each panel's size (the 1/200 rule: a character reads to about 200
times its height), so a change to the big digits shows up there."""
import re
from pathlib import Path

import pytest

from device import screens

README = (Path(__file__).resolve().parents[2] / "hardware" / "README.md").read_text()


@pytest.mark.parametrize("build, active_mm", [("OLED 0.96\"", (21.74, 10.86)), ("Large OLED 2.42\"", (55.01, 27.49))])
def test_the_oled_reading_distances(build, active_mm):
    row = re.search(r"^\| %s \| (\d+) of 64 rows, ([\d.]+) mm a row \(([\d.]+) × ([\d.]+) mm active area\) "
                    r"\| ([\d.]+) mm \| ([\d.]+) m \|$" % build, README, re.M)
    assert row, build
    rows, pitch, w, h, height, distance = row.groups()
    assert int(rows) == screens._DIGIT_H
    assert (float(w), float(h)) == active_mm and float(pitch) == pytest.approx(active_mm[1] / 64, abs=0.001)
    assert float(height) == pytest.approx(int(rows) * float(pitch), abs=0.05)
    assert float(distance) == pytest.approx(200 * float(height) / 1000, abs=0.05)
