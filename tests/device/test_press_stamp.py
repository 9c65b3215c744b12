"""A lever edge is stamped within 1 ms of when it happened even while the
journal is written (issue 11, item 5), on the reference build: the whole
clock on the MicroPython VM, its journal on littlefs on the flash model with
the Pico's flash timing (interrupts off while the flash erases or programs,
as on rp2). host_tools/mpy/scripts/press_stamp.py plays the trials; the same
script on the littlefs file journal the clock had before shows what the
ring fixed, and that this test can fail."""
import json

import pytest

from host_tools import simulate, unixport
from host_tools.firmware_path import FIRMWARE

pytestmark = pytest.mark.slow


def stamp(kind, tmp_path, trials=30):
    proc = unixport.run(unixport.SCRIPTS / "press_stamp.py", simulate.profile_path("oled"), tmp_path,
                        kind, str(trials), path=(*unixport.SIM_PATH, FIRMWARE), timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_a_press_during_a_journal_write_is_stamped_within_1_ms(tmp_path):
    out = stamp("ring", tmp_path)
    assert out["inside"] == out["trials"] == 30  # every edge came while the flash was busy
    assert out["max_ms"] <= 1 and out["late"] == 0, out  # 1 ms: the tick's own step
    assert out["erases_per_append"] == 0 and out["programs_per_append"] == 1  # one page, never an erase


def test_the_littlefs_file_journal_stamped_such_presses_tens_of_ms_late(tmp_path):
    out = stamp("file", tmp_path)
    assert out["inside"] == out["trials"]
    assert out["late"] >= out["trials"] // 2 and out["max_ms"] >= 20, out
    assert out["erases_per_append"] > 0.5
