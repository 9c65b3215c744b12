"""The flash fills up (issue 11, item 1): the clock plays on in memory and
marks it, boots with a full flash, and does not start a game without room.
Played on the MicroPython VM, whose littlefs (vfs.VfsLfs2) on a flash model
of limited size is the board's filesystem (host_tools/mpy/sim/flash_model.py):
button scripts with `flash-free`, `power-cut` and `power-on`, and a driver
(host_tools/mpy/scripts/full_flash.py) that fills the flash in the middle of a game."""
import json

import pytest

from host_tools import simulate, unixport
from host_tools.desktop.picture import pixels
from host_tools.firmware_path import FIRMWARE
from host_tools.mpy.sim.script import POWER_CUT, POWER_ON, ScriptError, parse
from support.rigs import shows


def rows(frame):
    return pixels("ssd1306", frame)


def snaps(script):
    out = {}
    for name, i, frame in simulate.headless("oled", script):  # flash-free: on the MicroPython VM
        out.setdefault(name, [None, None])[i] = rows(frame)
    return out


def test_the_script_statements_parse_and_refuse_what_they_do_not_know():
    values, steps, end, board = parse("flash-free 64K\nat 0 press start\nat 2s power-cut\n"
                                      "at 3s power-on\nend 4s\n")
    assert board == {"flash_free": 65536}
    assert [(t, kind) for t, kind, _, _ in steps if kind in (POWER_CUT, POWER_ON)] == \
        [(2000, POWER_CUT), (3000, POWER_ON)]
    assert parse("end 1s")[3] == {"flash_free": None}
    for text, words in (("flash-free lots\nend 1s", "flash-free takes a number of bytes"),
                        ("at 1s power-off\nend 2s", "power-cut|power-on"),
                        ("at 1s power-cut now\nend 2s", "power-cut|power-on")):
        try:
            parse(text)
        except ScriptError as e:
            assert words in str(e), e
        else:
            raise AssertionError(text)


@pytest.mark.slow  # the MicroPython VM plays it
def test_no_game_starts_without_room_and_the_displays_say_why():
    shots = snaps("flash-free 32K\nat 0 press start\n"
                  + "".join("at %ds snapshot s%d\n" % (t, t) for t in range(1, 6)) + "end 6s\n")
    for side in (0, 1):
        assert any(shows(shots["s%d" % t][side], "ERR FLASH", 48, 2) for t in range(1, 6))
    from support.rigs import read_time
    assert read_time(shots["s1"][0]) == read_time(shots["s5"][0]) == "1:00:00"  # the clock did not start


@pytest.mark.slow  # the MicroPython VM plays it
def test_a_power_cut_and_power_on_restore_the_game_paused():
    shots = snaps("flash-free 256K\nclock 10m\nat 0 press start\nat 2s press left-lever\n"
                  "at 5s press right-lever\nat 7s power-cut\nat 7.5s snapshot dark\nat 9s power-on\n"
                  "at 9.5s snapshot back\nend 10s\n")
    from support.rigs import read_time
    assert not any(any(row) for row in shots["dark"][0])  # no power: dark
    assert read_time(shots["back"][0]) in ("9:58", "9:57")  # Red used 2 s
    assert shows(shots["back"][0], "PAUSED", 48, 2) or shows(shots["back"][1], "PAUSED", 48, 2)


@pytest.mark.slow  # the MicroPython VM plays it
def test_a_full_flash_in_the_middle_of_a_game_is_played_on_and_survives_a_power_cut(tmp_path):
    proc = unixport.run(unixport.SCRIPTS / "full_flash.py", simulate.profile_path("oled"), tmp_path,
                        path=(*unixport.SIM_PATH, FIRMWARE), timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["recorded_while_full"]  # the ring was made before the start: a full flash stops nothing
    assert out["full"]  # the worn flash stopped the journal
    n = out["presses"] // 2
    assert out["moves_full"] == [n, n]  # every press counted, in memory
    assert out["marked_full"] and out["marked_back"]
    assert out["booted"] and out["paused"]
    assert 10 <= out["moves_back"][0] <= n - 10  # what was written before the flash filled came back
    assert sum(out["moves_after"]) == sum(out["moves_back"]) + 4  # and it plays on after the power-on
    for name in ("full", "back"):
        frames = [rows(bytes.fromhex(h)) for h in out["frames_" + name]]
        assert any(shows(f, "ERR FLASH", 48, 2) for f in frames), name
