"""What hardware/README.md and profiles/README.md tell a maker agrees with the
firmware (issue 30's smaller findings): the display height the check takes,
the battery limits of each chemistry, the MicroPython version and current of
the bring-up, and what is known of the TM1637 at 3.3 V."""
import re
from pathlib import Path

import pytest

from device.board import ProfileError, check
from device.cells import CHEMISTRY
from support.rigs import board_profile

HW = Path(__file__).resolve().parents[2] / "hardware"
PROFILES_README = (HW / "profiles" / "README.md").read_text()
README = (HW / "README.md").read_text()


def test_the_height_the_readme_allows_is_the_one_the_check_takes():
    row = re.search(r"^\| `height` \| int \| (.*?) \|", PROFILES_README, re.M).group(1)
    assert row == "`64`"
    p = board_profile("oled")
    p["display"]["height"] = 32
    with pytest.raises(ProfileError, match="display.height = 32"):
        check(p)


def test_the_chemistry_table_is_the_firmwares():
    rows = re.findall(r"^\| [^|]+ \| `\"(\w+)\"` \| (\d+) \| (\d+) \|$", PROFILES_README, re.M)
    assert {name: (int(e), int(f)) for name, e, f in rows} == CHEMISTRY


def test_bring_up_names_the_micropython_version_and_the_current():
    bring_up = README[README.index("**Bring-up, step by step**"):]
    bring_up = bring_up[:bring_up.index("\n## ")]
    assert "MicroPython **v1.28**" in bring_up
    assert re.search(r"expect about \*\*\d+–\d+ mA\*\* at 5 V", bring_up)
    assert "xqclock check --port P" in bring_up


def test_the_tm1637_at_3v3_says_what_was_checked_and_gives_a_5v_option():
    tm = README[README.index("- **TM1637 modules:**"):]
    tm = tm[:tm.index("\n- **Switches:**")]
    assert "No module has been measured" in tm and "datasheet specifies VDD = 5 V" in tm
    assert "level shifter" in tm and "the Pico never sees more than 3.3 V" in tm


def test_the_large_oled_build_is_wired_as_the_oled_build():
    """One pin map, wiring drawing and Wokwi circuit serve both OLED builds."""
    big, small = board_profile("oled242"), board_profile("oled")
    assert big.pop("name") == "oled242" and small.pop("name") == "oled"
    # but its own running current (the bigger panel draws more), for the battery warning
    assert big["battery"].pop("drain_ma") > small["battery"].pop("drain_ma")
    assert big == small
