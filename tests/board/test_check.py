"""`xqclock check` on virtual boards (the firmware on the MicroPython VM, its
keys pressed as a hand presses them): the self-test is started on the running
clock, its prompts arrive as progress, its result comes back one line per
part; at power-on a button script presses the keys."""
import json
import queue
import subprocess
import sys
import threading
import time

import pytest

from device import selftest
from device.wiring import KEYS
from host_tools.board.selfcheck import check_one
from host_tools.board.virtual import VirtualBoard
from host_tools.mpy.sim.script import KEY_NAMES
from support.boards import flash
from support.cli import ROOT, xqclock

pytestmark = pytest.mark.slow


@pytest.fixture
def board(tmp_path, env):
    with VirtualBoard(tmp_path / "flash", "segment7", announce=False) as b:
        yield b


def test_check_follows_the_prompts_and_prints_each_part(tmp_path, env, board):
    flash(env, board, "--profile", "segment7")
    notes = queue.Queue()
    got = {}

    def check():
        try:
            got["result"] = check_one(board.path, 10.0, lambda stage, done=0, total=0, note="": notes.put(note))
        except Exception as e:  # the test's thread says what went wrong
            got["error"] = e
        notes.put(None)
    thread = threading.Thread(target=check)
    thread.start()
    asked = []
    swapped = {"minus": "plus"}  # a maker's crossed wires: plus's switch where minus's should be
    while True:
        note = notes.get(timeout=120)
        if note is None:
            break
        if note.startswith("press "):
            key = note.split()[1]
            asked.append(key)
            board.press(swapped.get(key, key))
    thread.join()
    assert "error" not in got, got
    assert asked == list(KEYS)
    parts = {part: (status, detail) for part, status, detail in got["result"]["results"]}
    assert parts["minus"] == ("fail", "plus arrived instead") and parts["plus"][0] == "pass"
    assert parts["display.left"][0] == parts["display.right"][0] == parts["store"][0] == "pass"
    assert got["result"]["passed"] is False
    # the result stays on the board: --last prints it, one line per part, and fails
    proc = xqclock(env, "check", "--port", board.path, "--last")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["PORT", "PART", "RESULT", "DETAIL"]
    assert len(lines) == 1 + selftest.STEPS + 2  # both displays and the buzzer for the first step
    assert any(line.split()[1:4] == ["minus", "FAIL", "plus"] for line in lines[1:]), proc.stdout


def test_power_on_with_the_hosts_request_and_a_button_script(tmp_path, env):
    folder = tmp_path / "flash"
    with VirtualBoard(folder, "oled", announce=False) as b:
        flash(env, b, "--profile", "oled")
    (folder / "selftest.req").write_text("")
    (folder / "selftest.json").unlink(missing_ok=True)
    # from the board's power-on: the lamps take 1.5 s, each key may wait 20 s
    script = "".join("at %ds press %s\n" % (6 + i, k) for i, k in enumerate(KEY_NAMES)) + "end 12s\n"
    with VirtualBoard(folder, "oled", announce=False, script=script) as b:
        # the script's last key comes 12 s after power-on, in real time; a look takes
        # the host a fraction of that, however quickly the clock answers
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            proc = xqclock(env, "check", "--port", b.path, "--last", timeout=120)
            if "no self-test result" not in proc.stderr:
                break
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads((folder / "selftest.json").read_text())
    keys = [r for r in result["results"] if r[0] in KEYS]
    assert [r[1] for r in keys] == ["pass"] * 6, result
    assert not (folder / "selftest.req").exists()


def test_check_all_tests_every_board_at_once(env, two_boards):
    for b, profile in zip(two_boards, ("oled", "segment7")):
        flash(env, b, "--profile", profile)
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "check", "--all"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    testing = set()
    while len(testing) < 2:  # each board's line says it tests (not a terminal: one line a stage)
        line = proc.stderr.readline()
        assert line, proc.communicate()
        if line.split(": ", 1)[-1].startswith("testing"):
            testing.add(line.split(": ", 1)[0])
    assert testing == {b.path for b in two_boards}
    for key in KEYS:  # in order: a key pressed while the lamps are lit answers the first question
        for b in two_boards:
            b.press(key)
    out, err = proc.communicate(timeout=180)
    assert proc.returncode == 0, out + err
    rows = [line.split() for line in out.splitlines()[1:]]
    for b in two_boards:
        assert [r[1:3] for r in rows if r[0] == b.path] == [[part, "PASS"] for part in
                                                           ("display.left", "display.right", "buzzer", *KEYS,
                                                            "battery", "store")]
