"""`xqclock config push` on a virtual board whose game is running (issue 25.2):
it goes in while the clock runs, as the README says; the game goes on (its
journal gains no pause and no power-on), what is for the game waits for the
next one, settings and network go together, and --preview writes nothing."""
import json
import time

import pytest

from support.boards import flash
from support.cli import ROOT, xqclock
from support.hall_tier import free_port, until
from host_tools.board.virtual import press
from clock import events as ev
from clock.journalread import Loaded

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def secrets(tmp_path, monkeypatch):
    """The event's secrets (accounts, clock keys) in this test's folder: push and hall share them."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def kinds(board):
    return [r[1] for r in Loaded(str(board.flash / "game.xqj")).records()]


def ok(proc):
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stdout + proc.stderr
    return proc


def test_a_push_during_play_stops_nothing(board, env):
    flash(env, board, "--profile", "oled")
    ok(xqclock(env, "config", "push", "--port", board.path, "--clock", "10m", "--board", "7",
               "--red", "Wang", "--black", "Zheng"))
    press(board.flash, "start")
    press(board.flash, "lever_left")
    pushed = ok(xqclock(env, "config", "push", "--port", board.path, "--red", "王天一", "--black", "\U00020bb7川",
                        "--language", "zh", "--broker", "mqtt://127.0.0.1:1", "--event", "公开赛"))
    assert "goes on untouched" in pushed.stdout and "event 公开赛" in pushed.stdout
    assert "no glyph for 王 天 一" in pushed.stderr  # said, naming the board and the characters
    assert "board 7" in pushed.stderr
    shown = ok(xqclock(env, "config", "show", "--port", board.path))
    assert "in progress" in shown.stdout and "event 公开赛" in shown.stdout
    assert kinds(board).count(ev.PAUSE) == 0 and ev.POWER_ON not in kinds(board)
    assert Loaded(str(board.flash / "game.xqj")).settings["names"] == ["Wang", "Zheng"]
    assert not (board.flash / "network.json").exists()  # no flash write while a clock runs: kept once none does
    preview = ok(xqclock(env, "config", "push", "--port", board.path, "--red", "许银川", "--preview"))
    assert "许银川" in preview.stdout and "no glyph for 许 银 川" in preview.stdout
    assert json.loads((board.flash / "settings.json").read_text(encoding="utf-8"))["red_name"] != "许银川"
    end = time.monotonic() + 30
    while ev.PRESS not in kinds(board)[2:] and time.monotonic() < end:  # the clock still takes presses
        press(board.flash, "lever_right")
    assert kinds(board).count(ev.PRESS) >= 2


def test_pull_and_push_beside_hall_usb_share_the_port_and_stop_nothing(board, env, tmp_path):
    """hall --usb holds the clock's port to read its reports; pull and config push
    claim it, the hall lets go and takes it back, and the clock never stops."""
    import subprocess
    import sys
    flash(env, board, "--profile", "oled")
    ok(xqclock(env, "config", "push", "--port", board.path, "--clock", "10m", "--board", "3", "--broker", "usb"))
    press(board.flash, "start")
    log_path = tmp_path / "hall.log"
    with open(log_path, "w") as log:
        hall = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "hall", "--usb", "--event", "open",
                                 "--http", f"127.0.0.1:{free_port()}", "--mqtt", f"127.0.0.1:{free_port()}"],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            until(lambda: f"reading the clock on {board.path}" in log_path.read_text(), 60,
                  "hall --usb reading: " + log_path.read_text())
            pulled = ok(xqclock(env, "pull", "--port", board.path, tmp_path / "round-1"))
            assert "while running" in pulled.stdout and "waiting for it to let the clock go" in pulled.stderr
            ok(xqclock(env, "config", "push", "--port", board.path, "--red", "许银川"))
            until(lambda: log_path.read_text().count(f"reading the clock on {board.path}") >= 2, 60,
                  "hall --usb reading again")
        finally:
            hall.terminate()
            hall.wait(10)
    assert "let another xqclock command have the clock" in log_path.read_text()
    assert ev.PAUSE not in kinds(board) and ev.POWER_ON not in kinds(board)
    assert (tmp_path / "round-1" / "board-03" / "game.xqj").is_file()
