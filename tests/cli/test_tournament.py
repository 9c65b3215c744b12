"""The README's tournament flow, as written, on three virtual boards started with
`xqclock virtual-board --count 3`: flash, explain, push the event's settings,
board numbers and a round's pairings, show, play (a finger at each board's keys:
host_tools/board/virtual.press), read the clocks mid-round without stopping them,
pull the round, its table, the sheets, a second round with new pairings, and the
event's cross-table. Every command runs as an organiser runs it."""
import csv
import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support import cli
from support.cli import ROOT
from host_tools.board.virtual import press

pytestmark = pytest.mark.slow

ROUND_CLOCK = "6s"  # a whole game of 6 s: the flags decide each game within seconds
ROUNDS = [
    [(1, "Wang Tianyi", "Zheng Weitong"), (2, "Hong Zhi", "Xu Yinchuan"), (3, "Lü Qin", "Zhao Xinxin")],
    [(1, "Zheng Weitong", "Hong Zhi"), (2, "Xu Yinchuan", "Wang Tianyi"), (3, "Zhao Xinxin", "Lü Qin")],
]


def xqclock(env, *args, timeout=60):
    """The command, run from the organiser's folder (the test's), as the README runs it."""
    return cli.xqclock(dict(env, PYTHONPATH=str(ROOT)), *args, cwd=os.getcwd(), timeout=timeout)


def ok(proc):
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    return proc


@pytest.fixture
def three_boards(tmp_path, env):
    """`xqclock virtual-board --count 3 --dir D`, as the README starts them; Ctrl-C stops them."""
    folder = tmp_path / "boards-flash"
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "virtual-board", "--count", "3", "--dir",
                             str(folder)], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    ports = [proc.stdout.readline().strip() for _ in range(3)]
    assert all(p.startswith("/dev/") for p in ports), ports
    yield ports, [folder / f"board-{i + 1}" for i in range(3)]
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "Traceback" not in err


def pairings(path, games):
    path.write_text("board,red,black\n" + "".join(f"{b},{r},{k}\n" for b, r, k in games), encoding="utf-8")
    return path


def play(flashes):
    """Start every board; on board 1 Red moves once (Black's flag falls), on board 2
    nobody moves (Red's falls), on board 3 Red and Black move once each (Red's falls)."""
    for f in flashes:
        press(f, "start")
    press(flashes[0], "lever_left")
    press(flashes[2], "lever_left")
    press(flashes[2], "lever_right")


def wait_for_flags(env, ports, seconds=120):  # 6 s games: a ceiling for a loaded host
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        shown = ok(xqclock(env, "config", "show", "--all")).stdout
        if shown.count("game      finished") == len(ports):
            return shown
        time.sleep(0.5)
    raise AssertionError("the flags did not fall:\n" + shown)


def test_the_readme_tournament_flow(three_boards, env, tmp_path, monkeypatch):
    ports, flashes = three_boards
    monkeypatch.chdir(tmp_path)
    # 1. flash every clock at once
    out = ok(xqclock(env, "flash", "--all", "--profile", "oled", timeout=180)).stdout
    assert out.count("flashed") == 3
    # 2. the time control in words, the presets
    assert "90 min for 40 moves" in ok(xqclock(env, "config", "explain", "90m/40,30m+30s")).stdout
    assert "xq-15+10" in ok(xqclock(env, "config", "presets")).stdout
    # 3. the event's settings, as the README gives them; then each clock its board number
    ok(xqclock(env, "config", "push", "--all", "--clock", "xq-15+10", "--forfeit", "15", "--fouls", "3",
               "--sound", "off", "--language", "zh", "--code", "2468"))
    for number, port in enumerate(ports, 1):
        ok(xqclock(env, "config", "push", "--port", port, "--board", number))

    event = []
    for r, games in enumerate(ROUNDS, 1):
        # the round's pairings: each clock takes its own board's row
        csv_path = pairings(tmp_path / f"round-{r}.csv", games)
        ok(xqclock(env, "config", "push", "--all", "--pairings", csv_path, "--clock", ROUND_CLOCK))
        # 4. what each clock holds: board, players, battery
        shown = ok(xqclock(env, "config", "show", "--all")).stdout
        for number, red, black in games:
            assert f"board     {number}\n  players   Red {red}, Black {black}" in shown
        assert shown.count("battery   78% (4.00 V)") == 3
        assert shown.count("game      not started") == 3

        play(flashes)
        # mid-round: read every clock while it runs; nothing pauses
        mid = ok(xqclock(env, "pull", "--all", tmp_path / f"mid-{r}")).stdout
        assert mid.count("while running") == 3
        assert ok(xqclock(env, "config", "show", "--all")).stdout.count("game      in progress") == 3
        wait_for_flags(env, ports)  # the clocks ran on: the flags fall

        # 5. after the round: pull, the round's table (as the README writes it: results/round-N/*)
        folder = Path("results") / f"round-{r}"
        pulled = ok(xqclock(env, "pull", "--all", folder)).stdout
        assert sorted(p.name for p in folder.iterdir()) == ["board-01", "board-02", "board-03"]
        assert pulled.count("while running") == 3
        table = ok(xqclock(env, "report", "--round", *sorted(folder.glob("*"))))  # results/round-N/*
        rows = {int(m.group(1)): m.group(0) for m in re.finditer(r"^\s+(\d)\s+.*$", table.stdout, re.M)}
        assert "1-0" in rows[1] and "0-1" in rows[2] and "0-1" in rows[3]
        for number, red, black in games:
            assert red[:18] in rows[number] and black[:18] in rows[number]
        assert "game.xqj" not in table.stdout  # boards and names tell the clocks apart
        # the sheets of the round, from the pulled folder as it is
        sheets = ok(xqclock(env, "report", folder, "--out", f"sheets-{r}/")).stdout.split()
        assert sheets == [f"sheets-{r}/board-0{n}.txt" for n in (1, 2, 3)]
        sheet = Path(sheets[0]).read_text(encoding="utf-8")
        assert games[0][1] in sheet and games[0][2] in sheet
        event.append(folder)

    # the event's cross-table, text and CSV
    cross = ok(xqclock(env, "report", "--event", *event, "--out", "results"))
    rows = list(csv.DictReader(io.StringIO(Path("results/event.csv").read_text(encoding="utf-8"))))
    totals = {row["player"]: float(row["total"]) for row in rows}
    # round 1: Wang 1, Zheng 0, Hong 0, Xu 1, Lü 0, Zhao 1; round 2: Zheng 1, Hong 0, Xu 0, Wang 1, Zhao 0, Lü 1
    assert totals == {"Wang Tianyi": 2, "Zheng Weitong": 1, "Hong Zhi": 0, "Xu Yinchuan": 1, "Lü Qin": 1,
                      "Zhao Xinxin": 1}
    assert rows[0]["player"] == "Wang Tianyi" and rows[0]["rank"] == "1"
    assert cross.stdout.splitlines()[4].split()[1:3] == ["Wang", "Tianyi"]
    assert Path("results/event.txt").read_text(encoding="utf-8") == cross.stdout
