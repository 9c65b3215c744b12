"""The organiser's tournament flow (docs/ORGANISER.md), as a new organiser follows it at a Chinese
event (issue 25): six virtual boards (`xqclock virtual-board --count 6`)
reporting to the hall over MQTT (the Wi-Fi path, not USB), thirteen players
with Chinese names, one outside the BMP (𠮷川), two Swiss rounds from the
pairing program's TRF with a bye each, a misspelt name corrected while its
game runs, settings pushed during play, `hall --usb` reading the clocks'
ports while `pull` runs, and a result corrected after an appeal. Checked:
every tile of the hall has its names the whole time, no game pauses (the
journals say so), and the Chinese cross-table has the right points,
tie-breaks and places. Every command runs as an organiser runs it."""
import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from support import cli
from support.cli import ROOT
from support.hall_tier import free_port, until, wait_port
from support.pairing_files import trf
from host_tools.board.virtual import press
from clock import events as ev
from clock.journalread import Loaded

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def secrets(tmp_path, monkeypatch):
    """The event's secrets (accounts, clock keys) in this test's folder: push and hall share them."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))

EVENT = "公开赛"
PLAYERS = {1: "王天一", 2: "郑惟桐", 3: "许银川", 4: "洪智", 5: "\U00020bb7川", 6: "赵鑫鑫", 7: "吕钦",
           8: "蒋川", 9: "孟辰", 10: "谢靖", 11: "汪洋", 12: "赵国荣", 13: "徐天红"}
MISSPELT = {**PLAYERS, 3: "许银穿"}  # round 1's TRF: corrected on the clock while the game runs
# the pairing program's rounds: (Red, Black) by board, in its board order; a bye; each board's result
ROUND_1 = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12)], 13, ["1-0", "1-0", "0-1", "1-0", "0-1", "1-0"]
ROUND_2 = [(1, 3), (6, 7), (10, 11), (13, 2), (4, 5), (8, 9)], 12, ["1-0", "0-1", "1-0", "0-1", "1-0", "0-1"]
GAME_S = 6  # a whole game of 6 s: each clock's flag decides its game within seconds


def xqclock(*args, timeout=180):
    """The command, run from the organiser's folder (the test's), as the README runs it."""
    return cli.xqclock(dict(os.environ, PYTHONPATH=str(ROOT)), *args, cwd=os.getcwd(), timeout=timeout)


def ok(proc):
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    return proc


@pytest.fixture
def six_boards(tmp_path, env):
    """`xqclock virtual-board --count 6 --dir D`, as the README starts them; Ctrl-C stops them."""
    folder = tmp_path / "boards-flash"
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "virtual-board", "--count", "6", "--dir",
                             str(folder)], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    ports = [proc.stdout.readline().strip() for _ in range(6)]
    assert all(p.startswith("/dev/") for p in ports), ports
    yield ports, [folder / f"board-{i + 1}" for i in range(6)]
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and "Traceback" not in err


@pytest.fixture
def hall(tmp_path, env):
    """`xqclock hall --usb` with its own broker: the page's URL and the broker's port."""
    http, mqtt = free_port(), free_port()
    log = open(tmp_path / "hall.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "hall", "--usb", "--event", EVENT,
                             "--http", f"127.0.0.1:{http}", "--mqtt", f"127.0.0.1:{mqtt}"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_port(http, 60)
        wait_port(mqtt, 60)
        yield f"http://127.0.0.1:{http}/", mqtt, tmp_path / "hall.log"
    finally:
        proc.terminate()
        proc.wait(20)
        log.close()


def tiles(url):
    with urllib.request.urlopen(url + "boards.json", timeout=10) as r:
        return {b["board"]: b for b in json.loads(r.read())["boards"]}


def names_shown(url, expected):
    """Every board's tile has its players (the game on its clock), as the pairings gave them."""
    def all_there():
        got = tiles(url)
        return all(b in got and got[b]["state"] and got[b]["online"] and
                   got[b]["state"]["names"] == {"red": red, "black": black} for b, (red, black) in expected.items())
    until(all_there, 120, f"every tile with its names: {expected}")


def play(flashes, results):
    """Start every board; where Red is to win, Red moves once and Black's flag falls."""
    for f in flashes:
        press(f, "start")
    for f, result in zip(flashes, results):
        if result == "1-0":
            press(f, "lever_left")


def wait_for_flags(ports, seconds=240):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        shown = ok(xqclock("config", "show", "--all")).stdout
        if shown.count("game      finished") == len(ports):
            return shown
        time.sleep(1)
    raise AssertionError("the flags did not fall:\n" + shown)


def no_pause(folder):
    for journal in sorted(Path(folder).glob("*/game.xqj")):
        kinds = [r[1] for r in Loaded(str(journal)).records()]
        assert ev.PAUSE not in kinds and ev.POWER_ON not in kinds, (journal, kinds)


def test_a_chinese_event_from_the_pairings_to_a_signed_cross_table(six_boards, hall, tmp_path, monkeypatch):
    ports, flashes = six_boards
    url, mqtt, hall_log = hall
    monkeypatch.chdir(tmp_path)
    ok(xqclock("flash", "--all", "--profile", "oled", timeout=600))
    for number, port in enumerate(ports, 1):
        ok(xqclock("config", "push", "--port", port, "--board", number))
    # the event's settings and the hall's broker in one push: every clock all of it, or none
    pushed = ok(xqclock("config", "push", "--all", "--clock", f"{GAME_S}s", "--forfeit", "15", "--fouls", "3",
                        "--sound", "off", "--language", "zh", "--code", "2468",
                        "--broker", f"mqtt://127.0.0.1:{mqtt}", "--event", EVENT))
    assert pushed.stdout.count(f"event {EVENT}") == 6

    # round 1, from the pairing program's TRF (player 3's name misspelt in it)
    games, bye, results = ROUND_1
    Path("open.trf").write_text(trf("第一届象棋公开赛", MISSPELT, [[(r, b, None) for r, b in games] + [("bye", bye)]],
                                    2), encoding="utf-8")
    preview = ok(xqclock("config", "push", "--all", "--pairings", "open.trf", "--preview"))
    assert "许银穿" in preview.stdout and "no glyph for" in preview.stdout
    ok(xqclock("config", "push", "--all", "--pairings", "open.trf"))
    names_shown(url, {str(b): (MISSPELT[r], MISSPELT[k]) for b, (r, k) in enumerate(games, 1)})
    play(flashes, results)
    # during play: the misspelt name corrected on its clock, and the sound for every clock: nothing stops
    during = ok(xqclock("config", "push", "--port", ports[1], "--red", PLAYERS[3]))
    assert "goes on untouched" in during.stdout
    ok(xqclock("config", "push", "--all", "--sound", "on"))
    # mid-round, beside hall --usb (it holds every port): read without stopping anything
    mid = ok(xqclock("pull", "--all", "mid-1"))
    assert mid.stdout.count("while running") == 6 and "hall --usb" in mid.stderr
    wait_for_flags(ports)
    names_shown(url, {str(b): (MISSPELT[r], MISSPELT[k]) for b, (r, k) in enumerate(games, 1)})

    folder = Path("results") / "round-1"
    assert ok(xqclock("pull", "--all", folder)).stdout.count("while running") == 6
    no_pause(folder)
    table = ok(xqclock("report", "--round", folder, "--language", "zh", "--out", "results")).stdout
    assert "本轮成绩" in table and (Path("results") / "round-1.txt").is_file()
    after_1 = ok(xqclock("report", "--event", folder, "--pairings", "open.trf", "--out", "results"))
    assert "许银穿" in after_1.stdout  # the pairing program's spelling, until it is corrected there

    # the pairing program reads the results back, pairs round 2, and has the name corrected
    from host_tools.pairings import read
    back = read(Path("results") / "event-after-round-1.trf")
    played = [(g.red, g.black, g.result) for g in back.rounds[0].games]
    assert played == [(r, b, result) for (r, b), result in zip(games, results)]
    assert back.rounds[0].byes == {bye: "U"}
    games2, bye2, results2 = ROUND_2
    Path("open-r2.trf").write_text(trf("第一届象棋公开赛", PLAYERS, [
        [(r, b, result) for (r, b), result in zip(games, results)] + [("bye", bye)],
        [(r, b, None) for r, b in games2] + [("bye", bye2)]], 2), encoding="utf-8")
    ok(xqclock("config", "push", "--all", "--pairings", "open-r2.trf"))  # round 2: the one still to play
    names_shown(url, {str(b): (PLAYERS[r], PLAYERS[k]) for b, (r, k) in enumerate(games2, 1)})
    play(flashes, results2)
    wait_for_flags(ports)
    folder2 = Path("results") / "round-2"
    ok(xqclock("pull", "--all", folder2))
    no_pause(folder2)
    names_shown(url, {str(b): (PLAYERS[r], PLAYERS[k]) for b, (r, k) in enumerate(games2, 1)})

    # the appeal: board 4 of round 2 (13 v 2) is 1-0, not the clock's 0-1
    cross = ok(xqclock("report", "--event", folder, folder2, "--pairings", "open-r2.trf", "--correct", "4:2=1-0",
                       "--language", "zh", "--out", "results"))
    assert "第1轮第2台：棋钟上为 许银穿" in cross.stdout  # round 1's clock had the misspelt name
    rows = list(csv.DictReader(io.StringIO((Path("results") / "event-after-round-2.csv").read_text(
        encoding="utf-8-sig"))))
    got = {int(r["no"]): (int(r["rank"]), float(r["points"]), float(r["opp"])) for r in rows}
    # 10 first on opponents' score; 1 and 7 level on everything: a shared second; 13 fourth (a bye scores
    # no opponent); 3 and 11 a shared fifth; 6 before 9 on progressive score; 4 before 12 on wins (a bye
    # is no win); the three without a point by opponents' score
    assert got == {10: (1, 2, 2), 1: (2, 2, 1), 7: (2, 2, 1), 13: (4, 2, 0), 3: (5, 1, 3), 11: (5, 1, 3),
                   6: (7, 1, 2), 9: (8, 1, 2), 4: (9, 1, 1), 12: (10, 1, 1), 2: (11, 0, 4), 8: (12, 0, 3),
                   5: (13, 0, 2)}
    assert rows[0]["name"] == PLAYERS[10] and {r["name"] for r in rows} == set(PLAYERS.values())  # 许银川 once
    text = (Path("results") / "event-after-round-2.txt").read_text(encoding="utf-8")
    assert text == cross.stdout and text.startswith("成绩交叉表 — 第一届象棋公开赛") and "裁判长" in text
    assert "2红1*" in text  # 13's corrected win over 2, marked
    assert (Path("results") / "event-after-round-1.txt").is_file()  # round 1's table is still there
    assert "let another xqclock command have the clock" in hall_log.read_text()
